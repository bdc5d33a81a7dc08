// Who is calling: the caller's type, the lookup that loads them from valid token claims, and the
// role checks the routes and the auth plugin share.
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthUserDto } from '../../domain/auth';
import { hasPermission, type Permission } from '../../domain/staff-roles';
import { preparedPerDb, type Db } from '../db/client';
import { refreshTokens, users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import type { AccessClaims } from './tokens';

/**
 * Who may call a route. 'operator' routes (/metrics) check their own credentials: their bearer
 * token is the operator's METRICS_TOKEN, not a session.
 */
export type Access = 'public' | 'user' | 'staff' | 'operator';

/** The caller, with the role read from the database on every request. */
// The consent to reminder e-mails is not read on every request: the profile and sign-in answers carry it.
export type AuthUser = Omit<AuthUserDto, 'marketing_opt_in' | 'marketing_opt_in_changed_at'> & {
  /** The permissions of a custom role (users.staff_permissions); null for other roles. */
  staff_permissions: string[] | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * What a 'staff' route requires (src/domain/staff-roles.ts). Every staff route declares one:
     * the app refuses to register a staff route without it, and the auth plugin checks it.
     */
    permission?: Permission;
  }
}

export function isAdmin(user: AuthUser | null): boolean {
  return !!user && (user.is_staff || user.is_superuser);
}

/** Whether the caller's role grants `permission`. */
export function can(user: AuthUser | null, permission: Permission): boolean {
  return !!user && hasPermission({ staff_role: user.role, staff_permissions: user.staff_permissions }, permission);
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
      role: users.staff_role,
      staff_permissions: users.staff_permissions,
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

/** The caller, if their role grants `permission`; 401 without a session, 403 without it. */
export function requirePermission(request: FastifyRequest, permission: Permission): AuthUser {
  const user = requireUser(request);
  if (!can(user, permission)) throw forbidden();
  return user;
}
