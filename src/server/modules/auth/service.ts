// Accounts (spec accounts-admin §4, §5, §7, §8): registration with e-mail verification, login,
// sessions, profile, password change and reset, e-mail change, permissions.
import { and, eq, or, sql } from 'drizzle-orm';
import {
  AUTH_ERROR_CODES,
  type AuthUserDto,
  type ChangePasswordInput,
  type ChangePasswordResponse,
  type LoginInput,
  type MessageResponse,
  type PermissionsResponse,
  type ProfileDto,
  type ProfileUpdateInput,
  type ProfileUpdateResponse,
  type RegisterInput,
  type RegisterResponse,
  type VerifyChangeInput,
  type VerifyEmailInput,
  type VerifyPasswordResetInput,
} from '../../../domain/auth';
import { runInBackground } from '../../background';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { AppError, badRequest, notFound, unauthorized } from '../../errors';
import type { Logger } from '../../logger';
import { type AuthUser } from '../../security/caller';
import { permissionMap } from '../../../domain/staff-roles';
import type { LoginThrottle } from '../../rate-limits';
import { diff, logActivity } from '../../shared/activity-log';
import { shopChannels, shopContact } from '../site';
import { deliverInBackground, type MailMessage, queueMail } from '../mail';
import { insertAccount } from './accounts';
import { checkCode, consumeCode, expireCodes, hasLiveCode, invalidCode, issueCode, type CodePurpose } from './codes';
import { emailChangedNotice, emailChangeEmail, passwordResetEmail, verificationEmail } from './emails';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../security/passwords';
import { endSession, revokeUserSessions, rotateRefreshToken, startSession, type ClientInfo, type SessionTokens } from './sessions';

export interface RequestInfo extends ClientInfo {
  log?: Logger;
}

type UserRow = typeof users.$inferSelect;

export function toAuthUser(row: UserRow): AuthUserDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_staff: row.is_staff,
    is_superuser: row.is_superuser,
    role: row.staff_role ?? null,
    marketing_opt_in: row.marketing_opt_in,
    marketing_opt_in_changed_at: row.marketing_opt_in_changed_at?.toISOString() ?? null,
  };
}

export function toProfile(row: UserRow): ProfileDto {
  return {
    ...toAuthUser(row),
    instagram: row.instagram,
    email_verified: row.email_verified,
    date_joined: row.created_at.toISOString(),
    last_login: row.last_login ? row.last_login.toISOString() : null,
    phone: row.phone,
    last_address: row.last_address ?? null,
  };
}

async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

async function emailTakenByOther(db: DbOrTx, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.id} <> ${userId}`);
  return !!row;
}

/** Stores a new code, queues its e-mail in the same transaction, and starts delivery. */
async function sendCode(ctx: AppContext, info: RequestInfo, user: UserRow, purpose: CodePurpose, newEmail?: string) {
  const mailId = await ctx.db.transaction(async (tx) => {
    const code = await issueCode(ctx, tx, { userId: user.id, email: user.email, purpose, newEmail });
    let message: MailMessage;
    if (purpose === 'EMAIL_VERIFY') message = verificationEmail({ to: user.email, firstName: user.first_name }, code, ctx.config.publicUrl);
    else if (purpose === 'PASSWORD_RESET')
      message = passwordResetEmail({ to: user.email, firstName: user.first_name }, code, ctx.config.publicUrl);
    else message = emailChangeEmail({ to: newEmail!, firstName: user.first_name }, code);
    return queueMail(tx, message);
  });
  deliverInBackground(ctx, [mailId], info.log);
}

const notVerified = (email: string, message: string) =>
  new AppError(403, message, AUTH_ERROR_CODES.accountNotVerified, undefined, { email });

// ─── Registration ────────────────────────────────────────────────────────────────────────────

/**
 * Why a registration cannot create a new account (spec §8 Register), checked in this order:
 * - ACCOUNT_EXISTS (409): a verified (or deactivated) account already has this e-mail or username.
 *   The form shows the message and sends the user to log in.
 * - ACCOUNT_EXISTS_UNVERIFIED (409): the username belongs to another, still unverified account
 *   (a different e-mail). The form tells the user and links to login, where its owner can verify.
 * Answers the unverified account that already has this e-mail, if any: the registration takes it
 * over (see reRegister).
 */
async function refuseExisting(ctx: AppContext, input: RegisterInput): Promise<UserRow | null> {
  const username = input.username.toLowerCase();
  const rows = await ctx.db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${input.email}`, sql`lower(${users.username}) = ${username}`));
  const byEmail = rows.find((r) => r.email.toLowerCase() === input.email);
  const byUsername = rows.find((r) => r.username.toLowerCase() === username && r.id !== byEmail?.id);

  if (byEmail && (byEmail.email_verified || !byEmail.is_active)) {
    throw new AppError(409, 'Ya existe una cuenta con ese email. Inicia sesión.', AUTH_ERROR_CODES.accountExists, {
      email: ['Este email ya está registrado'],
    });
  }
  if (byUsername && (byUsername.email_verified || !byUsername.is_active)) {
    throw new AppError(409, 'Ese nombre de usuario ya está en uso. Si es tu cuenta, inicia sesión.', AUTH_ERROR_CODES.accountExists, {
      username: ['Este nombre de usuario ya está en uso'],
    });
  }
  if (byUsername) {
    throw new AppError(
      409,
      'Ese nombre de usuario pertenece a una cuenta pendiente de verificación. Si es tuya, inicia sesión para verificarla.',
      AUTH_ERROR_CODES.accountExistsUnverified,
      { username: ['Este nombre de usuario ya está en uso'] },
    );
  }
  return byEmail ?? null;
}

