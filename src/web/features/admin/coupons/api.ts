// The staff's coupon calls: the list with uses and revenue, and a coupon created or changed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductDto } from '../../../../domain/catalog';
import type { CouponDto } from '../../../../domain/coupons';
import type { Page } from '../../../../domain/page';
import { api } from '../../../lib/api';

const couponsKey = ['admin', 'coupons'] as const;

/** The codes a shop keeps fit one page: newest first. */
export function useCoupons() {
  return useQuery({
    queryKey: couponsKey,
    queryFn: ({ signal }) =>
      api.get<Page<CouponDto>>('/api/coupons/?page_size=100', { signal, fallbackError: 'Error al cargar los cupones' }),
    staleTime: 0,
  });
}

/** What the form sends: the domain's input, dates as ISO instants. */
export interface CouponPayload {
  code: string;
  kind: CouponDto['kind'];
  value: number;
  min_subtotal: number;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  first_order_only: boolean;
  brand_ids: number[];
  types: CouponDto['types'];
  active: boolean;
}

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CouponPayload }) =>
      id === null
        ? api.post<CouponDto>('/api/coupons/', body, { fallbackError: 'Error al crear el cupón' })
        : api.put<CouponDto>(`/api/coupons/${id}/`, body, { fallbackError: 'Error al guardar el cupón' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

/** The payload that leaves a coupon as it is, but for `changes`. */
export const payloadOf = (coupon: CouponDto, changes: Partial<CouponPayload> = {}): CouponPayload => ({
  code: coupon.code,
  kind: coupon.kind,
  value: coupon.value,
  min_subtotal: coupon.min_subtotal,
  starts_at: coupon.starts_at,
  ends_at: coupon.ends_at,
  max_uses: coupon.max_uses,
  max_uses_per_customer: coupon.max_uses_per_customer,
  first_order_only: coupon.first_order_only,
  brand_ids: coupon.brand_ids,
  types: coupon.types,
  active: coupon.active,
  ...changes,
});

/**
 * The lowest price, after discounts, among the products on sale a coupon covers (all of them
 * when it names no brands nor types): the catalog's cheapest first. Null when none has a price.
 */
export function useCheapestCovered(brandIds: number[], types: string[], enabled: boolean) {
  const params = new URLSearchParams({ ordering: 'min_price', has_price: 'true', page_size: '1' });
  if (brandIds.length) params.set('brand', brandIds.join(','));
  if (types.length) params.set('type', types.join(','));
  return useQuery({
    queryKey: ['admin', 'coupons', 'cheapest', params.toString()],
    queryFn: ({ signal }) =>
      api
        .get<Page<ProductDto>>(`/api/products/?${params}`, { signal, fallbackError: 'Error al cargar los productos' })
        .then((page) => page.results[0]?.min_price ?? null),
    enabled,
    staleTime: 30_000,
  });
}
