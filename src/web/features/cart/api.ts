// Calls the cart and checkout make: current stock and price of a blister, the shipping
// options for a province, the customer's saved delivery data, and the order.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProfileDto } from '../../../domain/auth';
import type { BlisterDto } from '../../../domain/catalog';
import type { OrderDto, orderCreateSchema } from '../../../domain/orders';
import type { ShippingOption } from '../../../domain/shipping';
import { api, toQuery } from '../../lib/api';

export const blisterQueryKey = (id: number) => ['cart', 'blister', id] as const;

export const fetchBlister = (id: number) => api.get<BlisterDto>(`/api/products/blisters/${id}/`);

/** What reaches the province and at what price for this subtotal; priced, so keyed by the viewer. */
export function useShippingOptions(viewer: number | undefined, province: string, subtotal: number) {
  return useQuery({
    queryKey: ['cart', 'shipping-options', viewer, province, subtotal],
    queryFn: () =>
      api.get<ShippingOption[]>(`/api/shipping/options/${toQuery({ province, subtotal })}`, {
        fallbackError: 'Error al cargar los métodos de envío',
      }),
    enabled: province !== '',
    staleTime: 30_000,
  });
}

/** The provinces some shipping method reaches; none: the shop has no shipping set up. */
export function useShippingProvinces(viewer: number | undefined) {
  return useQuery({
    queryKey: ['cart', 'shipping-provinces', viewer],
    queryFn: () => api.get<{ provinces: string[] }>('/api/shipping/provinces/', { fallbackError: 'Error al cargar los métodos de envío' }),
    staleTime: 30_000,
  });
}

/** The customer's newest order (of any state): its delivery is the checkout's first choice. */
export function useLastOrder(viewer: number | undefined) {
  return useQuery({
    // Under Mis Pedidos' key, so what invalidates the customer's orders reads it again.
    queryKey: ['orders', 'mine', 'last', viewer],
    queryFn: async () => (await api.get<{ results: OrderDto[] }>(`/api/orders/my-orders/${toQuery({ page_size: 1 })}`)).results[0] ?? null,
    enabled: viewer !== undefined,
    retry: false,
  });
}

/** The profile Mi Cuenta loads (same key): its phone and last address prefill the checkout. */
export function useCheckoutProfile() {
  return useQuery({
    queryKey: ['auth', 'profile'],
    queryFn: () => api.get<ProfileDto>('/api/auth/profile/', { fallbackError: 'Error al cargar la información' }),
    retry: false,
  });
}

/** POST /api/orders/ body (spec storefront §3 order create payload), as the server's schema reads it. */
export type OrderCreatePayload = z.input<typeof orderCreateSchema>;

// spec storefront §9: creating an order waits up to 15 s.
export const createOrder = (payload: OrderCreatePayload) =>
  api.post<OrderDto>('/api/orders/', payload, { timeout: 15_000, fallbackError: 'Error al procesar la orden' });
