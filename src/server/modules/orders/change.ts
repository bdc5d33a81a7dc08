// How an existing order changes: its next state written under its lock (the coupon's use, the
// stock, the lines, the totals and the refund follow it), its delivery quoted again after an
// edit, and the activity log's lines for it. Every change goes through applyChange, whoever
// asks (the customer, staff, a bulk action, the expiry job).
import { eq, inArray } from 'drizzle-orm';
import { sameAmount } from '../../../domain/money';
import { refundOnCancel } from '../../../domain/order-lifecycle';
import { orderTotals, totalsRefusal } from '../../../domain/order-totals';
import { isOrderActive, ORDER_STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import { chooseDelivery, storedAddress, type Address, type DeliveryColumns } from '../../../domain/shipping';
import type { Tx } from '../../db/client';
import { orderProducts, orders } from '../../db/schema';
import { conflict, refusedBy } from '../../errors';
import { diff, logActivity, type Actor } from '../../shared/activity-log';
import { heldBy, moveStock, NOTHING_HELD } from '../catalog';
import { couponAfterEdit, moveCouponUse } from '../coupons';
import { readShippingMethod } from '../shipping';
import { pricedLines, sameLines, subtotalOfLines, type LineRecord, type TargetLine } from './lines';
import type { OrderRecord } from './records';

interface NextState {
  status: OrderStatus;
  lines: TargetLine[];
  is_archived: boolean;
  cancel_reason: string | null;
  /** A new delivery (method, address, shipping price); undefined keeps the order's. */
  delivery?: DeliveryColumns;
}

interface ChangeApplied {
  total: number;
  /** Why the order's coupon was taken off by this change (in Spanish), or null. */
  couponDropped: string | null;
}

/**
 * Writes an order's next state: stock moves from what the order held to what it holds now (an
 * active order holds its lines, a cancelled one nothing), lines and order row follow.
 */
export async function applyChange(tx: Tx, order: OrderRecord, current: LineRecord[], next: NextState, now: Date): Promise<ChangeApplied> {
  // The coupon's row before the blisters' (coupons/uses.ts): a cancel gives the use back, a reopen takes it.
  await moveCouponUse(tx, order, isOrderActive(order.status), isOrderActive(next.status), now);
  const linesChanged = !sameLines(current, next.lines);
  const { delivery, couponDiscount, couponDropped } = await couponAfterEdit(
    tx,
    order,
    { lines: next.lines, linesChanged, active: isOrderActive(next.status), delivery: next.delivery },
    now,
  );
  const shipping = delivery ? delivery.shipping_price : order.shipping_price;
  const totals = orderTotals({ products: pricedLines(next.lines), shipping, coupon: { discount: couponDiscount, free_shipping: false } });
  const refused = isOrderActive(next.status) && linesChanged ? totalsRefusal(totals) : null;
  if (refused) throw conflict(refused.message, refused.code, refused.details);
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
  await tx
    .update(orders)
    .set({
      ...delivery,
      coupon_discount: couponDiscount,
      ...(couponDropped ? { coupon_id: null, coupon_code: null, coupon_kind: null } : {}),
      status: next.status,
      is_archived: next.is_archived,
      cancel_reason: next.cancel_reason,
      total: totals.total,
      ...refundAfter(order, next.status),
      updated_at: now,
    })
    .where(eq(orders.id, order.id));
  return { total: totals.total, couponDropped };
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
export async function cancelOrder(tx: Tx, actor: Actor | null, order: OrderRecord, current: LineRecord[], reason: string, now: Date) {
  await applyChange(
    tx,
    order,
    current,
    { status: 'cancelled', lines: current, is_archived: order.is_archived, cancel_reason: reason },
    now,
  );
  await logStatusChange(tx, actor, order, 'cancelled', order.total, reason);
}

/**
 * An order's delivery after staff change it or its lines: quoted again from the settings for the
 * new subtotal (free shipping may start or end) and the address given or kept. When only the lines
 * change and the method no longer serves the order (removed, switched off), the order keeps its
 * copy: a line edit never fails for a settings change.
 */
export async function deliveryAfterEdit(
  tx: Tx,
  order: OrderRecord,
  lines: TargetLine[],
  change: { shipping_method_id?: number | null; address?: Address },
): Promise<DeliveryColumns | undefined> {
  const subtotal = subtotalOfLines(lines);
  // Dropping the method without giving an address is "Acordar entrega", not the old address at no cost.
  const agreeOnIt = change.shipping_method_id === null && !change.address;
  const address = agreeOnIt ? undefined : (change.address ?? storedAddress(order));
  const quote = async (methodId: number | null) => {
    const input = {
      delivery_type: methodId ? order.delivery_type : address ? ('address' as const) : ('coordinate' as const),
      shipping_address: order.shipping_address,
      shipping_method_id: methodId,
      address,
    };
    return chooseDelivery(input, methodId ? await readShippingMethod(tx, methodId) : undefined, subtotal);
  };
  if (change.shipping_method_id !== undefined || change.address) {
    const chosen = await quote(change.shipping_method_id !== undefined ? change.shipping_method_id : order.shipping_method_id);
    if ('refusal' in chosen) throw refusedBy(chosen.refusal);
    return chosen.columns;
  }
  if (!order.shipping_method_id || !address) return undefined;
  const chosen = await quote(order.shipping_method_id);
  if (!('refusal' in chosen)) return chosen.columns;
  if (chosen.refusal.status === 409) return undefined;
  throw refusedBy(chosen.refusal);
}

export const deliverySummary = (d: Pick<DeliveryColumns, 'shipping_name' | 'shipping_price' | 'shipping_address'>) => ({
  shipping: d.shipping_name,
  shipping_price: d.shipping_price,
  shipping_address: d.shipping_address,
});

export const sameDelivery = (order: OrderRecord, next: DeliveryColumns) =>
  (Object.keys(next) as (keyof DeliveryColumns)[]).every((key) => order[key] === next[key]);

export async function logStatusChange(
  tx: Tx,
  actor: Actor | null,
  order: OrderRecord,
  newStatus: OrderStatus,
  total: number,
  reason?: string,
) {
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

export async function logUpdate(tx: Tx, actor: Actor, order: OrderRecord, before: Record<string, unknown>, after: Record<string, unknown>) {
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
export const withCouponNote = (message: string, couponDropped: string | null) => (couponDropped ? `${message}. ${couponDropped}` : message);
