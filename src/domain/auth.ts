// Account rules shared by the auth API and the account forms: zod schemas with the Spanish
// messages of spec accounts-admin §5, the answer shapes of §7 and the error codes of §8.
import { z } from 'zod';
import { PERMISSIONS, STAFF_ROLES, type Permission } from './staff-roles';
import { normalizeCode } from './one-time-code';
import { phoneSchema } from './phone';
import { singleLine } from './single-line';
import { addressDtoSchema, addressSchema, homeAddressSchema, missingHomeAddressFields } from './shipping';

export const VERIFICATION_CODE_LENGTH = 6;
export const USERNAME_MIN = 4;
export const PASSWORD_MIN = 6;
/** Long enough for any passphrase, short enough that hashing it stays cheap. */
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;

/** Error codes the auth API answers with (`{ error, code }`). */
export const AUTH_ERROR_CODES = {
  accountNotVerified: 'ACCOUNT_NOT_VERIFIED',
  accountExists: 'ACCOUNT_EXISTS',
  accountExistsUnverified: 'ACCOUNT_EXISTS_UNVERIFIED',
  accountInactive: 'ACCOUNT_INACTIVE',
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidPassword: 'INVALID_PASSWORD',
  invalidCode: 'INVALID_CODE',
  codeExpired: 'CODE_EXPIRED',
  codeAttemptsExceeded: 'CODE_ATTEMPTS_EXCEEDED',
  alreadyVerified: 'ALREADY_VERIFIED',
  emailInUse: 'EMAIL_IN_USE',
  emailVerificationRequired: 'EMAIL_VERIFICATION_REQUIRED',
  refreshInvalid: 'REFRESH_INVALID',
  refreshReused: 'REFRESH_REUSED',
  rateLimited: 'RATE_LIMITED',
} as const;

