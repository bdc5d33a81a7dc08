import { describe, expect, it } from 'vitest';
import { applyPercent, clampDiscount, isBrandDiscountActive, leavesSomethingToPay, priceBlister, type BrandDiscount } from './pricing';

const NOW = new Date('2026-06-15T12:00:00Z');
const noBrand = null;
const brand = (overrides: Partial<BrandDiscount> = {}): BrandDiscount => ({
  discount_active: true,
  discount_type: 'percentage',
  discount_value: 20,
  discount_expires_at: null,
  ...overrides,
});

describe('priceBlister', () => {
  it('takes an ARS price as the effective price when there is no discount', () => {
    expect(priceBlister({ price: 15000, discount: 0 }, 'ARS', 1000, noBrand, NOW)).toEqual({
      price: 15000,
      price_in_ars: 15000,
      price_in_usd: null,
      final_price: 15000,
      discount: 0,
    });
  });

  it('converts USD at the rate, rounded to a whole peso, and keeps the USD figure', () => {
    expect(priceBlister({ price: 19.99, discount: 0 }, 'USD', 1234.5, noBrand, NOW)).toMatchObject({
      price: 24678,
      price_in_ars: 24678,
      price_in_usd: 19.99,
      final_price: 24678,
    });
  });

  it('applies the blister discount: price × (1 − discount/100), to the cent', () => {
    expect(priceBlister({ price: 9999, discount: 15 }, 'ARS', 1000, noBrand, NOW)).toMatchObject({
      price: 9999,
      final_price: 8499.15,
      discount: 15,
    });
    expect(priceBlister({ price: 10, discount: 10 }, 'USD', 1000, noBrand, NOW)).toMatchObject({
      price_in_ars: 10000,
      final_price: 9000,
      discount: 10,
    });
  });

  it('clamps a stored discount outside 0-100', () => {
    expect(priceBlister({ price: 1000, discount: 150 }, 'ARS', 1000, noBrand, NOW)).toMatchObject({ final_price: 0, discount: 100 });
    expect(priceBlister({ price: 1000, discount: -5 }, 'ARS', 1000, noBrand, NOW)).toMatchObject({ final_price: 1000, discount: 0 });
  });

  it('applies an active brand percentage discount', () => {
    expect(priceBlister({ price: 20000, discount: 0 }, 'ARS', 1000, brand(), NOW)).toMatchObject({ final_price: 16000, discount: 20 });
  });

  it('applies a fixed brand discount in ARS, never below zero', () => {
    expect(
      priceBlister({ price: 20000, discount: 0 }, 'ARS', 1000, brand({ discount_type: 'fixed', discount_value: 3000 }), NOW),
    ).toMatchObject({ final_price: 17000, discount: 15 });
    expect(
      priceBlister({ price: 2000, discount: 0 }, 'ARS', 1000, brand({ discount_type: 'fixed', discount_value: 3000 }), NOW),
    ).toMatchObject({ final_price: 0 });
  });

  it('does not stack discounts: the lower price wins', () => {
    expect(priceBlister({ price: 10000, discount: 30 }, 'ARS', 1000, brand({ discount_value: 20 }), NOW)).toMatchObject({
      final_price: 7000,
      discount: 30,
    });
    expect(priceBlister({ price: 10000, discount: 10 }, 'ARS', 1000, brand({ discount_value: 20 }), NOW)).toMatchObject({
      final_price: 8000,
      discount: 20,
    });
  });

  it('ignores an expired, inactive or empty brand discount', () => {
    const price = { price: 10000, discount: 0 };
    expect(priceBlister(price, 'ARS', 1000, brand({ discount_expires_at: '2026-06-15T11:59:59Z' }), NOW)!.final_price).toBe(10000);
    expect(priceBlister(price, 'ARS', 1000, brand({ discount_expires_at: '2026-06-15T12:00:01Z' }), NOW)!.final_price).toBe(8000);
    expect(priceBlister(price, 'ARS', 1000, brand({ discount_active: false }), NOW)!.final_price).toBe(10000);
    expect(priceBlister(price, 'ARS', 1000, brand({ discount_value: 0 }), NOW)!.final_price).toBe(10000);
    expect(priceBlister(price, 'ARS', 1000, brand({ discount_type: null }), NOW)!.final_price).toBe(10000);
  });

  it('answers null for a blister without a price', () => {
    expect(priceBlister({ price: null, discount: 10 }, 'ARS', 1000, noBrand, NOW)).toBeNull();
    expect(priceBlister({ price: 0, discount: 0 }, 'USD', 1000, brand(), NOW)).toBeNull();
  });
});

describe('isBrandDiscountActive', () => {
  it('expires exactly at its expiry instant', () => {
    expect(isBrandDiscountActive(brand({ discount_expires_at: NOW }), NOW)).toBe(false);
    expect(isBrandDiscountActive(brand({ discount_expires_at: new Date(NOW.getTime() + 1) }), NOW)).toBe(true);
    expect(isBrandDiscountActive(null, NOW)).toBe(false);
  });
});

describe('clampDiscount and applyPercent', () => {
  it('turns anything that is not a number into 0 and keeps 0-100', () => {
    expect(clampDiscount('abc')).toBe(0);
    expect(clampDiscount('12.5')).toBe(12.5);
    expect(clampDiscount(Number.NaN)).toBe(0);
    expect(clampDiscount(101)).toBe(100);
    expect(applyPercent(333.33, 33)).toBe(223.33);
  });
});

describe('leavesSomethingToPay', () => {
  it('asks the products, after the coupon, to leave at least a cent', () => {
    expect(leavesSomethingToPay(7500, 7500)).toBe(false);
    expect(leavesSomethingToPay(0, 0)).toBe(false);
    expect(leavesSomethingToPay(7500, 7499.99)).toBe(true);
    expect(leavesSomethingToPay(0.1 + 0.2, 0.3)).toBe(false);
  });
});
