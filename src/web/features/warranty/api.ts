// Warranty calls of the customer and the guest (spec accounts-admin §7 warranty): eligible
// orders, the customer's own claims, photo uploads and filing a claim.
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../domain/page';
import type { UploadResultDto } from '../../../domain/uploads';
import type { EligibleOrderDto, WarrantyClaimDto } from '../../../domain/warranty';
import { api, ApiError } from '../../lib/api';

export type { EligibleOrderDto, WarrantyClaimDto };

export const warrantyKeys = {
  mine: ['warranty', 'mine'] as const,
  eligibleOrders: ['warranty', 'eligible-orders'] as const,
};

// A customer follows a handful of claims; one page of 50 shows them all.
const MY_CLAIMS_PAGE_SIZE = 50;

export function useMyClaims() {
  return useQuery({
    queryKey: warrantyKeys.mine,
    queryFn: ({ signal }) =>
      api
        .get<Page<WarrantyClaimDto>>(`/api/warranty-claims/?user=current&page_size=${MY_CLAIMS_PAGE_SIZE}`, { signal })
        .then((page) => page.results)
        .catch((error: unknown) => {
          // spec §6: a 401 or 403 on the claim list.
          if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
            throw new ApiError(error.status, 'No tienes permisos para ver las solicitudes de garantía');
          }
          throw new ApiError(error instanceof ApiError ? error.status : 0, 'Error al cargar las solicitudes de garantía');
        }),
    staleTime: 30_000,
  });
}

export function useEligibleOrders(enabled: boolean) {
  return useQuery({
    queryKey: warrantyKeys.eligibleOrders,
    queryFn: ({ signal }) => api.get<EligibleOrderDto[]>('/api/warranty-claims/eligible-orders/', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Uploads one photo (purpose warranty); resolves with the stored URL. */
export async function uploadWarrantyPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'warranty');
  form.append('file', file, file.name || 'foto.png');
  const result = await api.post<UploadResultDto>('/api/uploads/', form, { timeout: 60_000, fallbackError: 'Error al subir la imagen' });
  return result.secure_url || result.url;
}

export const submitClaim = (body: Record<string, unknown>) =>
  api.post<WarrantyClaimDto>('/api/warranty-claims/', body, { fallbackError: 'Error al enviar la solicitud de garantía' });
