// What the signed-in staff member's role lets them do: the map GET /api/auth/verify-permissions/
// answers, read once per session and role. The admin hides what the role cannot do with it; the
// server checks every call anyway.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PermissionsResponse } from '../../domain/auth';
import { permissionMap, type Permission } from '../../domain/staff-roles';
import { api } from './api';
import { useSession } from './session';

export function usePermissions() {
  const { user, isAdmin } = useSession();
  // A named role's map follows from the role the session already has; only a custom role's
  // permissions are asked for.
  const named = user?.role && user.role !== 'custom' ? permissionMap({ staff_role: user.role, staff_permissions: null }) : null;
  const query = useQuery({
    queryKey: ['permissions', user?.id, user?.role],
    queryFn: ({ signal }) =>
      api.get<PermissionsResponse>('/api/auth/verify-permissions/', { signal, fallbackError: 'Error al cargar tus permisos' }),
    enabled: isAdmin && !named,
    staleTime: 5 * 60_000,
  });
  const map = named ?? query.data?.permissions;
  return {
    /** Whether the map is known (a custom role's is loading until then). */
    ready: !isAdmin || !!map,
    can: (permission: Permission) => !!map?.[permission],
  };
}

/** A clear Spanish state for an admin page the role cannot open (a typed URL, an old link). */
export function NoPermission() {
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-xl border border-amber-200 bg-amber-50 p-6 text-center text-amber-900">
      <h1 className="text-lg font-semibold">No tienes permiso para ver esta página</h1>
      <p className="mt-2 text-sm">Tu rol en el equipo no incluye esta sección. Si la necesitas, pídeselo al dueño de la tienda.</p>
      <Link to="/admin" className="mt-4 inline-block text-sm font-semibold text-amber-900 underline">
        Ir al inicio del panel
      </Link>
    </div>
  );
}

/**
 * Renders the page only when the role grants `permission`. While a custom role's map loads the
 * page renders (the server refuses what the role lacks anyway), so staff with every permission
 * never wait for it.
 */
export function RequirePermission({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const { ready, can } = usePermissions();
  if (!permission || !ready || can(permission)) return <>{children}</>;
  return <NoPermission />;
}
