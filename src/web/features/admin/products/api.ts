// Admin catalog calls: the staff listing with its filters, one product, and the writes.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ProductFormValues } from '../../../../domain/admin-catalog';
import { ADMIN_PRODUCTS_PAGE_SIZE, type ProductDto } from '../../../../domain/catalog';
import { type Page } from '../../../../domain/page';
import { api, toQuery } from '../../../lib/api';
import { adminKeys, invalidateCatalog } from '../lib/queries';

// spec accounts-admin §9 filter values.
export const TYPE_FILTERS = { auto: 'Automáticas', fem: 'Feminizadas', regular: 'Regulares' } as const;
export const STOCK_FILTERS = { 'with-stock': 'Con stock', 'low-stock': 'Stock bajo', 'out-of-stock': 'Sin stock' } as const;
export const AVAILABILITY_FILTERS = { available: 'Disponibles', unavailable: 'No disponibles' } as const;
export const PRICE_STATUS_FILTERS = { 'with-price': 'Con precio', 'no-price': 'Sin precio' } as const;
export const CURRENCY_FILTERS = { ARS: 'ARS', USD: 'USD' } as const;

export interface AdminProductFilters {
  brand?: string;
  type?: keyof typeof TYPE_FILTERS;
  stock?: keyof typeof STOCK_FILTERS;
  availability?: keyof typeof AVAILABILITY_FILTERS;
  priceStatus?: keyof typeof PRICE_STATUS_FILTERS;
  currency?: keyof typeof CURRENCY_FILTERS;
  search?: string;
}

export const FILTER_KEYS = ['brand', 'type', 'stock', 'availability', 'priceStatus', 'currency', 'search'] as const;

const pick = <T extends Record<string, string>>(options: T, value: string | null) =>
  value && value in options ? (value as keyof T) : undefined;

/** Filters as kept in the page's URL; unknown values are ignored. */
export function filtersFromParams(params: URLSearchParams): AdminProductFilters {
  return {
    brand: params.get('brand') ?? undefined,
    type: pick(TYPE_FILTERS, params.get('type')),
    stock: pick(STOCK_FILTERS, params.get('stock')),
    availability: pick(AVAILABILITY_FILTERS, params.get('availability')),
    priceStatus: pick(PRICE_STATUS_FILTERS, params.get('priceStatus')),
    currency: pick(CURRENCY_FILTERS, params.get('currency')),
    search: params.get('search') ?? undefined,
  };
}

/** The staff query of GET /api/products/ (architecture: available, stockFilter, priceStatus, currency). */
export function filtersToApiQuery(filters: AdminProductFilters) {
  return {
    brand: filters.brand,
    type: filters.type,
    stockFilter: filters.stock,
    available: filters.availability === 'available' ? 'true' : filters.availability === 'unavailable' ? 'false' : 'all',
    priceStatus: filters.priceStatus,
    currency: filters.currency,
    search: filters.search?.trim() || undefined,
    ordering: '-created_at',
    page_size: ADMIN_PRODUCTS_PAGE_SIZE,
  };
}

// spec accounts-admin §9: admin product list refreshed every 5 minutes.
export const AUTO_REFRESH_MS = 300_000;

export function useAdminProducts(filters: AdminProductFilters) {
  const query = filtersToApiQuery(filters);
  return useInfiniteQuery({
    queryKey: [...adminKeys.products, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ProductDto>>(`/api/products/${toQuery({ ...query, page: pageParam })}`, {
        signal,
        fallbackError: 'Error al cargar los productos',
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: AUTO_REFRESH_MS,
    staleTime: 0,
  });
}

export function useAdminProduct(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.product(id ?? 0),
    queryFn: ({ signal }) => api.get<ProductDto>(`/api/products/${id}/`, { signal, fallbackError: 'Error al obtener el producto' }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

type ProductPages = InfiniteData<Page<ProductDto>>;

/** Replaces one product wherever the cached admin lists hold it. */
function patchCachedProduct(queryClient: ReturnType<typeof useQueryClient>, id: number, change: (p: ProductDto) => ProductDto) {
  queryClient.setQueriesData<ProductPages>(
    { queryKey: adminKeys.products },
    (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, results: page.results.map((p) => (p.id === id ? change(p) : p)) })) },
  );
}

export function useToggleAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductDto) =>
      api.patch<ProductDto>(
        `/api/products/${product.id}/`,
        { available: !product.available },
        { fallbackError: 'Error al cambiar la disponibilidad del producto' },
      ),
    onSuccess: (updated, product) => {
      patchCachedProduct(queryClient, product.id, (p) => ({ ...p, available: updated?.available ?? !product.available }));
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductDto) =>
      api.delete<void>(`/api/products/${product.id}/`, { fallbackError: 'Error al eliminar el producto' }),
    onSuccess: () => invalidateCatalog(queryClient),
  });
}

export function useSaveProduct(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProductFormValues) =>
      id === undefined
        ? api.post<ProductDto>('/api/products/', values, { fallbackError: 'Error al crear el producto' })
        : api.put<ProductDto>(`/api/products/${id}/`, values, { fallbackError: 'Error al actualizar el producto' }),
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
