// The page a visitor wanted before being sent to log in (spec accounts-admin §4, guard steps 4
// and 6), kept for this tab only.
import type { StaffRole } from '../../domain/staff-roles';

const KEY = 'intendedRoute';

export function rememberIntendedRoute(path: string) {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be disabled; the redirect query still carries the path.
  }
}

/** Returns the remembered route once and forgets it. */
export function takeIntendedRoute(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && safeInternalPath(path);
  } catch {
    return null;
  }
}

export function forgetIntendedRoute() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * An in-site path from a `redirect` query, or null. Accepts '/carrito', 'carrito' (spec
 * storefront §4 uses redirect=carrito) and paths with a query; refuses other origins.
 */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const path = value.startsWith('/') ? value : `/${value}`;
  if (path.startsWith('//') || path.includes('\\') || /^\/[^/?#]*:/.test(path)) return null;
  try {
    const url = new URL(path, 'http://shop.invalid');
    if (url.origin !== 'http://shop.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The login screen, told to carry on to `redirect` when it is an in-site path. */
export function loginPathFor(redirect: string | null): string {
  const wanted = safeInternalPath(redirect);
  return wanted ? `/login?redirect=${encodeURIComponent(wanted)}` : '/login';
}

/**
 * Where a user lands after logging in (spec accounts-admin §4 session): staff whose role manages
 * the catalog land on the products; other roles on the admin's start, which opens the first
 * section their role may see.
 */
export function landingAfterLogin(redirect: string | null, isAdmin: boolean, role: StaffRole | null = 'owner'): string {
  const wanted = safeInternalPath(redirect);
  const blocked = ['/login', '/crear-cuenta', '/recuperar-contrasena'];
  if (wanted && !blocked.some((p) => wanted === p || wanted.startsWith(`${p}?`) || wanted.startsWith(`${p}/`))) return wanted;
  if (!isAdmin) return '/mi-cuenta';
  return role === 'owner' || role === 'catalog' ? '/admin/productos' : '/admin';
}

// Where the login screen wants to go once the session exists. The login route's guard performs
// that navigation (it re-renders first, as soon as the session turns authenticated), so the
// page hands the target over instead of racing the guard with a second navigation.
let postLoginLanding: string | null = null;

export function setPostLoginLanding(path: string | null) {
  postLoginLanding = path;
}

export function peekPostLoginLanding(): string | null {
  return postLoginLanding;
}
