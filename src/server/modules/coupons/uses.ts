// A coupon's uses: one row per order placed with it (coupon_uses) and the counter on the coupon
// (`uses`), both moved only under the coupon row's lock, inside the order's transaction. Every
// path that changes whether an order is active (cancel by the customer or staff, bulk cancel, the
// expiry job, reopen, delete) goes through moveCouponUse, called by orders/service applyChange
// and deleteOrder: a cancelled order gives its use back, a reopened one takes it again.
//
// Lock order: the coupon row is locked before the blisters (decision 0006), by checkouts
// and by cancels alike, so the two never wait for each other in a circle.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { COUPON_MESSAGES, normalizeCouponCode, type CouponRules } from '../../../domain/coupons';
import type { DbOrTx, Tx } from '../../db/client';
import { couponUses, coupons } from '../../db/schema';
import { hasActiveOrder } from '../orders/lookups';
import { conflict } from '../../errors';

export type CouponRow = typeof coupons.$inferSelect;

export const couponRules = (row: CouponRow): CouponRules => ({ ...row, brand_ids: row.brand_ids ?? [], types: row.types ?? [] });

/** The coupon a customer typed, matched without case or spaces; `lock` holds its row to the commit. */
export async function findCouponByCode(db: DbOrTx, code: string, lock: boolean): Promise<CouponRow | undefined> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(coupons.code_key, normalizeCouponCode(code)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The coupon with this id, unlocked (an order's coupon, to price its edited lines again). */
export async function findCoupon(db: DbOrTx, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

export async function lockCoupon(tx: Tx, id: number): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

/** The customer's facts for the per-customer and first-order rules (read under the coupon's lock when ordering). */
export async function customerFacts(db: DbOrTx, couponId: number, userId: number): Promise<{ customer_uses: number; has_orders: boolean }> {
  const [uses] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponUses)
    .where(and(eq(couponUses.coupon_id, couponId), eq(couponUses.user_id, userId), isNull(couponUses.returned_at)));
  return { customer_uses: uses.n, has_orders: await hasActiveOrder(db, userId) };
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
