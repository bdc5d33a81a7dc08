// Catalogue data for the storefront pages: TanStack Query hooks over the products and brands API.
// Every key carries the viewer, because the API leaves prices out for anonymous callers.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BrandDto, Page, ProductDto, ProductFacetsDto } from '../../../domain/catalog';
import { api, toQuery } from '../../lib/api';
import { useSession } from '../../lib/session';
import { filtersToApiQuery, LATEST_PRODUCTS, PAGE_SIZE, RELATED_PRODUCTS, type CatalogueFilters } from './filters';

/** 'anon' until a session is known; prices arrive once the viewer is a signed-in user. */
export function useViewer(): string {
  const { status, user } = useSession();
  return status === 'authenticated' && user ? `user:${user.id}` : 'anon';
}

/** Every list answers `{count, next, previous, results}`; some pages only need the items. */
const items = <T>(page: Page<T>): T[] => page.results;

export function useProductList(filters: CatalogueFilters) {
  const viewer = useViewer();
  const query = filtersToApiQuery(filters);
  return useInfiniteQuery({
    queryKey: ['products', 'list', viewer, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ProductDto>>(`/api/products/${toQuery({ ...query, page: pageParam, page_size: PAGE_SIZE })}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useFacets(filters: CatalogueFilters) {
  const query = filtersToApiQuery(filters);
  delete query.ordering;
  return useQuery({
    queryKey: ['products', 'facets', query],
    queryFn: ({ signal }) => api.get<ProductFacetsDto>(`/api/products/facets/${toQuery(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBrands(enabled = true) {
  return useQuery({
    queryKey: ['brands'],
    queryFn: ({ signal }) => api.get<Page<BrandDto>>('/api/brands/', { signal }).then(items),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** spec storefront §2 home: the 8 latest products in stock (with a price to show). */
export function useLatestProducts() {
  const viewer = useViewer();
  return useQuery({
    queryKey: ['products', 'latest', viewer],
    queryFn: ({ signal }) =>
      api
        .get<Page<ProductDto>>(`/api/products/${toQuery({ ordering: '-created_at', has_stock: 'true', has_price: 'true', page_size: LATEST_PRODUCTS })}`, { signal })
        .then(items),
  });
}

export function useOnSaleProducts() {
  const viewer = useViewer();
  return useQuery({
    queryKey: ['products', 'on-sale', viewer],
    queryFn: ({ signal }) => api.get<Page<ProductDto>>('/api/products/on-sale/', { signal }).then(items),
  });
}

export function useProduct(id: number) {
  const viewer = useViewer();
  return useQuery({
    queryKey: ['products', 'detail', viewer, id],
    queryFn: ({ signal }) => api.get<ProductDto>(`/api/products/${id}/`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => count < 1 && !(error instanceof Error && 'status' in error && [400, 404].includes(Number(error.status))),
  });
}

export function useRelatedProducts(id: number) {
  const viewer = useViewer();
  return useQuery({
    queryKey: ['products', 'related', viewer, id],
    queryFn: ({ signal }) =>
      api.get<Page<ProductDto>>(`/api/products/${id}/related/${toQuery({ limit: RELATED_PRODUCTS })}`, { signal }).then(items),
    enabled: Number.isInteger(id) && id > 0,
  });
}
