// Access tokens: short-lived JWTs that name the caller and their session.
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'semillas-shop';

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * An access token names its session (the refresh-token family), so ending the session — logout,
 * password change or reset, deactivation — ends its access tokens at once, not 15 minutes later.
 */
export async function signAccessToken(secret: string, userId: number, sessionId: string): Promise<string> {
  return new SignJWT({ typ: 'access', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(secretKey(secret));
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const verifyKeys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key that checks tokens, imported once per secret: importing it took twice as long as the check. */
function verifyKey(secret: string): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

/** The claims of a valid access token, or null for anything else (expired, forged, other type). */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || !payload.sub) return null;
    const userId = Number(payload.sub);
    const sessionId = typeof payload.sid === 'string' && UUID.test(payload.sid) ? payload.sid : null;
    return Number.isInteger(userId) && userId > 0 && sessionId ? { userId, sessionId } : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
