import { describe, expect, it } from 'vitest';
import {
  applyCoupon,
  COUPON_MESSAGES,
  couponDiscount,
  couponInputSchema,
  couponOnEditedLines,
  couponOnLines,
  couponRefusal,
  couponState,
  fixedCouponWarning,
  minimumMessage,
  normalizeCouponCode,
  type CouponFacts,
  type CouponLine,
  type CouponRules,
} from './coupons';
import { formatArs } from './money';

const NOW = new Date('2030-06-15T12:00:00Z');
const rules = (over: Partial<CouponRules> = {}): CouponRules => ({
  kind: 'percent',
  value: 10,
  min_subtotal: 0,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_customer: null,
  first_order_only: false,
  brand_ids: [],
  types: [],
  active: true,
  uses: 0,
  ...over,
});
const line = (over: Partial<CouponLine> = {}): CouponLine => ({
  brand_id: 1,
  product_type: 'fem',
  list_price: 10000,
  price: 10000,
  quantity: 1,
  ...over,
});
const facts = (over: Partial<CouponFacts> = {}): CouponFacts => ({
  now: NOW,
  lines: [line()],
  customer_uses: 0,
  has_orders: false,
  ...over,
});

describe('normalizeCouponCode', () => {
  it('ignores case and spaces', () => {
    expect(normalizeCouponCode(' verano 25 ')).toBe('VERANO25');
    expect(normalizeCouponCode('Verano25')).toBe(normalizeCouponCode('VERANO 25'));
  });
});

describe('couponState', () => {
  it('goes scheduled, active, exhausted, expired, inactive', () => {
    expect(couponState(rules({ starts_at: '2030-07-01T00:00:00Z' }), NOW)).toBe('scheduled');
    expect(couponState(rules(), NOW)).toBe('active');
    expect(couponState(rules({ max_uses: 3, uses: 3 }), NOW)).toBe('exhausted');
    expect(couponState(rules({ ends_at: '2030-06-15T12:00:00Z' }), NOW)).toBe('expired');
    expect(couponState(rules({ active: false }), NOW)).toBe('inactive');
  });
});

describe('couponRefusal', () => {
  it('gives each reason in Spanish, or null when the coupon applies', () => {
    expect(couponRefusal(rules(), facts())).toBeNull();
    expect(couponRefusal(rules({ active: false }), facts())).toBe(COUPON_MESSAGES.inactive);
    expect(couponRefusal(rules({ ends_at: '2030-06-01T00:00:00Z' }), facts())).toBe('El cupón venció');
    expect(couponRefusal(rules({ starts_at: '2030-07-01T15:00:00Z' }), facts())).toBe(
      'El cupón todavía no está vigente: vale desde el 01/07/2030.',
    );
    expect(couponRefusal(rules({ max_uses: 5, uses: 5 }), facts())).toBe(COUPON_MESSAGES.exhausted);
    expect(couponRefusal(rules({ max_uses_per_customer: 1 }), facts({ customer_uses: 1 }))).toBe('Ya usaste este cupón');
    expect(couponRefusal(rules({ first_order_only: true }), facts({ has_orders: true }))).toBe(COUPON_MESSAGES.firstOrderOnly);
    expect(couponRefusal(rules({ brand_ids: [2] }), facts())).toBe(COUPON_MESSAGES.noEligibleProducts);
    expect(couponRefusal(rules({ types: ['auto'] }), facts())).toBe(COUPON_MESSAGES.noEligibleProducts);
    expect(couponRefusal(rules({ min_subtotal: 30000 }), facts())).toBe(`Mínimo de compra ${formatArs(30000)}`);
    expect(minimumMessage(30000)).toBe(`Mínimo de compra ${formatArs(30000)}`);
  });
});

