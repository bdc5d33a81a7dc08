// Catalog vocabulary without zod: the storefront's first load imports values from here, while
// the schemas that need zod live in catalog.ts (which re-exports all of this).
import { normalizeSearch } from './text.ts';

export const PRODUCT_TYPES = ['auto', 'fem', 'reg'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

// spec storefront §2: fem = Feminizada, auto = Automática, reg = Regular.
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  auto: 'Automática',
  fem: 'Feminizada',
  reg: 'Regular',
};

// Catalog URLs name categories in plural Spanish (spec storefront §2 header links).
export const CATEGORY_TO_TYPE: Record<string, ProductType> = {
  automaticas: 'auto',
  feminizadas: 'fem',
  regulares: 'reg',
};
// Written out rather than derived from CATEGORY_TO_TYPE: a computed value would make bundlers keep
// this module in chunks that only need its numbers (the filter tests check the two agree).
export const TYPE_TO_CATEGORY: Record<ProductType, string> = { auto: 'automaticas', fem: 'feminizadas', reg: 'regulares' };
export const OFFERS_CATEGORY = 'ofertas';

// spec storefront §9: catalog page size 9, latest products 8, related products 4.
export const CATALOG_PAGE_SIZE = 9;
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const LATEST_PRODUCTS = 8;
export const RELATED_PRODUCTS = 4;
export const MAX_RELATED_PRODUCTS = 12;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;

export const STOCK_FILTERS = ['with-stock', 'low-stock', 'out-of-stock'] as const;
export const PRICE_RANGES = ['under-5000', '5000-10000', '10000-20000', '20000-50000', 'over-50000'] as const;
export const PRODUCT_ORDERINGS = ['min_price', '-min_price', '-created_at', 'name'] as const;

/** What `products.search_text` holds: the normalised name, brand name and type label. Rewrite it
 * whenever one of them changes (a brand rename touches all its products). */
export function productSearchText(name: string, brandName: string, type: ProductType): string {
  return normalizeSearch(`${name} ${brandName} ${PRODUCT_TYPE_LABELS[type]}`);
}
