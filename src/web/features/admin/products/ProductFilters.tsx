// The admin catalog filters (spec accounts-admin §9 filter values), kept in the URL.
import { useEffect, useState } from 'react';
import type { BrandDto } from '../../../../domain/catalog';
import { useDebouncedValue } from '../lib/hooks';
import { SearchField, SelectField } from '../../../components/ui/fields';
import { AVAILABILITY_FILTERS, CURRENCY_FILTERS, PRICE_STATUS_FILTERS, STOCK_FILTERS, TYPE_FILTERS, type AdminProductFilters } from './api';
import { Button } from '../../../components/ui/Button';
import { FilterIcon } from '../../../components/ui/icons';

const SELECTS = [
  { key: 'type', label: 'Tipo', options: TYPE_FILTERS },
  { key: 'stock', label: 'Stock', options: STOCK_FILTERS },
  { key: 'availability', label: 'Disponibilidad', options: AVAILABILITY_FILTERS },
  { key: 'priceStatus', label: 'Precio', options: PRICE_STATUS_FILTERS },
  { key: 'currency', label: 'Moneda', options: CURRENCY_FILTERS },
] as const;

export function ProductFilters({
  filters,
  brands,
  onChange,
}: {
  filters: AdminProductFilters;
  brands: BrandDto[];
  onChange: (next: AdminProductFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState(filters.search ?? '');
  const debounced = useDebouncedValue(search, 300);
  useEffect(() => {
    if ((filters.search ?? '') !== debounced) onChange({ ...filters, search: debounced || undefined });
    // Only the typed text drives this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const active = (['brand', 'type', 'stock', 'availability', 'priceStatus', 'currency'] as const).filter((k) => filters[k]).length;
  const set = (key: keyof AdminProductFilters, value: string) => onChange({ ...filters, [key]: value || undefined });

  return (
    <div className="mb-4 rounded-xl border border-stone-200 bg-white p-3 shadow-xs">
      <div className="flex gap-2">
        <SearchField
          id="admin-product-search"
          label="Buscar por nombre"
          value={search}
          onChange={setSearch}
          placeholder="Buscar por nombre o banco"
          className="flex-1"
        />
        <Button
          variant="secondary"
          className="md:hidden"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="admin-product-filters"
        >
          <FilterIcon size={16} />
          Filtros{active ? ` (${active})` : ''}
        </Button>
      </div>
      <div
        id="admin-product-filters"
        className={`${open ? 'grid' : 'hidden'} mt-3 grid-cols-2 gap-2 md:grid md:grid-cols-3 xl:grid-cols-6`}
      >
        <SelectField label="Banco" value={filters.brand ?? ''} onChange={(e) => set('brand', e.target.value)}>
          <option value="">Todos</option>
          {brands.map((b) => (
            <option key={b.id} value={String(b.id)}>
              {b.brand_name}
            </option>
          ))}
        </SelectField>
        {SELECTS.map(({ key, label, options }) => (
          <SelectField key={key} label={label} value={filters[key] ?? ''} onChange={(e) => set(key, e.target.value)}>
            <option value="">Todos</option>
            {Object.entries(options).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </SelectField>
        ))}
        {active > 0 && (
          <div className="col-span-full">
            <Button variant="ghostMuted" size="sm" onClick={() => onChange({ search: filters.search })}>
              Limpiar filtros
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
