// The edits of an existing order: the customer's (removing lines, cancelling), staff's (lines,
// delivery, status, archive; bulk actions pass a guard) and deleting one. Each locks the order,
// works out its next state and hands it to applyChange (./change.ts); new lines are priced as at
// checkout (./lines.ts), the coupon and the totals decided as there (coupons/decide.ts,
// domain/order-totals.ts).
import { eq } from 'drizzle-orm';
import {
  CANCELLED_FOR_NO_PRODUCTS,
  isOrderActive,
  type AdminOrderLineInput,
  type AdminOrderUpdate,
  type CustomerOrderUpdate,
  type OrderUpdateResult,
} from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { Logger } from '../../logger';
import { logActivity } from '../../shared/activity-log';
import { heldBy, moveStock, NOTHING_HELD, readBlisters } from '../catalog';
import { moveCouponUse } from '../coupons';
import { getDollarRateValue } from '../site';
import { sendRestockNoticesSoon } from '../stock-alerts';
import {
  applyChange,
  cancelOrder,
  deliveryAfterEdit,
  deliverySummary,
  logStatusChange,
  logUpdate,
  sameDelivery,
  withCouponNote,
} from './change';
import { notifyCustomerChange, notifyOrderEdited, notifyStatusChanged } from './emails';
import { lineSummary, sameLines, snapshotLine, unitPrice, type LineRecord, type TargetLine } from './lines';
import { findOrderDto, STAFF_VIEW } from './queries';
import {
  assertAllowed,
  currentLines,
  customerView,
  lockOrder,
  ORDER_NOT_FOUND,
  withOrderDto,
  writeOrders,
  type OrderActor,
  type OrderRecord,
} from './records';

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
