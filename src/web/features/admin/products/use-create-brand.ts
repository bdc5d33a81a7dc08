// Creating a brand from the product form's brand picker (spec accounts-admin §2 product form):
// a name that already exists, or that someone else created meanwhile, selects that brand instead.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { BRAND_NAME_REQUIRED, normalizeBrandName } from '../../../../domain/admin-catalog';
import type { BrandDto } from '../../../../domain/catalog';
import { normalizeSearch, slugify } from '../../../../domain/text';
import { ApiError, api } from '../../../lib/api';
import { errorMessage } from '../lib/format';
import { adminKeys } from '../lib/queries';

export function sameBrand(brand: BrandDto, name: string) {
  return normalizeSearch(brand.brand_name) === normalizeSearch(name) || brand.brand_id === slugify(name);
}

/** `select` receives the brand created, or the existing one of that name. */
export function useCreateBrand(brands: BrandDto[], select: (brand: BrandDto) => void) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);

  const selectExisting = (brand: BrandDto) => {
    toast.warning(`La marca ${brand.brand_name} ya existe. Seleccionándola...`);
    select(brand);
    toast.success(`Marca ${brand.brand_name} seleccionada`);
  };

  async function create(typed: string) {
    const name = normalizeBrandName(typed);
    if (!name) {
      toast.error(BRAND_NAME_REQUIRED);
      return;
    }
    const existing = brands.find((b) => sameBrand(b, name));
    if (existing) {
      selectExisting(existing);
      return;
    }
    setCreating(true);
    try {
      const brand = await api.post<BrandDto>('/api/brands/', { brand_name: name, visible: true, is_national: false });
      queryClient.setQueryData<BrandDto[]>(adminKeys.brands, (list) => (list ? [...list, brand] : [brand]));
      void queryClient.invalidateQueries({ queryKey: adminKeys.brands });
      void queryClient.invalidateQueries({ queryKey: ['brands'] });
      select(brand);
      toast.success(`Marca ${brand.brand_name} creada correctamente`);
    } catch (e) {
      // Created meanwhile by someone else: select it.
      if (e instanceof ApiError && e.status === 409) {
        const fresh = await queryClient.fetchQuery({
          queryKey: adminKeys.brands,
          queryFn: () => api.get<{ results: BrandDto[] }>('/api/brands/').then((d) => d.results),
          staleTime: 0,
        });
        const found = fresh.find((b) => sameBrand(b, name));
        if (found) {
          selectExisting(found);
          return;
        }
      }
      toast.error(`Error al crear la marca: ${errorMessage(e)}`);
    } finally {
      setCreating(false);
    }
  }

  return { creating, create };
}
