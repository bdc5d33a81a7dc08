// The customer's own orders and profile (spec storefront §7 orders, accounts-admin §7 auth).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChangePasswordResponse,
  changePasswordSchema,
  MessageResponse,
  ProfileDto,
  ProfileUpdateResponse,
  profileUpdateSchema,
  verifyChangeSchema,
} from '../../../domain/auth';
import type { Page } from '../../../domain/page';
import type { customerOrderUpdateSchema, OrderDto, OrderProductDto, OrderUpdateResult } from '../../../domain/orders';
import { isOrderActive } from '../../../domain/order-status';
import { api, toQuery } from '../../lib/api';

export type { OrderDto, OrderProductDto, ProfileDto };

export const myOrdersKey = ['orders', 'mine'] as const;
const MY_ORDERS_PAGE = 50;

/**
 * The customer's orders, newest first as the API sends them: the active ones (spec accounts-admin
 * §2 customer orders hides cancelled ones), or the cancelled ones with their reason and refund.
 */
export function useMyOrders(view: 'active' | 'cancelled' = 'active') {
  const query = useInfiniteQuery({
    queryKey: [...myOrdersKey, view],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.get<Page<OrderDto>>(
        `/api/orders/my-orders/${toQuery({ page: pageParam, page_size: MY_ORDERS_PAGE, status: view === 'cancelled' ? 'cancelled' : undefined })}`,
        { fallbackError: 'Error al cargar tus pedidos' },
      ),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });
  const orders = query.data?.pages.flatMap((p) => p.results).filter((o) => (view === 'cancelled') !== isOrderActive(o.status)) ?? [];
  return { ...query, orders };
}

const updateOrder = (order: OrderDto, body: z.input<typeof customerOrderUpdateSchema>, timeout: number) =>
  api.put<OrderUpdateResult>(`/api/orders/${order.id}/`, body, { timeout, fallbackError: 'Error al procesar la acción' });

// spec storefront §9: an update waits 30 s, a cancellation 60 s.
export const cancelOrder = (order: OrderDto) => updateOrder(order, { status: 'cancelled' }, 60_000);

/** The server cancels the order when its last line goes ('Pedido cancelado por falta de productos'). */
export const removeOrderLine = (order: OrderDto, line: OrderProductDto) => updateOrder(order, { remove_line_ids: [line.id] }, 30_000);

export const profileKey = ['auth', 'profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => api.get<ProfileDto>('/api/auth/profile/', { fallbackError: 'Error al cargar la información' }),
  });
}

export const accountApi = {
  updateNames: (body: Pick<z.input<typeof profileUpdateSchema>, 'first_name' | 'last_name'>) =>
    api.put<ProfileUpdateResponse>('/api/auth/profile/', body, { fallbackError: 'Error al actualizar el perfil' }),
  updateDelivery: (body: Pick<z.input<typeof profileUpdateSchema>, 'phone' | 'last_address'>) =>
    api.put<ProfileUpdateResponse>('/api/auth/profile/', body, { fallbackError: 'Error al guardar los datos de entrega' }),
  requestEmailChange: (body: Omit<z.input<typeof verifyChangeSchema>, 'type'>) =>
    api.post<MessageResponse>(
      '/api/auth/verify-change/',
      { type: 'EMAIL_CHANGE', ...body },
      { fallbackError: 'Error al solicitar verificación' },
    ),
  confirmEmailChange: (body: Pick<z.input<typeof profileUpdateSchema>, 'email' | 'verification_code'>) =>
    api.put<ProfileUpdateResponse>('/api/auth/profile/', body, { fallbackError: 'Error al actualizar email' }),
  changePassword: (body: z.input<typeof changePasswordSchema>) =>
    api.post<ChangePasswordResponse>('/api/auth/change-password/', body, { fallbackError: 'Error al cambiar la contraseña' }),
};
