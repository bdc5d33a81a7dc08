// The signed-in customer's 'Avisarme cuando haya stock' requests, shared by the product page and
// the account page. Type-only imports from the domain keep zod out of the product page's load.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockNotificationDto } from '../../domain/stock-alerts';
import { api } from './api';
import { useSession } from './session';

export type { StockNotificationDto };

const notificationsKey = (userId: number | undefined) => ['stock-notifications', userId ?? null] as const;

/** The open requests, newest first; `enabled` lets a page ask only when it needs them. */
export function useStockNotifications(enabled = true) {
  const { status, user } = useSession();
  return useQuery({
    queryKey: notificationsKey(user?.id),
    queryFn: ({ signal }) =>
      api.get<StockNotificationDto[]>('/api/stock-notifications/', { signal, fallbackError: 'Error al cargar tus avisos de stock' }),
    enabled: enabled && status === 'authenticated',
  });
}

/** Opening and cancelling requests; the cached list follows each answer. */
export function useStockNotificationActions() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = notificationsKey(user?.id);
  return {
    async request(blisterId: number): Promise<StockNotificationDto> {
      const created = await api.post<StockNotificationDto>(
        '/api/stock-notifications/',
        { blister_id: blisterId },
        { fallbackError: 'No se pudo guardar el aviso' },
      );
      queryClient.setQueryData<StockNotificationDto[]>(key, (list = []) => [created, ...list.filter((n) => n.id !== created.id)]);
      return created;
    },
    async cancel(id: number): Promise<void> {
      await api.delete(`/api/stock-notifications/${id}/`, { fallbackError: 'No se pudo cancelar el aviso' });
      queryClient.setQueryData<StockNotificationDto[]>(key, (list = []) => list.filter((n) => n.id !== id));
    },
  };
}