/**
 * A registration over an unverified account with the same e-mail: nobody has proved yet that they
 * read that mailbox, so the newest registration wins. Its password, username and names replace the
 * stored ones, earlier codes and sessions die, and a fresh code goes out. Keeping the first
 * password would let whoever registered someone else's address first log into the account its
 * owner verifies. False when the account got verified meanwhile.
 */
async function reRegister(
  ctx: AppContext,
  existing: UserRow,
  input: RegisterInput,
  passwordHash: string,
  info: RequestInfo,
): Promise<boolean> {
  const mailId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        username: input.username,
        first_name: input.first_name,
        last_name: input.last_name,
        instagram: input.instagram,
        password_hash: passwordHash,
        marketing_opt_in: input.marketing_opt_in ?? false,
        marketing_opt_in_changed_at: input.marketing_opt_in ? ctx.now() : null,
        updated_at: ctx.now(),
      })
      .where(and(eq(users.id, existing.id), eq(users.email_verified, false), eq(users.is_active, true)))
      .returning();
    if (!row) return null;
    await expireCodes(ctx, tx, row.id);
    await revokeUserSessions(ctx, tx, row.id);
    const code = await issueCode(ctx, tx, { userId: row.id, email: row.email, purpose: 'EMAIL_VERIFY' });
    await logActivity(tx, {
      action: 'register',
      description: `Registro repetido sobre una cuenta sin verificar: ${row.username}`,
      actor: { id: row.id, username: row.username },
      entity_type: 'user',
      entity_id: row.id,
    });
    return queueMail(tx, verificationEmail({ to: row.email, firstName: row.first_name }, code, ctx.config.publicUrl));
  });
  if (mailId === null) return false;
  deliverInBackground(ctx, [mailId], info.log);
  return true;
}

/** The answer to a registration that replaced an unverified one: the form moves to the verification step. */
const pendingVerification = (email: string) =>
  notVerified(
    email,
    'Ya tienes una cuenta pendiente de verificación. Guardamos los datos que ingresaste y te enviamos un nuevo código a tu email.',
  );

