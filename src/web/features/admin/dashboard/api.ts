// The dashboard call (GET /api/dashboard/): the server keeps the answer 30 s and clears it on
// every order or catalog write, so the page asks again whenever it is shown.
import { useQuery } from '@tanstack/react-query';
import type { DashboardDto, SetupChecklist } from '../../../../domain/dashboard';
import { api } from '../../../lib/api';

export type { DashboardDto };

const REFRESH_MS = 60_000;

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api.get<DashboardDto>('/api/dashboard/', { signal, fallbackError: 'Error al cargar el resumen de la tienda' }),
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
}

/** 'Primeros pasos' (GET /api/dashboard/setup/): read afresh each time 'Inicio' is shown. */
export function useSetupChecklist() {
  return useQuery({
    queryKey: ['admin', 'dashboard', 'setup'],
    queryFn: ({ signal }) =>
      api.get<SetupChecklist>('/api/dashboard/setup/', { signal, fallbackError: 'Error al cargar los primeros pasos' }),
    staleTime: 0,
  });
}