export const emailSchema = z
  .string({ error: 'El email es requerido' })
  .trim()
  .min(1, { error: 'El email es requerido', abort: true })
  .max(254, 'El email es demasiado largo')
  .pipe(z.email('Ingrese un email válido'))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: 'La contraseña es requerida' })
  .min(1, { error: 'La contraseña es requerida', abort: true })
  .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`)
  .max(PASSWORD_MAX, `La contraseña no puede superar los ${PASSWORD_MAX} caracteres`);

export const usernameSchema = z
  .string({ error: 'El usuario es requerido' })
  .trim()
  .min(1, { error: 'El usuario es requerido', abort: true })
  .min(USERNAME_MIN, `El usuario debe tener al menos ${USERNAME_MIN} caracteres`)
  .max(150, 'El usuario no puede superar los 150 caracteres')
  // No '@' or spaces: login tells usernames and e-mails apart by the '@'.
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'El usuario solo puede contener letras, números, puntos, guiones y guiones bajos');

const firstNameSchema = z
  .string({ error: 'El nombre es requerido' })
  .trim()
  .min(1, { error: 'El nombre es requerido', abort: true })
  .min(NAME_MIN, `El nombre debe tener al menos ${NAME_MIN} caracteres`)
  .max(100, 'El nombre no puede superar los 100 caracteres')
  .check(singleLine('El nombre'));

const lastNameSchema = z
  .string({ error: 'El apellido es requerido' })
  .trim()
  .min(1, { error: 'El apellido es requerido', abort: true })
  .min(NAME_MIN, `El apellido debe tener al menos ${NAME_MIN} caracteres`)
  .max(100, 'El apellido no puede superar los 100 caracteres')
  .check(singleLine('El apellido'));

/**
 * The mailbox an address reaches, for limits per recipient: without case, spaces or a "+tag"
 * (ana+1@correo.test and Ana@Correo.test land in the same inbox as ana@correo.test).
 */
export function mailboxOf(email: string): string {
  const lowered = email.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at < 0) return lowered;
  const local = lowered.slice(0, at).split('+')[0];
  return `${local || lowered.slice(0, at)}${lowered.slice(at)}`;
}

export const codeSchema = z
  .string({ error: 'El código es requerido' })
  .transform(normalizeCode)
  .pipe(z.string().regex(/^\d{6}$/, 'El código debe tener 6 dígitos'));

const instagramSchema = z
  .string()
  .trim()
  .max(31, 'El usuario de Instagram es demasiado largo')
  .regex(/^@?[A-Za-z0-9._]*$/, 'El usuario de Instagram solo puede contener letras, números, puntos y guiones bajos')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

// spec §5 Login: username (or e-mail) min 4, password min 6.
export const loginSchema = z.object({
  username_or_email: z
    .string({ error: 'Ingresa tu usuario o email' })
    .trim()
    .min(1, { error: 'Ingresa tu usuario o email', abort: true })
    .min(USERNAME_MIN, `El usuario debe tener al menos ${USERNAME_MIN} caracteres`)
    .max(254, 'El usuario o email es demasiado largo'),
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

// spec §5 Registration.
export const registerSchema = z
  .object({
    first_name: firstNameSchema,
    last_name: lastNameSchema,
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    password2: z.string({ error: 'Confirma tu contraseña' }).min(1, { error: 'Confirma tu contraseña', abort: true }),
    instagram: instagramSchema,
    /** 'Quiero recibir recordatorios y novedades por email': unticked unless the customer ticks it. */
    marketing_opt_in: z.boolean({ error: 'Elige si quieres recibir recordatorios' }).optional(),
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: 'Las contraseñas no coinciden' });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The phone the checkout prefills: 10 digits, or null (an empty text clears it). */
const phoneOrBlankSchema = z
  .string()
  .transform((v) => (v.trim() === '' ? null : v))
  .pipe(phoneSchema('El teléfono es requerido').nullable());
const profilePhoneSchema = phoneOrBlankSchema.nullable();

/**
 * PUT /auth/profile/: names, and/or a new e-mail confirmed with the code that verify-change sent
 * to it (an e-mail equal to the current one is ignored), and/or the phone and delivery address
 * the checkout prefills (null clears them).
 */
export const profileUpdateSchema = z
  .object({
    first_name: firstNameSchema.optional(),
    last_name: lastNameSchema.optional(),
    email: emailSchema.optional(),
    verification_code: codeSchema.optional(),
    phone: profilePhoneSchema.optional(),
    last_address: homeAddressSchema.nullable().optional(),
    marketing_opt_in: z.boolean({ error: 'Elige si quieres recibir recordatorios' }).optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    path: ['general'],
    message: 'No hay cambios para guardar',
  });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** The personal-data form of Mi Cuenta (spec §5 Profile). */
export const profileFormSchema = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  email: emailSchema,
});

const addressFormFields = z.object({
  street: z.string(),
  number: z.string(),
  zip_code: z.string(),
  city: z.string(),
  province: z.string(),
  details: z.string(),
});
type AddressFormFields = z.output<typeof addressFormFields>;
const isBlankAddress = (address: AddressFormFields) => Object.values(address).every((value) => !value.trim());
// What home delivery requires is read from the texts; the province is checked by addressSchema.
const trimmedAddress = (a: AddressFormFields) => ({
  street: a.street.trim(),
  number: a.number.trim(),
  zip_code: a.zip_code.trim(),
  city: a.city.trim(),
});

/**
 * The delivery-data form of Mi Cuenta: the phone and the address the checkout prefills. A form
 * left empty clears them; an address begun must be complete for home delivery.
 */
export const deliveryDataFormSchema = z.object({ phone: phoneOrBlankSchema, last_address: addressFormFields }).transform((v, ctx) => {
  if (isBlankAddress(v.last_address)) return { phone: v.phone, last_address: null };
  // Every field's problem at once: the missing ones first, then the province and lengths.
  const problems = new Map<string, string>(Object.entries(missingHomeAddressFields(trimmedAddress(v.last_address))));
  const address = addressSchema.safeParse(v.last_address);
  for (const issue of address.error?.issues ?? []) {
    const field = String(issue.path[0]);
    if (!problems.has(field)) problems.set(field, issue.message);
  }
  if (address.success && problems.size === 0) return { phone: v.phone, last_address: address.data };
  for (const [field, message] of problems) {
    ctx.issues.push({ code: 'custom', message, path: ['last_address', field], input: v.last_address });
  }
  return z.NEVER;
});
export type DeliveryDataForm = z.input<typeof deliveryDataFormSchema>;
export type DeliveryDataValues = z.output<typeof deliveryDataFormSchema>;

export const changePasswordSchema = z
  .object({
    old_password: z
      .string({ error: 'La contraseña actual es requerida' })
      .min(1, { error: 'La contraseña actual es requerida', abort: true })
      .max(PASSWORD_MAX),
    new_password: passwordSchema,
    /** Optional on the API; the form always sends it. */
    new_password2: z.string().optional(),
  })
  .refine((v) => v.new_password2 === undefined || v.new_password === v.new_password2, {
    path: ['new_password2'],
    message: 'Las contraseñas no coinciden',
  })
  .refine((v) => v.old_password !== v.new_password, {
    path: ['new_password'],
    message: 'La nueva contraseña debe ser distinta de la actual',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password tab of Mi Cuenta: the confirmation is required there. */
export const changePasswordFormSchema = z
  .object({
    old_password: z.string().min(1, { error: 'La contraseña actual es requerida', abort: true }),
    new_password: passwordSchema,
    new_password2: z.string().min(1, { error: 'Confirma tu contraseña', abort: true }),
  })
  .refine((v) => v.new_password === v.new_password2, { path: ['new_password2'], message: 'Las contraseñas no coinciden' });

export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

export const verifyEmailSchema = z.object({ email: emailSchema, code: codeSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const verifyChangeSchema = z.object({
  type: z.literal('EMAIL_CHANGE', { error: 'Tipo de verificación no soportado' }),
  new_email: emailSchema,
  password: z
    .string({ error: 'La contraseña es requerida' })
    .min(1, { error: 'La contraseña es requerida', abort: true })
    .max(PASSWORD_MAX),
});
export type VerifyChangeInput = z.infer<typeof verifyChangeSchema>;

export const verifyPasswordResetSchema = z
  .object({
    email: emailSchema,
    code: codeSchema,
    new_password: passwordSchema,
    /** Optional on the API; the form always sends it. */
    new_password2: z.string().optional(),
  })
  .refine((v) => v.new_password2 === undefined || v.new_password === v.new_password2, {
    path: ['new_password2'],
    message: 'Las contraseñas no coinciden',
  });
export type VerifyPasswordResetInput = z.infer<typeof verifyPasswordResetSchema>;

export const refreshSchema = z.object({
  refresh: z.string().max(1000).optional(),
});

// Answer shapes.

/** `user` in login, refresh and change-password answers. */
export const authUserDtoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  /** The staff role (src/domain/staff-roles.ts); null for a customer. */
  role: z.enum(STAFF_ROLES).nullable(),
  /** Consent to reminder and news e-mails (Ley 25.326), and when it was last given or withdrawn. */
  marketing_opt_in: z.boolean(),
  marketing_opt_in_changed_at: z.string().nullable(),
});
export type AuthUserDto = z.infer<typeof authUserDtoSchema>;

/** GET /auth/profile/ and `user` in PUT /auth/profile/. */
export const profileDtoSchema = authUserDtoSchema.extend({
  instagram: z.string().nullable(),
  email_verified: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  /** Saved by the last order with home delivery, or in Mi cuenta; the checkout prefills them. */
  phone: z.string().nullable(),
  last_address: addressDtoSchema.nullable(),
});
export type ProfileDto = z.infer<typeof profileDtoSchema>;

export const loginResponseSchema = z.object({ user: authUserDtoSchema, access: z.string(), refresh: z.string(), is_staff: z.boolean() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = z.object({ access: z.string(), refresh: z.string(), user: authUserDtoSchema });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const registerResponseSchema = z.object({ message: z.string(), email: z.string(), user_id: z.number().int() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string(), email: z.string().optional() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const profileUpdateResponseSchema = z.object({ message: z.string(), user: profileDtoSchema });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** POST /auth/change-password/: the other sessions are closed, this one gets fresh tokens. */
export const changePasswordResponseSchema = refreshResponseSchema.extend({ message: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** spec storefront §3 User (from permissions check): user_id, username, email, first_name, last_name, is_staff, is_superuser. */
export const permissionsResponseSchema = authUserDtoSchema.omit({ marketing_opt_in: true, marketing_opt_in_changed_at: true }).extend({
  user_id: z.number().int(),
  /** The map of the user's role: every key of PERMISSION_LABELS. */
  permissions: z.object(Object.fromEntries(PERMISSIONS.map((p) => [p, z.boolean()])) as Record<Permission, z.ZodBoolean>),
});
export type PermissionsResponse = z.infer<typeof permissionsResponseSchema>;
