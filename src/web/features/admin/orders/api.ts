// Admin order calls: the filtered list with status counts, the live pending count, one order and
// its changes (status, payment, shipment, notes, delete), bulk actions, the printable selection
// and the CSV export.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type {
  BulkAction,
  BulkOrderResult,
  bulkOrderActionSchema,
  FulfilmentStage,
  internalNotesSchema,
  recordPaymentSchema,
  recordRefundSchema,
  recordShipmentSchema,
} from '../../../../domain/fulfilment';
import type { ProductDto } from '../../../../domain/catalog';
import type { Page } from '../../../../domain/page';
import type { Province, ShippingOption } from '../../../../domain/shipping';
import type { AdminUserDto } from '../../../../domain/users';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderPage,
  type DateFilter,
  type OrderDto,
  type OrderOrdering,
  type OrderStatus,
  type OrderStatusCounts,
  type OrderUpdateResult,
  type adminOrderUpdateSchema,
  type manualOrderSchema,
} from '../../../../domain/orders';
import { usePermissions } from '../../../lib/permissions';
import { api, saveDownload, toQuery } from '../../../lib/api';
import { adminKeys } from '../lib/queries';

export type StatusTab = OrderStatus | 'all';

export interface OrderFilters {
  status: StatusTab;
  dateFilter?: DateFilter;
  startDate?: string;
  endDate?: string;
  search?: string;
  /** Newest first when absent. */
  ordering?: OrderOrdering;
  /** A step inside "pending": not paid, paid and not shipped, shipped. */
  stage?: FulfilmentStage;
}

/** The list's filters as GET /api/orders/ (and the export) read them. */
export function filtersToApiQuery(filters: OrderFilters) {
  const custom = filters.dateFilter === 'custom';
  return {
    status: filters.status === 'all' ? undefined : filters.status,
    date_filter: filters.dateFilter,
    start_date: custom ? filters.startDate : undefined,
    end_date: custom ? filters.endDate : undefined,
    search: filters.search?.trim() || undefined,
    ordering: filters.ordering && filters.ordering !== '-created_at' ? filters.ordering : undefined,
    stage: filters.stage,
  };
}

export function useAdminOrders(filters: OrderFilters) {
  const query = { ...filtersToApiQuery(filters), page_size: ADMIN_ORDERS_PAGE_SIZE };
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
    staleTime: 0,
  });
}

// New orders show within 30 s (issue 13, instead of the spec's 5-minute refresh): the counts are
// asked for every 20 s while the tab is visible, and again when it comes back into view.
const COUNTS_POLL_MS = 20_000;

/**
 * The shop's order counts (pending drives the sidebar badge and the tab title). When they change
 * (a new order, or one cancelled or completed elsewhere), the order lists are reloaded.
 */
export function useLiveOrderCounts(): OrderStatusCounts | undefined {
  // Only a role that may open the list asks for its count.
  const canCount = usePermissions().can('can_view_orders');
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: adminKeys.orderCounts,
    enabled: canCount,
    queryFn: ({ signal }) =>
      api.get<AdminOrderPage>(`/api/orders/${toQuery({ status: 'pending', page_size: 1 })}`, { signal }).then((page) => page.status_counts),
    refetchInterval: COUNTS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    retry: false,
  });
  const seen = useRef<string | null>(null);
  const signature = data ? `${data.pending}/${data.completed}/${data.cancelled}/${data.total}` : null;
  useEffect(() => {
    if (signature === null) return;
    if (seen.current === null) {
      // The first counts are the baseline, but a list loaded before them may already be older:
      // an order placed in between would otherwise wait for the next change to show.
      const countedAt = queryClient.getQueryState(adminKeys.orderCounts)?.dataUpdatedAt ?? 0;
      void queryClient.invalidateQueries({
        queryKey: adminKeys.orders,
        predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < countedAt,
      });
    } else if (seen.current !== signature) {
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
    }
    seen.current = signature;
  }, [signature, queryClient]);
  return data;
}

/** One order by the number staff see on it (the page's address and the list's `?orderId=`). */
export function useAdminOrder(orderNumber: number | undefined) {
  return useQuery({
    queryKey: adminKeys.order(orderNumber ?? 0),
    queryFn: ({ signal }) =>
      api.get<OrderDto>(`/api/orders/by-number/${orderNumber}/`, { signal, fallbackError: 'Error al cargar los detalles del pedido.' }),
    enabled: orderNumber !== undefined,
    retry: false,
    staleTime: 0,
  });
}

