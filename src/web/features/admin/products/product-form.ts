// The product form's values (strings, as typed) and the pure rules behind it: loading a product
// into the form and switching currency (spec accounts-admin §4 currency switch, §5 product form).
import type { ProductDto, ProductType } from '../../../../domain/catalog';
import { amountInputText, arsToUsd, parseArsAmount, usdToArs, type Currency } from '../../../../domain/money';
import { applyPercent, clampDiscount } from '../../../../domain/pricing';

export interface BlisterFields {
  /** An existing blister; absent for a new row. */
  id?: number;
  seed_count: string;
  price: string;
  stock: string;
  discount: string;
  /** ARS; '' when not known. */
  cost_price: string;
}

export interface ProductFormFields {
  brand_id: number | null;
  brand: string;
  name: string;
  type: ProductType | '';
  genotype: string;
  flavors: string;
  effects: string;
  sativa: string;
  indica: string;
  thc: string;
  cbd: string;
  description: string;
  image: string;
  image_2: string;
  flowering_time: string;
  completed_cicle: string;
  height_indoor: string;
  height_outdoor: string;
  yield_indoor: string;
  yield_outdoor: string;
  sku: string;
  currency: Currency;
  available: boolean;
  blisters: BlisterFields[];
}

export const emptyBlister = (): BlisterFields => ({ seed_count: '', price: '', stock: '', discount: '0', cost_price: '' });

export function emptyProductForm(): ProductFormFields {
  return {
    brand_id: null,
    brand: '',
    name: '',
    type: '',
    genotype: '',
    flavors: '',
    effects: '',
    sativa: '',
    indica: '',
    thc: '',
    cbd: '',
    description: '',
    image: '',
    image_2: '',
    flowering_time: '',
    completed_cicle: '',
    height_indoor: '',
    height_outdoor: '',
    yield_indoor: '',
    yield_outdoor: '',
    sku: '',
    currency: 'ARS',
    available: true,
    blisters: [emptyBlister()],
  };
}

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));

/** The form as the admin sees a stored product: prices and discounts as stored, not as sold. */
export function productToForm(product: ProductDto): ProductFormFields {
  return {
    brand_id: product.brand_id,
    brand: product.brand,
    name: product.name,
    type: product.type,
    genotype: text(product.genotype),
    flavors: text(product.flavors),
    effects: text(product.effects),
    sativa: text(product.sativa),
    indica: text(product.indica),
    thc: text(product.thc),
    cbd: text(product.cbd),
    description: text(product.description),
    image: text(product.image),
    image_2: text(product.image_2),
    flowering_time: text(product.flowering_time),
    completed_cicle: text(product.completed_cicle),
    height_indoor: text(product.height_indoor),
    height_outdoor: text(product.height_outdoor),
    yield_indoor: text(product.yield_indoor),
    yield_outdoor: text(product.yield_outdoor),
    sku: text(product.sku),
    currency: product.currency,
    available: product.available,
    blisters: product.blisters.map((b) => ({
      id: b.id,
      seed_count: String(b.seed_count),
      price: amountInputText(b.stored_price ?? (product.currency === 'USD' ? b.price_in_usd : b.price_in_ars)),
      stock: String(b.stock),
      discount: String(b.own_discount ?? b.discount ?? 0),
      cost_price: b.cost_price == null ? '' : amountInputText(b.cost_price),
    })),
  };
}

/** '12,5' and '12.5' both read 12.5; blanks and anything else read null (a percentage). */
export function parseDecimal(value: string): number | null {
  const cleaned = value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A typed price ('22.000', '1.450,50'); null when it is blank, negative or cannot be read. */
export function parsePriceText(value: string): number | null {
  const parsed = parseArsAmount(value);
  return parsed.ok && parsed.value >= 0 ? parsed.value : null;
}

/** A price written in the other currency: USD→ARS to an integer, ARS→USD with 2 decimals. */
export function convertPrice(value: number, from: Currency, to: Currency, rate: number): number {
  if (from === to) return value;
  return from === 'USD' ? usdToArs(value, rate) : arsToUsd(value, rate);
}

/** A typed price converted for a currency switch; blanks and invalid entries stay as typed. */
export function convertPriceText(value: string, from: Currency, to: Currency, rate: number): string {
  const amount = parsePriceText(value);
  if (amount === null || from === to) return value;
  return amountInputText(convertPrice(amount, from, to, rate));
}

/** spec §5: discount is clamped to 0-100 and a non-number becomes 0. */
export function normalizeDiscountText(value: string): string {
  return String(clampDiscount(parseDecimal(value) ?? 0));
}

/** The price after the blister's own discount, or null when the price is not a number. */
export function finalPrice(price: string, discount: string): number | null {
  const amount = parsePriceText(price);
  if (amount === null) return null;
  return applyPercent(amount, parseDecimal(discount) ?? 0);
}

/** The margin a typed cost leaves on the list price (ARS), as the cost field's hint. */
export function costHint(cost: string, price: number | null, currency: Currency, rate: number): string | undefined {
  const amount = parsePriceText(cost);
  if (amount === null || price === null || price <= 0) return undefined;
  const inArs = currency === 'USD' ? usdToArs(price, rate) : price;
  if (inArs <= 0) return undefined;
  return `Margen sobre el precio: ${Math.round(((inArs - amount) / inArs) * 100)}%`;
}
