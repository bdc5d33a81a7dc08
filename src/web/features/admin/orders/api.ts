// Admin order calls: the filtered list with status counts, one order, status change and delete.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderPage,
  type DateFilter,
  type OrderDto,
  type OrderStatus,
  type OrderUpdateResult,
} from '../../../../domain/orders';
import { api, toQuery } from '../../../lib/api';
import { adminKeys } from '../lib/queries';

export type StatusTab = OrderStatus | 'all';

export interface OrderFilters {
  status: StatusTab;
  dateFilter?: DateFilter;
  startDate?: string;
  endDate?: string;
  search?: string;
}

// spec accounts-admin §9: admin order list refreshed every 5 minutes.
const AUTO_REFRESH_MS = 300_000;

export function filtersToApiQuery(filters: OrderFilters) {
  const custom = filters.dateFilter === 'custom';
  return {
    status: filters.status === 'all' ? undefined : filters.status,
    date_filter: filters.dateFilter,
    start_date: custom ? filters.startDate : undefined,
    end_date: custom ? filters.endDate : undefined,
    search: filters.search?.trim() || undefined,
    page_size: ADMIN_ORDERS_PAGE_SIZE,
  };
}

export function useAdminOrders(filters: OrderFilters) {
  const query = filtersToApiQuery(filters);
  return useInfiniteQuery({
    queryKey: [...adminKeys.orders, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<AdminOrderPage>(`/api/orders/${toQuery({ ...query, page: pageParam })}`, {
        signal,
        fallbackError: 'Error al cargar los pedidos',
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: AUTO_REFRESH_MS,
    staleTime: 0,
  });
}

export function useAdminOrder(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.order(id ?? 0),
    queryFn: ({ signal }) => api.get<OrderDto>(`/api/orders/${id}/`, { signal, fallbackError: 'Error al cargar los detalles del pedido.' }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });
}

/** A status change moves stock on the server, so the catalogue is stale afterwards too. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, status }: { order: OrderDto; status: OrderStatus }) =>
      api.put<OrderUpdateResult>(`/api/orders/${order.id}/`, { status }, { timeout: status === 'cancelled' ? 60_000 : 30_000 }),
    onSuccess: (updated) => {
      if (updated) queryClient.setQueryData(adminKeys.order(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
      void queryClient.invalidateQueries({ queryKey: adminKeys.products });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderDto) => api.delete<void>(`/api/orders/${order.id}/`, { timeout: 25_000 }),
    onSuccess: (_, order) => {
      queryClient.removeQueries({ queryKey: adminKeys.order(order.id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
