// The steps inside a pending order that staff record (issue 13): the payment, the shipment, the
// internal notes, and the bulk actions over several orders. Each change runs under the order's
// lock through writeOrders (so the staff list caches drop it), is logged, and e-mails the
// customer after commit.
import { eq } from 'drizzle-orm';
import {
  CARRIER_LABELS,
  correctedPaidAt,
  shipmentCarrier,
  PAYMENT_METHOD_LABELS,
  paidAtInstant,
  type BulkOrderActionInput,
  type BulkOrderResult,
  type Carrier,
  type RecordPaymentInput,
  type RecordRefundInput,
  type RecordShipmentInput,
} from '../../../domain/fulfilment';
import { formatArs } from '../../../domain/money';
import { refundableAmount, refundAmountRefusal } from '../../../domain/order-lifecycle';
import type { OrderDto } from '../../../domain/orders';
import { shopDate } from '../../../domain/dates';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { Logger } from '../../logger';
import { diff, logActivity } from '../../shared/activity-log';
import { notifyPaymentReceived, notifyRefunded, notifyShipped } from './emails';
import { STAFF_VIEW } from './queries';
import { updateOrderAsStaff } from './edit';
import { assertAllowed, lockOrder, ORDER_NOT_FOUND, withOrderDto, writeOrders, type OrderActor, type OrderRecord } from './records';

/**
 * `once`: bulk actions refuse what a single change would repeat (a second payment or shipment).
 * `replace`: PUT corrects a step already recorded and refuses when there is none.
 */
interface StepOptions {
  once?: boolean;
  replace?: boolean;
}

function refuseMissing(order: OrderRecord, step: 'payment' | 'shipment') {
  const recorded = step === 'payment' ? order.paid_at : order.shipped_at;
  if (!recorded) {
    throw conflict(
      `El pedido #${order.order_number} no tiene ${step === 'payment' ? 'un pago registrado' : 'un envío registrado'}`,
      step === 'payment' ? 'NO_PAYMENT' : 'NO_SHIPMENT',
    );
  }
}

export function paymentDate(value: string | undefined, now: Date, field: 'paid_at' | 'refunded_at' = 'paid_at'): Date {
  const what = field === 'paid_at' ? 'de pago' : 'del reembolso';
  const paidAt = paidAtInstant(value, now);
  if (Number.isNaN(paidAt.getTime())) throw badRequest(`La fecha ${what} es inválida`, { [field]: [`La fecha ${what} es inválida`] });
  // A minute of leeway for a clock that runs a little ahead of the server's.
  if (paidAt.getTime() > now.getTime() + 60_000) {
    throw badRequest(`La fecha ${what} no puede ser futura`, { [field]: [`La fecha ${what} no puede ser futura`] });
  }
  return paidAt;
}

const paymentFields = (o: Pick<OrderRecord, 'paid_at' | 'payment_method' | 'payment_amount' | 'payment_note'>) => ({
  paid_at: o.paid_at?.toISOString() ?? null,
  payment_method: o.payment_method,
  payment_amount: o.payment_amount,
  payment_note: o.payment_note,
});

/**
 * POST /api/orders/{id}/payment/: records (or corrects) the payment of a pending or completed
 * order. The customer is e-mailed "Recibimos tu pago" the first time only.
 */
/**
 * Writes a payment on a locked order (recordPayment, and a manual order paid at once). The date
 * may not come before the order, except for a manual order: the sale was agreed, and maybe paid,
 * before staff entered it.
 */
export async function writePayment(tx: Tx, actor: OrderActor, order: OrderRecord, input: RecordPaymentInput, paidAt: Date): Promise<void> {
  if (order.source !== 'manual' && shopDate(paidAt) < shopDate(order.created_at)) {
    const message = 'La fecha de pago no puede ser anterior al pedido';
    throw badRequest(message, { paid_at: [message] });
  }
  const payment = {
    paid_at: paidAt,
    payment_method: input.method,
    // A correction without an amount keeps the one recorded.
    payment_amount: input.amount ?? order.payment_amount ?? order.total,
    payment_note: input.note || null,
  };
  // updated_at is left alone: the customer's timeline dates the delivery or cancellation by it.
  await tx
    .update(orders)
    .set({ ...payment, payment_recorded_by: actor.id })
    .where(eq(orders.id, order.id));
  await logActivity(tx, {
    action: 'update',
    description: `Pedido #${order.order_number}: pago ${order.paid_at ? 'corregido' : 'registrado'} (${PAYMENT_METHOD_LABELS[input.method]}, ${formatArs(payment.payment_amount)})`,
    actor,
    entity_type: 'order',
    entity_id: order.id,
    changes: diff(paymentFields(order), paymentFields(payment)),
  });
}

