// Orders: creation with stock reserved in the same transaction, and every later change (by the
// owner or by staff) done under a lock on the order row so stock moves exactly once.
import { hasPermission, type StaffRole } from '../../../domain/staff-roles';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { formatArs, roundCents, sameAmount } from '../../../domain/money';
import { refundOnCancel, refusal, UNPAID_STAGES, type OrderAction } from '../../../domain/order-lifecycle';
import {
  CANCELLED_FOR_NO_PRODUCTS,
  EXPIRED_ORDER_REASON,
  isOrderActive,
  ORDER_STATUS_LABELS,
  pendingCapMessage,
  type AdminOrderLineInput,
  type AdminOrderListQuery,
  type AdminOrderUpdate,
  type CustomerOrderUpdate,
  type MyOrdersQuery,
  type OrderCreateInput,
  type OrderLineInput,
  type OrderDto,
  type OrderStatus,
  type OrderUpdateResult,
} from '../../../domain/orders';
import { leavesSomethingToPay, NOTHING_TO_PAY_MESSAGE, ORDER_TOTAL_ZERO, priceBlister } from '../../../domain/pricing';
import { orderTotalWithShipping, sameAddress, type Address } from '../../../domain/shipping';
import type { OrderSource } from '../../../domain/order-status';
import { chooseDelivery, storedAddress, type DeliveryColumns } from './delivery';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isForeignKeyViolation, retryingDeadlocks } from '../../db/errors';
import { orderProducts, orders } from '../../db/schema';
import { lockRememberedDelivery, rememberDelivery, type RememberedDelivery } from '../auth/accounts';
import { findCoupon, moveCouponUse, takeUse } from '../coupons/uses';
import { checkResult, couponAfterLineEdit, couponLine, decideCoupon } from './coupon';
import { couponDroppedMessage, type CouponCheckInput, type CouponCheckResult } from '../../../domain/coupons';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { diff, logActivity, type Actor } from '../activity/log';
import { getDollarRateValue } from '../site/dollar-rate';
import { paymentInstructions } from '../../../domain/fulfilment';
import { orderSettingsOf } from '../site/order-settings';
import { shopWhatsapp } from '../site/payment-settings';
import { readShopSettings, type ShopSettings } from '../site/settings';
import { sendRestockNoticesSoon } from '../stock-alerts/restock';
import { notifyCustomerChange, notifyOrderCreated, notifyOrderEdited, notifyStatusChanged } from './emails';
import { findOrderDto, findOrderDtoByNumber, listAdminOrders, listUserOrders, STAFF_VIEW, type OrderView } from './queries';
import { inStages } from './stages';
import { applyStockDelta, heldBy, lockBlisters, moveStock, NOTHING_HELD, readBlisters } from '../catalog/stock';
import type { BlisterLine } from '../catalog/blisters';

/** Who is calling, as the auth plugin loaded it. */
export interface OrderActor extends Actor {
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_superuser: boolean;
  /** The staff role and custom permissions, as the auth plugin loaded them (src/domain/staff-roles.ts). */
  role?: StaffRole | null;
  staff_permissions?: string[] | null;
}

export const ORDER_NOT_FOUND = 'Pedido no encontrado';

export type OrderRecord = typeof orders.$inferSelect;
type LineRecord = typeof orderProducts.$inferSelect;
/** A line as it will be after a change: `id` for lines that exist already. */
type TargetLine = Omit<LineRecord, 'id' | 'order_id' | 'created_at'> & { id?: number };

const orderTotal = (lines: { price_at_time: number; quantity: number }[]) =>
  roundCents(lines.reduce((sum, l) => sum + l.price_at_time * l.quantity, 0));

const lineSummary = (lines: TargetLine[]) =>
  lines.map((l) => ({
    product_id: l.product_id,
    blister_id: l.blister_id,
    product_name: l.product_name,
    seed_count: l.seed_count,
    quantity: l.quantity,
    price_at_time: l.price_at_time,
  }));

const sameLines = (a: TargetLine[], b: TargetLine[]) => JSON.stringify(lineSummary(a)) === JSON.stringify(lineSummary(b));

/** The snapshot an order line keeps of the product, so the order survives catalog changes. */
function snapshotLine(p: BlisterLine, quantity: number, priceAtTime: number): TargetLine {
  return {
    product_id: p.product_id,
    blister_id: p.id,
    quantity,
    price_at_time: priceAtTime,
    product_name: p.product_name,
    product_image: p.product_image,
    product_brand: p.brand_name,
    product_type: p.product_type,
    seed_count: p.seed_count,
    // Issue 37: the cost when sold, like the price, so later cost changes never rewrite margins.
    cost_at_time: p.cost_price,
  };
}

/** ARS unit price after discounts, from the database only (architecture: never from the client). */
function unitPrice(p: BlisterLine, dollarRate: number, now: Date): number | null {
  const view = priceBlister({ price: p.price, discount: p.discount }, p.currency, dollarRate, p, now);
  return view ? view.final_price : null;
}