export async function register(ctx: AppContext, input: RegisterInput, info: RequestInfo): Promise<RegisterResponse> {
  const existing = await refuseExisting(ctx, input);
  const passwordHash = await hashPassword(input.password, ctx.config.argon2);
  let created: { user: UserRow; mailId: number };
  try {
    if (existing && (await reRegister(ctx, existing, input, passwordHash, info))) throw pendingVerification(existing.email);
    // Verified while the password was hashed: now it is a plain existing account.
    if (existing) await refuseExisting(ctx, input);
    created = await ctx.db.transaction(async (tx) => {
      const user = await insertAccount(tx, input, { passwordHash, emailVerified: false, now: ctx.now() });
      const code = await issueCode(ctx, tx, { userId: user.id, email: user.email, purpose: 'EMAIL_VERIFY' });
      const mailId = await queueMail(tx, verificationEmail({ to: user.email, firstName: user.first_name }, code, ctx.config.publicUrl));
      await logActivity(tx, {
        action: 'register',
        description: `Nuevo usuario registrado: ${user.username}`,
        actor: { id: user.id, username: user.username },
        entity_type: 'user',
        entity_id: user.id,
      });
      return { user, mailId };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A parallel registration took the e-mail or username first: answer as if it had been there.
    const taken = await refuseExisting(ctx, input);
    if (taken && (await reRegister(ctx, taken, input, passwordHash, info))) throw pendingVerification(taken.email);
    throw error;
  }
  deliverInBackground(ctx, [created.mailId], info.log);
  return {
    message: 'Cuenta creada. Te enviamos un código de verificación a tu email.',
    email: created.user.email,
    user_id: created.user.id,
  };
}

// ─── Login and sessions ──────────────────────────────────────────────────────────────────────

export interface SessionResult {
  user: AuthUserDto;
  tokens: SessionTokens;
}

const invalidCredentials = () => unauthorized('Usuario o contraseña incorrectos', AUTH_ERROR_CODES.invalidCredentials);

const inactiveAccount = () => new AppError(403, 'Tu cuenta está desactivada. Contacta con la tienda.', AUTH_ERROR_CODES.accountInactive);

/** The rate-limit name of an account: its id, so its username and e-mail share one budget. */
export const accountKey = (userId: number) => `user:${userId}`;

export async function login(ctx: AppContext, input: LoginInput, info: RequestInfo, throttle: LoginThrottle): Promise<SessionResult> {
  const identifier = input.username_or_email.toLowerCase();
  const column = identifier.includes('@') ? users.email : users.username;
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${column}) = ${identifier}`);
  // Unknown identifiers are counted by their spelling, the same way and at the same point.
  const key = row ? accountKey(row.id) : `name:${identifier}`;
  await throttle.attempt(key);
  if (!row) {
    await verifyAgainstDummy(input.password, ctx.config.argon2);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(row.password_hash, input.password))) throw invalidCredentials();
  await throttle.succeeded(key);
  // Only a caller who knows the password learns the account's state.
  if (!row.is_active) throw inactiveAccount();
  if (!row.email_verified) {
    // spec §4: verification mode. A code goes out unless one can still be entered.
    if (!(await hasLiveCode(ctx, row.id, 'EMAIL_VERIFY'))) await sendCode(ctx, info, row, 'EMAIL_VERIFY');
    throw notVerified(row.email, 'Debes verificar tu email antes de iniciar sesión. Revisa tu correo e ingresa el código.');
  }

  const rehash = needsRehash(row.password_hash, ctx.config.argon2) ? await hashPassword(input.password, ctx.config.argon2) : null;
  const tokens = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ last_login: ctx.now(), ...(rehash ? { password_hash: rehash } : {}) })
      .where(eq(users.id, row.id));
    await logActivity(tx, {
      action: 'login',
      description: `Inicio de sesión: ${row.username}`,
      actor: { id: row.id, username: row.username },
      entity_type: 'user',
      entity_id: row.id,
    });
    return startSession(ctx, tx, row.id, info);
  });
  return { user: toAuthUser(row), tokens };
}

export async function refreshSession(ctx: AppContext, token: string, info: RequestInfo): Promise<SessionResult> {
  const rotated = await rotateRefreshToken(ctx, token, info, async (userId) => {
    const user = await findUserById(ctx.db, userId);
    return !!user?.is_active;
  });
  const user = await findUserById(ctx.db, rotated.userId);
  if (!user) throw unauthorized('Tu sesión expiró. Por favor, inicia sesión nuevamente.', AUTH_ERROR_CODES.refreshInvalid);
  return { user: toAuthUser(user), tokens: { access: rotated.access, refresh: rotated.refresh } };
}

export async function logout(ctx: AppContext, token: string | null): Promise<MessageResponse> {
  if (token) await endSession(ctx, token);
  return { message: 'Sesión cerrada correctamente' };
}

// ─── Profile and password ────────────────────────────────────────────────────────────────────

const emailInUse = (field: string) =>
  new AppError(409, 'Este email ya está registrado en otra cuenta', AUTH_ERROR_CODES.emailInUse, {
    [field]: ['Este email ya está registrado en otra cuenta'],
  });

const wrongPassword = (field: string, message: string) => badRequest(message, { [field]: [message] }, AUTH_ERROR_CODES.invalidPassword);

export async function getProfile(ctx: AppContext, userId: number): Promise<ProfileDto> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound('Usuario no encontrado');
  return toProfile(row);
}

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: ProfileUpdateInput,
  info: RequestInfo,
): Promise<ProfileUpdateResponse> {
  const current = await findUserById(ctx.db, userId);
  if (!current) throw notFound('Usuario no encontrado');

  const changes: Partial<
    Pick<
      UserRow,
      | 'first_name'
      | 'last_name'
      | 'email'
      | 'email_verified'
      | 'phone'
      | 'last_address'
      | 'marketing_opt_in'
      | 'marketing_opt_in_changed_at'
    >
  > = {};
  // The consent's time is when it changed: saving the same choice again keeps it.
  if (input.marketing_opt_in !== undefined && input.marketing_opt_in !== current.marketing_opt_in) {
    changes.marketing_opt_in = input.marketing_opt_in;
    changes.marketing_opt_in_changed_at = ctx.now();
  }
  if (input.first_name !== undefined) changes.first_name = input.first_name;
  if (input.last_name !== undefined) changes.last_name = input.last_name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.last_address !== undefined) changes.last_address = input.last_address;

  // spec §4 E-mail change: the new address is taken only with the code sent to it.
  let emailCodeId: number | null = null;
  const newEmail = input.email && input.email !== current.email.toLowerCase() ? input.email : null;
  if (newEmail) {
    if (!input.verification_code) {
      throw badRequest(
        'Para cambiar tu email, solicita un código de verificación e ingrésalo.',
        { verification_code: ['Ingresa el código que enviamos a tu nuevo email'] },
        AUTH_ERROR_CODES.emailVerificationRequired,
      );
    }
    emailCodeId = await checkCode(ctx, { userId, purpose: 'EMAIL_CHANGE', newEmail }, input.verification_code);
  }

  let updated: UserRow;
  let noticeId: number | null = null;
  // The notice names the shop's channels: read before the transaction (settings are read outside one).
  const contact = newEmail ? shopContact(await shopChannels(ctx)) : null;
  try {
    ({ updated, noticeId } = await ctx.db.transaction(async (tx) => {
      let mailId: number | null = null;
      if (newEmail && emailCodeId !== null) {
        if (!(await consumeCode(ctx, tx, emailCodeId))) throw invalidCode();
        if (await emailTakenByOther(tx, newEmail, userId)) throw emailInUse('email');
        changes.email = newEmail;
        changes.email_verified = true;
        mailId = await queueMail(tx, emailChangedNotice({ to: current.email, firstName: current.first_name }, newEmail, contact));
      }
      const [row] = await tx
        .update(users)
        .set({ ...changes, updated_at: ctx.now() })
        .where(eq(users.id, userId))
        .returning();
      const logged = (u: UserRow) => ({
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        phone: u.phone,
        last_address: u.last_address,
        marketing_opt_in: u.marketing_opt_in,
      });
      const before = logged(current);
      const after = logged(row);
      const changed = diff(before, after);
      if (Object.keys(changed.after).length > 0) {
        await logActivity(tx, {
          action: 'update',
          description: `Perfil actualizado: ${row.username}`,
          actor: { id: row.id, username: row.username },
          entity_type: 'user',
          entity_id: row.id,
          changes: changed,
        });
      }
      return { updated: row, noticeId: mailId };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse('email');
    throw error;
  }
  if (noticeId !== null) deliverInBackground(ctx, [noticeId], info.log);
  return {
    message: newEmail ? 'Email actualizado correctamente' : 'Perfil actualizado correctamente',
    user: toProfile(updated),
  };
}

/** Changes the password, closes every session of the user and opens a fresh one for this client. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  input: ChangePasswordInput,
  info: RequestInfo,
  throttle: LoginThrottle,
): Promise<ChangePasswordResponse> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound('Usuario no encontrado');
  // Guessing the current password with a stolen access token is a login attempt.
  await throttle.attempt(accountKey(userId));
  if (!(await verifyPassword(row.password_hash, input.old_password))) {
    throw wrongPassword('old_password', 'La contraseña actual es incorrecta');
  }
  const passwordHash = await hashPassword(input.new_password, ctx.config.argon2);
  const tokens = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, updated_at: ctx.now() }).where(eq(users.id, userId));
    await revokeUserSessions(ctx, tx, userId);
    await logActivity(tx, {
      action: 'update',
      description: `Contraseña cambiada: ${row.username}`,
      actor: { id: row.id, username: row.username },
      entity_type: 'user',
      entity_id: row.id,
    });
    return startSession(ctx, tx, userId, info);
  });
  return { message: 'Contraseña actualizada correctamente', ...tokens, user: toAuthUser(row) };
}

/** POST /auth/verify-change/: checks the password and sends a code to the new address. */
export async function requestEmailChange(
  ctx: AppContext,
  userId: number,
  input: VerifyChangeInput,
  info: RequestInfo,
): Promise<MessageResponse> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound('Usuario no encontrado');
  if (!(await verifyPassword(row.password_hash, input.password))) {
    throw wrongPassword('password', 'La contraseña es incorrecta');
  }
  if (input.new_email === row.email.toLowerCase()) {
    throw badRequest('El nuevo email debe ser distinto del actual', { new_email: ['El nuevo email debe ser distinto del actual'] });
  }
  if (await emailTakenByOther(ctx.db, input.new_email, userId)) throw emailInUse('new_email');
  await sendCode(ctx, info, row, 'EMAIL_CHANGE', input.new_email);
  return { message: 'Te enviamos un código de verificación a tu nuevo email.', email: input.new_email };
}

// ─── E-mail verification and password reset ──────────────────────────────────────────────────

const alreadyVerified = () =>
  badRequest('Tu email ya está verificado. Puedes iniciar sesión.', undefined, AUTH_ERROR_CODES.alreadyVerified);

export async function verifyEmail(ctx: AppContext, input: VerifyEmailInput): Promise<MessageResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || !user.is_active) throw invalidCode();
  if (user.email_verified) throw alreadyVerified();
  const codeId = await checkCode(ctx, { userId: user.id, purpose: 'EMAIL_VERIFY' }, input.code);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(ctx, tx, codeId))) throw invalidCode();
    await tx.update(users).set({ email_verified: true, updated_at: ctx.now() }).where(eq(users.id, user.id));
    // Whatever was opened before the mailbox was proved belongs to nobody we know.
    await revokeUserSessions(ctx, tx, user.id);
  });
  return { message: 'Email verificado correctamente. Ahora puedes iniciar sesión.', email: user.email };
}

/**
 * Resend and reset requests answer at once, the same for every address, and do the account's
 * work after the reply: neither the answer nor its timing tells whether an account exists.
 */
export function resendVerification(ctx: AppContext, email: string, info: RequestInfo): MessageResponse {
  runInBackground(
    'verification code resend',
    async () => {
      const user = await findUserByEmail(ctx.db, email);
      if (user?.is_active && !user.email_verified) await sendCode(ctx, info, user, 'EMAIL_VERIFY');
    },
    info.log,
  );
  return { message: 'Si tu cuenta está pendiente de verificación, te enviamos un nuevo código. Revisa tu email.', email };
}

/** Request and resend are the same: a new code replaces any earlier one. */
export function requestPasswordReset(ctx: AppContext, email: string, info: RequestInfo): MessageResponse {
  runInBackground(
    'password reset request',
    async () => {
      const user = await findUserByEmail(ctx.db, email);
      if (user?.is_active) await sendCode(ctx, info, user, 'PASSWORD_RESET');
    },
    info.log,
  );
  return { message: 'Si el email está registrado, te enviamos un código para restablecer tu contraseña.', email };
}

export async function verifyPasswordReset(ctx: AppContext, input: VerifyPasswordResetInput): Promise<MessageResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || !user.is_active) throw invalidCode();
  const codeId = await checkCode(ctx, { userId: user.id, purpose: 'PASSWORD_RESET' }, input.code);
  const passwordHash = await hashPassword(input.new_password, ctx.config.argon2);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(ctx, tx, codeId))) throw invalidCode();
    // The code proves the user reads this mailbox, which is what verification asks.
    await tx.update(users).set({ password_hash: passwordHash, email_verified: true, updated_at: ctx.now() }).where(eq(users.id, user.id));
    await revokeUserSessions(ctx, tx, user.id);
  });
  return { message: 'Contraseña restablecida correctamente. Ya puedes iniciar sesión.' };
}

// ─── Permissions ─────────────────────────────────────────────────────────────────────────────

/** spec §6 with issue 24's roles: the map of the caller's role (src/domain/staff-roles.ts). */
export function permissionsOf(user: AuthUser): PermissionsResponse {
  const { staff_permissions, ...dto } = user;
  return {
    user_id: user.id,
    ...dto,
    permissions: permissionMap({ staff_role: user.role, staff_permissions }),
  };
}
