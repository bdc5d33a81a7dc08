// 'Lista de Pedidos''s state in the URL (tab, dates, search, order, step, and the `orderId` of the
// order shown over the list) and its query, page by page.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FULFILMENT_STAGES, type FulfilmentStage } from '../../../../domain/fulfilment-steps';
import { DATE_FILTERS, ORDER_ORDERINGS, ORDER_STATUSES, type DateFilter, type OrderOrdering } from '../../../../domain/orders';
import { useAdminOrders, type OrderFilters, type StatusTab } from './api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function filtersFromParams(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const date = params.get('date');
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const custom = date === 'custom' && DAY.test(start) && DAY.test(end);
  return {
    // spec accounts-admin §2: the pending tab by default.
    status: status === 'all' || (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as StatusTab) : 'pending',
    dateFilter:
      date && (DATE_FILTERS as readonly string[]).includes(date) && (date !== 'custom' || custom) ? (date as DateFilter) : undefined,
    startDate: custom ? start : undefined,
    endDate: custom ? end : undefined,
    search: params.get('search') || undefined,
    ordering: (ORDER_ORDERINGS as readonly string[]).includes(params.get('ordering') ?? '')
      ? (params.get('ordering') as OrderOrdering)
      : undefined,
    stage:
      status === null && (FULFILMENT_STAGES as readonly string[]).includes(params.get('stage') ?? '')
        ? (params.get('stage') as FulfilmentStage)
        : undefined,
  };
}

export function filtersToParams(filters: OrderFilters, keep: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  if (filters.status !== 'pending') next.set('status', filters.status);
  if (filters.dateFilter) next.set('date', filters.dateFilter);
  if (filters.startDate) next.set('start', filters.startDate);
  if (filters.endDate) next.set('end', filters.endDate);
  if (filters.search) next.set('search', filters.search);
  if (filters.ordering && filters.ordering !== '-created_at') next.set('ordering', filters.ordering);
  if (filters.stage && filters.status === 'pending') next.set('stage', filters.stage);
  const orderId = keep.get('orderId');
  if (orderId) next.set('orderId', orderId);
  return next;
}

export function useOrderListQuery() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const list = useAdminOrders(filters);
  const orders = useMemo(() => list.data?.pages.flatMap((p) => p.results) ?? [], [list.data]);

  function setFilters(next: OrderFilters) {
    setParams(filtersToParams(next, params), { replace: true });
  }

  // spec accounts-admin §2: links from warranty claims open one order with ?orderId={order number}.
  const orderIdParam = params.get('orderId');
  const openId = orderIdParam && /^\d{1,9}$/.test(orderIdParam) ? Number(orderIdParam) : undefined;

  function openOrder(orderNumber: number | null) {
    const next = new URLSearchParams(params);
    if (orderNumber === null) next.delete('orderId');
    else next.set('orderId', String(orderNumber));
    setParams(next, { replace: orderNumber === null });
  }

  return { filters, setFilters, list, orders, firstPage: list.data?.pages[0], openId, openOrder };
}

export type OrderListQuery = ReturnType<typeof useOrderListQuery>;
