// Who is calling: the caller's type, the lookup that loads them from valid token claims, and the
// role checks the routes and the auth plugin share.
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthUserDto } from '../../../domain/auth';
import { preparedPerDb, type Db } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import { forbidden, unauthorized } from '../../errors';
import type { AccessClaims } from './tokens';

/**
 * Who may call a route. 'operator' routes (/metrics) check their own credentials: their bearer
 * token is the operator's METRICS_TOKEN, not a session.
 */
export type Access = 'public' | 'user' | 'staff' | 'operator';

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

export function isAdmin(user: AuthUser | null): boolean {
  return !!user && (user.is_staff || user.is_superuser);
}

// Every authenticated request runs this lookup.
const authUserQuery = preparedPerDb((db) => {
  const openSession = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.family_id, sql.placeholder('session_id')),
        eq(refreshTokens.user_id, users.id),
        isNull(refreshTokens.revoked_at),
      ),
    );
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      is_staff: users.is_staff,
      is_superuser: users.is_superuser,
      is_active: users.is_active,
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

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireStaff(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}
