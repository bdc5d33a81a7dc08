// The daily stock alert's settings (GET/PUT /api/core/stock-alert-settings/, issue 14).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockAlertSettingsDto, StockAlertSettingsUpdate } from '../../../../domain/stock-alerts';
import { api } from '../../../lib/api';

const stockAlertKey = ['admin', 'settings', 'stock-alert'] as const;

export function useStockAlertSettings() {
  return useQuery({
    queryKey: stockAlertKey,
    queryFn: ({ signal }) =>
      api.get<StockAlertSettingsDto>('/api/core/stock-alert-settings/', { signal, fallbackError: 'Error al cargar la alerta de stock' }),
    staleTime: 0,
  });
}

export function useUpdateStockAlertSettings() {
  const queryClient = useQueryClient();
  return async (body: StockAlertSettingsUpdate) => {
    const { message, ...settings } = await api.put<StockAlertSettingsDto & { message: string }>('/api/core/stock-alert-settings/', body, {
      fallbackError: 'Error al actualizar la alerta de stock',
    });
    queryClient.setQueryData(stockAlertKey, settings);
    return message;
  };
}
