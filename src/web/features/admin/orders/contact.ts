// Links to reach a customer (spec accounts-admin §7 client-side links).
import { whatsappUrl } from '../../../../domain/fulfilment-steps';
import { SHOP_NAME } from '../../../../domain/shop';

/**
 * WhatsApp chat with the customer about an order: wa.me/549 + the 10 digits (the spec's plain 54
 * prefix does not reach mobiles), with a first line naming the order.
 */
export function customerWhatsappLink(phone: string | null | undefined, order?: { order_number: number; first_name?: string | null }) {
  const greeting = order?.first_name?.trim() ? `Hola ${order.first_name.trim()}` : 'Hola';
  return whatsappUrl(phone, order ? `${greeting}, te escribimos de ${SHOP_NAME} por tu pedido #${order.order_number}.` : undefined);
}

export function mailtoLink(email: string | null | undefined): string | null {
  const address = (email ?? '').trim();
  return address ? `mailto:${address}` : null;
}