/**
 * Every write to orders goes through here: once its writes have ended (committed, or failed with
 * an unknown outcome), the caches they make stale are dropped (the staff list, and the catalog
 * whose stock they moved), so the next read in this process, the client's included, sees them.
 * A batch of transactions (the expiry job) drops them once, after the last.
 */
export async function afterOrderWrites<T>(ctx: AppContext, writes: () => Promise<T>): Promise<T> {
  try {
    return await writes();
  } finally {
    ctx.caches.ordersChanged();
  }
}

/** One transaction writing orders (afterOrderWrites). */
export function writeOrders<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return afterOrderWrites(ctx, () => retryingDeadlocks(() => ctx.db.transaction(work)));
}

/**
 * How a customer sees their orders: while one waits for payment, with the shop's payment
 * instructions and the WhatsApp to send the payment message to.
 */
export async function customerView(ctx: AppContext, settings?: ShopSettings): Promise<OrderView> {
  settings ??= await readShopSettings(ctx);
  return { audience: 'customer', paymentInstructions: paymentInstructions(settings), shopWhatsapp: shopWhatsapp(settings, ctx.config) };
}

export async function withOrderDto<T extends object>(ctx: AppContext, id: number, extra: T, view: OrderView): Promise<OrderDto & T> {
  const dto = await findOrderDto(ctx.db, id, view);
  if (!dto) throw notFound(ORDER_NOT_FOUND);
  return { ...dto, ...extra };
}

// ---------------------------------------------------------------------------------------------
// Creation

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
  if (unpaid.length >= max)
    throw conflict(
      pendingCapMessage(
        unpaid.map((o) => o.order_number),
        max,
      ),
      'TOO_MANY_PENDING_ORDERS',
      {
        max_pending_orders: max,
        unpaid_orders: unpaid.map((o) => o.order_number),
      },
    );
  return remembered;
}

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

/** Prices the lines from the database (never from the client), refusing what cannot be sold. */
function priceLines(byId: Map<number, BlisterLine>, inputs: OrderLineInput[], dollarRate: number, now: Date): TargetLine[] {
  return inputs.map((line) => {
    const p = byId.get(line.blister_id);
    const where = { product_id: line.product_id, blister_id: line.blister_id };
    if (!p || p.product_id !== line.product_id) {
      throw conflict('Uno de los productos de tu carrito ya no existe. Quítalo e intenta nuevamente.', 'PRODUCT_UNAVAILABLE', where);
    }
    if (p.deleted_at || !p.available) {
      throw conflict(`El producto ${p.product_name} ya no está disponible`, 'PRODUCT_UNAVAILABLE', where);
    }
    const price = unitPrice(p, dollarRate, now);
    // A line at $0 is never sold: a missing price, or a discount as large as the price.
    if (price === null || price <= 0) throw conflict(`El producto ${p.product_name} no tiene precio asignado`, 'NO_PRICE', where);
    return snapshotLine(p, line.quantity, price);
  });
}

/**
 * The one way an order comes to be, for a checkout and a manual order alike: lines priced and
 * shipping quoted from the database inside the transaction, the confirmed total checked, stock
 * reserved under the blisters' locks (decision 0006).
 */
