// What an order charges, for the checkout form, the checkout, the manual order and every edit:
// the products at the prices the order charges, less the coupon, plus the shipping unless the
// coupon makes it free. One function, so the total shown is the total charged; and the refusals
// of totals an order cannot have (totalsRefusal).
import { formatArs, roundCents, sameAmount } from './money';
import { leavesSomethingToPay, NOTHING_TO_PAY_MESSAGE, ORDER_TOTAL_ZERO } from './pricing';
import { orderTotalWithShipping } from './shipping';

/** A line at the price the order charges it (after the brands' discounts and the coupon's choice). */
export interface PricedLine {
  price: number;
  quantity: number;
}

export interface OrderTotalsInput {
  /** The lines, or their subtotal when only that is known (the coupon check's answer). */
  products: readonly PricedLine[] | number;
  /** The shipping quote; null when there is none (delivery agreed later, no shipping method). */
  shipping: number | null;
  /** The coupon the order carries: its discount on the products, and whether it makes shipping free. */
  coupon?: { discount: number; free_shipping: boolean } | null;
}

export interface OrderTotals {
  subtotal: number;
  /** The shipping charged: the quote, $ 0 with a free-shipping coupon, null when there is none. */
  shipping: number | null;
  coupon_discount: number;
  total: number;
  /** The "no order at $ 0" rule (pricing.leavesSomethingToPay): the products leave something to pay. */
  something_to_pay: boolean;
}

/** The products' subtotal, rounded to cents once. */
export const subtotalOf = (lines: readonly PricedLine[]): number => roundCents(lines.reduce((sum, l) => sum + l.price * l.quantity, 0));

export function orderTotals({ products, shipping, coupon }: OrderTotalsInput): OrderTotals {
  const subtotal = typeof products === 'number' ? roundCents(products) : subtotalOf(products);
  const charged = coupon?.free_shipping && shipping !== null ? 0 : shipping;
  const couponDiscount = coupon?.discount ?? 0;
  return {
    subtotal,
    shipping: charged,
    coupon_discount: couponDiscount,
    total: roundCents(orderTotalWithShipping(subtotal, charged) - couponDiscount),
    something_to_pay: leavesSomethingToPay(subtotal, couponDiscount),
  };
}

/** Why an order cannot be placed or changed with these totals: the 409's code, its Spanish message and its figures. */
export interface TotalsRefusal {
  code: typeof ORDER_TOTAL_ZERO | 'PRICE_CHANGED';
  message: string;
  details: Record<string, unknown>;
}

/** The total the customer confirmed at checkout, with the lines as the 409 gives them back. */
export interface ConfirmedTotal {
  total: number;
  lines: { product_id: number | null; blister_id: number | null; quantity: number; price: number }[];
}

/**
 * The totals' refusal, or null: products that leave nothing to pay (ORDER_TOTAL_ZERO, every path
 * that sets what an order charges), then, at checkout, a total other than the one the customer
 * confirmed (PRICE_CHANGED: a catalog edit, a new dollar rate or the shipping settings changed
 * while the checkout was open, and the order stops instead of charging more or less).
 */
export function totalsRefusal(totals: OrderTotals, confirmed?: ConfirmedTotal): TotalsRefusal | null {
  if (!totals.something_to_pay) {
    return {
      code: ORDER_TOTAL_ZERO,
      message: NOTHING_TO_PAY_MESSAGE,
      details: { subtotal: totals.subtotal, coupon_discount: totals.coupon_discount },
    };
  }
  if (!confirmed || sameAmount(totals.total, confirmed.total)) return null;
  return {
    code: 'PRICE_CHANGED',
    message: `Los precios cambiaron mientras confirmabas: el total ahora es ${formatArs(totals.total)}. Revisa tu pedido y confírmalo de nuevo.`,
    details: { total: totals.total, subtotal: totals.subtotal, shipping: totals.shipping, lines: confirmed.lines },
  };
}
