// The logged-in user: restored at start from the refresh cookie, kept in memory only.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readCookie, SESSION_HINT_COOKIE } from '../../domain/cookies';
import { api, onUnauthorized, refreshSession, setAccessToken } from './api';
import { clearBypass } from './bypass';
import { cart } from './cart-store';
import { useFirstRender } from './first-render';
import { forgetIntendedRoute } from './intended-route';
import { replacePage } from './navigation';
import type { SessionUser } from './session-types';

export type { SessionUser };

type Status = 'loading' | 'anonymous' | 'authenticated';

interface SessionValue {
  status: Status;
  user: SessionUser | null;
  isAdmin: boolean;
  /** Stores a new session after login. */
  signIn(access: string, user: SessionUser): void;
  /** Ends the session on the server and here. */
  signOut(): Promise<void>;
  /** Replaces the user's visible data (after a profile change). */
  updateUser(user: SessionUser): void;
}

const AUTH_SCREENS = ['/login', '/crear-cuenta', '/recuperar-contrasena'];

const SessionContext = createContext<SessionValue | null>(null);

/** Without the hint cookie there is no refresh cookie either: no need to ask the server. */
function mayHaveSession(): boolean {
  return typeof document !== 'undefined' && readCookie(document.cookie, SESSION_HINT_COOKIE) !== null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const firstRender = useFirstRender();
  const [status, setStatus] = useState<Status>(() => firstRender?.session ?? (mayHaveSession() ? 'loading' : 'anonymous'));
  const [user, setUser] = useState<SessionUser | null>(null);

  const clear = useCallback(() => {
    setAccessToken(null);
    // spec accounts-admin §4: logout (explicit or by a 401) also drops the maintenance bypass.
    clearBypass();
    setUser(null);
    setStatus('anonymous');
    // Prices and orders depend on who is asking.
    queryClient.removeQueries();
  }, [queryClient]);

  useEffect(() => {
    if (!mayHaveSession()) {
      setStatus('anonymous');
      return;
    }
    let cancelled = false;
    void refreshSession().then((session) => {
      if (cancelled) return;
      if (session) {
        setUser(session.user);
        setStatus('authenticated');
      } else {
        setStatus('anonymous');
      }
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // spec accounts-admin §4: a 401 that a refresh cannot repair ends the session and sends the
  // user to log in, with the current page as `redirect`, unless already on an auth screen.
  useEffect(
    () =>
      onUnauthorized(() => {
        clear();
        const here = `${location.pathname}${location.search}`;
        if (AUTH_SCREENS.some((p) => location.pathname.startsWith(p))) return;
        replacePage(`/login?redirect=${encodeURIComponent(here)}`);
      }),
    [clear],
  );

  const value = useMemo<SessionValue>(
    () => ({
      status,
      user,
      isAdmin: !!user && (user.is_staff || user.is_superuser),
      signIn(access, nextUser) {
        setAccessToken(access);
        setUser(nextUser);
        setStatus('authenticated');
        queryClient.removeQueries();
      },
      async signOut() {
        try {
          await api.post('/api/auth/logout/', {});
        } catch {
          // The local session ends anyway.
        }
        forgetIntendedRoute();
        // The cart holds the prices only a customer may see, and the next person on this browser
        // is someone else; the account's cart stays on the server.
        cart.forget();
        clear();
      },
      updateUser(nextUser) {
        setUser(nextUser);
      },
    }),
    [status, user, queryClient, clear],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