export async function placeOrder(
  ctx: AppContext,
  tx: Tx,
  order: NewOrder,
  dollarRate: number,
  now: Date,
  settings: ShopSettings,
): Promise<{ id: number; order_number: number }> {
  const { customer, input } = order;
  const maxPending = orderSettingsOf(settings, ctx.config).max_pending_orders;
  const remembered = order.enforcePendingCap ? await checkPendingOrderCap(tx, customer.id, maxPending) : undefined;
  const blisterIds = input.products.map((l) => l.blister_id);
  const byId = new Map((await readBlisters(tx, blisterIds)).map((p) => [p.id, p]));
  const lines = priceLines(byId, input.products, dollarRate, now);
  // The coupon is decided here, from these prices, with its row locked to the commit: the use
  // taken below cannot be taken by a simultaneous checkout too (coupons/uses.ts).
  const coupon = input.coupon_code
    ? await couponForOrder(ctx, tx, input.coupon_code, customer.id, byId, lines, dollarRate, now, settings)
    : null;
  if (coupon) coupon.outcome.prices.forEach((price, i) => (lines[i].price_at_time = price));
  const subtotal = orderTotal(lines);
  const delivery = await chooseDelivery(tx, input, subtotal);
  if (coupon?.outcome.free_shipping && delivery.columns.shipping_price !== null) delivery.columns.shipping_price = 0;
  const couponDiscount = coupon?.outcome.discount ?? 0;
  assertSomethingToPay(subtotal, couponDiscount);
  const total = roundCents(orderTotalWithShipping(subtotal, delivery.columns.shipping_price) - couponDiscount);
  // The customer confirmed a total: a price that changed while the checkout was open (a
  // catalog edit, a new dollar rate, the shipping settings) stops the order instead of
  // charging more or less.
  if (input.expected_total !== undefined && !sameAmount(total, input.expected_total)) {
    throw conflict(
      `Los precios cambiaron mientras confirmabas: el total ahora es ${formatArs(total)}. Revisa tu pedido y confírmalo de nuevo.`,
      'PRICE_CHANGED',
      {
        total,
        subtotal,
        shipping: delivery.columns.shipping_price,
        lines: lines.map((l) => ({ product_id: l.product_id, blister_id: l.blister_id, quantity: l.quantity, price: l.price_at_time })),
      },
    );
  }
  const [row] = await tx
    .insert(orders)
    .values({
      user_id: customer.id,
      status: 'pending',
      total,
      recipient_name: input.recipient_name,
      // The account's address: confirmations never go to an address typed in a form.
      customer_email: customer.email,
      customer_phone: input.customer_phone,
      ...delivery.columns,
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
      coupon_discount: couponDiscount,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: orders.id, order_number: orders.order_number });
  try {
    await tx.insert(orderProducts).values(lines.map((l) => ({ ...l, order_id: row.id, created_at: now })));
  } catch (error) {
    // Staff deleted a product between our read and this insert: refuse, the transaction rolls back.
    if (isForeignKeyViolation(error)) {
      throw conflict('Uno de los productos de tu carrito ya no existe. Quítalo e intenta nuevamente.', 'PRODUCT_UNAVAILABLE');
    }
    throw error;
  }
  if (coupon) await takeUse(tx, coupon.coupon.id, row.id, customer.id, now);
  // The next checkout starts from this address and phone. Only when it changed: a customer who
  // orders to the same place again writes nothing (the checkout read the row when it locked it).
  const unchanged = remembered && sameAddress(remembered.last_address, delivery.address) && remembered.phone === input.customer_phone;
  if (delivery.address && !unchanged) await rememberDelivery(tx, customer.id, delivery.address, input.customer_phone);
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
      order_total: total,
      shipping: delivery.columns.shipping_price,
      status: 'pending',
      source: order.source,
      products: lineSummary(lines),
      ...(coupon ? { coupon: coupon.coupon.code, coupon_discount: couponDiscount } : {}),
    },
  });

  // The blisters are locked last: popular ones are then held only for the stock check,
  // the decrement and the commit, not while the order is written. A shortage (409) rolls
  // the order back with everything else.
  const locked = await lockBlisters(tx, blisterIds);
  await applyStockDelta(tx, locked, heldBy(lines), now);
  return row;
}

/** The coupon an order is placed with, or 409 COUPON_REFUSED with the reason in Spanish (nothing of the order is written). */
async function couponForOrder(
  ctx: AppContext,
  tx: Tx,
  code: string,
  customerId: number,
  byId: Map<number, BlisterLine>,
  lines: TargetLine[],
  dollarRate: number,
  now: Date,
  settings: ShopSettings,
) {
  const decision = await decideCoupon(
    ctx,
    tx,
    code,
    customerId,
    lines.map((l) => couponLine(byId.get(l.blister_id!)!, l.quantity, l.price_at_time, dollarRate)),
    now,
    true,
    settings.coupon_combination,
  );
  if ('refusal' in decision) throw conflict(decision.refusal, 'COUPON_REFUSED', { coupon_code: code });
  return decision;
}

/**
 * POST /api/coupons/check/: the discount the code would give this cart now, from the same prices
 * and the same decision as placeOrder (without locking: the order decides again when placed).
 */
export async function checkCoupon(ctx: AppContext, customer: OrderActor, input: CouponCheckInput): Promise<CouponCheckResult> {
  const dollarRate = await getDollarRateValue(ctx.db);
  const now = ctx.now();
  const byId = new Map(
    (
      await readBlisters(
        ctx.db,
        input.products.map((l) => l.blister_id),
      )
    ).map((p) => [p.id, p]),
  );
  const lines = priceLines(byId, input.products, dollarRate, now);
  const couponLines = lines.map((l) => couponLine(byId.get(l.blister_id!)!, l.quantity, l.price_at_time, dollarRate));
  const { coupon_combination } = await readShopSettings(ctx);
  return checkResult(await decideCoupon(ctx, ctx.db, input.code, customer.id, couponLines, now, false, coupon_combination), couponLines);
}

