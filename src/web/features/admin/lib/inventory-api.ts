// The low-stock threshold (GET/PUT /api/core/inventory-settings/): the dashboard lists the
// blisters with some stock under it, and the products' stock badges follow it (any staff member
// reads it; only the settings permission changes it).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventorySettingsDto, InventorySettingsUpdate } from '../../../../domain/inventory';
import { api } from '../../../lib/api';

const inventoryKey = ['admin', 'settings', 'inventory'] as const;

export function useInventorySettings() {
  return useQuery({
    queryKey: inventoryKey,
    queryFn: ({ signal }) =>
      api.get<InventorySettingsDto>('/api/core/inventory-settings/', { signal, fallbackError: 'Error al cargar el umbral de stock bajo' }),
    staleTime: 0,
  });
}

/** Saves the threshold; the dashboard's lists and the daily stock alert change with it. */
export function useSaveInventorySettings() {
  const queryClient = useQueryClient();
  return async (input: InventorySettingsUpdate) => {
    const result = await api.put<InventorySettingsDto & { message: string }>('/api/core/inventory-settings/', input, {
      fallbackError: 'Error al guardar el umbral de stock bajo',
    });
    queryClient.setQueryData(inventoryKey, { low_stock_threshold: result.low_stock_threshold });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    // The daily stock alert's card names the threshold too.
    void queryClient.invalidateQueries({ queryKey: ['admin', 'settings', 'stock-alert'] });
    return result.message;
  };
}
