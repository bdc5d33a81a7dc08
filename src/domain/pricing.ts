// Prices of a blister (blister): effective price, discounts and conversion to ARS.
import { roundCents, toCents, usdToArs, type Currency } from './money';

export type DiscountType = 'percentage' | 'fixed';

export interface BrandDiscount {
  discount_active: boolean;
  discount_type: DiscountType | null;
  discount_value: number | null;
  discount_expires_at: Date | string | null;
}

export interface StoredBlisterPrice {
  /** Price in the product's currency, as staff typed it. */
  price: number | null;
  /** The blister's own discount, percent 0-100. */
  discount: number;
}

export interface BlisterPriceView {
  /** Effective price in ARS before discount (spec storefront §3). */
  price: number;
  price_in_ars: number;
  price_in_usd: number | null;
  /** Price in ARS after the best discount that applies. */
  final_price: number;
  /** Discount shown to the customer, in whole percent. */
  discount: number;
}

export function clampDiscount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

// spec storefront §3: discounted price = price × (1 − discount/100).
export function applyPercent(price: number, discountPercent: number): number {
  return roundCents(price * (1 - clampDiscount(discountPercent) / 100));
}

export function isBrandDiscountActive(brand: BrandDiscount | null | undefined, now: Date): boolean {
  if (!brand || !brand.discount_active || !brand.discount_type) return false;
  if (!brand.discount_value || brand.discount_value <= 0) return false;
  if (brand.discount_expires_at && new Date(brand.discount_expires_at).getTime() <= now.getTime()) return false;
  return true;
}

/** Price after the brand discount: a percentage, or a fixed ARS amount off (never below 0). */
export function priceAfterBrandDiscount(price: number, brand: BrandDiscount): number {
  const value = brand.discount_value ?? 0;
  if (brand.discount_type === 'fixed') return roundCents(Math.max(0, price - value));
  return applyPercent(price, value);
}

/**
 * Everything the API shows about a blister's price. The blister's own discount and an active
 * brand discount do not stack: the customer gets whichever is lower in price.
 */
export function priceBlister(
  blister: StoredBlisterPrice,
  currency: Currency,
  dollarRate: number,
  brand: BrandDiscount | null,
  now: Date,
): BlisterPriceView | null {
  if (blister.price == null || !(blister.price > 0)) return null;
  const priceInArs = currency === 'USD' ? usdToArs(blister.price, dollarRate) : roundCents(blister.price);
  let finalPrice = applyPercent(priceInArs, blister.discount);
  if (isBrandDiscountActive(brand, now)) {
    finalPrice = Math.min(finalPrice, priceAfterBrandDiscount(priceInArs, brand!));
  }
  const discount = priceInArs > 0 ? Math.round((1 - finalPrice / priceInArs) * 100) : 0;
  return {
    price: priceInArs,
    price_in_ars: priceInArs,
    price_in_usd: currency === 'USD' ? roundCents(blister.price) : null,
    final_price: finalPrice,
    discount,
  };
}

// ---------------------------------------------------------------------------------------------
// No order at $ 0

export const ORDER_TOTAL_ZERO = 'ORDER_TOTAL_ZERO';
export const NOTHING_TO_PAY_MESSAGE =
  'Un pedido no puede quedar en $ 0: sus productos, con los descuentos y el cupón, tienen que sumar más de $ 0.';

/**
 * The one "no order at $ 0" rule, for every path that sets what an order charges (checkout,
 * manual order, the customer's and staff's edits, coupons, brand discounts): after the discounts
 * and the coupon, the products must leave something to pay. Shipping does not count: products
 * given away with only the shipping to pay are no sale either.
 */
export const leavesSomethingToPay = (subtotal: number, couponDiscount: number): boolean => toCents(subtotal) - toCents(couponDiscount) > 0;
