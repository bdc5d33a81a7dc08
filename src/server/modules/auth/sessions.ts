// Login sessions: a short JWT access token plus an opaque refresh token stored as a SHA-256 hash.
// A family is one session; every refresh marks the presented token used and issues the next one
// of the family. Presenting a used token again means it was copied: the whole family is revoked.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { AUTH_ERROR_CODES } from '../../../domain/auth';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { AppError } from '../../errors';
import { signAccessToken } from '../../security/tokens';

export const REFRESH_TOKEN_TTL_DAYS = 30;
export const REFRESH_TOKEN_TTL_SECONDS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60;

export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
}

export interface SessionTokens {
  access: string;
  refresh: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function insertRefreshToken(ctx: AppContext, db: DbOrTx, userId: number, familyId: string, client: ClientInfo) {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await db.insert(refreshTokens).values({
    user_id: userId,
    family_id: familyId,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    user_agent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip ?? null,
    created_at: now,
  });
  return token;
}

/** Opens a new session (a new family) for the user. */
export async function startSession(ctx: AppContext, db: DbOrTx, userId: number, client: ClientInfo): Promise<SessionTokens> {
  const familyId = randomUUID();
  const refresh = await insertRefreshToken(ctx, db, userId, familyId, client);
  const access = await signAccessToken(ctx.config.jwtSecret, userId, familyId);
  return { access, refresh };
}

export async function revokeFamily(ctx: AppContext, db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: ctx.now() })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}

/** Closes every session of the user (password change or reset, deactivation). */
export async function revokeUserSessions(ctx: AppContext, db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: ctx.now() })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}

export async function findRefreshToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashToken(token)));
  return row ?? null;
}

export const invalidSession = () =>
  new AppError(401, 'Tu sesión expiró. Por favor, inicia sesión nuevamente.', AUTH_ERROR_CODES.refreshInvalid);

const reusedSession = () =>
  new AppError(401, 'Por seguridad cerramos tu sesión. Por favor, inicia sesión nuevamente.', AUTH_ERROR_CODES.refreshReused);

/**
 * Exchanges a refresh token for the next one of its family. `isUserActive` is asked before
 * rotating, so a deactivated account cannot keep a session alive.
 */
export async function rotateRefreshToken(
  ctx: AppContext,
  token: string,
  client: ClientInfo,
  isUserActive: (userId: number) => Promise<boolean>,
): Promise<SessionTokens & { userId: number }> {
  const row = await findRefreshToken(ctx, token);
  if (!row || row.revoked_at) throw invalidSession();
  if (row.used_at) {
    await revokeFamily(ctx, ctx.db, row.family_id);
    throw reusedSession();
  }
  if (row.expires_at.getTime() <= ctx.now().getTime()) throw invalidSession();
  if (!(await isUserActive(row.user_id))) {
    await revokeFamily(ctx, ctx.db, row.family_id);
    throw new AppError(401, 'Tu cuenta está desactivada. Contacta con la tienda.', AUTH_ERROR_CODES.accountInactive);
  }

  const refresh = await ctx.db.transaction(async (tx) => {
    // Only one of two parallel refreshes with the same token gets past this update.
    const marked = await tx
      .update(refreshTokens)
      .set({ used_at: ctx.now() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.used_at), isNull(refreshTokens.revoked_at)))
      .returning({ id: refreshTokens.id });
    if (marked.length === 0) return null;
    return insertRefreshToken(ctx, tx, row.user_id, row.family_id, client);
  });
  if (!refresh) {
    await revokeFamily(ctx, ctx.db, row.family_id);
    throw reusedSession();
  }
  const access = await signAccessToken(ctx.config.jwtSecret, row.user_id, row.family_id);
  return { access, refresh, userId: row.user_id };
}

/** Logout: revokes the session the token belongs to; unknown tokens are ignored. */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  const row = await findRefreshToken(ctx, token);
  if (row) await revokeFamily(ctx, ctx.db, row.family_id);
}
