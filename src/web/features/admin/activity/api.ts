// Activity log calls (spec accounts-admin §7 activity): the filtered timeline and the counters.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityActionName, ActivityEntryDto, ActivityStatsDto } from '../../../../domain/activity';
import type { Page } from '../../../../domain/page';
import { api, toQuery } from '../../../lib/api';

export type { ActivityEntryDto, ActivityStatsDto };

// spec accounts-admin §9: list refreshed (and cached) every 30 s, stats every 5 minutes.
const LIST_REFRESH_MS = 30_000;
const STATS_REFRESH_MS = 300_000;

export interface ActivityFilters {
  search?: string;
  action?: ActivityActionName;
  date_from?: string;
}

export function useActivity(filters: ActivityFilters) {
  const query = { search: filters.search?.trim() || undefined, action: filters.action, date_from: filters.date_from || undefined };
  return useInfiniteQuery({
    queryKey: ['admin', 'activity', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ActivityEntryDto>>(`/api/activity-logs/${toQuery({ ...query, page: pageParam })}`, {
        signal,
        fallbackError: 'Error al cargar los actividades',
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
    staleTime: LIST_REFRESH_MS,
  });
}

export function useActivityStats() {
  return useQuery({
    queryKey: ['admin', 'activity-stats'],
    queryFn: ({ signal }) => api.get<{ data: ActivityStatsDto }>('/api/activity-logs/stats/', { signal }).then((r) => r.data),
    refetchInterval: STATS_REFRESH_MS,
    staleTime: STATS_REFRESH_MS,
  });
}
