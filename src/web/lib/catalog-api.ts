// Catalog reads shared by the storefront pages: TanStack Query hooks over the products and brands
// API. Every key carries the viewer, because the API leaves prices out for anonymous callers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandDto, ProductDto } from '../../domain/catalog';
import type { Page } from '../../domain/page';
import { LATEST_PRODUCTS, RELATED_PRODUCTS } from '../../domain/catalog-constants';
import { api, toQuery } from './api';
import { useSession } from './session';

/** The viewer of a page without a session: the server renders every page for it. */
export const ANONYMOUS_VIEWER = 'anon';

/** ANONYMOUS_VIEWER until a session is known; prices arrive once the viewer is a signed-in user. */
export function useViewer(): string {
  const { status, user } = useSession();
  return status === 'authenticated' && user ? `user:${user.id}` : ANONYMOUS_VIEWER;
}

/**
 * A query whose answer carries prices for a signed-in customer: its URL goes in `meta.priced`, so
 * that the server's first render can name it and a returning customer's browser fetch it while the
 * app's code downloads (`data-priced` on /start.js, taken by lib/api.ts).
 */
export const pricedMeta = (url: string) => ({ priced: url });

/** Every list answers `{count, next, previous, results}`; some pages only need the items. */
const items = <T>(page: Page<T>): T[] => page.results;

// The queries as options, so that a page's data declaration (page-data.ts) prefetches exactly
// what its hooks read.
export const brandsQuery = () =>
  queryOptions({
    queryKey: ['brands'],
    queryFn: ({ signal }) => api.get<Page<BrandDto>>('/api/brands/', { signal }).then(items),
    staleTime: 5 * 60_000,
  });

/** spec storefront §2 home: the 8 latest products in stock (with a price to show). */
export const latestProductsQuery = (viewer: string) => {
  const url = `/api/products/${toQuery({ ordering: '-created_at', has_stock: 'true', has_price: 'true', page_size: LATEST_PRODUCTS })}`;
  return queryOptions({
    queryKey: ['products', 'latest', viewer],
    queryFn: ({ signal }) => api.get<Page<ProductDto>>(url, { signal }).then(items),
    meta: pricedMeta(url),
  });
};

export const onSaleProductsQuery = (viewer: string) =>
  queryOptions({
    queryKey: ['products', 'on-sale', viewer],
    queryFn: ({ signal }) => api.get<Page<ProductDto>>('/api/products/on-sale/', { signal }).then(items),
    meta: pricedMeta('/api/products/on-sale/'),
  });

export const productQuery = (viewer: string, id: number) =>
  queryOptions({
    queryKey: ['products', 'detail', viewer, id],
    queryFn: ({ signal }) => api.get<ProductDto>(`/api/products/${id}/`, { signal }),
    meta: pricedMeta(`/api/products/${id}/`),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => count < 1 && !(error instanceof Error && 'status' in error && [400, 404].includes(Number(error.status))),
  });

export const relatedProductsQuery = (viewer: string, id: number) => {
  const url = `/api/products/${id}/related/${toQuery({ limit: RELATED_PRODUCTS })}`;
  return queryOptions({
    queryKey: ['products', 'related', viewer, id],
    queryFn: ({ signal }) => api.get<Page<ProductDto>>(url, { signal }).then(items),
    meta: pricedMeta(url),
    enabled: Number.isInteger(id) && id > 0,
  });
};

export const useBrands = (enabled = true) => useQuery({ ...brandsQuery(), enabled });
export const useLatestProducts = () => useQuery(latestProductsQuery(useViewer()));
export const useOnSaleProducts = () => useQuery(onSaleProductsQuery(useViewer()));
export const useProduct = (id: number) => useQuery(productQuery(useViewer(), id));
export const useRelatedProducts = (id: number) => useQuery(relatedProductsQuery(useViewer(), id));