export async function recordPayment(
  ctx: AppContext,
  actor: OrderActor,
  orderId: number,
  input: RecordPaymentInput,
  log?: Logger,
  options: StepOptions = {},
): Promise<OrderDto> {
  const now = ctx.now();
  const paidAt = paymentDate(input.paid_at, now);
  const first = await writeOrders(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertAllowed(order, 'payment');
    if (options.replace) refuseMissing(order, 'payment');
    if (options.once && order.paid_at) throw conflict(`El pedido #${order.order_number} ya tiene un pago registrado`, 'ALREADY_PAID');
    await writePayment(tx, actor, order, input, order.paid_at ? correctedPaidAt(input.paid_at, order.paid_at, now) : paidAt);
    return order.paid_at === null;
  });
  const dto = await withOrderDto(ctx, orderId, {}, STAFF_VIEW);
  if (first) await notifyPaymentReceived(ctx, dto, log);
  return dto;
}

export async function recordShipment(
  ctx: AppContext,
  actor: OrderActor,
  orderId: number,
  // Bulk shipments may leave the carrier to the order's own shipping method.
  input: Omit<RecordShipmentInput, 'carrier'> & { carrier?: Carrier },
  log?: Logger,
  options: StepOptions = {},
): Promise<OrderDto> {
  const now = ctx.now();
  const code = input.tracking_code || null;
  const changed = await writeOrders(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertAllowed(order, 'shipment');
    if (options.replace) refuseMissing(order, 'shipment');
    if (options.once && order.shipped_at) throw conflict(`El pedido #${order.order_number} ya estaba enviado`, 'ALREADY_SHIPPED');
    const carrier = shipmentCarrier(input.carrier, order.shipping_carrier);
    if (!carrier) throw conflict(`El pedido #${order.order_number} no tiene un transporte: elige uno`, 'NO_CARRIER');
    if (order.shipped_at && order.carrier === carrier && order.tracking_code === code) return false;
    await tx
      .update(orders)
      .set({ carrier, tracking_code: code, shipped_at: order.shipped_at ?? now, shipped_by: actor.id })
      .where(eq(orders.id, orderId));
    await logActivity(tx, {
      action: 'update',
      description: `Pedido #${order.order_number}: enviado por ${CARRIER_LABELS[carrier]}${code ? ` (código ${code})` : ''}`,
      actor,
      entity_type: 'order',
      entity_id: order.id,
      changes: diff({ carrier: order.carrier, tracking_code: order.tracking_code }, { carrier, tracking_code: code }),
    });
    return true;
  });
  const dto = await withOrderDto(ctx, orderId, {}, STAFF_VIEW);
  if (changed) await notifyShipped(ctx, dto, log);
  return dto;
}

/** PUT /api/orders/{id}/internal-notes/: the staff's notes on any order, replaced whole. */
export async function setInternalNotes(ctx: AppContext, actor: OrderActor, orderId: number, notes: string): Promise<OrderDto> {
  await writeOrders(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.internal_notes === notes) return;
    await tx.update(orders).set({ internal_notes: notes }).where(eq(orders.id, orderId));
    await logActivity(tx, {
      action: 'update',
      description: `Pedido #${order.order_number}: notas internas actualizadas`,
      actor,
      entity_type: 'order',
      entity_id: order.id,
      changes: diff({ internal_notes: order.internal_notes }, { internal_notes: notes }),
    });
  });
  return withOrderDto(ctx, orderId, {}, STAFF_VIEW);
}

/**
 * DELETE /api/orders/{id}/payment/ and /shipment/: undoes a step recorded by mistake. The order
 * goes back a stage (a payment undone makes it await payment again); the log keeps what was
 * there. A cancelled order keeps its payment: its refund says what happens to the money.
 */
export async function undoStep(ctx: AppContext, actor: OrderActor, orderId: number, step: 'payment' | 'shipment'): Promise<OrderDto> {
  await writeOrders(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertAllowed(order, step);
    refuseMissing(order, step);
    const cleared =
      step === 'payment'
        ? { paid_at: null, payment_method: null, payment_amount: null, payment_note: null, payment_recorded_by: null }
        : { carrier: null, tracking_code: null, shipped_at: null, shipped_by: null };
    await tx.update(orders).set(cleared).where(eq(orders.id, orderId));
    const before =
      step === 'payment'
        ? paymentFields(order)
        : { carrier: order.carrier, tracking_code: order.tracking_code, shipped_at: order.shipped_at?.toISOString() ?? null };
    await logActivity(tx, {
      action: 'update',
      description: `Pedido #${order.order_number}: ${step === 'payment' ? 'pago' : 'envío'} deshecho`,
      actor,
      entity_type: 'order',
      entity_id: order.id,
      changes: { before, after: Object.fromEntries(Object.keys(before).map((key) => [key, null])) },
    });
  });
  return withOrderDto(ctx, orderId, {}, STAFF_VIEW);
}

