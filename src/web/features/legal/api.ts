// The legal pages' text, the revocation form's call and the order it starts with.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LegalPageDto, LegalSlug } from '../../../domain/legal';
import type { OrderDto } from '../../../domain/orders';
import type { Page } from '../../../domain/page';
import type { RevocationInput } from '../../../domain/legal-schemas';
import { api } from '../../lib/api';

export const legalPageQuery = (slug: LegalSlug) =>
  queryOptions({
    queryKey: ['legal-page', slug],
    queryFn: ({ signal }) => api.get<LegalPageDto>(`/api/pages/${slug}/`, { signal }),
    staleTime: 5 * 60_000,
  });

export const useLegalPage = (slug: LegalSlug) => useQuery(legalPageQuery(slug));

export function useSendRevocation() {
  return useMutation({
    mutationFn: (body: RevocationInput) =>
      api.post<{ code: string }>('/api/revocations/', body, { fallbackError: 'No pudimos registrar tu solicitud. Intenta nuevamente.' }),
  });
}

/** The signed-in customer's latest order number (the revocation form starts with it), or null. */
export function useLatestOrderNumber(enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'mine', 'latest-number'],
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<OrderDto>>('/api/orders/my-orders/?page=1&page_size=1', { signal });
      return page.results[0]?.order_number ?? null;
    },
    enabled,
    staleTime: 60_000,
  });
}
