// Route guard steps 5-7 (spec accounts-admin §4); maintenance steps 1-4 live in MaintenanceGuard.
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { peekPostLoginLanding, rememberIntendedRoute, setPostLoginLanding } from './intended-route';
import { useSession } from './session';

/** Step 5: login, register and reset send logged-in users to /mi-cuenta. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (status === 'authenticated') return <LeaveAuthScreen to={peekPostLoginLanding() ?? '/mi-cuenta'} />;
  return <>{children}</>;
}

/** Goes to the landing chosen by a login that just succeeded, then forgets it. */
function LeaveAuthScreen({ to }: { to: string }) {
  useEffect(() => setPostLoginLanding(null));
  return <Navigate to={to} replace />;
}

/** Step 6: anonymous users go to /login with the wanted path in `redirect`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'anonymous') {
    const wanted = `${location.pathname}${location.search}`;
    rememberIntendedRoute(wanted);
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
