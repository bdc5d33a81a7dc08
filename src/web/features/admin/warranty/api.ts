// Staff warranty calls (spec accounts-admin §7 warranty): the claim list with user details and the
// review (status, internal notes, answer and resolution).
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import { type AdminWarrantyClaimDto, WARRANTY_PAGE_SIZE, type WarrantyStatus } from '../../../../domain/warranty';
import { usePermissions } from '../../../lib/permissions';
import { api, ApiError, toQuery } from '../../../lib/api';

export type { AdminWarrantyClaimDto };

export const claimKeys = { all: ['admin', 'warranty'] as const };

// spec accounts-admin §9: the admin warranty list refreshes every 120000 ms.
const AUTO_REFRESH_MS = 120_000;

export interface ClaimFilters {
  search?: string;
  status?: WarrantyStatus;
}

export function useAdminClaims(filters: ClaimFilters) {
  const query = {
    include_user_details: true,
    search: filters.search?.trim() || undefined,
    status: filters.status,
    page_size: WARRANTY_PAGE_SIZE,
  };
  return useInfiniteQuery({
    queryKey: [...claimKeys.all, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<AdminWarrantyClaimDto>>(`/api/warranty-claims/${toQuery({ ...query, page: pageParam })}`, {
        signal,
        fallbackError: 'Error al cargar los reclamos',
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: AUTO_REFRESH_MS,
    staleTime: 0,
  });
}

const PENDING_POLL_MS = 60_000;

/** Claims nobody has looked at yet: the sidebar's badge, as orders have theirs. */
export function usePendingClaimsCount(): number | undefined {
  // Only a role that may open the list asks for its count.
  const canCount = usePermissions().can('can_manage_warranty');
  const { data } = useQuery({
    queryKey: [...claimKeys.all, 'pending-count'],
    enabled: canCount,
    queryFn: ({ signal }) =>
      api.get<Page<AdminWarrantyClaimDto>>(`/api/warranty-claims/${toQuery({ status: 'pending', page_size: 1 })}`, { signal }),
    refetchInterval: PENDING_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  return data?.count;
}

/** The PATCH body (warrantyClaimUpdateSchema's input): an empty text clears the field. */
export interface ClaimUpdateBody {
  status?: WarrantyStatus;
  admin_notes?: string;
  admin_response?: string;
  resolution_details?: string;
}

export function useUpdateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, update }: { id: number; update: ClaimUpdateBody }) => {
      const claim = await api.patch<AdminWarrantyClaimDto | null>(`/api/warranty-claims/${id}/`, update, {
        fallbackError: 'Error al actualizar el reclamo',
      });
      if (!claim) throw new ApiError(0, 'No se recibió respuesta del servidor');
      return claim;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}