export async function createOrder(ctx: AppContext, customer: OrderActor, input: OrderCreateInput, log?: Logger): Promise<OrderDto> {
  const dollarRate = await getDollarRateValue(ctx.db);
  const now = ctx.now();
  // Read once, before the transaction: the cap, the coupon combination, and the payment data the
  // answer and the confirmation e-mail say.
  const settings = await readShopSettings(ctx);
  const order = await writeOrders(ctx, (tx) =>
    placeOrder(ctx, tx, { customer, input, source: 'web', actor: customer, enforcePendingCap: true }, dollarRate, now, settings),
  );
  const dto = await withOrderDto(ctx, order.id, {}, await customerView(ctx, settings));
  await notifyOrderCreated(ctx, dto, log, settings);
  return dto;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** A customer's orders: as the customer sees them, or as staff do (the user detail page). */
export async function listMyOrders(ctx: AppContext, userId: number, query: MyOrdersQuery, audience: 'customer' | 'staff' = 'customer') {
  const view = audience === 'staff' ? STAFF_VIEW : await customerView(ctx);
  return listUserOrders(ctx.db, userId, { status: query.status, page: query.page, pageSize: query.page_size, view });
}

/** Staff read any order; a customer only their own (anyone else's answers 404, not 403). */
export async function getOrder(ctx: AppContext, actor: OrderActor, id: number): Promise<OrderDto> {
  const dto = isStaff(actor) ? await findOrderDto(ctx.db, id) : await findOrderDto(ctx.db, id, await customerView(ctx), actor.id);
  if (!dto) throw notFound(ORDER_NOT_FOUND);
  return dto;
}

/** Staff open an order by the number they see on it (issue 34: ids drift from numbers). */
export async function getOrderByNumber(ctx: AppContext, orderNumber: number): Promise<OrderDto> {
  const dto = await findOrderDtoByNumber(ctx.db, orderNumber);
  if (!dto) throw notFound(ORDER_NOT_FOUND);
  return dto;
}

export async function listOrdersForAdmin(ctx: AppContext, query: AdminOrderListQuery) {
  const load = () => listAdminOrders(ctx.db, query, ctx.now(), ctx.caches.orderCounts);
  // Searches always read the database: they are rare, and staff expect them exact.
  return query.search ? load() : ctx.caches.orderPages.get(JSON.stringify(query), load);
}

/** Staff who may see every order read them whole; any other caller reads them as a customer. */
const isStaff = (actor: OrderActor) =>
  hasPermission({ staff_role: actor.role ?? null, staff_permissions: actor.staff_permissions ?? null }, 'can_view_orders');

/** Refuses (409 ORDER_TOTAL_ZERO) an order whose products would leave nothing to pay (domain/pricing.ts). */
function assertSomethingToPay(subtotal: number, couponDiscount: number): void {
  if (!leavesSomethingToPay(subtotal, couponDiscount))
    throw conflict(NOTHING_TO_PAY_MESSAGE, ORDER_TOTAL_ZERO, { subtotal, coupon_discount: couponDiscount });
}

/** Refuses (409) what the lifecycle does not allow from the order's stage (domain/order-lifecycle.ts). */
export function assertAllowed(order: OrderRecord, action: OrderAction): void {
  const refused = refusal(order, action);
  if (refused) throw conflict(refused.message, refused.code);
}

// ---------------------------------------------------------------------------------------------
// Changes

export async function lockOrder(tx: Tx, id: number): Promise<OrderRecord | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

const currentLines = (tx: Tx, orderId: number) =>
  tx.select().from(orderProducts).where(eq(orderProducts.order_id, orderId)).orderBy(asc(orderProducts.id));

interface NextState {
  status: OrderStatus;
  lines: TargetLine[];
  is_archived: boolean;
  cancel_reason: string | null;
  /** A new delivery (method, address, shipping price); undefined keeps the order's. */
  delivery?: DeliveryColumns;
}

const deliverySummary = (d: Pick<DeliveryColumns, 'shipping_name' | 'shipping_price' | 'shipping_address'>) => ({
  shipping: d.shipping_name,
  shipping_price: d.shipping_price,
  shipping_address: d.shipping_address,
});

const sameDelivery = (order: OrderRecord, next: DeliveryColumns) =>
  (Object.keys(next) as (keyof DeliveryColumns)[]).every((key) => order[key] === next[key]);

/**
 * An order's delivery after staff change it or its lines: quoted again from the settings for the
 * new subtotal (free shipping may start or end) and the address given or kept. When only the lines
 * change and the method no longer serves the order (removed, switched off), the order keeps its
 * copy: a line edit never fails for a settings change.
 */
async function deliveryAfterEdit(
  tx: Tx,
  order: OrderRecord,
  lines: TargetLine[],
  change: { shipping_method_id?: number | null; address?: Address },
): Promise<DeliveryColumns | undefined> {
  const subtotal = orderTotal(lines);
  // Dropping the method without giving an address is "Acordar entrega", not the old address at no cost.
  const agreeOnIt = change.shipping_method_id === null && !change.address;
  const address = agreeOnIt ? undefined : (change.address ?? storedAddress(order));
  const delivery = (methodId: number | null) => ({
    delivery_type: methodId ? order.delivery_type : address ? ('address' as const) : ('coordinate' as const),
    shipping_address: order.shipping_address,
    shipping_method_id: methodId,
    address,
  });
  if (change.shipping_method_id !== undefined || change.address) {
    const methodId = change.shipping_method_id !== undefined ? change.shipping_method_id : order.shipping_method_id;
    return (await chooseDelivery(tx, delivery(methodId), subtotal)).columns;
  }
  if (!order.shipping_method_id || !address) return undefined;
  try {
    return (await chooseDelivery(tx, delivery(order.shipping_method_id), subtotal)).columns;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return undefined;
    throw error;
  }
}

/**
 * Writes an order's next state: stock moves from what the order held to what it holds now (an
 * active order holds its lines, a cancelled one nothing), lines and order row follow.
 */
async function applyChange(tx: Tx, order: OrderRecord, current: LineRecord[], next: NextState, now: Date): Promise<ChangeApplied> {
  // The coupon's row before the blisters' (coupons/uses.ts): a cancel gives the use back, a reopen takes it.
  await moveCouponUse(tx, order, isOrderActive(order.status), isOrderActive(next.status), now);
  const { delivery, couponDiscount, couponDropped } = await couponAfterEdit(tx, order, current, next, now);
  const subtotal = orderTotal(next.lines);
  if (isOrderActive(next.status) && !sameLines(current, next.lines)) assertSomethingToPay(subtotal, couponDiscount);
  const before = isOrderActive(order.status) ? heldBy(current) : NOTHING_HELD;
  const after = isOrderActive(next.status) ? heldBy(next.lines) : NOTHING_HELD;
  await moveStock(tx, before, after, now);

  const kept = new Set(next.lines.flatMap((l) => (l.id ? [l.id] : [])));
  const removed = current.filter((l) => !kept.has(l.id)).map((l) => l.id);
  if (removed.length) await tx.delete(orderProducts).where(inArray(orderProducts.id, removed));
  for (const line of next.lines) {
    const { id, ...values } = line;
    if (!id) {
      await tx.insert(orderProducts).values({ ...values, order_id: order.id, created_at: now });
      continue;
    }
    const was = current.find((l) => l.id === id)!;
    if (was.quantity !== line.quantity || !sameAmount(was.price_at_time, line.price_at_time)) {
      await tx.update(orderProducts).set({ quantity: line.quantity, price_at_time: line.price_at_time }).where(eq(orderProducts.id, id));
    }
  }
  const shipping = delivery ? delivery.shipping_price : order.shipping_price;
  const total = roundCents(orderTotalWithShipping(subtotal, shipping) - couponDiscount);
  await tx
    .update(orders)
    .set({
      ...delivery,
      coupon_discount: couponDiscount,
      ...(couponDropped ? { coupon_id: null, coupon_code: null, coupon_kind: null } : {}),
      status: next.status,
      is_archived: next.is_archived,
      cancel_reason: next.cancel_reason,
      total,
      ...refundAfter(order, next.status),
      updated_at: now,
    })
    .where(eq(orders.id, order.id));
  return { total, couponDropped };
}

interface ChangeApplied {
  total: number;
  /** Why the order's coupon was taken off by this change (in Spanish), or null. */
  couponDropped: string | null;
}

/**
 * An order's coupon when its lines change (customer or staff, the order still active): decided
 * again with the checkout's cart rules (coupons.couponOnEditedLines). Kept, its discount is
 * computed on the new lines and a free-shipping coupon keeps the shipping at $ 0; refused, it
 * leaves the order and gives its use back (under the coupon's lock, before the blisters').
 */
async function couponAfterEdit(tx: Tx, order: OrderRecord, current: LineRecord[], next: NextState, now: Date) {
  const unchanged = { delivery: next.delivery, couponDiscount: order.coupon_discount, couponDropped: null };
  if (!order.coupon_id) return unchanged;
  const delivery =
    next.delivery && order.coupon_kind === 'free_shipping' && next.delivery.shipping_price !== null
      ? { ...next.delivery, shipping_price: 0 }
      : next.delivery;
  const kept = { delivery, couponDiscount: order.coupon_discount, couponDropped: null };
  if (sameLines(current, next.lines) || !isOrderActive(next.status)) return kept;
  const coupon = await findCoupon(tx, order.coupon_id);
  if (!coupon) return kept;
  const decision = await couponAfterLineEdit(tx, coupon, next.lines);
  if ('outcome' in decision) return { ...kept, couponDiscount: decision.outcome.discount };
  await moveCouponUse(tx, order, true, false, now);
  return { delivery: next.delivery, couponDiscount: 0, couponDropped: couponDroppedMessage(coupon.code, decision.refusal) };
}

/**
 * Cancelling an order that was paid leaves its payment owed back (refund 'owed', the amount
 * paid); re-opening it drops that debt. Other changes leave the refund as it is.
 */
function refundAfter(order: OrderRecord, status: OrderStatus) {
  if (status === 'cancelled' && order.status !== 'cancelled') {
    const owed = refundOnCancel(order);
    return { refund_status: owed, refund_amount: owed ? (order.payment_amount ?? order.total) : null };
  }
  if (status !== 'cancelled' && order.status === 'cancelled') return { refund_status: null, refund_amount: null };
  return {};
}

/** Cancels a locked order with all its lines (their stock goes back) and logs why. */
async function cancelOrder(tx: Tx, actor: Actor | null, order: OrderRecord, current: LineRecord[], reason: string, now: Date) {
  await applyChange(
    tx,
    order,
    current,
    { status: 'cancelled', lines: current, is_archived: order.is_archived, cancel_reason: reason },
    now,
  );
  await logStatusChange(tx, actor, order, 'cancelled', order.total, reason);
}

async function logStatusChange(tx: Tx, actor: Actor | null, order: OrderRecord, newStatus: OrderStatus, total: number, reason?: string) {
  await logActivity(tx, {
    action: 'status_change',
    description: `Pedido #${order.order_number}: ${ORDER_STATUS_LABELS[order.status]} → ${ORDER_STATUS_LABELS[newStatus]}${reason ? ` (${reason})` : ''}`,
    actor,
    entity_type: 'order',
    entity_id: order.id,
    changes: {
      old_status: order.status,
      new_status: newStatus,
      changed_by: actor?.username ?? 'Sistema',
      order_total: total,
      ...(reason ? { reason } : {}),
    },
  });
}

async function logUpdate(tx: Tx, actor: Actor, order: OrderRecord, before: Record<string, unknown>, after: Record<string, unknown>) {
  await logActivity(tx, {
    action: 'update',
    description: `Pedido #${order.order_number} modificado`,
    actor,
    entity_type: 'order',
    entity_id: order.id,
    changes: diff(before, after),
  });
}

/** An edit's answer, with why the order's coupon was taken off when it was. */
const withCouponNote = (message: string, couponDropped: string | null) => (couponDropped ? `${message}. ${couponDropped}` : message);

/**
 * The owner's lines after a removal: `products` lists what remains (a listed line may keep or
 * lower its quantity, never raise it or add a product), `remove_line_ids` names lines to drop.
 */
function remainingLines(current: LineRecord[], input: CustomerOrderUpdate): TargetLine[] {
  let lines: TargetLine[] = current;
  if (input.products) {
    lines = [];
    for (const wanted of input.products) {
      const line = current.find((l) => l.product_id === wanted.product_id && l.blister_id === wanted.blister_id);
      if (!line || wanted.quantity > line.quantity) {
        throw badRequest('Solo puedes quitar productos de un pedido pendiente');
      }
      lines.push({ ...line, quantity: wanted.quantity });
    }
  }
  if (input.remove_line_ids) {
    const drop = new Set(input.remove_line_ids);
    lines = lines.filter((l) => !l.id || !drop.has(l.id));
  }
  return lines;
}

export async function updateOrderAsCustomer(
  ctx: AppContext,
  actor: OrderActor,
  orderId: number,
  input: CustomerOrderUpdate,
  log?: Logger,
): Promise<OrderUpdateResult> {
  const now = ctx.now();
  const outcome = await writeOrders(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.user_id !== actor.id) throw notFound(ORDER_NOT_FOUND);
    const current = await currentLines(tx, orderId);
    const cancel = (reason: string) => cancelOrder(tx, actor, order, current, reason, now);

    if (input.status === 'cancelled') {
      // A repeated cancel (a retry, a double click) finds it cancelled and changes nothing.
      if (order.status === 'cancelled') return { message: 'El pedido ya estaba cancelado', change: null };
      assertAllowed(order, 'customer_change');
      await cancel('Cancelado por el cliente');
      return { message: 'Pedido cancelado', change: 'cancelled' as const };
    }
    if (!input.products && !input.remove_line_ids) return { message: 'Sin cambios', change: null };
    assertAllowed(order, 'customer_change');

    const lines = remainingLines(current, input);
    // spec accounts-admin §4: removing the last line cancels the order instead.
    if (lines.length === 0) {
      await cancel(CANCELLED_FOR_NO_PRODUCTS);
      return { message: CANCELLED_FOR_NO_PRODUCTS, change: 'cancelled' as const };
    }
    if (sameLines(current, lines)) return { message: 'Sin cambios', change: null };
    // Fewer lines may end free shipping: the delivery is quoted again, as for staff.
    const delivery = await deliveryAfterEdit(tx, order, lines, {});
    const { total, couponDropped } = await applyChange(
      tx,
      order,
      current,
      { status: order.status, lines, is_archived: order.is_archived, cancel_reason: null, delivery },
      now,
    );
    await logUpdate(
      tx,
      actor,
      order,
      { products: lineSummary(current), total: order.total, coupon: order.coupon_code },
      { products: lineSummary(lines), total, coupon: couponDropped ? null : order.coupon_code },
    );
    return { message: withCouponNote('Pedido actualizado', couponDropped), change: 'lines_removed' as const, previousTotal: order.total };
  });
  // Units given back may end a sell-out that customers wait for.
  sendRestockNoticesSoon(ctx);
  const dto = await withOrderDto(ctx, orderId, { message: outcome.message }, await customerView(ctx));
  if (outcome.change) await notifyCustomerChange(ctx, dto, outcome.change, log);
  return dto;
}

