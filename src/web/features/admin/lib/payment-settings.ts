// The shop's payment details as staff read them: the settings form edits them, an order's payment
// request and its printed slip show them.
import { useQuery } from '@tanstack/react-query';
import type { PaymentSettings } from '../../../../domain/fulfilment';
import { api } from '../../../lib/api';
import { adminKeys } from './queries';

/** GET /api/core/payment-settings/ (staff): every field a string, '' when not set. */
export function usePaymentSettings() {
  return useQuery({
    queryKey: adminKeys.paymentSettings,
    queryFn: ({ signal }) =>
      api.get<PaymentSettings>('/api/core/payment-settings/', { signal, fallbackError: 'Error al cargar los datos de pago' }),
    staleTime: 60_000,
  });
}
