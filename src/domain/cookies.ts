// Cookies the browser code and the server both read. Kept free of zod: the first page load uses it.

/**
 * Set next to the httpOnly refresh cookie and carrying no secret: it tells the browser (and the
 * server's first render) that a session may exist, so anonymous visitors skip the refresh call.
 */
export const SESSION_HINT_COOKIE = 'session_hint';

/** 'true' once the visitor confirmed the age gate, so the server renders pages without it. */
export const AGE_COOKIE = 'age_verified';
export const AGE_COOKIE_DAYS = 365;

/** The value of one cookie in a `Cookie` header or `document.cookie`. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(/;\s*/)) {
    if (part.startsWith(`${name}=`)) return part.slice(name.length + 1);
  }
  return null;
}