const refundFields = (o: Pick<OrderRecord, 'refund_status' | 'refund_amount' | 'refunded_at' | 'refund_method' | 'refund_note'>) => ({
  refund_status: o.refund_status,
  refund_amount: o.refund_amount,
  refunded_at: o.refunded_at?.toISOString() ?? null,
  refund_method: o.refund_method,
  refund_note: o.refund_note,
});

/**
 * POST /api/orders/{id}/refund/: staff record that the money of a cancelled, paid order went
 * back (by default all that was paid). The customer is e-mailed once.
 */
export async function recordRefund(ctx: AppContext, actor: OrderActor, orderId: number, input: RecordRefundInput, log?: Logger) {
  const now = ctx.now();
  const refundedAt = paymentDate(input.refunded_at, now, 'refunded_at');
  await writeOrders(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertAllowed(order, 'refund');
    const amount = input.amount ?? order.refund_amount ?? order.payment_amount ?? order.total;
    // Under the order's lock: a second refund sent at the same time waits and finds this one.
    const tooMuch = refundAmountRefusal(order, amount);
    if (tooMuch) throw conflict(tooMuch.message, tooMuch.code, { max_refund: refundableAmount(order) });
    const refund = {
      refund_status: 'done' as const,
      refund_amount: amount,
      refunded_at: refundedAt,
      refund_method: input.method,
      refund_note: input.note || null,
    };
    await tx
      .update(orders)
      .set({ ...refund, refund_recorded_by: actor.id })
      .where(eq(orders.id, orderId));
    await logActivity(tx, {
      action: 'update',
      description: `Pedido #${order.order_number}: reembolso registrado (${PAYMENT_METHOD_LABELS[input.method]}, ${formatArs(refund.refund_amount)})`,
      actor,
      entity_type: 'order',
      entity_id: order.id,
      changes: diff(refundFields(order), refundFields(refund)),
    });
  });
  const dto = await withOrderDto(ctx, orderId, {}, STAFF_VIEW);
  await notifyRefunded(ctx, dto, log);
  return dto;
}

/** Complete takes pending orders only; cancel any order not cancelled yet. */
function bulkGuard(action: 'complete' | 'cancel') {
  return (order: OrderRecord) => {
    const number = `#${order.order_number}`;
    if (action === 'complete' && order.status === 'completed') throw conflict(`El pedido ${number} ya estaba completado`);
    if (order.status === 'cancelled') {
      throw conflict(action === 'cancel' ? `El pedido ${number} ya estaba cancelado` : `El pedido ${number} está cancelado`);
    }
  };
}

/**
 * POST /api/orders/bulk/: the action on each order in turn, each in its own transaction, through
 * the same paths as one change at a time (logs, e-mails, stock). A failing order reports its
 * error and the others still apply.
 */
export async function applyBulkAction(
  ctx: AppContext,
  actor: OrderActor,
  input: BulkOrderActionInput,
  log?: Logger,
): Promise<BulkOrderResult> {
  const results: BulkOrderResult['results'] = [];
  // A future date is the request's mistake, not each order's.
  if (input.action === 'mark_paid') paymentDate(input.paid_at, ctx.now());
  for (const id of input.ids) {
    try {
      switch (input.action) {
        case 'mark_paid':
          await recordPayment(ctx, actor, id, { method: input.method ?? 'transferencia', paid_at: input.paid_at }, log, { once: true });
          break;
        case 'mark_shipped':
          await recordShipment(
            ctx,
            actor,
            id,
            { carrier: input.carriers?.[String(id)] ?? input.carrier, tracking_code: input.tracking_codes?.[String(id)] },
            log,
            { once: true },
          );
          break;
        case 'complete':
        case 'cancel':
          await updateOrderAsStaff(
            ctx,
            actor,
            id,
            { status: input.action === 'complete' ? 'completed' : 'cancelled' },
            log,
            bulkGuard(input.action),
          );
          break;
      }
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) log?.error({ err: error, order_id: id, action: input.action }, 'bulk order action failed');
      const message = error instanceof AppError ? error.message : 'No se pudo actualizar el pedido. Intenta nuevamente.';
      results.push({ id, ok: false, error: message });
    }
  }
  return { results };
}
