// 'Nombre del banco': a combobox that filters brands as the admin types, links the product to
// an existing brand, or creates a new one (spec accounts-admin §2 product form, §8 brands).
import { useId, useMemo, useState } from 'react';
import { normalizeBrandName } from '../../../../domain/admin-catalog';
import type { BrandDto } from '../../../../domain/catalog';
import { normalizeSearch } from '../../../../domain/text';
import { useCloseOnBlur } from '../../../lib/use-close-on-blur';
import { BrandOptions } from './BrandOptions';
import { sameBrand, useCreateBrand } from './use-create-brand';
import { Spinner } from '../../../components/ui/Button';
import { controlClass } from '../../../components/ui/fields';
import { CheckIcon } from '../../../components/ui/icons';

// spec accounts-admin §9: the brand dropdown closes 200 ms after blur.
const BLUR_CLOSE_MS = 200;
const MAX_OPTIONS = 8;

export interface BrandChoice {
  brand_id: number | null;
  brand: string;
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
  const list = useCloseOnBlur(BLUR_CLOSE_MS);
  const [active, setActive] = useState(0);

  const typed = value.brand;
  const matches = useMemo(() => {
    const term = normalizeSearch(typed);
    const found = term ? brands.filter((b) => normalizeSearch(b.brand_name).includes(term)) : brands;
    return found.slice(0, MAX_OPTIONS);
  }, [brands, typed]);
  const exact = brands.find((b) => sameBrand(b, typed));
  const canCreate = normalizeBrandName(typed) !== '' && !exact;
  const optionCount = matches.length + (canCreate ? 1 : 0);
  const showList = list.open && optionCount > 0;

  function select(brand: BrandDto) {
    onChange({ brand_id: brand.id, brand: brand.brand_name });
    list.setOpen(false);
  }
  const { creating, create } = useCreateBrand(brands, select);

  function choose(index: number) {
    if (index < matches.length) select(matches[index]);
    else if (canCreate) void create(typed);
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
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-required
          autoComplete="off"
          value={typed}
          placeholder="Escribe para buscar o crear un banco"
          onChange={(e) => {
            onChange({ brand_id: null, brand: e.target.value });
            setActive(0);
            list.setOpen(true);
          }}
          onFocus={list.onFocus}
          onBlur={() => {
            list.onBlur();
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              list.setOpen(true);
              setActive((a) => Math.min(optionCount - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Enter' && showList) {
              e.preventDefault();
              choose(active);
            } else if (e.key === 'Escape') {
              list.setOpen(false);
            }
          }}
          className={controlClass(!!error, value.brand_id ? 'pr-9' : '', true)}
        />
        {creating && <Spinner className="absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-brand-700" />}
        {!creating && value.brand_id && (
          <CheckIcon size={16} className="absolute right-3 top-1/2 -translate-y-1/2 text-brand-700" aria-label="Banco seleccionado" />
        )}
      </div>
      {showList && (
        <BrandOptions
          listId={listId}
          optionId={optionId}
          matches={matches}
          selectedId={value.brand_id}
          createName={canCreate ? normalizeBrandName(typed) : null}
          active={active}
          onActive={setActive}
          onChoose={choose}
        />
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
