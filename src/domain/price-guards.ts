// Checks that stop a typing slip from reaching the shop (issue 21, items 11 and 12): a price
// moved by more than −50% or +200%, a dollar rate moved by more than 20%, and a brand discount
// that would leave a blister at $ 0 or less. Each needs the owner's explicit word.
import { formatAmount, formatMoney, roundCents, toCents, usdToArs, type Currency } from './money';
import { isBrandDiscountActive, priceAfterBrandDiscount, type BrandDiscount } from './pricing';

export const PRICE_DROP_LIMIT = -50;
export const PRICE_RISE_LIMIT = 200;
export const RATE_CHANGE_LIMIT = 20;

export const PRICE_CHANGE_UNCONFIRMED = 'PRICE_CHANGE_UNCONFIRMED';
export const RATE_CHANGE_UNCONFIRMED = 'RATE_CHANGE_UNCONFIRMED';
export const DISCOUNT_LEAVES_NO_PRICE = 'DISCOUNT_LEAVES_NO_PRICE';

/** The change from `before` to `after` in percent, rounded to a whole number. */
export const changePercent = (before: number, after: number) => Math.round(((after - before) / before) * 100);

/** Whether a price change is big enough to be a likely slip (−50% or less, more than +200%). */
export function isSuspiciousPriceChange(before: number | null, after: number | null): boolean {
  if (before == null || after == null || !(before > 0) || before === after) return false;
  const percent = ((after - before) / before) * 100;
  return percent <= PRICE_DROP_LIMIT || percent > PRICE_RISE_LIMIT;
}

/** A bulk change by percentage is suspicious by the same rule. */
export const isSuspiciousPercent = (percent: number) => percent <= PRICE_DROP_LIMIT || percent > PRICE_RISE_LIMIT;

export interface FlaggedPrice {
  product_id: number;
  name: string;
  seed_count: number;
  before: number;
  after: number;
  currency: Currency;
  change_percent: number;
}

export const flaggedPriceLabel = (f: FlaggedPrice) =>
  `${f.name} x${f.seed_count}: ${formatMoney(f.before, f.currency)} → ${formatMoney(f.after, f.currency)} (${f.change_percent > 0 ? '+' : ''}${formatAmount(f.change_percent)}%)`;

export function priceChangeMessage(flagged: FlaggedPrice[]): string {
  const list = flagged.slice(0, 5).map(flaggedPriceLabel).join('; ');
  const more = flagged.length > 5 ? ` y ${flagged.length - 5} más` : '';
  return `Revisa estos precios: cambian más de ${-PRICE_DROP_LIMIT}% hacia abajo o más de ${PRICE_RISE_LIMIT}% hacia arriba (${list}${more}). Confirma el cambio para guardarlo.`;
}

/** Whether a new dollar rate is more than 20% away from the current one. */
export function isSuspiciousRateChange(current: number, next: number): boolean {
  if (!(current > 0)) return false;
  return Math.abs(next - current) / current > RATE_CHANGE_LIMIT / 100;
}

export const rateChangeMessage = (current: number, next: number) =>
  `¿Seguro? La cotización pasa de ${formatMoney(current)} a ${formatMoney(next)} (${changePercent(current, next) > 0 ? '+' : ''}${formatAmount(changePercent(current, next))}%). Confirma el nuevo valor para aplicarlo.`;

/** A blister whose cost (ARS) is above its price (ARS): likely a slip, confirmed like a price. */
export interface CostAbovePrice {
  name: string;
  seed_count: number;
  cost: number;
  price: number;
}

/** Whether a cost is above the price it sells for (both in ARS, to the cent); no cost or no price is never. */
export const isCostAbovePrice = (cost: number | null | undefined, price: number | null | undefined) =>
  cost != null && price != null && price > 0 && toCents(cost) > toCents(price);

export const costAbovePriceLabel = (c: CostAbovePrice) =>
  `${c.name} x${c.seed_count}: costo ${formatMoney(c.cost)}, precio ${formatMoney(c.price)}`;

export function costAbovePriceMessage(list: CostAbovePrice[]): string {
  const names = list.slice(0, 5).map(costAbovePriceLabel).join('; ');
  const more = list.length > 5 ? ` y ${list.length - 5} más` : '';
  return `Revisa estos costos: son mayores que el precio de venta (${names}${more}). Confirma para guardarlos.`;
}

export interface PricedBlister {
  name: string;
  seed_count: number;
  price: number | null;
  currency: Currency;
}

/** The blisters a brand discount would sell for $ 0 or less (those with a price). */
export function leftWithoutPrice<T extends PricedBlister>(list: T[], discount: BrandDiscount, rate: number, now: Date): T[] {
  if (!isBrandDiscountActive(discount, now)) return [];
  return list.filter((p) => {
    if (p.price == null || !(p.price > 0)) return false;
    const inArs = p.currency === 'USD' ? usdToArs(p.price, rate) : roundCents(p.price);
    return priceAfterBrandDiscount(inArs, discount) <= 0;
  });
}

export function discountLeavesNoPriceMessage(list: PricedBlister[], rate: number): string {
  const names = list
    .slice(0, 5)
    .map((p) => `${p.name} x${p.seed_count} (${formatMoney(p.currency === 'USD' ? usdToArs(p.price!, rate) : p.price!)})`)
    .join(', ');
  const more = list.length > 5 ? ` y ${list.length - 5} más` : '';
  return `El descuento del banco dejaría en $ 0 o menos: ${names}${more}. Usa un descuento menor que el precio más bajo.`;
}
