// An order's lifecycle, in one place. The spec's `status` (pending, completed, cancelled) stays;
// inside "pending" the stage says where the money and the parcel are. Every rule that depends on
// where an order stands (expiry, the pending cap, the customer's changes, deletion, refunds, the
// counts staff see) asks this module, whichever path runs it: customer, staff, bulk, job.
// No zod here: the customer's account page imports it.
import { formatArs, toCents } from './money';
import type { OrderStatus } from './order-status';

export const ORDER_STAGES = ['awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const ORDER_STAGE_LABELS: Record<OrderStage, string> = {
  awaiting_payment: 'Esperando pago',
  paid: 'Pagado, por enviar',
  shipped: 'Enviado',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
};

/** How a stage is drawn wherever an order's state shows (a badge's tone: the web's Badge tones). */
export type StageTone = 'warning' | 'brand' | 'info' | 'success' | 'danger';
export const ORDER_STAGE_TONES: Record<OrderStage, StageTone> = {
  awaiting_payment: 'warning',
  paid: 'brand',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'danger',
};

/**
 * The one way an order's state is named to people (pages, e-mails, the CSV): its stage, never the
 * stored status, whose "Pendiente" also covers paid and shipped orders.
 */
export function orderStageLabel(order: LifecycleFacts | { stage: OrderStage }): string {
  return ORDER_STAGE_LABELS['stage' in order ? order.stage : orderStage(order)];
}

/**
 * What defines each stage, from the order's own columns: its status and whether a payment and a
 * shipment are recorded (undefined: either). The server builds its SQL from this same table.
 */
export interface StageFacts {
  status: OrderStatus;
  paid?: boolean;
  shipped?: boolean;
}
export const STAGE_FACTS: Record<OrderStage, StageFacts> = {
  awaiting_payment: { status: 'pending', paid: false, shipped: false },
  paid: { status: 'pending', paid: true, shipped: false },
  // Shipped before paying (cash on delivery, a courier) is shipped too: the parcel has left.
  shipped: { status: 'pending', shipped: true },
  delivered: { status: 'completed' },
  cancelled: { status: 'cancelled' },
};

export interface LifecycleFacts {
  status: OrderStatus;
  paid_at: Date | string | null;
  shipped_at: Date | string | null;
}

export function orderStage(order: LifecycleFacts): OrderStage {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.status === 'completed') return 'delivered';
  if (order.shipped_at) return 'shipped';
  return order.paid_at ? 'paid' : 'awaiting_payment';
}

/** Stages that still need the shop: the sidebar badge and the tab title count these. */
export const STAGES_NEEDING_SHOP: readonly OrderStage[] = ['awaiting_payment', 'paid'];

/** Stages that hold a customer's checkout slot (README: MAX_PENDING_ORDERS) and can expire. */
export const UNPAID_STAGES: readonly OrderStage[] = ['awaiting_payment'];

// ---------------------------------------------------------------------------------------------
// Who may do what, from which stage

export type OrderAction =
  /** The customer cancels their order, or removes lines from it. */
  | 'customer_change'
  /** The expiry job cancels it (PENDING_ORDER_DAYS). */
  | 'expire'
  /** Staff delete it for good. */
  | 'delete'
  /** Staff record, correct or undo the payment. */
  | 'payment'
  /** Staff record, correct or undo the shipment. */
  | 'shipment'
  /** Staff change its lines, prices or delivery (method, address: the shipping is quoted again). */
  | 'edit_lines'
  /** Staff record the refund of a cancelled order that was paid. */
  | 'refund'
  /** Staff re-open a cancelled order. */
  | 'reopen'
  /** Staff send the payment details again (an unpaid order, shipped or not). */
  | 'request_payment';

export interface Refusal {
  code: string;
  message: string;
}

export interface ActionFacts extends LifecycleFacts {
  order_number: number;
  refund_status?: RefundStatus | null;
}

/** An order as the API answers it, as facts for the rules (the pages ask them too). */
export function factsOfDto(order: {
  status: OrderStatus;
  order_number: number;
  payment: { paid_at: string } | null;
  shipment: { shipped_at: string } | null;
  refund: { status: RefundStatus } | null;
}): ActionFacts {
  return {
    status: order.status,
    order_number: order.order_number,
    paid_at: order.payment?.paid_at ?? null,
    shipped_at: order.shipment?.shipped_at ?? null,
    refund_status: order.refund?.status ?? null,
  };
}

/**
 * Why `action` may not be done to the order now, or null when it may. Each answer is the one
 * the API gives (409 with the code) and the page shows.
 */
