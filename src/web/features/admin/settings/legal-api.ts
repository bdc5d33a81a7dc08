// Contact and fiscal data (GET/PUT /api/core/contact-settings/) and the legal pages
// (GET/PUT /api/pages/{slug}/) as the settings page edits them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactSettingsDto, LegalPageDto, LegalSlug } from '../../../../domain/legal';
import type { ContactSettingsInput, LegalPageInput } from '../../../../domain/legal-schemas';
import { api } from '../../../lib/api';
import { CONTACT_SETTINGS_KEY } from '../../../lib/contact';
import { adminKeys } from '../lib/queries';

export const contactKey = ['admin', 'contact-settings'] as const;
const pageKey = (slug: LegalSlug) => ['admin', 'legal-page', slug] as const;

export function useAdminContactSettings() {
  return useQuery({
    queryKey: contactKey,
    queryFn: ({ signal }) =>
      api.get<ContactSettingsDto>('/api/core/contact-settings/', { signal, fallbackError: 'Error al cargar los datos de contacto' }),
    // The WhatsApp is also edited in 'Datos de pago'.
    staleTime: 0,
  });
}

export function useSaveContactSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactSettingsInput) =>
      api.put<ContactSettingsDto>('/api/core/contact-settings/', body, { fallbackError: 'Error al guardar los datos de contacto' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(contactKey, saved);
      queryClient.setQueryData(CONTACT_SETTINGS_KEY, saved);
      // One WhatsApp for both: the payment settings show the same number.
      void queryClient.invalidateQueries({ queryKey: adminKeys.paymentSettings });
    },
  });
}

export function useAdminLegalPage(slug: LegalSlug) {
  return useQuery({
    queryKey: pageKey(slug),
    queryFn: ({ signal }) => api.get<LegalPageDto>(`/api/pages/${slug}/`, { signal, fallbackError: 'Error al cargar la página' }),
    staleTime: 0,
  });
}

export function useSaveLegalPage(slug: LegalSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalPageInput) =>
      api.put<LegalPageDto>(`/api/pages/${slug}/`, body, { fallbackError: 'Error al guardar la página' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(pageKey(slug), saved);
      queryClient.setQueryData(['legal-page', slug], saved);
    },
  });
}
