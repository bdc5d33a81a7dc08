// Site settings calls (spec accounts-admin §7 core): maintenance status and switch, bypass
// password, the dollar rate with its three kinds of update, and the shop's payment details.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettings, PaymentSettingsInput } from '../../../../domain/fulfilment';
import type { DollarRateDto, MaintenanceStatusDto, RateType, ToggleMaintenanceInput } from '../../../../domain/site';
import { api } from '../../../lib/api';
import { setMaintenanceStatus } from '../../../lib/maintenance';
import { CONTACT_SETTINGS_KEY } from '../../../lib/contact';
import { adminKeys, invalidateCatalog } from '../lib/queries';
import { contactKey } from './legal-api';

export const settingsKeys = {
  maintenance: ['admin', 'settings', 'maintenance'] as const,
  dollarRate: ['admin', 'settings', 'dollar-rate'] as const,
};

export function useMaintenanceStatus() {
  return useQuery({
    queryKey: settingsKeys.maintenance,
    queryFn: ({ signal }) =>
      api.get<MaintenanceStatusDto>('/api/core/maintenance-status/', {
        signal,
        fallbackError: 'Error al cargar el estado de mantenimiento',
      }),
    staleTime: 0,
  });
}

/** POST /api/core/toggle-maintenance/; the answer also refreshes the route guard's state. */
export function useToggleMaintenance() {
  const queryClient = useQueryClient();
  return async (input: ToggleMaintenanceInput, fallbackError: string) => {
    const result = await api.post<MaintenanceStatusDto & { message: string }>('/api/core/toggle-maintenance/', input, { fallbackError });
    const { message, ...status } = result;
    queryClient.setQueryData(settingsKeys.maintenance, status);
    setMaintenanceStatus(status);
    return message;
  };
}

export function useDollarRateSettings() {
  return useQuery({
    queryKey: settingsKeys.dollarRate,
    queryFn: ({ signal }) =>
      api.get<DollarRateDto>('/api/core/dollar-rate/', { signal, fallbackError: 'Error al cargar la cotización del dólar' }),
    staleTime: 0,
  });
}

export type DollarRateBody =
  | { rate_type: RateType; auto_update: boolean }
  | { force_update: true; rate_type?: RateType }
  | { manual_value: number; is_manual: true; confirm_rate_change?: boolean };

interface DollarRateAnswer {
  data: DollarRateDto;
  message: string;
  warning?: string;
}

/** A rate change reprices USD products: the catalog and the rate readers are stale. */
export function useUpdateDollarRate() {
  const queryClient = useQueryClient();
  return async (body: DollarRateBody, fallbackError: string) => {
    const result = await api.post<DollarRateAnswer>('/api/core/dollar-rate/', body, { fallbackError, timeout: 30_000 });
    queryClient.setQueryData(settingsKeys.dollarRate, result.data);
    invalidateCatalog(queryClient);
    return result;
  };
}

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsInput) =>
      api.put<PaymentSettings>('/api/core/payment-settings/', body, { fallbackError: 'Error al guardar los datos de pago' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.paymentSettings, saved);
      // One WhatsApp for both: 'Contacto' and the storefront show the same number.
      void queryClient.invalidateQueries({ queryKey: contactKey });
      void queryClient.invalidateQueries({ queryKey: CONTACT_SETTINGS_KEY });
    },
  });
}
