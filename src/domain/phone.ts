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

const PHONE_PATTERN = /^\d{10}$/;
export const isValidPhone = (digits: string) => PHONE_PATTERN.test(digits);

/** A required phone, normalised to its 10 digits; the same rule in the forms and the API. */
export const phoneSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(PHONE_MAX_LENGTH, { error: 'Ingresa un teléfono válido', abort: true })
    .transform(normalizePhone)
    .pipe(z.string().regex(PHONE_PATTERN, 'Ingresa un teléfono válido'));
