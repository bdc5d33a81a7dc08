// A coupon on a cart, from the server's prices: the check endpoint's preview and the order's
// transaction call the same function (placeOrder with `lock`), so they never disagree.
import {
  COUPON_MESSAGES,
  couponOnEditedLines,
  couponOnLines,
  couponRefusal,
  linesSubtotal,
  type CouponOnLines,
  type CouponCheckResult,
  type CouponCombination,
  type CouponLine,
  type CouponOutcome,
} from '../../../domain/coupons';
import { formatArs } from '../../../domain/money';
import { priceBlister } from '../../../domain/pricing';
import type { DbOrTx, Tx } from '../../db/client';
import { productBrandIds } from '../catalog';
import { type CouponRow, couponRules, customerFacts, findCouponByCode } from '../coupons';
import type { AppContext } from '../../context';
import type { BlisterLine } from '../catalog';

/** A priced line as the coupon sees it: list price (before the brands' discounts) and price after them. */
export function couponLine(p: BlisterLine, quantity: number, price: number, dollarRate: number): CouponLine {
  const view = priceBlister({ price: p.price, discount: 0 }, p.currency, dollarRate, null, new Date(0));
  return { brand_id: p.brand_id, product_type: p.product_type, list_price: Math.max(view?.price ?? price, price), price, quantity };
}

export type CouponDecision = { coupon: CouponRow; outcome: CouponOutcome } | { refusal: string; coupon: CouponRow | null };

/**
 * Whether the typed code applies to these lines for this customer, and how. With `lock` (inside
 * the order's transaction) the coupon row stays locked until the commit: the uses and the
 * customer's history read here cannot change before the order takes its use. `combination`: how
 * the shop's settings combine coupons with the brands' discounts.
 */
export async function decideCoupon(
  ctx: AppContext,
  db: DbOrTx,
  code: string,
  customerId: number,
  lines: CouponLine[],
  now: Date,
  lock: boolean,
  combination: CouponCombination,
): Promise<CouponDecision> {
  const coupon = await findCouponByCode(db, code, lock);
  if (!coupon) return { refusal: COUPON_MESSAGES.notFound, coupon: null };
  const refusal = couponRefusal(couponRules(coupon), { now, lines, ...(await customerFacts(db, coupon.id, customerId)) });
  if (refusal) return { refusal, coupon };
  return { coupon, ...couponOnLines(couponRules(coupon), lines, combination) };
}

export function checkResult(decision: CouponDecision, lines: CouponLine[]): CouponCheckResult {
  if ('refusal' in decision) {
    return {
      subtotal: linesSubtotal(
        lines,
        lines.map((l) => l.price),
      ),
      valid: false,
      discount: 0,
      message: decision.refusal,
      code: decision.coupon?.code ?? null,
      kind: decision.coupon?.kind ?? null,
      free_shipping: false,
    };
  }
  const { coupon, outcome } = decision;
  return {
    subtotal: linesSubtotal(lines, outcome.prices),
    valid: true,
    discount: outcome.discount,
    message: outcome.free_shipping
      ? `Cupón ${coupon.code} aplicado: envío gratis`
      : `Cupón ${coupon.code} aplicado: ${formatArs(outcome.discount)} de descuento`,
    code: coupon.code,
    kind: coupon.kind,
    free_shipping: outcome.free_shipping,
  };
}

/**
 * An order's coupon after an edit of its lines (by the customer or staff): decided again by the
 * checkout's cart rules on the lines as they are now, at the prices the order charges. Lines
 * whose product is gone count as no brand.
 */
export async function couponAfterLineEdit(
  tx: Tx,
  coupon: CouponRow,
  lines: { product_id: number | null; product_type: string | null; price_at_time: number; quantity: number }[],
): Promise<CouponOnLines> {
  const ids = [...new Set(lines.flatMap((l) => (l.product_id ? [l.product_id] : [])))];
  const brandOf = await productBrandIds(tx, ids);
  return couponOnEditedLines(
    couponRules(coupon),
    lines.map((l) => ({
      brand_id: l.product_id ? (brandOf.get(l.product_id) ?? null) : null,
      product_type: l.product_type,
      list_price: l.price_at_time,
      price: l.price_at_time,
      quantity: l.quantity,
    })),
  );
}
