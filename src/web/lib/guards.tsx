// Route guard steps 5-7 (spec accounts-admin §4); maintenance steps 1-4 live in MaintenanceGuard.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useSession } from './session';

/** Step 5: login, register and reset send logged-in users to /mi-cuenta. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (status === 'authenticated') return <Navigate to="/mi-cuenta" replace />;
  return <>{children}</>;
}

/** Step 6: anonymous users go to /login with the wanted path in `redirect`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'anonymous') {
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return <>{children}</>;
}

/** Step 7: non-admins go to /mi-cuenta. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, isAdmin } = useSession();
  if (status !== 'authenticated') return <RequireAuth>{children}</RequireAuth>;
  if (!isAdmin) return <Navigate to="/mi-cuenta" replace />;
  return <>{children}</>;
}
