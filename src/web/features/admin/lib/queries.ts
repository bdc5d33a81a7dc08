// Data shared by several admin pages: brands, the dollar rate, and cache invalidation after writes.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { BrandDto } from '../../../../domain/catalog';
import type { Page } from '../../../../domain/page';
import { DEFAULT_DOLLAR_RATE } from '../../../../domain/money';
import { api } from '../../../lib/api';

export const adminKeys = {
  products: ['admin', 'products'] as const,
  product: (id: number) => ['admin', 'product', id] as const,
  brands: ['admin', 'brands'] as const,
  brand: (id: number) => ['admin', 'brand', id] as const,
  orders: ['admin', 'orders'] as const,
  /** An order by its number (`order_number`), as its page and the list's quick view open it. */
  order: (orderNumber: number) => ['admin', 'order', orderNumber] as const,
  orderPrefix: ['admin', 'order'] as const,
  /** Outside `orders`: reloading the lists must not poll the counts again. */
  orderCounts: ['admin', 'order-counts'] as const,
  paymentSettings: ['admin', 'payment-settings'] as const,
  shippingSettings: ['admin', 'shipping-settings'] as const,
  dollarRate: ['admin', 'dollar-rate'] as const,
};

export function useAdminBrands() {
  return useQuery({
    queryKey: adminKeys.brands,
    queryFn: ({ signal }) =>
      api.get<Page<BrandDto>>('/api/brands/', { signal, fallbackError: 'Error al cargar los bancos' }).then((page) => page.results),
    staleTime: 30_000,
  });
}

/** spec accounts-admin §7 core: the current rate; a failed load falls back to 1000. */
export function useDollarRate(): number {
  const { data } = useQuery({
    queryKey: adminKeys.dollarRate,
    queryFn: ({ signal }) =>
      api
        .get<{ value: number }>('/api/core/dollar-rate/', { signal })
        .then((d) => (Number(d.value) > 0 ? Number(d.value) : DEFAULT_DOLLAR_RATE))
        .catch(() => DEFAULT_DOLLAR_RATE),
    staleTime: 5 * 60_000,
  });
  return data ?? DEFAULT_DOLLAR_RATE;
}

/** After a catalog write: admin lists and every storefront product query are stale. */
export function invalidateCatalog(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['admin'] });
  void queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['brands'] });
}
