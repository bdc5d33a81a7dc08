// The 'Botón de arrepentimiento' requests linked to an order (GET /api/revocations/?order_id=).
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import type { RevocationDto } from '../../../../domain/legal';
import { api, toQuery } from '../../../lib/api';

/** The revocation requests linked to one order (its number and e-mail matched). */
export function useOrderRevocations(orderId: number) {
  return useQuery({
    queryKey: ['admin', 'revocations', 'order', orderId],
    queryFn: ({ signal }) =>
      api.get<Page<RevocationDto>>(`/api/revocations/${toQuery({ order_id: orderId })}`, {
        signal,
        fallbackError: 'Error al cargar las solicitudes de arrepentimiento',
      }),
  });
}
