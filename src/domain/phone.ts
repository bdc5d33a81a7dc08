// Argentine phone numbers as the shop keeps them: the 10 digits of area code and number
// (spec storefront §5: exactly 10 digits), whatever form they were typed, pasted or autofilled in.
import { z } from 'zod';
import { isValidPhone, normalizePhone } from './phone-format';

// Reading and writing a number needs no zod (phone-format.ts); importable from here too.
export { formatPhone, formatWhatsapp, isValidPhone, normalizePhone } from './phone-format';

/** Room for the longest usual written form, '+54 9 (011) 15-2345-6789'. */
export const PHONE_MAX_LENGTH = 30;

export const INVALID_PHONE = 'Ingresa un teléfono válido';
export const MISSING_AREA_CODE = 'Falta el código de área: ingresa el número sin 0 ni 15 (p. ej. 11 2345-6789)';

/** Why the normalised digits are not a phone, or null when they are one. */
export function phoneProblem(digits: string): string | null {
  if (isValidPhone(digits)) return null;
  return /^(?:15)?\d{8}$/.test(digits) ? MISSING_AREA_CODE : INVALID_PHONE;
}

/** A required phone, normalised to its 10 digits; the same rule in the forms and the API. */
export const phoneSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(PHONE_MAX_LENGTH, { error: INVALID_PHONE, abort: true })
    .transform(normalizePhone)
    .check((ctx) => {
      const problem = phoneProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    });

/**
 * The shop's WhatsApp in the settings (payment and contact share it): '' clears it; left out, the
 * stored one stays, so a form that did not change it never puts back the one it loaded.
 */
export const shopWhatsappField = () =>
  z
    .string({ error: 'El WhatsApp debe ser texto' })
    .trim()
    .transform((v) => (v === '' ? '' : normalizePhone(v)))
    .refine((v) => v === '' || /^\d{10}$/.test(v), 'Ingresa un WhatsApp válido: código de área y número, 10 dígitos')
    .optional();
