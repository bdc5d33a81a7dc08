// The one place that turns stored products, blisters and brands into the API's shapes.
// Admin code reuses these so every answer prices a blister the same way.
import type { BlisterDto, BrandDto, BrandInfoDto, ProductDto } from '../../../domain/catalog';
import { PRODUCT_TYPE_LABELS } from '../../../domain/catalog';
import type { Currency } from '../../../domain/money';
import { DEFAULT_LEAD_TIME_DAYS } from '../../../domain/restock';
import { clampDiscount, isBrandDiscountActive, priceBlister, type BrandDiscount, type DiscountType } from '../../../domain/pricing';

/** A product row as stored (drizzle's `products.$inferSelect` fits): the DTO's own columns. */
export type ProductRecord = Omit<
  ProductDto,
  | 'brand'
  | 'brand_slug'
  | 'brand_info'
  | 'type_display'
  | 'is_national'
  | 'blisters'
  | 'stock'
  | 'max_discount'
  | 'min_price'
  | 'created_at'
> & { created_at: Date | string };

/** A brand row as stored (drizzle's `brands.$inferSelect` fits). */
export interface BrandRecord extends BrandDiscount {
  id: number;
  brand_id: string;
  brand_name: string;
  description: string | null;
  image: string | null;
  visible: boolean;
  is_national: boolean;
  discount_type: DiscountType | null;
  created_at: Date | string;
  lead_time_days?: number;
}

/** A blister row as stored (drizzle's `blisters.$inferSelect` fits). */
export interface BlisterRecord {
  id: number;
  seed_count: number;
  /** In the product's currency. */
  price: number | null;
  stock: number;
  discount: number;
  cost_price?: number | null;
}

export interface PricingContext {
  dollarRate: number;
  now: Date;
  /** False for anonymous callers: every price field is left out (architecture: departures). */
  showPrices: boolean;
  /** Staff also get the stored values they edit. */
  staff?: boolean;
  /** Staff with can_manage_products also get the blisters' cost (issue 37). */
  costs?: boolean;
}

export const toIso = (value: Date | string | null): string | null =>
  value == null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const toNumber = (value: number | string | null | undefined): number | null => (value == null ? null : Number(value));

export function toBlisterDto(blister: BlisterRecord, currency: Currency, brand: BrandDiscount | null, pricing: PricingContext): BlisterDto {
  const price = toNumber(blister.price);
  const ownDiscount = clampDiscount(blister.discount);
  const view = priceBlister({ price, discount: ownDiscount }, currency, pricing.dollarRate, brand, pricing.now);
  const dto: BlisterDto = {
    id: blister.id,
    seed_count: blister.seed_count,
    stock: blister.stock,
    discount: view ? view.discount : Math.round(ownDiscount),
  };
  if (!pricing.showPrices) return dto;
  if (view) {
    dto.price = view.price;
    dto.price_in_ars = view.price_in_ars;
    dto.price_in_usd = view.price_in_usd;
    dto.final_price = view.final_price;
  } else {
    // No price set yet: zero, which the cart refuses (spec storefront §5).
    dto.price = 0;
    dto.price_in_ars = 0;
    dto.price_in_usd = null;
    dto.final_price = 0;
  }
  if (pricing.staff) {
    dto.own_discount = ownDiscount;
    dto.stored_price = price;
  }
  if (pricing.costs) dto.cost_price = toNumber(blister.cost_price);
  return dto;
}

export function toBrandInfo(brand: BrandRecord): BrandInfoDto {
  return {
    id: brand.id,
    brand_id: brand.brand_id,
    brand_name: brand.brand_name,
    description: brand.description,
    image: brand.image,
    is_national: brand.is_national,
  };
}

export function toProductDto(product: ProductRecord, brand: BrandRecord, blisters: BlisterRecord[], pricing: PricingContext): ProductDto {
  const brandDiscount: BrandDiscount = {
    discount_active: brand.discount_active,
    discount_type: brand.discount_type,
    discount_value: toNumber(brand.discount_value),
    discount_expires_at: brand.discount_expires_at,
  };
  const sorted = [...blisters]
    .sort((a, b) => a.seed_count - b.seed_count || a.id - b.id)
    .map((b) => toBlisterDto(b, product.currency, brandDiscount, pricing));
  const dto: ProductDto = {
    id: product.id,
    name: product.name,
    brand: brand.brand_name,
    brand_id: brand.id,
    brand_slug: brand.brand_id,
    brand_info: toBrandInfo(brand),
    type: product.type,
    type_display: PRODUCT_TYPE_LABELS[product.type],
    genotype: product.genotype,
    sativa: toNumber(product.sativa),
    indica: toNumber(product.indica),
    effects: product.effects,
    flavors: product.flavors,
    thc: product.thc,
    cbd: product.cbd,
    flowering_time: product.flowering_time,
    completed_cicle: product.completed_cicle,
    height_indoor: product.height_indoor,
    height_outdoor: product.height_outdoor,
    yield_indoor: product.yield_indoor,
    yield_outdoor: product.yield_outdoor,
    sku: product.sku,
    currency: product.currency,
    image: product.image,
    image_2: product.image_2,
    image_3: product.image_3,
    description: product.description,
    is_national: brand.is_national,
    available: product.available,
    created_at: toIso(product.created_at)!,
    blisters: sorted,
    stock: sorted.reduce((sum, b) => sum + b.stock, 0),
    max_discount: sorted.reduce((max, b) => Math.max(max, b.discount), 0),
  };
  if (pricing.showPrices) {
    const prices = sorted.map((b) => b.final_price ?? 0).filter((p) => p > 0);
    dto.min_price = prices.length ? Math.min(...prices) : null;
  }
  return dto;
}

export interface BrandTotals {
  total_products: number;
  total_stock: number;
}

export function toBrandDto(brand: BrandRecord, totals: BrandTotals, now: Date): BrandDto {
  const discountValue = toNumber(brand.discount_value);
  return {
    ...toBrandInfo(brand),
    visible: brand.visible,
    created_at: toIso(brand.created_at)!,
    // An expired discount stops applying without anyone acting (issue 4), so it reads as inactive.
    discount_active: isBrandDiscountActive({ ...brand, discount_value: discountValue }, now),
    discount_type: brand.discount_type,
    discount_value: discountValue,
    discount_expires_at: toIso(brand.discount_expires_at),
    total_products: totals.total_products,
    total_stock: totals.total_stock,
    lead_time_days: brand.lead_time_days ?? DEFAULT_LEAD_TIME_DAYS,
  };
}