/** Staff's line edit: existing lines matched by id or by product and blister, new ones priced from the database unless staff give a price. */
async function resolveStaffLines(tx: Tx, current: LineRecord[], inputs: AdminOrderLineInput[], now: Date): Promise<TargetLine[]> {
  const used = new Set<number>();
  const lines: TargetLine[] = [];
  const added: AdminOrderLineInput[] = [];
  for (const input of inputs) {
    const existing = input.id
      ? current.find((l) => l.id === input.id)
      : current.find((l) => !used.has(l.id) && l.product_id === input.product_id && l.blister_id === input.blister_id);
    if (input.id && !existing) throw badRequest('Uno de los productos no pertenece a este pedido');
    if (!existing) {
      added.push(input);
      continue;
    }
    if (used.has(existing.id)) throw badRequest('Hay productos repetidos en el pedido');
    used.add(existing.id);
    lines.push({ ...existing, quantity: input.quantity, price_at_time: input.price_at_time ?? existing.price_at_time });
  }
  if (added.length === 0) return lines;

  const dollarRate = await getDollarRateValue(tx);
  const byId = new Map(
    (
      await readBlisters(
        tx,
        added.map((l) => l.blister_id!),
      )
    ).map((p) => [p.id, p]),
  );
  const seen = new Set(lines.map((l) => `${l.product_id}:${l.blister_id}`));
  for (const input of added) {
    const key = `${input.product_id}:${input.blister_id}`;
    if (seen.has(key)) throw badRequest('Hay productos repetidos en el pedido');
    seen.add(key);
    const p = byId.get(input.blister_id!);
    if (!p || p.product_id !== input.product_id || p.deleted_at) {
      throw conflict('El producto o la presentación seleccionada no existe', 'PRODUCT_UNAVAILABLE', {
        product_id: input.product_id,
        blister_id: input.blister_id,
      });
    }
    if (!p.available) {
      throw conflict(`El producto ${p.product_name} no está disponible`, 'PRODUCT_UNAVAILABLE', {
        product_id: p.product_id,
        blister_id: p.id,
      });
    }
    // As at checkout, a line the catalog prices at $0 is not sold; staff may still set a price themselves.
    const price = input.price_at_time ?? unitPrice(p, dollarRate, now);
    if (price === null || (input.price_at_time === undefined && price <= 0))
      throw conflict(`El producto ${p.product_name} no tiene precio asignado`, 'NO_PRICE', { product_id: p.product_id, blister_id: p.id });
    lines.push(snapshotLine(p, input.quantity, price));
  }
  return lines;
}

