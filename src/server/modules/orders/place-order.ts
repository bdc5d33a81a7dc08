// How an order comes to be, for the checkout and the manual order alike, and the checkout's
// preview of a coupon. placeOrder is the whole workflow on one screen: the shop's configuration
// is read before the transaction (orderFacts); inside it the facts are read once, under the locks
// that keep them true to the commit (the customer, the prices, the coupon), the delivery and the
// totals follow from them (domain/shipping.ts, domain/order-totals.ts), and then each area is
// written once: the order, the coupon's use, the customer's address, the log, the stock.
import { and, asc, eq } from 'drizzle-orm';
import type { CouponCheckInput, CouponCheckResult } from '../../../domain/coupons';
import { UNPAID_STAGES } from '../../../domain/order-lifecycle';
import { orderTotals, totalsRefusal } from '../../../domain/order-totals';
import { pendingCapMessage, type OrderCreateInput, type OrderDto } from '../../../domain/orders';
import type { OrderSource } from '../../../domain/order-status';
import { chooseDelivery, sameAddress, type ShippingMethod } from '../../../domain/shipping';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { orderProducts, orders } from '../../db/schema';
import { conflict, refusedBy } from '../../errors';
import type { Logger } from '../../logger';
import { logActivity, type Actor } from '../../shared/activity-log';
import { lockRememberedDelivery, rememberDelivery, type RememberedDelivery } from '../auth';
import { type BlisterLine, applyStockDelta, heldBy, lockBlisters, readBlisters } from '../catalog';
import { checkResult, couponForOrder, couponLine, decideCoupon, takeUse, type CouponCustomer } from '../coupons';
import { readShippingMethod } from '../shipping';
import { getDollarRateValue, orderSettingsOf, readShopSettings, type ShopSettings } from '../site';
import { notifyOrderCreated } from './emails';
import { lineSummary, pricedLines, priceLines, subtotalOfLines, type TargetLine } from './lines';
import { hasActiveOrder } from './lookups';
import { customerView, withOrderDto, writeOrders, type OrderActor } from './records';
import { inStages } from './stages';

/** What an order is placed with, by a checkout or by staff (manual orders). */
export interface NewOrder {
  customer: { id: number; email: string; username: string; first_name: string; last_name: string };
  input: Omit<OrderCreateInput, 'customer_email'>;
  source: OrderSource;
  /** Who acts: the customer at checkout, staff for a manual order (the activity log says so). */
  actor: Actor;
  /** Checkouts keep to the cap of orders awaiting payment; staff entering a sale do not. */
  enforcePendingCap: boolean;
  internalNotes?: string;
}

/**
 * The shop's configuration an order is placed under, read once before the transaction: the dollar
 * rate, the moment, the settings and the shipping method chosen (undefined when none is, or it is gone).
 */
interface OrderFacts {
  dollarRate: number;
  now: Date;
  settings: ShopSettings;
  shippingMethod?: ShippingMethod;
}

/**
 * The one way an order comes to be: lines priced from the database inside the transaction, the
 * delivery quoted, the confirmed total checked, stock reserved under the blisters' locks
 * (decision 0006).
 */