export function refusal(order: ActionFacts, action: OrderAction): Refusal | null {
  const stage = orderStage(order);
  const number = `#${order.order_number}`;
  switch (action) {
    case 'customer_change':
      if (stage === 'awaiting_payment') return null;
      if (stage === 'cancelled') return { code: 'ORDER_CANCELLED', message: 'El pedido ya está cancelado' };
      return {
        code: 'ORDER_ALREADY_PAID',
        message:
          stage === 'paid'
            ? 'Ya registramos el pago de este pedido: escríbenos para cambiarlo.'
            : 'Este pedido ya fue enviado: escríbenos para cambiarlo.',
      };
    case 'expire':
      return stage === 'awaiting_payment' ? null : { code: 'NOT_AWAITING_PAYMENT', message: `El pedido ${number} no espera un pago` };
    case 'delete':
      if (stage === 'awaiting_payment') return null;
      if (stage === 'cancelled') {
        return order.paid_at && order.refund_status !== 'done'
          ? { code: 'REFUND_OWED', message: `El pedido ${number} tiene un reembolso pendiente: regístralo antes de eliminarlo` }
          : null;
      }
      return {
        code: 'ORDER_ALREADY_PAID',
        message: `El pedido ${number} está ${ORDER_STAGE_LABELS[stage].toLowerCase()}: no se puede eliminar. Solo se eliminan pedidos cancelados o que esperan el pago.`,
      };
    case 'payment':
    case 'shipment':
      return stage === 'cancelled'
        ? {
            code: 'ORDER_CANCELLED',
            message: `El pedido ${number} está cancelado: no se puede ${action === 'payment' ? 'registrar un pago' : 'marcar como enviado'}`,
          }
        : null;
    case 'edit_lines':
      if (stage === 'awaiting_payment') return null;
      return {
        code: stage === 'cancelled' ? 'ORDER_CANCELLED' : 'ORDER_ALREADY_PAID',
        message:
          stage === 'cancelled'
            ? `El pedido ${number} está cancelado: no se pueden cambiar sus productos`
            : `El pedido ${number} ya está ${ORDER_STAGE_LABELS[stage].toLowerCase()}: no se cambian sus productos. Cancélalo (con reembolso) o crea un pedido nuevo.`,
      };
    case 'refund':
      if (stage !== 'cancelled' || !order.paid_at) {
        return {
          code: 'NO_REFUND_OWED',
          message: `El pedido ${number} no tiene un reembolso pendiente: solo se reembolsan pedidos pagados y cancelados`,
        };
      }
      return order.refund_status === 'done'
        ? { code: 'REFUND_ALREADY_DONE', message: `El reembolso del pedido ${number} ya está registrado` }
        : null;
    case 'request_payment':
      if (stage === 'cancelled')
        return { code: 'ORDER_NOT_AWAITING_PAYMENT', message: `El pedido ${number} está cancelado: no hay pago que pedir` };
      if (stage === 'delivered')
        return { code: 'ORDER_NOT_AWAITING_PAYMENT', message: `El pedido ${number} está completado: no hay pago que pedir` };
      return order.paid_at ? { code: 'ORDER_NOT_AWAITING_PAYMENT', message: `El pedido ${number} ya tiene un pago registrado` } : null;
    case 'reopen':
      return order.refund_status === 'done'
        ? { code: 'REFUND_ALREADY_DONE', message: `El pedido ${number} ya fue reembolsado: no se puede reabrir. Crea un pedido nuevo.` }
        : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Refunds: a cancelled order that was paid owes its payment back until staff record the refund.

export const REFUND_STATUSES = ['owed', 'done'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  owed: 'Reembolso pendiente',
  done: 'Reembolsado',
};

/** The refund a cancellation leaves: owed when the order was paid, none otherwise. */
export const refundOnCancel = (order: { paid_at: Date | string | null }): RefundStatus | null => (order.paid_at ? 'owed' : null);

export interface RefundFacts {
  order_number: number;
  total: number;
  /** What staff recorded as paid (null: the order's total). */
  payment_amount: number | null;
  refund_status: RefundStatus | null;
  refund_amount: number | null;
}

/** The most that may still go back: what was paid, less refunds already recorded. */
export function refundableAmount(order: RefundFacts): number {
  const paid = toCents(order.payment_amount ?? order.total);
  const refunded = order.refund_status === 'done' ? toCents(order.refund_amount ?? 0) : 0;
  return Math.max(0, paid - refunded) / 100;
}

/** Why a refund of `amount` may not be recorded (more than is left to give back), or null. */
export function refundAmountRefusal(order: RefundFacts, amount: number): Refusal | null {
  const max = refundableAmount(order);
  if (toCents(amount) <= toCents(max)) return null;
  return {
    code: 'REFUND_EXCEEDS_PAYMENT',
    message: `El reembolso del pedido #${order.order_number} no puede superar lo pagado: como máximo ${formatArs(max)}.`,
  };
}
