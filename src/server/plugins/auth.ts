// Who is calling: verifies the bearer access token, loads the user's current role from the
// database, and enforces each route's `config.access` ('public' | 'user' | 'staff').
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { preparedPerDb, type Db } from '../db/client';
import { refreshTokens, users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import type { AuthUserDto } from '../../domain/auth';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'semillas-shop';

export type Access = 'public' | 'user' | 'staff';

/** The caller, with the role read from the database on every request. */
export type AuthUser = AuthUserDto;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

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

export function isAdmin(user: AuthUser | null): boolean {
  return !!user && (user.is_staff || user.is_superuser);
}

// Every authenticated request runs this lookup.
const authUserQuery = preparedPerDb((db) => {
  const openSession = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.family_id, sql.placeholder('session_id')), eq(refreshTokens.user_id, users.id), isNull(refreshTokens.revoked_at)));
  return db
    .select({
      id: users.id, username: users.username, email: users.email, first_name: users.first_name,
      last_name: users.last_name, is_staff: users.is_staff, is_superuser: users.is_superuser, is_active: users.is_active,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('user_id')), exists(openSession)))
    .prepare('auth_user');
});

/** The caller of valid claims: an active user whose session is still open, in one query. */
export async function loadAuthUser(db: Db, claims: AccessClaims): Promise<AuthUser | null> {
  const [row] = await authUserQuery(db).execute({ user_id: claims.userId, session_id: claims.sessionId });
  if (!row || !row.is_active) return null;
  const { is_active: _active, ...user } = row;
  return user;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireStaff(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}

export default fp(async function authPlugin(app: FastifyInstance, opts: { db: Db; jwtSecret: string }) {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (token === null) return;
    const claims = token ? await verifyAccessToken(opts.jwtSecret, token) : null;
    if (!claims) throw unauthorized('Token inválido o expirado', 'TOKEN_INVALID');
    const user = await loadAuthUser(opts.db, claims);
    if (!user) throw unauthorized('Token inválido o expirado', 'TOKEN_INVALID');
    request.user = user;
  });

  // Role checks run before body parsing, so an anonymous caller learns nothing from validation.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    if (access === 'user') requireUser(request);
    if (access === 'staff') requireStaff(request);
  });
});
