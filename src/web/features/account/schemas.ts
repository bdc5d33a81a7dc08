// Mi Cuenta forms, built from the shared rules of src/domain/auth.ts (spec accounts-admin §5 Profile).
import type { z } from 'zod';
import { changePasswordFormSchema, profileFormSchema, verifyChangeSchema } from '../../../domain/auth';

export { deliveryDataFormSchema, type DeliveryDataForm, type DeliveryDataValues } from '../../../domain/auth';

export const namesFormSchema = profileFormSchema.pick({ first_name: true, last_name: true });
export type NamesForm = z.input<typeof namesFormSchema>;

export const emailChangeFormSchema = verifyChangeSchema.omit({ type: true });
export type EmailChangeForm = z.input<typeof emailChangeFormSchema>;
export type EmailChangeValues = z.output<typeof emailChangeFormSchema>;

export const passwordChangeFormSchema = changePasswordFormSchema;
export type PasswordChangeForm = z.input<typeof changePasswordFormSchema>;
