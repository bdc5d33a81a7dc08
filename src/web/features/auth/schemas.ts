// Form schemas of the auth screens: the shared rules of src/domain/auth.ts (spec accounts-admin §5),
// plus the reset form, whose confirmation the API leaves optional but the screen requires.
import { z } from 'zod';
import { codeSchema, emailOnlySchema, loginSchema, passwordSchema, registerSchema } from '../../../domain/auth';

export { loginSchema, registerSchema };
export type LoginForm = z.input<typeof loginSchema>;
export type RegisterForm = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;

export const resetRequestSchema = emailOnlySchema;

export const resetVerifySchema = z
  .object({
    code: codeSchema,
    new_password: passwordSchema,
    new_password2: z.string().min(1, 'Confirma tu contraseña'),
  })
  .refine((v) => v.new_password === v.new_password2, { path: ['new_password2'], message: 'Las contraseñas no coinciden' });
export type ResetVerifyForm = z.input<typeof resetVerifySchema>;