/** The orders of a selection, in the order their ids were given (print page). */
/** The orders of the print page, by their numbers, in the order given. */
export function useOrdersByNumbers(numbers: number[]) {
  return useQuery({
    queryKey: [...adminKeys.orders, 'numbers', numbers],
    queryFn: async ({ signal }) => {
      const page = await api.get<AdminOrderPage>(`/api/orders/${toQuery({ numbers: numbers.join(','), page_size: 100 })}`, {
        signal,
        fallbackError: 'Error al cargar los pedidos',
      });
      const byNumber = new Map(page.results.map((order) => [order.order_number, order]));
      return numbers.map((number) => byNumber.get(number)).filter((order): order is OrderDto => order !== undefined);
    },
    enabled: numbers.length > 0,
    staleTime: 30_000,
  });
}

/** After any order write: the lists, the counts and the changed order. */
function ordersChanged(queryClient: QueryClient, updated?: OrderDto | null) {
  if (updated) queryClient.setQueryData(adminKeys.order(updated.order_number), updated);
  void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
  void queryClient.invalidateQueries({ queryKey: adminKeys.orderCounts });
}

/** A status change moves stock on the server, so the catalog is stale afterwards too. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, status, cancel_reason }: { order: OrderDto; status: OrderStatus; cancel_reason?: string }) =>
      api.put<OrderUpdateResult>(
        `/api/orders/${order.id}/`,
        { status, ...(status === 'cancelled' && cancel_reason ? { cancel_reason } : {}) },
        { timeout: status === 'cancelled' ? 60_000 : 30_000 },
      ),
    onSuccess: (updated) => {
      ordersChanged(queryClient, updated);
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
      queryClient.removeQueries({ queryKey: adminKeys.order(order.order_number) });
      ordersChanged(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export type RecordPaymentBody = z.input<typeof recordPaymentSchema>;
export type RecordShipmentBody = z.input<typeof recordShipmentSchema>;
export type InternalNotesBody = z.input<typeof internalNotesSchema>;
export type BulkActionBody = z.input<typeof bulkOrderActionSchema>;

/** Records the payment, or with `replace` corrects the one recorded (PUT). */
export function useRecordPayment(orderId: number, replace = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPaymentBody) =>
      (replace ? api.put<OrderDto> : api.post<OrderDto>)(`/api/orders/${orderId}/payment/`, body, {
        fallbackError: replace ? 'Error al corregir el pago' : 'Error al registrar el pago',
      }),
    onSuccess: (updated) => ordersChanged(queryClient, updated),
  });
}

/** Marks the order shipped, or with `replace` corrects the carrier and code (PUT). */
export function useRecordShipment(orderId: number, replace = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordShipmentBody) =>
      (replace ? api.put<OrderDto> : api.post<OrderDto>)(`/api/orders/${orderId}/shipment/`, body, {
        fallbackError: replace ? 'Error al corregir el envío' : 'Error al registrar el envío',
      }),
    onSuccess: (updated) => ordersChanged(queryClient, updated),
  });
}

/** Undoes a payment or a shipment recorded by mistake (DELETE). */
export function useUndoStep(orderId: number, step: 'payment' | 'shipment') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete<OrderDto>(`/api/orders/${orderId}/${step}/`, {
        fallbackError: step === 'payment' ? 'Error al deshacer el pago' : 'Error al deshacer el envío',
      }),
    onSuccess: (updated) => ordersChanged(queryClient, updated ?? undefined),
  });
}

export type RecordRefundBody = z.input<typeof recordRefundSchema>;

export function useRecordRefund(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordRefundBody) =>
      api.post<OrderDto>(`/api/orders/${orderId}/refund/`, body, { fallbackError: 'Error al registrar el reembolso' }),
    onSuccess: (updated) => ordersChanged(queryClient, updated),
  });
}

export function useSaveInternalNotes(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InternalNotesBody) =>
      api.put<OrderDto>(`/api/orders/${orderId}/internal-notes/`, body, { fallbackError: 'Error al guardar las notas' }),
    onSuccess: (updated) => {
      if (updated) queryClient.setQueryData(adminKeys.order(updated.order_number), updated);
    },
  });
}

