// The order rules (GET/PUT /api/core/order-settings/): the cap of orders awaiting payment per
// customer and how coupons combine with the brands' discounts.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderSettingsDto, OrderSettingsUpdate } from '../../../../domain/order-settings';
import { api } from '../../../lib/api';

const orderSettingsKey = ['admin', 'settings', 'orders'] as const;

export function useOrderSettings() {
  return useQuery({
    queryKey: orderSettingsKey,
    queryFn: ({ signal }) =>
      api.get<OrderSettingsDto>('/api/core/order-settings/', { signal, fallbackError: 'Error al cargar el máximo de pedidos sin pagar' }),
    staleTime: 0,
  });
}

export function useSaveOrderSettings() {
  const queryClient = useQueryClient();
  return async (input: OrderSettingsUpdate) => {
    const result = await api.put<OrderSettingsDto & { message: string }>('/api/core/order-settings/', input, {
      fallbackError: 'Error al guardar el máximo de pedidos sin pagar',
    });
    queryClient.setQueryData<OrderSettingsDto>(orderSettingsKey, {
      max_pending_orders: result.max_pending_orders,
      is_default: result.is_default,
      coupon_combination: result.coupon_combination,
      abandoned_cart_hours: result.abandoned_cart_hours,
    });
    return result.message;
  };
}
