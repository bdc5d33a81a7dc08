// Brand calls of the admin: one brand, the writes, the national flag and the discount.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplyDiscountResultDto, BrandDiscountValues, BrandFormValues } from '../../../../domain/admin-catalog';
import type { BrandDto } from '../../../../domain/catalog';
import { api } from '../../../lib/api';
import { adminKeys, invalidateCatalog } from '../lib/queries';

export function useBrand(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.brand(id ?? 0),
    queryFn: ({ signal }) => api.get<BrandDto>(`/api/brands/${id}/`, { signal, fallbackError: 'Error al cargar la información del banco' }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveBrand(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: BrandFormValues) =>
      id === undefined
        ? api.post<BrandDto>('/api/brands/', values, { fallbackError: 'Error al guardar el banco' })
        : api.put<BrandDto>(`/api/brands/${id}/`, values, { fallbackError: 'Error al guardar el banco' }),
    onSuccess: () => invalidateCatalog(queryClient),
  });
}

function replaceCachedBrand(queryClient: ReturnType<typeof useQueryClient>, brand: BrandDto) {
  queryClient.setQueryData<BrandDto[]>(adminKeys.brands, (list) => list?.map((b) => (b.id === brand.id ? { ...b, ...brand } : b)));
}

export function useToggleNational() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brand: BrandDto) =>
      api.patch<BrandDto>(
        `/api/brands/${brand.id}/`,
        { is_national: !brand.is_national },
        { fallbackError: 'Error al cambiar el tipo de banco' },
      ),
    onSuccess: (updated, brand) => {
      replaceCachedBrand(queryClient, updated ?? { ...brand, is_national: !brand.is_national });
      invalidateCatalog(queryClient);
    },
  });
}

/** Hides a brand from the shop's brand lists (its products stay for sale). */
export function useHideBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brand: BrandDto) =>
      api.patch<BrandDto>(`/api/brands/${brand.id}/`, { visible: false }, { fallbackError: 'Error al ocultar el banco' }),
    onSuccess: (updated, brand) => {
      replaceCachedBrand(queryClient, updated ?? { ...brand, visible: false });
      invalidateCatalog(queryClient);
    },
  });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brand: BrandDto) => api.delete<void>(`/api/brands/${brand.id}/`, { fallbackError: 'Error al eliminar el banco' }),
    onSuccess: (_, brand) => {
      queryClient.setQueryData<BrandDto[]>(adminKeys.brands, (list) => list?.filter((b) => b.id !== brand.id));
      invalidateCatalog(queryClient);
    },
  });
}

/** spec accounts-admin §4: removal sends percentage with value 0. */
export const REMOVE_DISCOUNT = { discount_type: 'percentage', discount_value: 0, discount_expires_at: null } as const;

export function useApplyDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brand, values }: { brand: BrandDto; values: BrandDiscountValues | typeof REMOVE_DISCOUNT }) =>
      api.post<ApplyDiscountResultDto>(`/api/brands/${brand.id}/apply-discount/`, values),
    onSuccess: (result) => {
      if (result?.brand) replaceCachedBrand(queryClient, result.brand);
      invalidateCatalog(queryClient);
    },
  });
}
