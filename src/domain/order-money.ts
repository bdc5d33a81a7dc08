// The lines that add up to an order's total, as every place that shows an order's money writes
// them (Mis Pedidos, the e-mails, the admin's order box, the packing slip), so none can drift.
// The brands' discounts are already in each line's price; the coupon's line names its code.
// No zod here: the customer's account page imports it.
import { formatArs } from './money';

export interface OrderMoneyFacts {
  /** The products at the prices charged (brand discounts included), before coupon and shipping. */
  subtotal: number;
  /** subtotal + shipping − the coupon's discount. */
  total: number;
  shipping: { name: string; price: number } | null;
  coupon: { code: string; discount: number; free_shipping: boolean } | null;
}

export interface MoneyLine {
  kind: 'subtotal' | 'shipping' | 'coupon' | 'total';
  label: string;
  /** As shown: '$ 22.000', '−$ 5.000', 'Gratis', 'Envío gratis'. */
  value: string;
}

/**
 * Subtotal, shipping and coupon (with its code and what it took off) when the order has either,
 * then the total: total = subtotal + shipping − discount. An order with neither has its total only.
 */
export function orderMoneyLines(order: OrderMoneyFacts): MoneyLine[] {
  const { shipping, coupon } = order;
  const lines: MoneyLine[] = [];
  if (shipping || coupon) lines.push({ kind: 'subtotal', label: 'Subtotal', value: formatArs(order.subtotal) });
  if (shipping) {
    lines.push({ kind: 'shipping', label: `Envío (${shipping.name})`, value: shipping.price === 0 ? 'Gratis' : formatArs(shipping.price) });
  }
  if (coupon) {
    lines.push({
      kind: 'coupon',
      label: `Cupón ${coupon.code}`,
      value: coupon.free_shipping ? 'Envío gratis' : `−${formatArs(coupon.discount)}`,
    });
  }
  lines.push({ kind: 'total', label: 'Total', value: formatArs(order.total) });
  return lines;
}
