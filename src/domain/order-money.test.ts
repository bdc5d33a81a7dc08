import { describe, expect, it } from 'vitest';
import { orderMoneyLines } from './order-money';

// formatArs separates the sign with a no-break space.
const shown = (lines: ReturnType<typeof orderMoneyLines>) => lines.map((l) => `${l.label}: ${l.value}`.replace(/\s/g, ' '));

describe('orderMoneyLines', () => {
  it('lists subtotal, shipping, the coupon with its code and what it took off, and the total', () => {
    const lines = orderMoneyLines({
      subtotal: 30000,
      total: 29500,
      shipping: { name: 'Correo a domicilio', price: 4500 },
      coupon: { code: 'VERANO', discount: 5000, free_shipping: false },
    });
    expect(shown(lines)).toEqual([
      'Subtotal: $ 30.000',
      'Envío (Correo a domicilio): $ 4.500',
      'Cupón VERANO: −$ 5.000',
      'Total: $ 29.500',
    ]);
    expect(lines.map((l) => l.kind)).toEqual(['subtotal', 'shipping', 'coupon', 'total']);
  });

  it('keeps the coupon line for an order without a shipping method', () => {
    expect(
      shown(
        orderMoneyLines({ subtotal: 7500, total: 6750, shipping: null, coupon: { code: 'DIEZ', discount: 750, free_shipping: false } }),
      ),
    ).toEqual(['Subtotal: $ 7.500', 'Cupón DIEZ: −$ 750', 'Total: $ 6.750']);
  });

  it('says free shipping for a free-shipping coupon, and Gratis for a shipping at $ 0', () => {
    expect(
      shown(
        orderMoneyLines({
          subtotal: 1450.5,
          total: 1450.5,
          shipping: { name: 'Andreani', price: 0 },
          coupon: { code: 'ENVIO', discount: 0, free_shipping: true },
        }),
      ),
    ).toEqual(['Subtotal: $ 1.450,50', 'Envío (Andreani): Gratis', 'Cupón ENVIO: Envío gratis', 'Total: $ 1.450,50']);
  });

  it('shows only the total when nothing sits between the products and it', () => {
    expect(shown(orderMoneyLines({ subtotal: 22000, total: 22000, shipping: null, coupon: null }))).toEqual(['Total: $ 22.000']);
  });
});