/** E-mails the shop's payment details again to the customer of an order awaiting payment. */
export function useResendPaymentInstructions(orderId: number) {
  return useMutation({
    mutationFn: () =>
      api.post<{ message: string }>(`/api/orders/${orderId}/payment-instructions/`, undefined, {
        fallbackError: 'Error al reenviar los datos de pago',
      }),
  });
}

/** One action over several orders; each order succeeds or fails on its own. */
export function useBulkOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkActionBody & { action: BulkAction }) =>
      // Each order is changed, logged and e-mailed as if done alone: give a full selection time.
      api.post<BulkOrderResult>('/api/orders/bulk/', body, { timeout: 120_000, fallbackError: 'Error al aplicar la acción' }),
    onSuccess: (_, body) => {
      // The selection holds ids, the opened orders are kept by number: refresh every opened one.
      void queryClient.invalidateQueries({ queryKey: adminKeys.orderPrefix });
      ordersChanged(queryClient);
      if (body.action === 'cancel' || body.action === 'complete') {
        void queryClient.invalidateQueries({ queryKey: adminKeys.products });
        void queryClient.invalidateQueries({ queryKey: ['products'] });
      }
    },
  });
}

export type ExportRows = 'orders' | 'lines';

/** Downloads GET /api/orders/export.csv for the list's filters (or a selection's ids). */
export function downloadOrdersCsv(query: Record<string, string | number | undefined>, rows: ExportRows) {
  return saveDownload(`/api/orders/export.csv${toQuery({ ...query, rows })}`, rows === 'lines' ? 'pedidos-lineas.csv' : 'pedidos.csv', {
    timeout: 60_000,
    fallbackError: 'Error al exportar los pedidos',
  });
}

// ---------------------------------------------------------------------------------------------
// Manual orders and staff edits (issue 23)

/** An account found by e-mail or name, for the new order's customer field. */
export type CustomerMatch = Pick<AdminUserDto, 'id' | 'email' | 'first_name' | 'last_name' | 'username'>;

export function useCustomerLookup(term: string) {
  const search = term.trim();
  return useQuery<AdminUserDto[]>({
    queryKey: ['admin', 'customer-lookup', search],
    queryFn: ({ signal }) =>
      api.get<Page<AdminUserDto>>(`/api/auth/users/${toQuery({ search, page_size: 5 })}`, { signal }).then((page) => page.results),
    enabled: search.length >= 3,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useProductSearch(term: string) {
  const search = term.trim();
  return useQuery<ProductDto[]>({
    queryKey: [...adminKeys.products, 'order-search', search],
    queryFn: ({ signal }) =>
      api
        .get<Page<ProductDto>>(`/api/products/${toQuery({ search, available: 'true', page_size: 8 })}`, {
          signal,
          fallbackError: 'Error al buscar productos',
        })
        .then((page) => page.results),
    enabled: search.length >= 2,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

/** One product with its blisters and the prices the server charges now. */
export function useOrderProduct(id: number | null) {
  return useQuery({
    queryKey: adminKeys.product(id ?? 0),
    queryFn: ({ signal }) => api.get<ProductDto>(`/api/products/${id}/`, { signal }),
    enabled: id !== null,
    staleTime: 30_000,
  });
}

/** The methods reaching a province for a subtotal, cheapest first (as the checkout quotes them). */
export function useShippingOptions(province: Province | '', subtotal: number) {
  return useQuery<ShippingOption[]>({
    queryKey: ['admin', 'shipping-options', province, subtotal],
    queryFn: ({ signal }) => api.get<ShippingOption[]>(`/api/shipping/options/${toQuery({ province, subtotal })}`, { signal }),
    enabled: province !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export type ManualOrderBody = z.input<typeof manualOrderSchema>;

export function useCreateManualOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualOrderBody) =>
      api.post<OrderDto>('/api/orders/manual/', body, { timeout: 30_000, fallbackError: 'Error al crear el pedido' }),
    onSuccess: (created) => {
      ordersChanged(queryClient, created);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export type OrderEditBody = Pick<z.input<typeof adminOrderUpdateSchema>, 'order_products' | 'shipping_method_id' | 'address'>;

/** Lines, delivery method and address of an order awaiting payment (PUT by staff). */
export function useEditOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderEditBody) =>
      api.put<OrderUpdateResult>(`/api/orders/${orderId}/`, body, { timeout: 30_000, fallbackError: 'Error al guardar el pedido' }),
    onSuccess: (updated) => {
      ordersChanged(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
