// Redeeming a coupon on an order, from the server's prices and the facts the caller gives (the
// customer's history is the orders' to say). The check endpoint's preview and the order's
// transaction call the same decideCoupon, the order with the coupon row locked to the commit, so
// they never disagree; the order then takes its use (takeUse). An edit of an order's lines decides
// its coupon again (couponAfterEdit).
//
// A coupon's uses: one row per order placed with it (coupon_uses) and the counter on the coupon
// (`uses`), both moved only under the coupon row's lock, inside the order's transaction. Every
// path that changes whether an order is active (cancel by the customer or staff, bulk cancel, the
// expiry job, reopen, delete) goes through moveCouponUse, called by the orders' applyChange and
// deleteOrder: a cancelled order gives its use back, a reopened one takes it again.
//
// Lock order: the coupon row is locked before the blisters (decision 0006), by checkouts
// and by cancels alike, so the two never wait for each other in a circle.
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  COUPON_MESSAGES,
  couponDroppedMessage,
  couponOnEditedLines,
  couponOnLines,
  couponRefusal,
  linesSubtotal,
  normalizeCouponCode,
  type CouponCheckResult,
  type CouponCombination,
  type CouponKind,
  type CouponLine,
  type CouponOutcome,
  type CouponRules,
} from '../../../domain/coupons';
import { formatArs } from '../../../domain/money';
import { priceBlister } from '../../../domain/pricing';
import type { DbOrTx, Tx } from '../../db/client';
import { couponUses, coupons } from '../../db/schema';
import { conflict } from '../../errors';
import { productBrandIds, type BlisterLine } from '../catalog';

export type CouponRow = typeof coupons.$inferSelect;

export const couponRules = (row: CouponRow): CouponRules => ({ ...row, brand_ids: row.brand_ids ?? [], types: row.types ?? [] });

/** The coupon a customer typed, matched without case or spaces; `lock` holds its row to the commit. */
async function findCouponByCode(db: DbOrTx, code: string, lock: boolean): Promise<CouponRow | undefined> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(coupons.code_key, normalizeCouponCode(code)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The coupon with this id, unlocked (an order's coupon, to price its edited lines again). */
async function findCoupon(db: DbOrTx, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

async function lockCoupon(tx: Tx, id: number): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

/** The customer's uses of the coupon, for the per-customer rule (read under the coupon's lock when ordering). */
async function customerUses(db: DbOrTx, couponId: number, userId: number): Promise<number> {
  const [uses] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponUses)
    .where(and(eq(couponUses.coupon_id, couponId), eq(couponUses.user_id, userId), isNull(couponUses.returned_at)));
  return uses.n;
}

/**
 * Takes one use for a new order: the counter moves only while it is under max_uses (the row is
 * locked already; the condition keeps it true whatever the caller did). 409 when none is left.
 */
export async function takeUse(tx: Tx, couponId: number, orderId: number, userId: number | null, now: Date): Promise<void> {
  await takeCount(tx, couponId);
  await tx.insert(couponUses).values({ coupon_id: couponId, order_id: orderId, user_id: userId, created_at: now });
}

async function takeCount(tx: Tx, couponId: number) {
  const taken = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, couponId), sql`(${coupons.max_uses} is null or ${coupons.uses} < ${coupons.max_uses})`))
    .returning({ uses: coupons.uses });
  if (taken.length === 0) throw conflict(COUPON_MESSAGES.exhausted, 'COUPON_REFUSED');
}

/**
 * An order with a coupon going from active to not (cancel, delete) gives its use back; from
 * cancelled to active (reopen) takes it again, refused (409) when the coupon has none left.
 */
export async function moveCouponUse(
  tx: Tx,
  order: { id: number; coupon_id: number | null; coupon_code: string | null },
  wasActive: boolean,
  isActive: boolean,
  now: Date,
): Promise<void> {
  if (!order.coupon_id || wasActive === isActive) return;
  await lockCoupon(tx, order.coupon_id);
  if (wasActive) {
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(eq(coupons.id, order.coupon_id));
    await tx.update(couponUses).set({ returned_at: now }).where(eq(couponUses.order_id, order.id));
    return;
  }
  try {
    await takeCount(tx, order.coupon_id);
  } catch {
    throw conflict(`El cupón ${order.coupon_code} ya se agotó: el pedido no se puede reabrir con él.`, 'COUPON_REFUSED');
  }
  await tx.update(couponUses).set({ returned_at: null }).where(eq(couponUses.order_id, order.id));
}

