// Asking a customer to pay an order placed before the shop's payment details existed (issue 21):
// the same words go by e-mail and in the staff's WhatsApp message.
import { refusal } from './order-lifecycle';
import { z } from 'zod';
import { formatArs } from './money';
import type { OrderStatus } from './order-status';
import type { DeliveryType } from './shipping';
import { SHOP_NAME } from './shop';

export interface PaymentRequestOrder {
  order_number: number;
  total: number;
  status: OrderStatus;
  delivery_type: DeliveryType;
  /** Null while unpaid. */
  payment: unknown;
}

/** Why the shop may not ask for this order's payment again, or null when it may. */
export function paymentRequestRefusal(order: Pick<PaymentRequestOrder, 'order_number' | 'status' | 'payment'>): string | null {
  // Any recorded payment counts as paid: the lifecycle reads only whether there is one.
  const facts = { status: order.status, order_number: order.order_number, paid_at: order.payment ? 'paid' : null, shipped_at: null };
  return refusal(facts, 'request_payment')?.message ?? null;
}

export const NO_PAYMENT_DETAILS = "Carga los datos de pago en 'Configuración' antes de enviarlos";

/**
 * The message: the amount, the order number, the shop's payment details and, when the delivery
 * is to be arranged, a question for the address.
 */
export function paymentRequestText(
  order: PaymentRequestOrder,
  instructions: string,
  opts: { firstName?: string | null; receipt?: string } = {},
): string {
  const greeting = opts.firstName?.trim() ? `Hola ${opts.firstName.trim()}` : 'Hola';
  return [
    `${greeting}, te escribimos de ${SHOP_NAME} por tu pedido #${order.order_number}.`,
    `Para confirmarlo, paga ${formatArs(order.total)} indicando el pedido #${order.order_number}:`,
    instructions,
    opts.receipt ?? 'Cuando pagues, envíanos el comprobante por este medio.',
    ...(order.delivery_type === 'coordinate' ? ['¿A qué dirección te lo enviamos? Pásanos calle, número, localidad y código postal.'] : []),
  ].join('\n\n');
}

/** The request carries nothing: the server reads the order and the shop's details itself. */
export const paymentRequestBodySchema = z.object({}).optional();