export async function placeOrder(
  ctx: AppContext,
  tx: Tx,
  order: NewOrder,
  facts: OrderFacts,
): Promise<{ id: number; order_number: number }> {
  const { customer, input } = order;
  const { dollarRate, now, settings } = facts;
  // 1. The customer: their row locked first, then the cap of orders awaiting payment.
  const maxPending = orderSettingsOf(settings, ctx.config).max_pending_orders;
  const remembered = order.enforcePendingCap ? await checkPendingOrderCap(tx, customer.id, maxPending) : undefined;
  // 2. The prices, from the database (never from the client).
  const blisterIds = input.products.map((l) => l.blister_id);
  const blisters = new Map((await readBlisters(tx, blisterIds)).map((p) => [p.id, p]));
  const lines = priceLines(blisters, input.products, dollarRate, now);
  // 3. The coupon, decided from these prices with its row locked to the commit: the use taken
  //    below cannot be taken by a simultaneous checkout too (decision 0016).
  const coupon = input.coupon_code
    ? await couponForOrder(tx, input.coupon_code, couponCustomer(tx, customer.id), {
        lines: couponLines(blisters, lines, dollarRate),
        now,
        combination: settings.coupon_combination,
      })
    : null;
  if (coupon) coupon.outcome.prices.forEach((price, i) => (lines[i].price_at_time = price));
  // 4. The delivery: the method chosen, quoted for what the products cost (free shipping from a
  //    subtotal); and the address and phone the next checkout starts from, when they changed.
  const delivery = chooseDelivery(input, facts.shippingMethod, subtotalOfLines(lines));
  if ('refusal' in delivery) throw refusedBy(delivery.refusal);
  const unchanged = remembered && sameAddress(remembered.last_address, delivery.address) && remembered.phone === input.customer_phone;
  const addressToRemember = unchanged ? null : delivery.address;
  // 5. The totals: something to pay, and the total the customer confirmed.
  const totals = orderTotals({ products: pricedLines(lines), shipping: delivery.columns.shipping_price, coupon: coupon?.outcome });
  const confirmed = input.expected_total === undefined ? undefined : { total: input.expected_total, lines: confirmedLines(lines) };
  const refused = totalsRefusal(totals, confirmed);
  if (refused) throw conflict(refused.message, refused.code, refused.details);
  // 6. The writes, each area once: the order and its lines, the coupon's use, the account's
  //    address, the log; the blisters are locked last (decision 0006).
  const [row] = await tx
    .insert(orders)
    .values({
      user_id: customer.id,
      status: 'pending',
      total: totals.total,
      recipient_name: input.recipient_name,
      // The account's address: confirmations never go to an address typed in a form.
      customer_email: customer.email,
      customer_phone: input.customer_phone,
      ...delivery.columns,
      shipping_price: totals.shipping,
      customer_username: customer.username,
      customer_first_name: customer.first_name,
      customer_last_name: customer.last_name,
      dollar_rate: dollarRate,
      source: order.source,
      created_by: order.source === 'manual' ? order.actor.id : null,
      internal_notes: order.internalNotes ?? '',
      coupon_id: coupon?.coupon.id ?? null,
      coupon_code: coupon?.coupon.code ?? null,
      coupon_kind: coupon?.coupon.kind ?? null,
      coupon_discount: totals.coupon_discount,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: orders.id, order_number: orders.order_number });
  await tx
    .insert(orderProducts)
    .values(lines.map((l) => ({ ...l, order_id: row.id, created_at: now })))
    .catch(refuseDeletedProduct);
  if (coupon) await takeUse(tx, coupon.coupon.id, row.id, customer.id, now);
  if (addressToRemember) await rememberDelivery(tx, customer.id, addressToRemember, input.customer_phone);
  await logActivity(tx, {
    action: 'order',
    description:
      order.source === 'manual'
        ? `Nuevo pedido manual #${row.order_number} para ${customer.email}, cargado por ${order.actor.username}`
        : `Nuevo pedido #${row.order_number} de ${customer.username}`,
    actor: order.actor,
    entity_type: 'order',
    entity_id: row.id,
    changes: {
      order_total: totals.total,
      shipping: totals.shipping,
      status: 'pending',
      source: order.source,
      products: lineSummary(lines),
      ...(coupon ? { coupon: coupon.coupon.code, coupon_discount: totals.coupon_discount } : {}),
    },
  });
  // Popular blisters are held only for the stock check, the decrement and the commit; a
  // shortage (409) rolls the order back with everything else.
  await applyStockDelta(tx, await lockBlisters(tx, blisterIds), heldBy(lines), now);
  return row;
}

