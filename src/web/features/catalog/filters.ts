// Catalog filters and the URL that mirrors them (spec storefront §2 catalog, §4).
// A single category or brand uses the singular param (`category`, `bank`); several use the plural
// (`categories`, `banks`) as a comma list. Category `ofertas` means discounted only.
import {
  CATEGORY_TO_TYPE,
  MAX_SEARCH_LENGTH,
  OFFERS_CATEGORY,
  PRODUCT_TYPES,
  TYPE_TO_CATEGORY,
  type ProductType,
} from '../../../domain/catalog-constants.ts';

export type CatalogSort = '' | 'min_price' | '-min_price';

export interface CatalogFilters {
  types: ProductType[];
  onlyOffers: boolean;
  withStock: boolean;
  /** Brand slugs. */
  brands: string[];
  search: string;
  sort: CatalogSort;
}

export const EMPTY_FILTERS: CatalogFilters = { types: [], onlyOffers: false, withStock: false, brands: [], search: '', sort: '' };

// Extra params of this shop (not in the spec's list) so that a reload keeps every filter.
const SORT_PARAM = 'orden';
const SORT_VALUES: Record<string, CatalogSort> = { 'menor-precio': 'min_price', 'mayor-precio': '-min_price' };
const STOCK_PARAM = 'stock';
const STOCK_VALUE = 'disponible';
const SEARCH_PARAM = 'search';

/**
 * The query parameters of the catalog's filters but its free-text search: the URLs the server
 * keeps a rendered catalog page under (the route table, pages.ts).
 */
export const FILTER_PARAMS = ['category', 'categories', 'bank', 'banks', STOCK_PARAM, SORT_PARAM] as const;
/** The free-text search: a page per search is rendered each time, never kept. */
export const SEARCH_PARAMS = [SEARCH_PARAM] as const;

const list = (params: URLSearchParams, singular: string, plural: string) =>
  [params.get(singular) ?? '', params.get(plural) ?? '']
    .flatMap((raw) => raw.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

const unique = <T>(values: T[]) => [...new Set(values)];

export function parseFilters(params: URLSearchParams): CatalogFilters {
  const categories = list(params, 'category', 'categories');
  const types = PRODUCT_TYPES.filter((type) => categories.some((c) => CATEGORY_TO_TYPE[c] === type));
  const brands = unique(list(params, 'bank', 'banks').filter((slug) => /^[a-z0-9-]{1,80}$/.test(slug)));
  return {
    types,
    onlyOffers: categories.includes(OFFERS_CATEGORY),
    withStock: params.get(STOCK_PARAM) === STOCK_VALUE,
    brands,
    search: (params.get(SEARCH_PARAM) ?? '').slice(0, MAX_SEARCH_LENGTH),
    sort: SORT_VALUES[params.get(SORT_PARAM) ?? ''] ?? '',
  };
}

function setList(params: URLSearchParams, singular: string, plural: string, values: string[]) {
  if (values.length === 1) params.set(singular, values[0]);
  else if (values.length > 1) params.set(plural, values.join(','));
}

/** The catalog URL's query for these filters. */
export function filtersToParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  const categories = [...PRODUCT_TYPES.filter((t) => filters.types.includes(t)).map((t) => TYPE_TO_CATEGORY[t])];
  if (filters.onlyOffers) categories.push(OFFERS_CATEGORY);
  setList(params, 'category', 'categories', categories);
  setList(params, 'bank', 'banks', filters.brands);
  const search = filters.search.trim();
  if (search) params.set(SEARCH_PARAM, search);
  if (filters.withStock) params.set(STOCK_PARAM, STOCK_VALUE);
  const sortName = Object.entries(SORT_VALUES).find(([, v]) => v === filters.sort)?.[0];
  if (filters.sort && sortName) params.set(SORT_PARAM, sortName);
  return params;
}

/** The query string (without '?'), keeping list commas readable: `categories=automaticas,regulares`. */
export function filtersToQueryString(filters: CatalogFilters): string {
  return filtersToParams(filters).toString().replace(/%2C/gi, ',');
}

/** The query of `GET /api/products/` (and of the facets) for these filters. */
export function filtersToApiQuery(filters: CatalogFilters): Record<string, string | undefined> {
  return {
    type: filters.types.length ? filters.types.join(',') : undefined,
    brand: filters.brands.length ? filters.brands.join(',') : undefined,
    search: filters.search.trim() || undefined,
    discount: filters.onlyOffers ? 'true' : undefined,
    has_stock: filters.withStock ? 'true' : undefined,
    ordering: filters.sort || undefined,
  };
}

export function activeFilterCount(filters: CatalogFilters): number {
  return filters.types.length + filters.brands.length + (filters.onlyOffers ? 1 : 0) + (filters.withStock ? 1 : 0);
}

export function toggle<T>(values: T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
