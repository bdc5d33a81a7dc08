// Logging in from the auth screens: the login form, and right after an e-mail is verified with
// the password the visitor typed a moment before (at registration or at the login form).
import { forgetIntendedRoute, landingAfterLogin, setPostLoginLanding } from '../../lib/intended-route';
import { useSession } from '../../lib/session';
import { authApi } from './api';
import type { LoginForm } from './schemas';

/**
 * Logs in and sets where the visitor goes next: the `redirect` page they came from, else their
 * role's start. The auth route's guard (RedirectIfAuthenticated) navigates once the session is set.
 */
export function useSignIn(redirect: string | null) {
  const { signIn } = useSession();
  return async (credentials: LoginForm) => {
    const session = await authApi.login(credentials);
    const isAdmin = session.is_staff || session.user.is_staff || session.user.is_superuser;
    forgetIntendedRoute();
    setPostLoginLanding(landingAfterLogin(redirect, isAdmin, session.user.role));
    signIn(session.access, session.user);
  };
}
