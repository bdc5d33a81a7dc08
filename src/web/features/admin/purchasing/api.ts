// The staff's purchasing calls (issue 37): the restock plan, purchase orders and the sales report.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import type { PurchaseOrderDto } from '../../../../domain/purchasing';
import type { RestockDto } from '../../../../domain/restock';
import type { ReportGroup, SalesReportDto } from '../../../../domain/sales-report';
import { api, saveDownload, toQuery } from '../../../lib/api';

const key = ['admin', 'purchasing'] as const;

export function useRestock(query: { brand_id?: number; only_needed: boolean; cover_days?: number }) {
  return useQuery({
    queryKey: [...key, 'restock', query],
    queryFn: ({ signal }) =>
      api.get<RestockDto>(
        `/api/restock/${toQuery({ brand_id: query.brand_id, only_needed: query.only_needed ? 'true' : undefined, cover_days: query.cover_days })}`,
        { signal, fallbackError: 'Error al cargar la reposición' },
      ),
    staleTime: 0,
  });
}

export function usePurchaseOrders() {
  return useQuery({
    queryKey: [...key, 'orders'],
    queryFn: ({ signal }) =>
      api.get<Page<PurchaseOrderDto>>('/api/purchase-orders/?page_size=100', { signal, fallbackError: 'Error al cargar las compras' }),
    staleTime: 0,
  });
}

export function usePurchaseOrder(id: number) {
  return useQuery({
    queryKey: [...key, 'order', id],
    queryFn: ({ signal }) =>
      api.get<PurchaseOrderDto>(`/api/purchase-orders/${id}/`, { signal, fallbackError: 'Error al cargar la compra' }),
    staleTime: 0,
  });
}

export interface PurchaseLineInput {
  blister_id: number;
  quantity: number;
  unit_cost?: number | null;
}

/** Every write answers the order as it is now; the lists and the plan are read again. */
function useWrite<V>(call: (vars: V) => Promise<PurchaseOrderDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (po) => {
      queryClient.setQueryData([...key, 'order', po.id], po);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export const useCreatePurchaseOrder = () =>
  useWrite((body: { brand_id: number; note?: string; lines: PurchaseLineInput[] }) =>
    api.post<PurchaseOrderDto>('/api/purchase-orders/', body, { fallbackError: 'Error al crear la compra' }),
  );

export const useMovePurchaseOrder = () =>
  useWrite(({ id, action }: { id: number; action: 'send' | 'cancel' }) =>
    api.post<PurchaseOrderDto>(`/api/purchase-orders/${id}/${action}/`, {}, { fallbackError: 'Error al cambiar la compra' }),
  );

export const useReceivePurchaseOrder = () =>
  useWrite(({ id, lines, receipt_key }: { id: number; lines: PurchaseLineInput[]; receipt_key: string }) =>
    api.post<PurchaseOrderDto>(
      `/api/purchase-orders/${id}/receive/`,
      { lines, receipt_key },
      { fallbackError: 'Error al recibir la compra' },
    ),
  );

export function useSalesReport(query: { from: string; to: string; group: ReportGroup }) {
  return useQuery({
    queryKey: [...key, 'report', query],
    queryFn: ({ signal }) =>
      api.get<SalesReportDto>(`/api/reports/sales/${toQuery(query)}`, { signal, fallbackError: 'Error al cargar el reporte' }),
    staleTime: 0,
  });
}

export function downloadSalesCsv(query: { from: string; to: string; group: ReportGroup }) {
  return saveDownload(`/api/reports/sales.csv${toQuery(query)}`, 'ventas.csv', { fallbackError: 'Error al exportar el reporte' });
}
