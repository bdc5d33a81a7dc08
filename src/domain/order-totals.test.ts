import { describe, expect, it } from 'vitest';
import { orderTotals, subtotalOf } from './order-totals';

describe('orderTotals', () => {
  it('adds the lines and the shipping quote', () => {
    expect(
      orderTotals({
        products: [
          { price: 12500, quantity: 2 },
          { price: 999.99, quantity: 3 },
        ],
        shipping: 3500,
      }),
    ).toEqual({ subtotal: 27999.97, shipping: 3500, coupon_discount: 0, total: 31499.97, something_to_pay: true });
  });

  it('charges no shipping when there is no quote (delivery agreed later)', () => {
    expect(orderTotals({ products: [{ price: 100, quantity: 1 }], shipping: null })).toMatchObject({ shipping: null, total: 100 });
  });

  it("takes the coupon's discount off the products and keeps the shipping", () => {
    expect(
      orderTotals({ products: [{ price: 12500, quantity: 1 }], shipping: 2000, coupon: { discount: 1250, free_shipping: false } }),
    ).toEqual({
      subtotal: 12500,
      shipping: 2000,
      coupon_discount: 1250,
      total: 13250,
      something_to_pay: true,
    });
  });

  it('makes a quoted shipping $ 0 with a free-shipping coupon, and leaves "no quote" as it is', () => {
    const free = { discount: 0, free_shipping: true };
    expect(orderTotals({ products: [{ price: 5000, quantity: 1 }], shipping: 3000, coupon: free })).toMatchObject({
      shipping: 0,
      total: 5000,
    });
    expect(orderTotals({ products: [{ price: 5000, quantity: 1 }], shipping: null, coupon: free })).toMatchObject({
      shipping: null,
      total: 5000,
    });
  });

  it('takes a subtotal when only that is known (the coupon check gives the products at its prices)', () => {
    expect(orderTotals({ products: 10000.005, shipping: 1500.1, coupon: { discount: 0.1, free_shipping: false } })).toMatchObject({
      subtotal: 10000.01,
      total: 11500.01,
    });
  });

  it('rounds to cents once, the way the shop counts money (0.1 + 0.2)', () => {
    expect(
      subtotalOf([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3);
    expect(
      orderTotals({ products: [{ price: 0.1, quantity: 3 }], shipping: 0.2, coupon: { discount: 0.3, free_shipping: false } }).total,
    ).toBe(0.2);
  });

  it('says when the products would leave nothing to pay, shipping aside', () => {
    const lines = [{ price: 1000, quantity: 1 }];
    expect(orderTotals({ products: lines, shipping: 5000, coupon: { discount: 1000, free_shipping: false } })).toMatchObject({
      total: 5000,
      something_to_pay: false,
    });
    expect(orderTotals({ products: lines, shipping: null, coupon: { discount: 999.99, free_shipping: false } })).toMatchObject({
      total: 0.01,
      something_to_pay: true,
    });
  });
});
