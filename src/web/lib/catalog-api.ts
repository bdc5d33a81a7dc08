// Catalog reads shared by the storefront pages: TanStack Query hooks over the products and brands
// API. Every key carries the viewer, because the API leaves prices out for anonymous callers.
import { useQuery } from '@tanstack/react-query';
import type { BrandDto, ProductDto } from '../../domain/catalog';
import type { Page } from '../../domain/page';
import { LATEST_PRODUCTS, RELATED_PRODUCTS } from '../../domain/catalog-constants';
import { api, toQuery } from './api';
import { useSession } from './session';

/** 'anon' until a session is known; prices arrive once the viewer is a signed-in user. */
export function useViewer(): string {
  const { status, user } = useSession();
  return status === 'authenticated' && user ? `user:${user.id}` : 'anon';
}

/** Every list answers `{count, next, previous, results}`; some pages only need the items. */
const items = <T>(page: Page<T>): T[] => page.results;

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
        .get<Page<ProductDto>>(
          `/api/products/${toQuery({ ordering: '-created_at', has_stock: 'true', has_price: 'true', page_size: LATEST_PRODUCTS })}`,
          { signal },
        )
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
