// The 6-digit codes the shop e-mails (verification, e-mail change, password reset), without zod so
// the form fields can use them without loading it.

export const CODE_DIGITS = 6;

/** The digits of a code as typed or pasted from the e-mail ('    351599', '351 599'): spaces and
 * any other character are dropped before the length is checked. */
export const normalizeCode = (value: string) => value.replace(/\D/g, '');