/** `guard` runs on the locked order before any change and may refuse it (the bulk actions do). */
export async function updateOrderAsStaff(
  ctx: AppContext,
  actor: OrderActor,
  orderId: number,
  input: AdminOrderUpdate,
  log?: Logger,
  guard?: (order: OrderRecord) => void,
): Promise<OrderUpdateResult> {
  const now = ctx.now();
  const outcome = await writeOrders(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    guard?.(order);
    const current = await currentLines(tx, orderId);

    let lines: TargetLine[] = current;
    const lineInputs = input.order_products ?? input.products;
    if (lineInputs) lines = await resolveStaffLines(tx, current, lineInputs, now);
    if (input.remove_line_ids) {
      const drop = new Set(input.remove_line_ids);
      lines = lines.filter((l) => !l.id || !drop.has(l.id));
    }

    let status = input.status ?? order.status;
    let cancelReason = isOrderActive(status) ? null : order.cancel_reason;
    let message = 'Pedido actualizado';
    if (lines.length === 0) {
      lines = current;
      status = 'cancelled';
      cancelReason = CANCELLED_FOR_NO_PRODUCTS;
      message = CANCELLED_FOR_NO_PRODUCTS;
    } else if (status === 'cancelled' && order.status !== 'cancelled') {
      cancelReason = input.cancel_reason || 'Cancelado por la tienda';
    }
    const isArchived = input.is_archived ?? order.is_archived;
    const linesChanged = !sameLines(current, lines);
    const statusChanged = status !== order.status;
    const deliveryAsked = input.shipping_method_id !== undefined || input.address !== undefined;
    // Money already paid is not changed under the customer: cancel (with its refund) instead.
    const editing = (linesChanged || deliveryAsked) && cancelReason !== CANCELLED_FOR_NO_PRODUCTS;
    if (editing) assertAllowed(order, 'edit_lines');
    const delivery = editing ? await deliveryAfterEdit(tx, order, lines, input) : undefined;
    const deliveryChanged = delivery !== undefined && !sameDelivery(order, delivery);
    if (!linesChanged && !deliveryChanged && !statusChanged && isArchived === order.is_archived) {
      return { message: 'Sin cambios', statusChanged: false, edited: false };
    }
    if (statusChanged && order.status === 'cancelled') assertAllowed(order, 'reopen');

    // From cancelled back to pending or completed takes the stock again (409 when short).
    const { total, couponDropped } = await applyChange(
      tx,
      order,
      current,
      { status, lines, is_archived: isArchived, cancel_reason: cancelReason, delivery: deliveryChanged ? delivery : undefined },
      now,
    );
    if (statusChanged)
      await logStatusChange(tx, actor, order, status, total, status === 'cancelled' ? (cancelReason ?? undefined) : undefined);
    if (linesChanged || deliveryChanged || isArchived !== order.is_archived) {
      await logUpdate(
        tx,
        actor,
        order,
        {
          products: lineSummary(current),
          total: order.total,
          is_archived: order.is_archived,
          coupon: order.coupon_code,
          ...deliverySummary(order),
        },
        {
          products: lineSummary(lines),
          total,
          is_archived: isArchived,
          coupon: couponDropped ? null : order.coupon_code,
          ...deliverySummary(deliveryChanged ? delivery : order),
        },
      );
    }
    return { message: withCouponNote(message, couponDropped), statusChanged, edited: linesChanged || deliveryChanged };
  });
  sendRestockNoticesSoon(ctx, log);
  const dto = await withOrderDto(ctx, orderId, { message: outcome.message }, STAFF_VIEW);
  if (outcome.statusChanged) await notifyStatusChanged(ctx, dto, log);
  // One e-mail per edit, with the new total: the customer pays what they were told.
  else if (outcome.edited) await notifyOrderEdited(ctx, dto, log);
  return dto;
}

