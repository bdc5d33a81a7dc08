// The shapes the products and brands API answers with and the queries it reads, as zod schemas;
// the vocabulary they use is in catalog-constants.ts (zod-free, for the storefront's first load).
import { z } from 'zod';
import {
  MAX_RELATED_PRODUCTS,
  MAX_SEARCH_LENGTH,
  PRICE_RANGES,
  PRODUCT_ORDERINGS,
  PRODUCT_TYPES,
  RELATED_PRODUCTS,
  STOCK_FILTERS,
} from './catalog-constants';
import { CURRENCIES } from './money';
import { pageQuery } from './page';

export * from './catalog-constants';

export const blisterDtoSchema = z.object({
  id: z.number().int(),
  seed_count: z.number().int(),
  stock: z.number().int(),
  /** Percent off shown to the customer (0 when none). */
  discount: z.number(),
  // Price fields are absent for anonymous callers (architecture: removed by the API).
  price: z.number().optional(),
  price_in_ars: z.number().optional(),
  price_in_usd: z.number().nullable().optional(),
  final_price: z.number().optional(),
  /** The blister's own stored discount, for staff editing it (absent for everyone else). */
  own_discount: z.number().optional(),
  /** The stored price in the product's currency, for staff editing it (absent for everyone else). */
  stored_price: z.number().nullable().optional(),
  /** What the blister costs the shop, ARS: only staff with can_manage_products get it (issue 37). */
  cost_price: z.number().nullable().optional(),
});
export type BlisterDto = z.infer<typeof blisterDtoSchema>;

/** One blister with the product it belongs to (`GET /api/products/blisters/{id}/`). */
export const blisterDetailDtoSchema = blisterDtoSchema.extend({ product_id: z.number().int(), product_name: z.string() });

export const brandInfoDtoSchema = z.object({
  id: z.number().int(),
  brand_id: z.string(),
  brand_name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  is_national: z.boolean(),
});
export type BrandInfoDto = z.infer<typeof brandInfoDtoSchema>;

export const productDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  brand_id: z.number().int(),
  brand_slug: z.string(),
  brand_info: brandInfoDtoSchema,
  type: z.enum(PRODUCT_TYPES),
  type_display: z.string(),
  genotype: z.string().nullable(),
  sativa: z.number().nullable(),
  indica: z.number().nullable(),
  effects: z.string().nullable(),
  flavors: z.string().nullable(),
  thc: z.string().nullable(),
  cbd: z.string().nullable(),
  flowering_time: z.string().nullable(),
  completed_cicle: z.string().nullable(),
  height_indoor: z.string().nullable(),
  height_outdoor: z.string().nullable(),
  yield_indoor: z.string().nullable(),
  yield_outdoor: z.string().nullable(),
  sku: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  image: z.string().nullable(),
  image_2: z.string().nullable(),
  image_3: z.string().nullable(),
  description: z.string().nullable(),
  is_national: z.boolean(),
  available: z.boolean(),
  created_at: z.string(),
  blisters: z.array(blisterDtoSchema),
  /** Total units in stock across blisters. */
  stock: z.number().int(),
  /** Largest discount among blisters, percent. */
  max_discount: z.number(),
  /** Lowest final price in ARS among priced blisters; absent for anonymous callers. */
  min_price: z.number().nullable().optional(),
});
export type ProductDto = z.infer<typeof productDtoSchema>;

export const brandDtoSchema = brandInfoDtoSchema.extend({
  visible: z.boolean(),
  created_at: z.string(),
  discount_active: z.boolean(),
  discount_type: z.enum(['percentage', 'fixed']).nullable(),
  discount_value: z.number().nullable(),
  discount_expires_at: z.string().nullable(),
  total_products: z.number().int(),
  total_stock: z.number().int(),
  /** Days from a purchase order sent to the blisters on the shelf (issue 37). */
  lead_time_days: z.number().int(),
});
export type BrandDto = z.infer<typeof brandDtoSchema>;

const boolParam = z.enum(['true', 'false', '1', '0'], { error: 'Valor booleano inválido' }).transform((v) => v === 'true' || v === '1');

/** Accepts the API's type codes and the admin spelling 'regular'. */
const typeList = z
  .string()
  .max(100, 'Tipo inválido')
  .transform((raw) =>
    raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
      .map((v) => (v === 'regular' ? 'reg' : v)),
  )
  .pipe(z.array(z.enum(PRODUCT_TYPES, { error: 'Tipo de producto inválido' })));

/** Brand filter: numeric ids or slugs, comma separated. */
const brandList = z
  .string()
  .max(2000, 'Filtro de banco inválido')
  .transform((raw) =>
    raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[a-z0-9-]{1,80}$/, 'Banco inválido')));

export const productListQuerySchema = z.object({
  ...pageQuery,
  type: typeList.optional(),
  brand: brandList.optional(),
  search: z.string().trim().max(MAX_SEARCH_LENGTH, 'La búsqueda es demasiado larga').optional(),
  discount: boolParam.optional(),
  stockFilter: z.enum(STOCK_FILTERS, { error: 'Filtro de stock inválido' }).optional(),
  no_stock: boolParam.optional(),
  has_stock: boolParam.optional(),
  has_price: boolParam.optional(),
  priceRange: z.enum(PRICE_RANGES, { error: 'Rango de precio inválido' }).optional(),
  ordering: z.enum(PRODUCT_ORDERINGS, { error: 'Orden inválido' }).optional(),
  // Staff only; ignored for everyone else.
  available: z.enum(['true', 'false', 'all'], { error: 'Disponibilidad inválida' }).optional(),
  currency: z.enum(['ARS', 'USD'], { error: 'Moneda inválida' }).optional(),
  priceStatus: z.enum(['no-price', 'with-price'], { error: 'Estado de precio inválido' }).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Counts for the catalog's filter groups, under the other active filters. */
export const productFacetsDtoSchema = z.object({
  types: z.object({ auto: z.number().int(), fem: z.number().int(), reg: z.number().int() }),
  brands: z.array(
    z.object({
      id: z.number().int(),
      brand_id: z.string(),
      brand_name: z.string(),
      is_national: z.boolean(),
      image: z.string().nullable(),
      count: z.number().int(),
    }),
  ),
  on_sale: z.number().int(),
  with_stock: z.number().int(),
});
export type ProductFacetsDto = z.infer<typeof productFacetsDtoSchema>;

export const relatedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'El límite debe ser 1 o mayor')
    .max(MAX_RELATED_PRODUCTS, `El límite no puede superar ${MAX_RELATED_PRODUCTS}`)
    .default(RELATED_PRODUCTS),
});

/** A brand by numeric id or by slug (`GET /api/brands/{id}/`). */
export const brandRefParamSchema = z.object({
  id: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,80}$/, 'Identificador de banco inválido'),
});

export const brandListQuerySchema = z.object({
  is_national: boolParam.optional(),
});
