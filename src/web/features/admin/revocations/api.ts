// Staff list of revocation requests ('Botón de arrepentimiento', GET /api/revocations/).
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import type { RevocationDto } from '../../../../domain/legal';
import { api, toQuery } from '../../../lib/api';

const PAGE_SIZE = 20;

export function useRevocations(search: string) {
  const query = { search: search.trim() || undefined, page_size: PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: ['admin', 'revocations', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<RevocationDto>>(`/api/revocations/${toQuery({ ...query, page: pageParam })}`, {
        signal,
        fallbackError: 'Error al cargar las solicitudes de arrepentimiento',
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