describe('couponDiscount and applyCoupon', () => {
  it('takes a percent or a fixed amount off the eligible lines only, never more than they cost', () => {
    const lines = [line({ quantity: 2 }), line({ brand_id: 2, price: 5000, list_price: 5000 })];
    expect(couponDiscount(rules({ value: 10 }), lines)).toBe(2500);
    expect(couponDiscount(rules({ value: 10, brand_ids: [2] }), lines)).toBe(500);
    expect(couponDiscount(rules({ kind: 'fixed', value: 8000, brand_ids: [2] }), lines)).toBe(5000);
    expect(couponDiscount(rules({ kind: 'free_shipping', value: 0 }), lines)).toBe(0);
  });

  it('best of both: the brand discounts or the coupon, whichever saves more', () => {
    const branded = [line({ list_price: 10000, price: 8000 })];
    expect(applyCoupon(rules({ value: 10 }), branded, 'best')).toMatchObject({ applied: false, discount: 0, prices: [8000] });
    expect(applyCoupon(rules({ value: 30 }), branded, 'best')).toMatchObject({ applied: true, discount: 3000, prices: [10000] });
    expect(applyCoupon(rules({ value: 10 }), branded, 'both')).toMatchObject({ applied: true, discount: 800, prices: [8000] });
    expect(applyCoupon(rules({ kind: 'free_shipping', value: 0 }), branded, 'best')).toMatchObject({
      applied: true,
      free_shipping: true,
      prices: [8000],
    });
  });
});

describe('no order at $ 0', () => {
  it('refuses a coupon that would leave the products at $ 0, keeps one that leaves something to pay', () => {
    const fixed = rules({ kind: 'fixed', value: 50000 });
    expect(couponOnLines(fixed, [line({ price: 7500, list_price: 7500 })], 'best')).toEqual({ refusal: COUPON_MESSAGES.coversWholeOrder });
    expect(couponOnLines(fixed, [line({ quantity: 6 })], 'both')).toMatchObject({ outcome: { discount: 50000 } });
    expect(couponOnLines(rules({ value: 100 }), [line()], 'both')).toEqual({ refusal: COUPON_MESSAGES.coversWholeOrder });
    // Free shipping takes nothing off the products.
    expect(couponOnLines(rules({ kind: 'free_shipping', value: 0 }), [line()], 'best')).toMatchObject({ outcome: { free_shipping: true } });
  });

  it('decides an edited order with the checkout cart rules: minimum, products covered, $ 0', () => {
    const minimum = rules({ kind: 'fixed', value: 5000, min_subtotal: 30000 });
    expect(couponOnEditedLines(minimum, [line({ quantity: 3 })])).toMatchObject({ outcome: { discount: 5000 } });
    expect(couponOnEditedLines(minimum, [line({ quantity: 1 })])).toEqual({ refusal: minimumMessage(30000) });
    expect(couponOnEditedLines(rules({ brand_ids: [9] }), [line()])).toEqual({ refusal: COUPON_MESSAGES.noEligibleProducts });
    expect(couponOnEditedLines(rules({ kind: 'fixed', value: 5000 }), [line({ price: 4000 })])).toEqual({
      refusal: COUPON_MESSAGES.coversWholeOrder,
    });
    // Dates and uses were settled at checkout: an expired coupon stays on an edited order.
    expect(couponOnEditedLines(rules({ ends_at: '2000-01-01T00:00:00Z', uses: 5, max_uses: 5 }), [line()])).toMatchObject({
      outcome: { discount: 1000 },
    });
  });
});

describe('fixedCouponWarning', () => {
  it('warns when a cart meeting the minimum could cost the amount or less', () => {
    expect(fixedCouponWarning(50000, 0)).toContain(`Un carrito de ${formatArs(50000)} o menos quedaría en ${formatArs(0)}`);
    expect(fixedCouponWarning(50000, 50000, 7500)).toContain(`cuesta ${formatArs(7500)}`);
    expect(fixedCouponWarning(50000, 50000.01)).toBeNull();
    // Every product covered costs more than the amount: no cart of it reaches $ 0.
    expect(fixedCouponWarning(5000, 0, 7500)).toBeNull();
    expect(fixedCouponWarning(7500, 0, 7500)).not.toBeNull();
  });
});

describe('couponInputSchema', () => {
  it('refuses bad values with Spanish messages', () => {
    const issues = (body: unknown) => couponInputSchema.safeParse(body).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ code: 'AB', kind: 'percent', value: 5 })).toContain('El código debe tener al menos 3 caracteres');
    expect(issues({ code: 'ABC', kind: 'percent', value: 0 })).toContain('El porcentaje debe estar entre 1 y 100');
    expect(issues({ code: 'ABC', kind: 'fixed', value: -1 })).toContain('El valor no puede ser negativo');
    expect(issues({ code: 'ABC', kind: 'percent', value: 5, starts_at: 'mañana' })).toContain('Fecha inválida');
    expect(couponInputSchema.parse({ code: 'envio', kind: 'free_shipping', value: 99 })).toMatchObject({
      value: 0,
      brand_ids: [],
      types: [],
      active: true,
    });
  });
});