/** A priced line as the coupon sees it: list price (before the brands' discounts) and price after them. */
export function couponLine(p: BlisterLine, quantity: number, price: number, dollarRate: number): CouponLine {
  const view = priceBlister({ price: p.price, discount: 0 }, p.currency, dollarRate, null, new Date(0));
  return { brand_id: p.brand_id, product_type: p.product_type, list_price: Math.max(view?.price ?? price, price), price, quantity };
}

/** The customer a code is tried for: `hasOrders` answers whether they have an order that is not cancelled. */
export interface CouponCustomer {
  id: number;
  hasOrders: () => Promise<boolean>;
}

/** The cart a code is tried on: its lines at the server's prices, when, and how the shop combines discounts. */
interface CouponCart {
  lines: CouponLine[];
  now: Date;
  combination: CouponCombination;
}

export type CouponDecision = { coupon: CouponRow; outcome: CouponOutcome } | { refusal: string; coupon: CouponRow | null };

/**
 * Whether the typed code applies to this cart for this customer, and how. With `lock` (inside
 * the order's transaction) the coupon row stays locked until the commit, and the customer's uses
 * and history are read after it: they cannot change before the order takes its use.
 */
export async function decideCoupon(
  db: DbOrTx,
  code: string,
  customer: CouponCustomer,
  cart: CouponCart,
  lock: boolean,
): Promise<CouponDecision> {
  const coupon = await findCouponByCode(db, code, lock);
  if (!coupon) return { refusal: COUPON_MESSAGES.notFound, coupon: null };
  const facts = {
    now: cart.now,
    lines: cart.lines,
    customer_uses: await customerUses(db, coupon.id, customer.id),
    has_orders: await customer.hasOrders(),
  };
  const refusal = couponRefusal(couponRules(coupon), facts);
  if (refusal) return { refusal, coupon };
  return { coupon, ...couponOnLines(couponRules(coupon), cart.lines, cart.combination) };
}

/** The coupon an order is placed with, its row locked to the commit, or 409 COUPON_REFUSED with the reason in Spanish. */
export async function couponForOrder(tx: Tx, code: string, customer: CouponCustomer, cart: CouponCart) {
  const decision = await decideCoupon(tx, code, customer, cart, true);
  if ('refusal' in decision) throw conflict(decision.refusal, 'COUPON_REFUSED', { coupon_code: code });
  return decision;
}

/** POST /api/coupons/check/'s answer: the decision as the checkout shows it. */
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

/** An order line as an edit leaves it, at the price the order charges. */
interface EditedLine {
  product_id: number | null;
  product_type: string | null;
  price_at_time: number;
  quantity: number;
}

/**
 * The coupon on an order's edited lines: decided again by the checkout's cart rules on the lines
 * as they are now, at the prices the order charges. Lines whose product is gone count as no brand.
 */
async function couponOnOrderLines(tx: Tx, coupon: CouponRow, lines: EditedLine[]) {
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

/** An order as its coupon sees it. */
interface OrderWithCoupon {
  id: number;
  coupon_id: number | null;
  coupon_code: string | null;
  coupon_kind: CouponKind | null;
  coupon_discount: number;
}

/**
 * An order's coupon after a change (customer or staff). Kept, a free-shipping coupon keeps a new
 * delivery's shipping at $ 0 and, when the lines changed on an active order, its discount is
 * computed on the new lines; refused there (decision 0016), it leaves the order and gives its use
 * back (under the coupon's lock, before the blisters'), and `couponDropped` says why in Spanish.
 */
export async function couponAfterEdit<D extends { shipping_price: number | null }>(
  tx: Tx,
  order: OrderWithCoupon,
  next: { lines: EditedLine[]; linesChanged: boolean; active: boolean; delivery?: D },
  now: Date,
): Promise<{ delivery?: D; couponDiscount: number; couponDropped: string | null }> {
  const unchanged = { delivery: next.delivery, couponDiscount: order.coupon_discount, couponDropped: null };
  if (!order.coupon_id) return unchanged;
  const delivery =
    next.delivery && order.coupon_kind === 'free_shipping' && next.delivery.shipping_price !== null
      ? { ...next.delivery, shipping_price: 0 }
      : next.delivery;
  const kept = { delivery, couponDiscount: order.coupon_discount, couponDropped: null };
  if (!next.linesChanged || !next.active) return kept;
  const coupon = await findCoupon(tx, order.coupon_id);
  if (!coupon) return kept;
  const decision = await couponOnOrderLines(tx, coupon, next.lines);
  if ('outcome' in decision) return { ...kept, couponDiscount: decision.outcome.discount };
  await moveCouponUse(tx, order, true, false, now);
  return { delivery: next.delivery, couponDiscount: 0, couponDropped: couponDroppedMessage(coupon.code, decision.refusal) };
}
