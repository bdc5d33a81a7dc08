// Staff user management (spec accounts-admin §2 user list and detail, §5 admin create user, §6,
// §7 /auth/users/): list filters, the create-user form and the answer shapes.
import { z } from 'zod';
import { emailSchema, profileDtoSchema } from './auth';
import { pageQuery } from './page';
import { orderDtoSchema } from './orders';

// spec accounts-admin §9: user list page size 12.
export const USERS_PAGE_SIZE = 12;
export const USER_TYPES = ['staff', 'customer'] as const;
export type UserType = (typeof USER_TYPES)[number];

// The list's type filter also takes the words the pages may use.
const USER_TYPE_ALIASES: Record<string, UserType> = {
  staff: 'staff',
  admin: 'staff',
  administrador: 'staff',
  customer: 'customer',
  user: 'customer',
  usuario: 'customer',
  regular: 'customer',
};

const filterText = (message: string) =>
  z
    .string()
    .trim()
    .max(254, message)
    .optional()
    .transform((v) => v || undefined);

export const userListQuerySchema = z
  .object({
    ...pageQuery,
    username: filterText('El usuario es demasiado largo'),
    email: filterText('El email es demasiado largo'),
    search: filterText('La búsqueda es demasiado larga'),
    status: z
      .enum(['active', 'inactive', ''], { error: 'Estado inválido' })
      .optional()
      .transform((v) => v || undefined),
    user_type: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .refine((v) => !v || v in USER_TYPE_ALIASES, 'Tipo de usuario inválido')
      .transform((v) => (v ? USER_TYPE_ALIASES[v] : undefined)),
  })
  .transform((q) => ({ ...q, page_size: q.page_size ?? USERS_PAGE_SIZE }));
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const userStatusSchema = z.object({
  is_active: z.boolean({ error: 'Indica si el usuario está activo' }),
});

const name = (required: string, short: string, long: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).min(2, short).max(100, long);

// spec accounts-admin §5 admin create user: username letters, numbers and underscores, min 3;
// password min 8 with letters and numbers; e-mail lowercased and trimmed; instagram may have @.
export const adminCreateUserSchema = z
  .object({
    first_name: name(
      'El nombre es requerido',
      'El nombre debe tener al menos 2 caracteres',
      'El nombre no puede superar los 100 caracteres',
    ),
    last_name: name(
      'El apellido es requerido',
      'El apellido debe tener al menos 2 caracteres',
      'El apellido no puede superar los 100 caracteres',
    ),
    username: z
      .string({ error: 'El nombre de usuario es requerido' })
      .trim()
      .min(1, { error: 'El nombre de usuario es requerido', abort: true })
      .min(3, 'El nombre de usuario debe tener al menos 3 caracteres')
      .max(150, 'El nombre de usuario no puede superar los 150 caracteres')
      .regex(/^[A-Za-z0-9_]+$/, 'El nombre de usuario solo puede contener letras, números y guiones bajos'),
    email: emailSchema,
    password: z
      .string({ error: 'La contraseña es requerida' })
      .min(1, { error: 'La contraseña es requerida', abort: true })
      .min(8, 'La contraseña debe tener al menos 8 caracteres')
      .max(128, 'La contraseña no puede superar los 128 caracteres')
      .refine((v) => /\p{L}/u.test(v) && /\d/.test(v), 'La contraseña debe contener letras y números'),
    password2: z.string({ error: 'Confirma la contraseña' }).min(1, { error: 'Confirma la contraseña', abort: true }),
    instagram: z
      .union([z.string(), z.null()], { error: 'Usuario de Instagram inválido' })
      .optional()
      .transform((v) => (v ?? '').trim())
      .pipe(
        z
          .string()
          .max(31, 'El usuario de Instagram es demasiado largo')
          .regex(/^@?[A-Za-z0-9._]*$/, 'El usuario de Instagram solo puede contener letras, números, puntos y guiones bajos'),
      )
      .transform((v) => (v === '' || v === '@' ? null : v)),
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: 'Las contraseñas no coinciden' });
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

/** A user as staff see them: the profile, plus phone, state and how many orders they placed. */
export const adminUserDtoSchema = profileDtoSchema.extend({
  phone: z.string().nullable(),
  is_active: z.boolean(),
  orders_count: z.number().int(),
  /** The permissions of a custom role (issue 24); null for every other role. */
  staff_permissions: z.array(z.string()).nullable(),
});
export type AdminUserDto = z.infer<typeof adminUserDtoSchema>;

/** GET /api/auth/users/{id}/: the user and every order of theirs, newest first. */
export const adminUserDetailDtoSchema = z.object({ user: adminUserDtoSchema, orders: z.array(orderDtoSchema) });
export type AdminUserDetailDto = z.infer<typeof adminUserDetailDtoSchema>;
