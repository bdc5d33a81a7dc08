// The legal pages' text and the revocation form's call.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { LegalPageDto, LegalSlug } from '../../../domain/legal';
import type { RevocationInput } from '../../../domain/legal-schemas';
import { api } from '../../lib/api';

export function useLegalPage(slug: LegalSlug) {
  return useQuery({
    queryKey: ['legal-page', slug],
    queryFn: ({ signal }) => api.get<LegalPageDto>(`/api/pages/${slug}/`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSendRevocation() {
  return useMutation({
    mutationFn: (body: RevocationInput) =>
      api.post<{ code: string }>('/api/revocations/', body, { fallbackError: 'No pudimos registrar tu solicitud. Intenta nuevamente.' }),
  });
}
