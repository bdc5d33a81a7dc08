// One-time 6-digit codes (e-mail verification, password reset, e-mail change). Only an HMAC of
// the code is stored: six digits are too few for a plain hash to resist a leaked table.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AUTH_ERROR_CODES, VERIFICATION_CODE_LENGTH } from '../../../domain/auth';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { verificationCodes, type CODE_PURPOSES } from '../../db/schema';
import { AppError } from '../../errors';

export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const CODE_TTL_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;

interface CodeTarget {
  userId: number;
  purpose: CodePurpose;
  /** The address being confirmed (EMAIL_CHANGE only). */
  newEmail?: string | null;
}

function codeHash(secret: string, target: CodeTarget, code: string): string {
  return createHmac('sha256', secret)
    .update(`${target.purpose}:${target.userId}:${target.newEmail ?? ''}:${code}`)
    .digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/** Creates a new code for the user and purpose; the older ones stop working. Returns the code. */
export async function issueCode(ctx: AppContext, db: DbOrTx, target: CodeTarget & { email: string }): Promise<string> {
  const now = ctx.now();
  await db
    .update(verificationCodes)
    .set({ expires_at: now })
    .where(
      and(
        eq(verificationCodes.user_id, target.userId),
        eq(verificationCodes.purpose, target.purpose),
        isNull(verificationCodes.consumed_at),
        gt(verificationCodes.expires_at, now),
      ),
    );
  const code = generateCode();
  await db.insert(verificationCodes).values({
    user_id: target.userId,
    email: target.email,
    purpose: target.purpose,
    new_email: target.newEmail ?? null,
    code_hash: codeHash(ctx.config.jwtSecret, target, code),
    expires_at: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    created_at: now,
  });
  return code;
}

/** Ends every code of the user that could still be entered, whatever its purpose. */
export async function expireCodes(ctx: AppContext, db: DbOrTx, userId: number): Promise<void> {
  const now = ctx.now();
  await db
    .update(verificationCodes)
    .set({ expires_at: now })
    .where(and(eq(verificationCodes.user_id, userId), isNull(verificationCodes.consumed_at), gt(verificationCodes.expires_at, now)));
}

/** Whether the user has a code for this purpose that can still be entered. */
export async function hasLiveCode(ctx: AppContext, userId: number, purpose: CodePurpose): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.user_id, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumed_at),
        gt(verificationCodes.expires_at, ctx.now()),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .limit(1);
  return !!row;
}

const invalidCode = () => new AppError(400, 'Código inválido o expirado. Solicita uno nuevo.', AUTH_ERROR_CODES.invalidCode);
const expiredCode = () => new AppError(400, 'El código ha expirado. Solicita uno nuevo.', AUTH_ERROR_CODES.codeExpired);
const exhaustedCode = () =>
  new AppError(400, 'Demasiados intentos fallidos. Solicita un nuevo código.', AUTH_ERROR_CODES.codeAttemptsExceeded);

/**
 * Checks a code against the user's newest code for the purpose and returns its id, to be
 * consumed with consumeCode() in the transaction that applies the change. A wrong code costs one
 * of the 5 attempts; after the 5th wrong try the code is dead.
 */
export async function checkCode(ctx: AppContext, target: CodeTarget, code: string): Promise<number> {
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.user_id, target.userId), eq(verificationCodes.purpose, target.purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.consumed_at) throw invalidCode();
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw exhaustedCode();
  if (row.expires_at.getTime() <= ctx.now().getTime()) throw expiredCode();

  // Claim the attempt before comparing, so parallel guesses cannot get past the limit.
  const [claimed] = await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS), isNull(verificationCodes.consumed_at)))
    .returning({ attempts: verificationCodes.attempts });
  if (!claimed) throw exhaustedCode();

  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(ctx.config.jwtSecret, { ...target, newEmail: row.new_email }, code), 'hex');
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  const rightAddress = target.newEmail === undefined || target.newEmail === row.new_email;
  if (matches && rightAddress) return row.id;

  const remaining = MAX_CODE_ATTEMPTS - claimed.attempts;
  if (remaining <= 0) throw exhaustedCode();
  throw new AppError(
    400,
    `El código es incorrecto. ${remaining === 1 ? 'Te queda 1 intento' : `Te quedan ${remaining} intentos`}.`,
    AUTH_ERROR_CODES.invalidCode,
    undefined,
    { remaining_attempts: remaining },
  );
}

/** Marks a checked code used; false when a parallel request used it first. */
export async function consumeCode(ctx: AppContext, db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumed_at: ctx.now() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumed_at)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

export { invalidCode };
