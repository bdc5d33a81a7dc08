// Argentine phone numbers as the shop keeps them: the 10 digits of area code and number
// (spec storefront §5: exactly 10 digits), whatever form they were typed, pasted or autofilled in.
import { z } from 'zod';

export const PHONE_DIGITS = 10;
/** Room for the longest usual written form, '+54 9 (011) 15-2345-6789'. */
export const PHONE_MAX_LENGTH = 30;

/**
 * The national 10 digits of a number written with spaces, dashes, dots or parentheses, with the
 * country code (+54, 0054) and its mobile 9, the trunk 0 and the mobile 15 after the area code.
 * Anything else is left in, for the validation to refuse.
 */
export function normalizePhone(value: string): string {
  const compact = value.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return compact;
  let digits = compact.replace(/^\+/, '');
  const international = /^(?:00)?54/.exec(digits);
  if (international && digits.length > PHONE_DIGITS) {
    digits = digits.slice(international[0].length);
    // No area code starts with 9: after the country code it is the mobile prefix.
    if (digits.startsWith('9')) digits = digits.slice(1);
  }
  if (digits.length > PHONE_DIGITS && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === PHONE_DIGITS + 2) {
    // Area codes have 2 to 4 digits (11, 351, 2966); a mobile's 15 follows them.
    const at = [2, 3, 4].find((i) => digits.startsWith('15', i));
    if (at !== undefined) digits = digits.slice(0, at) + digits.slice(at + 2);
  }
  return digits;
}

// Every area code is 11 or starts with 2 or 3, so 10 digits starting with 15 are a mobile's 15
// and its 8 digits, without the area code ('15 2345 6789').
const PHONE_PATTERN = /^(?:11|[23]\d)\d{8}$/;
export const isValidPhone = (digits: string) => PHONE_PATTERN.test(digits);

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
