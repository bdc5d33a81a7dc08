// What the signed-in staff member's role lets them do: the map GET /api/auth/verify-permissions/
// answers, read once per session and role. The admin hides what the role cannot do with it; the
// server checks every call anyway.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PermissionsResponse } from '../../domain/auth';
import type { Permission } from '../../domain/staff-roles';
import { PageLoader } from '../components/PageLoader';
import { api } from './api';
import { useSession } from './session';

export function usePermissions() {
  const { user, isAdmin } = useSession();
  const query = useQuery({
    queryKey: ['permissions', user?.id, user?.role],
    queryFn: ({ signal }) =>
      api.get<PermissionsResponse>('/api/auth/verify-permissions/', { signal, fallbackError: 'Error al cargar tus permisos' }),
    enabled: isAdmin,
    staleTime: 5 * 60_000,
  });
  const map = query.data?.permissions;
  return {
    ready: !isAdmin || !!map,
    can: (permission: Permission) => !!map?.[permission],
  };
}

/** A clear Spanish state for an admin page the role cannot open (a typed URL, an old link). */
export function NoPermission() {
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-xl border border-amber-200 bg-amber-50 p-6 text-center text-amber-900">
      <h1 className="text-lg font-semibold">No tenés permiso para ver esta página</h1>
      <p className="mt-2 text-sm">Tu rol en el equipo no incluye esta sección. Si la necesitás, pedíselo al dueño de la tienda.</p>
      <Link to="/admin" className="mt-4 inline-block text-sm font-semibold text-amber-900 underline">
        Ir al inicio del panel
      </Link>
    </div>
  );
}

/** Renders the page only when the role grants `permission`. */
export function RequirePermission({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const { ready, can } = usePermissions();
  if (!permission) return <>{children}</>;
  if (!ready) return <PageLoader />;
  if (!can(permission)) return <NoPermission />;
  return <>{children}</>;
}
