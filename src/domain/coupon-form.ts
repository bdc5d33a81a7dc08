// The staff's coupon form as typed: amounts the way the shop writes them ("22.000", "1.450,50"),
// limits as text (empty: no limit) and the days of the date inputs, read into what
// couponInputSchema takes. Only what the text itself gets wrong is refused here; every other rule
// is the server's, whose refusals come back on the same fields.
import { z } from 'zod';
import { PRODUCT_TYPES } from './catalog-constants';
import { COUPON_KINDS, type CouponKind } from './coupons';
import { SHOP_UTC_OFFSET } from './dates';
import { parseArsAmount } from './money';

const LIMIT_MESSAGE = 'Un número entero de 1 en adelante, o vacío para sin límite';

/** An amount typed; blank reads as 0 when `optional`. */
const typedAmount = (optional: boolean) =>
  z.string().transform((text, ctx) => {
    if (optional && text.trim() === '') return 0;
    const parsed = parseArsAmount(text);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.error, input: text });
    return z.NEVER;
  });

const typedLimit = z.string().transform((text, ctx) => {
  if (text.trim() === '') return null;
  const n = Number(text);
  if (Number.isInteger(n) && n >= 1) return n;
  ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGE, input: text });
  return z.NEVER;
});

/** A coupon starts at the first minute of its day and ends at the last one, on the shop's clock. */
const typedDay = (time: string) => z.string().transform((day) => (day ? `${day}T${time}${SHOP_UTC_OFFSET}` : null));

/** The form of a coupon of `kind` (a free shipping has no value to type). */
export const couponFormSchema = (kind: CouponKind) =>
  z.object({
    code: z.string().transform((code) => code.trim()),
    kind: z.enum(COUPON_KINDS),
    value: kind === 'free_shipping' ? z.string().transform(() => 0) : typedAmount(false),
    min_subtotal: typedAmount(true),
    starts_at: typedDay('00:00:00'),
    ends_at: typedDay('23:59:59'),
    max_uses: typedLimit,
    max_uses_per_customer: typedLimit,
    first_order_only: z.boolean(),
    brand_ids: z.array(z.number()),
    types: z.array(z.enum(PRODUCT_TYPES)),
  });
export type CouponFormFields = z.input<ReturnType<typeof couponFormSchema>>;
export type CouponFormValues = z.output<ReturnType<typeof couponFormSchema>>;