/** Deletes an order; one that was not cancelled gives its stock back first. */
export async function deleteOrder(ctx: AppContext, actor: OrderActor, orderId: number): Promise<void> {
  const now = ctx.now();
  await writeOrders(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertAllowed(order, 'delete');
    const before = await findOrderDto(tx, orderId);
    const current = await currentLines(tx, orderId);
    // Its coupon use goes back (the coupon_uses row goes with the order), before the stock (lock order).
    await moveCouponUse(tx, order, isOrderActive(order.status), false, now);
    await moveStock(tx, isOrderActive(order.status) ? heldBy(current) : NOTHING_HELD, NOTHING_HELD, now);
    await tx.delete(orders).where(eq(orders.id, orderId));
    await logActivity(tx, {
      action: 'delete',
      description: `Pedido #${order.order_number} eliminado`,
      actor,
      entity_type: 'order',
      entity_id: order.id,
      changes: { before: before ?? {}, after: null, order_total: order.total, stock_returned: isOrderActive(order.status) },
    });
  });
  sendRestockNoticesSoon(ctx);
}

/** Cancels one order awaiting payment created before `cutoff`, checked again under its lock, and e-mails the customer. */
async function expireOrder(ctx: AppContext, id: number, cutoff: Date, log?: Logger): Promise<boolean> {
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || refusal(order, 'expire') || order.created_at >= cutoff) return false;
    await cancelOrder(tx, null, order, await currentLines(tx, id), EXPIRED_ORDER_REASON, now);
    return true;
  });
  if (!done) return false;
  const dto = await findOrderDto(ctx.db, id);
  if (dto) await notifyStatusChanged(ctx, dto, log);
  return true;
}

/**
 * Background job (README: PENDING_ORDER_DAYS): cancels orders still awaiting payment after the
 * limit and gives their stock back; paid and shipped orders never expire. Safe with several
 * processes: each order is re-checked under its lock.
 */
export async function expireStalePendingOrders(ctx: AppContext, log?: Logger): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.pendingOrderDays * 24 * 60 * 60 * 1000);
  let expired = 0;
  for (;;) {
    const stale = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inStages(UNPAID_STAGES), lt(orders.created_at, cutoff)))
      .orderBy(asc(orders.created_at))
      .limit(100);
    // Each order in its own transaction, the caches dropped once for the batch: each drop reaches
    // every process, which a backlog of expired orders would otherwise do a hundred times.
    if (stale.length) {
      await afterOrderWrites(ctx, async () => {
        for (const { id } of stale) if (await expireOrder(ctx, id, cutoff, log)) expired++;
      });
    }
    // Every order of a batch leaves the awaiting-payment stage, so the next query finds the next ones.
    if (stale.length < 100) return expired;
  }
}
