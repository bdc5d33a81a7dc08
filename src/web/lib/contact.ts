// The shop's contact channels and fiscal data (GET /api/core/contact-settings/): the footer, the
// floating WhatsApp button and /contacto read them. The same for every visitor, so the server's
// first render includes them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactSettingsDto } from '../../domain/legal';
import { api } from './api';

export const CONTACT_SETTINGS_KEY = ['contact-settings'] as const;

export const contactSettingsQuery = () =>
  queryOptions({
    queryKey: CONTACT_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<ContactSettingsDto>('/api/core/contact-settings/', { signal }),
    staleTime: 5 * 60_000,
  });

export const useContactSettings = () => useQuery(contactSettingsQuery());