/** The checkout (POST /api/orders/): the facts read once, the order placed, the answer and the e-mail. */
export async function createOrder(ctx: AppContext, customer: OrderActor, input: OrderCreateInput, log?: Logger): Promise<OrderDto> {
  const facts = await orderFacts(ctx, input.shipping_method_id);
  const order = await writeOrders(ctx, (tx) =>
    placeOrder(ctx, tx, { customer, input, source: 'web', actor: customer, enforcePendingCap: true }, facts),
  );
  const dto = await withOrderDto(ctx, order.id, {}, await customerView(ctx, facts.settings));
  await notifyOrderCreated(ctx, dto, log, facts.settings);
  return dto;
}

/**
 * Read once, before the transaction: the dollar rate, the moment, the settings (the cap, the
 * coupon combination, the payment data the answer and the confirmation e-mail say) and the
 * shipping method chosen, if one is. None of them is locked by an order: what the order locks
 * (the customer, the coupon, the blisters) is read inside its transaction.
 */
export async function orderFacts(ctx: AppContext, shippingMethodId?: number | null): Promise<OrderFacts> {
  return {
    dollarRate: await getDollarRateValue(ctx.db),
    now: ctx.now(),
    settings: await readShopSettings(ctx),
    shippingMethod: shippingMethodId ? await readShippingMethod(ctx.db, shippingMethodId) : undefined,
  };
}

/**
 * POST /api/coupons/check/: the discount the code would give this cart now, from the same prices
 * and the same decision as placeOrder (without locking: the order decides again when placed).
 */
export async function checkCoupon(ctx: AppContext, customer: OrderActor, input: CouponCheckInput): Promise<CouponCheckResult> {
  const { dollarRate, now, settings } = await orderFacts(ctx);
  const blisters = new Map(
    (
      await readBlisters(
        ctx.db,
        input.products.map((l) => l.blister_id),
      )
    ).map((p) => [p.id, p]),
  );
  const lines = couponLines(blisters, priceLines(blisters, input.products, dollarRate, now), dollarRate);
  const cart = { lines, now, combination: settings.coupon_combination };
  return checkResult(await decideCoupon(ctx.db, input.code, couponCustomer(ctx.db, customer.id), cart, false), lines);
}

/** The customer as the coupon asks about them: their history is whether they have an order that is not cancelled. */
const couponCustomer = (db: DbOrTx, id: number): CouponCustomer => ({ id, hasOrders: () => hasActiveOrder(db, id) });

/** Staff deleted a product between our read and the lines' insert: refuse, the transaction rolls back. */
function refuseDeletedProduct(error: unknown): never {
  if (isForeignKeyViolation(error)) {
    throw conflict('Uno de los productos de tu carrito ya no existe. Quítalo e intenta nuevamente.', 'PRODUCT_UNAVAILABLE');
  }
  throw error;
}

const confirmedLines = (lines: TargetLine[]) =>
  lines.map((l) => ({ product_id: l.product_id, blister_id: l.blister_id, quantity: l.quantity, price: l.price_at_time }));

const couponLines = (blisters: Map<number, BlisterLine>, lines: TargetLine[], dollarRate: number) =>
  lines.map((l) => couponLine(blisters.get(l.blister_id!)!, l.quantity, l.price_at_time, dollarRate));

/**
 * One customer keeps at most `max` orders awaiting payment (README: MAX_PENDING_ORDERS, or the
 * value staff set in 'Configuración'), so no one can hold the whole stock for PENDING_ORDER_DAYS.
 * Paid and shipped orders hold no slot. The customer's row is locked first: two checkouts of one
 * customer at the cap wait for each other instead of both counting the same orders.
 */
async function checkPendingOrderCap(tx: Tx, userId: number, max: number): Promise<RememberedDelivery | undefined> {
  const remembered = await lockRememberedDelivery(tx, userId);
  const unpaid = await tx
    .select({ order_number: orders.order_number })
    .from(orders)
    .where(and(eq(orders.user_id, userId), inStages(UNPAID_STAGES)))
    .orderBy(asc(orders.created_at));
  if (unpaid.length >= max) {
    const numbers = unpaid.map((o) => o.order_number);
    throw conflict(pendingCapMessage(numbers, max), 'TOO_MANY_PENDING_ORDERS', { max_pending_orders: max, unpaid_orders: numbers });
  }
  return remembered;
}
