// Argentine phone numbers read and written without zod: the storefront's first load (the footer's
// WhatsApp) imports this; the schemas are in phone.ts.

export const PHONE_DIGITS = 10;

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

// The area codes of three digits (ENACOM's numbering plan); 11 has two and every other, four.
const THREE_DIGIT_AREAS = new Set([
  '220',
  '221',
  '223',
  '230',
  '236',
  '237',
  '249',
  '260',
  '261',
  '263',
  '264',
  '266',
  '280',
  '291',
  '294',
  '297',
  '298',
  '299',
  '336',
  '341',
  '342',
  '343',
  '345',
  '348',
  '351',
  '353',
  '358',
  '362',
  '364',
  '370',
  '376',
  '379',
  '380',
  '381',
  '383',
  '385',
  '387',
  '388',
]);

/**
 * A phone as the shop shows it, the Argentine way: area code, then the number with a dash before
 * its last four digits ('11 5555-1234', '351 555-1234', '2966 42-1234'). What is not a phone of
 * 10 digits is shown as it was written.
 */
export function formatPhone(value: string | null | undefined): string {
  const written = (value ?? '').trim();
  const digits = normalizePhone(written);
  if (!isValidPhone(digits)) return written;
  const area = digits.startsWith('11') ? 2 : THREE_DIGIT_AREAS.has(digits.slice(0, 3)) ? 3 : 4;
  const local = digits.slice(area);
  return `${digits.slice(0, area)} ${local.slice(0, -4)}-${local.slice(-4)}`;
}

/** A WhatsApp number as the shop shows it, international with the mobile 9: '+54 9 11 5555-1234'. */
export function formatWhatsapp(value: string | null | undefined): string {
  const national = formatPhone(value);
  return isValidPhone(normalizePhone(national)) ? `+54 9 ${national}` : national;
}
