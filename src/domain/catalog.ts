// Catalogue vocabulary and the shapes the products and brands API answers with.
import { z } from 'zod';
import type { Currency } from './money';
import { normalizeSearch } from './text';

export const PRODUCT_TYPES = ['auto', 'fem', 'reg'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

// spec storefront §2: fem = Feminizada, auto = Automática, reg = Regular.
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  auto: 'Automática',
  fem: 'Feminizada',
  reg: 'Regular',
};

// Catalogue URLs name categories in plural Spanish (spec storefront §2 header links).
export const CATEGORY_TO_TYPE: Record<string, ProductType> = {
  automaticas: 'auto',
  feminizadas: 'fem',
  regulares: 'reg',
};
export const OFFERS_CATEGORY = 'ofertas';

export const CATALOGUE_PAGE_SIZE = 9;
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const LATEST_PRODUCTS = 8;
export const RELATED_PRODUCTS = 4;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;

export const STOCK_FILTERS = ['with-stock', 'low-stock', 'out-of-stock'] as const;
export const LOW_STOCK_THRESHOLD = 5;
export const PRICE_RANGES = ['under-5000', '5000-10000', '10000-20000', '20000-50000', 'over-50000'] as const;
export const PRODUCT_ORDERINGS = ['min_price', '-min_price', '-created_at', 'name'] as const;

export interface BlisterDto {
  id: number;
  seed_count: number;
  stock: number;
  /** Percent off shown to the customer (0 when none). */
  discount: number;
  // Price fields are absent for anonymous callers (architecture: removed by the API).
  price?: number;
  price_in_ars?: number;
  price_in_usd?: number | null;
  final_price?: number;
  /** The presentation's own stored discount, for staff editing it (absent for everyone else). */
  own_discount?: number;
  /** The stored price in the product's currency, for staff editing it (absent for everyone else). */
  stored_price?: number | null;
}

export interface BrandInfoDto {
  id: number;
  brand_id: string;
  brand_name: string;
  description: string | null;
  image: string | null;
  is_national: boolean;
}

export interface ProductDto {
  id: number;
  name: string;
  brand: string;
  brand_id: number;
  brand_slug: string;
  brand_info: BrandInfoDto;
  type: ProductType;
  type_display: string;
  genotype: string | null;
  sativa: number | null;
  indica: number | null;
  effects: string | null;
  flavors: string | null;
  thc: string | null;
  cbd: string | null;
  flowering_time: string | null;
  completed_cicle: string | null;
  height_indoor: string | null;
  height_outdoor: string | null;
  yield_indoor: string | null;
  yield_outdoor: string | null;
  sku: string | null;
  currency: Currency;
  image: string | null;
  image_2: string | null;
  image_3: string | null;
  description: string | null;
  is_national: boolean;
  available: boolean;
  created_at: string;
  blisters: BlisterDto[];
  /** Total units in stock across presentations. */
  stock: number;
  /** Largest discount among presentations, percent. */
  max_discount: number;
  /** Lowest final price in ARS among priced presentations; absent for anonymous callers. */
  min_price?: number | null;
}

export interface BrandDto {
  id: number;
  brand_id: string;
  brand_name: string;
  description: string | null;
  image: string | null;
  visible: boolean;
  is_national: boolean;
  created_at: string;
  discount_active: boolean;
  discount_type: 'percentage' | 'fixed' | null;
  discount_value: number | null;
  discount_expires_at: string | null;
  total_products: number;
  total_stock: number;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const commaList = <T extends string>(values: readonly T[], message: string) =>
  z
    .string()
    .max(500, message)
    .transform((raw) => raw.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values as unknown as [T, ...T[]], { error: message })));

const boolParam = z.enum(['true', 'false', '1', '0'], { error: 'Valor booleano inválido' }).transform((v) => v === 'true' || v === '1');

export const pageQuery = {
  page: z.coerce.number({ error: 'La página debe ser un número' }).int('La página debe ser un número entero').min(1, 'La página debe ser 1 o mayor').max(100000, 'Página fuera de rango').default(1),
  page_size: z.coerce.number({ error: 'El tamaño de página debe ser un número' }).int('El tamaño de página debe ser un número entero').min(1, 'El tamaño de página debe ser 1 o mayor').max(MAX_PAGE_SIZE, `El tamaño de página no puede superar ${MAX_PAGE_SIZE}`).optional(),
};

/** Accepts the API's type codes and the admin spelling 'regular'. */
const typeList = z
  .string()
  .max(100, 'Tipo inválido')
  .transform((raw) => raw.split(',').map((v) => v.trim()).filter(Boolean).map((v) => (v === 'regular' ? 'reg' : v)))
  .pipe(z.array(z.enum(PRODUCT_TYPES, { error: 'Tipo de producto inválido' })));

/** Brand filter: numeric ids or slugs, comma separated. */
const brandList = z
  .string()
  .max(2000, 'Filtro de banco inválido')
  .transform((raw) => raw.split(',').map((v) => v.trim()).filter(Boolean))
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

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'Identificador inválido' }).int('Identificador inválido').min(1, 'Identificador inválido').max(2147483647, 'Identificador inválido'),
});

export { commaList, boolParam };

/** Counts for the catalogue's filter groups, under the other active filters. */
export interface ProductFacetsDto {
  types: Record<ProductType, number>;
  brands: { id: number; brand_id: string; brand_name: string; is_national: boolean; image: string | null; count: number }[];
  on_sale: number;
  with_stock: number;
}

export const MAX_RELATED_PRODUCTS = 12;

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

/** What `products.search_text` holds: the normalised name, brand name and type label. Rewrite it
 * whenever one of them changes (a brand rename touches all its products). */
export function productSearchText(name: string, brandName: string, type: ProductType): string {
  return normalizeSearch(`${name} ${brandName} ${PRODUCT_TYPE_LABELS[type]}`);
}
