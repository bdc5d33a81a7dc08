// 'Nombre del banco': a combobox that filters brands as the admin types, links the product to
// an existing brand, or creates a new one (spec accounts-admin §2 product form, §8 brands).
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { BRAND_NAME_REQUIRED, normalizeBrandName } from '../../../../domain/admin-catalog';
import type { BrandDto } from '../../../../domain/catalog';
import { normalizeSearch, slugify } from '../../../../domain/text';
import { ApiError, api } from '../../../lib/api';
import { errorMessage } from '../lib/format';
import { adminKeys } from '../lib/queries';
import { Spinner } from '../ui/Button';
import { controlClass } from '../ui/fields';
import { CheckIcon, PlusIcon } from '../ui/icons';

// spec accounts-admin §9: the brand dropdown closes 200 ms after blur.
const BLUR_CLOSE_MS = 200;
const MAX_OPTIONS = 8;

export interface BrandChoice {
  brand_id: number | null;
  brand: string;
}

function sameBrand(brand: BrandDto, name: string) {
  return normalizeSearch(brand.brand_name) === normalizeSearch(name) || brand.brand_id === slugify(name);
}

export function BrandPicker({
  value,
  onChange,
  brands,
  error,
  onBlur,
}: {
  value: BrandChoice;
  onChange: (choice: BrandChoice) => void;
  brands: BrandDto[];
  error?: string;
  onBlur?: () => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const typed = value.brand;
  const matches = useMemo(() => {
    const term = normalizeSearch(typed);
    const found = term ? brands.filter((b) => normalizeSearch(b.brand_name).includes(term)) : brands;
    return found.slice(0, MAX_OPTIONS);
  }, [brands, typed]);
  const exact = brands.find((b) => sameBrand(b, typed));
  const canCreate = normalizeBrandName(typed) !== '' && !exact;
  const optionCount = matches.length + (canCreate ? 1 : 0);

  function select(brand: BrandDto) {
    onChange({ brand_id: brand.id, brand: brand.brand_name });
    setOpen(false);
  }

  async function create() {
    const name = normalizeBrandName(typed);
    if (!name) {
      toast.error(BRAND_NAME_REQUIRED);
      return;
    }
    const existing = brands.find((b) => sameBrand(b, name));
    if (existing) {
      toast.warning(`La marca ${existing.brand_name} ya existe. Seleccionándola...`);
      select(existing);
      toast.success(`Marca ${existing.brand_name} seleccionada`);
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
          toast.warning(`La marca ${found.brand_name} ya existe. Seleccionándola...`);
          select(found);
          toast.success(`Marca ${found.brand_name} seleccionada`);
          return;
        }
      }
      toast.error(`Error al crear la marca: ${errorMessage(e)}`);
    } finally {
      setCreating(false);
    }
  }

  function choose(index: number) {
    if (index < matches.length) select(matches[index]);
    else if (canCreate) void create();
  }

  const optionId = (index: number) => `${id}-opt-${index}`;

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-stone-700">
        Nombre del banco
        <span className="text-red-600" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={open && optionCount > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && optionCount > 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-required
          autoComplete="off"
          value={typed}
          placeholder="Escribe para buscar o crear un banco"
          onChange={(e) => {
            onChange({ brand_id: null, brand: e.target.value });
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => {
            clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            closeTimer.current = setTimeout(() => setOpen(false), BLUR_CLOSE_MS);
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(optionCount - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Enter' && open && optionCount > 0) {
              e.preventDefault();
              choose(active);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
          className={controlClass(!!error, value.brand_id ? 'pr-9' : '')}
        />
        {creating && <Spinner className="absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-brand-700" />}
        {!creating && value.brand_id && (
          <CheckIcon size={16} className="absolute right-3 top-1/2 -translate-y-1/2 text-brand-700" aria-label="Banco seleccionado" />
        )}
      </div>
      {open && optionCount > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Bancos"
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
        >
          {matches.map((brand, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- options are chosen from the keyboard on the combobox input (aria-activedescendant)
            <li
              key={brand.id}
              id={optionId(index)}
              role="option"
              aria-selected={value.brand_id === brand.id}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(index)}
              onMouseEnter={() => setActive(index)}
              className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-900' : 'text-stone-800'}`}
            >
              <span className="truncate">{brand.brand_name}</span>
              <span className="shrink-0 text-xs text-stone-500">{brand.is_national ? 'Nacional' : 'Internacional'}</span>
            </li>
          ))}
          {canCreate && (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- options are chosen from the keyboard on the combobox input (aria-activedescendant)
            <li
              id={optionId(matches.length)}
              role="option"
              aria-selected={false}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(matches.length)}
              onMouseEnter={() => setActive(matches.length)}
              className={`flex cursor-pointer items-center gap-2 border-t border-stone-100 px-3 py-2 text-sm font-medium ${
                active === matches.length ? 'bg-brand-50 text-brand-900' : 'text-brand-800'
              }`}
            >
              <PlusIcon size={16} />
              Crear banco «{normalizeBrandName(typed)}»
            </li>
          )}
        </ul>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {value.brand_id
            ? 'Banco existente seleccionado.'
            : typed
              ? 'Elige un banco de la lista o créalo.'
              : 'Escribe para filtrar los bancos.'}
        </p>
      )}
    </div>
  );
}
