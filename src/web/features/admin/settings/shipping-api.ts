// The shipping methods of 'Configuración → Envíos' (GET/PUT /api/core/shipping-settings/).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShippingSettings, ShippingSettingsInput } from '../../../../domain/shipping';
import { api } from '../../../lib/api';
import { adminKeys } from '../lib/queries';

export function useShippingSettings() {
  return useQuery({
    queryKey: adminKeys.shippingSettings,
    queryFn: ({ signal }) =>
      api.get<ShippingSettings>('/api/core/shipping-settings/', { signal, fallbackError: 'Error al cargar los métodos de envío' }),
    staleTime: 0,
  });
}

export function useSaveShippingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingSettingsInput) =>
      api.put<ShippingSettings>('/api/core/shipping-settings/', body, { fallbackError: 'Error al guardar los métodos de envío' }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.shippingSettings, saved),
  });
}
