// The catalog's filter groups with their counts (spec storefront §2 catalog).
import type { ReactNode } from 'react';
import type { BrandDto, ProductFacetsDto, ProductType } from '../../../domain/catalog';
import { compareNames } from '../../../domain/text';
import { activeFilterCount, toggle, type CatalogFilters } from './filters';

const TYPE_OPTIONS: { type: ProductType; label: string }[] = [
  { type: 'auto', label: 'Automáticas' },
  { type: 'fem', label: 'Feminizadas' },
  { type: 'reg', label: 'Regulares' },
];

export interface BrandOption {
  slug: string;
  name: string;
  is_national: boolean;
  count: number | undefined;
}

/** Every visible brand, with its count under the other filters when the facets know it. */
export function brandOptions(brands: BrandDto[] | undefined, facets: ProductFacetsDto | undefined): BrandOption[] {
  const counts = new Map(facets?.brands.map((b) => [b.brand_id, b.count]));
  const source = brands?.length
    ? brands.map((b) => ({ slug: b.brand_id, name: b.brand_name, is_national: b.is_national }))
    : (facets?.brands ?? []).map((b) => ({ slug: b.brand_id, name: b.brand_name, is_national: b.is_national }));
  return source.map((b) => ({ ...b, count: facets ? (counts.get(b.slug) ?? 0) : undefined })).sort((a, b) => compareNames(a.name, b.name));
}

interface FilterPanelProps {
  filters: CatalogFilters;
  onChange(next: CatalogFilters): void;
  facets: ProductFacetsDto | undefined;
  brands: BrandOption[];
  /** Distinguishes the ids of the sidebar and the mobile modal copies. */
  idPrefix: string;
  /** The modal has its own title and puts 'Limpiar filtros' in its footer. */
  heading?: boolean;
  /** Brands not known yet: placeholder rows keep the groups below from jumping. */
  loading?: boolean;
}

export const clearFilters = (filters: CatalogFilters): CatalogFilters => ({
  ...filters,
  types: [],
  brands: [],
  onlyOffers: false,
  withStock: false,
});

export function FilterPanel({ filters, onChange, facets, brands, idPrefix, heading = true, loading = false }: FilterPanelProps) {
  const set = (patch: Partial<CatalogFilters>) => onChange({ ...filters, ...patch });
  const national = brands.filter((b) => b.is_national);
  const international = brands.filter((b) => !b.is_national);

  const brandGroup = (title: string, options: BrandOption[]) => {
    const chosen = options.filter((o) => filters.brands.includes(o.slug)).map((o) => o.slug);
    return (
      <Group title={title} onClear={chosen.length ? () => set({ brands: filters.brands.filter((s) => !chosen.includes(s)) }) : undefined}>
        {options.length === 0 &&
          (loading ? (
            Array.from({ length: 4 }, (_, i) => <div key={i} className="my-2 h-5 animate-pulse rounded bg-stone-100" aria-hidden="true" />)
          ) : (
            <p className="text-sm text-stone-500">Sin bancos</p>
          ))}
        <div className="max-h-64 space-y-0.5 overflow-y-auto pr-1">
          {options.map((brand) => (
            <Check
              key={brand.slug}
              id={`${idPrefix}-brand-${brand.slug}`}
              label={brand.name}
              count={brand.count}
              checked={filters.brands.includes(brand.slug)}
              onChange={() => set({ brands: toggle(filters.brands, brand.slug) })}
            />
          ))}
        </div>
      </Group>
    );
  };

  return (
    <div className="space-y-5">
      {heading && (
        <div className="flex items-center justify-between">
          <h2 className="text-base font-bold text-stone-900">Filtros</h2>
          {activeFilterCount(filters) > 0 && (
            <button
              type="button"
              onClick={() => onChange(clearFilters(filters))}
              className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              Limpiar filtros
            </button>
          )}
        </div>
      )}
      <Group title="Ofertas" onClear={filters.onlyOffers ? () => set({ onlyOffers: false }) : undefined}>
        <Check
          id={`${idPrefix}-offers`}
          label="Solo productos en oferta"
          count={facets?.on_sale}
          checked={filters.onlyOffers}
          onChange={() => set({ onlyOffers: !filters.onlyOffers })}
        />
      </Group>
      <Group title="Stock" onClear={filters.withStock ? () => set({ withStock: false }) : undefined}>
        <Check
          id={`${idPrefix}-stock`}
          label="Con stock disponible"
          count={facets?.with_stock}
          checked={filters.withStock}
          onChange={() => set({ withStock: !filters.withStock })}
        />
      </Group>
      <Group title="Tipo" onClear={filters.types.length ? () => set({ types: [] }) : undefined}>
        {TYPE_OPTIONS.map(({ type, label }) => (
          <Check
            key={type}
            id={`${idPrefix}-type-${type}`}
            label={label}
            count={facets?.types[type]}
            checked={filters.types.includes(type)}
            onChange={() => set({ types: toggle(filters.types, type) })}
          />
        ))}
      </Group>
      {brandGroup('Bancos Nacionales', national)}
      {brandGroup('Bancos Internacionales', international)}
    </div>
  );
}

function Group({ title, onClear, children }: { title: string; onClear?: () => void; children: ReactNode }) {
  return (
    <fieldset className="border-t border-stone-200 pt-4 first:border-t-0 first:pt-0">
      <div className="mb-2 flex items-center justify-between">
        <legend className="float-left text-sm font-semibold uppercase tracking-wide text-stone-700">{title}</legend>
        {onClear && (
          <button
            type="button"
            onClick={onClear}
            className="rounded px-1.5 py-0.5 text-xs font-medium text-stone-500 hover:bg-stone-100 hover:text-stone-900"
            aria-label={`Limpiar ${title}`}
          >
            Limpiar
          </button>
        )}
      </div>
      <div className="clear-both space-y-0.5">{children}</div>
    </fieldset>
  );
}

function Check({
  id,
  label,
  count,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  count: number | undefined;
  checked: boolean;
  onChange(): void;
}) {
  return (
    <div className="flex items-center gap-2.5 rounded-lg px-1 py-1.5 hover:bg-stone-50">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="h-4 w-4 shrink-0 rounded border-stone-400 accent-brand-700"
      />
      <label htmlFor={id} className={`flex-1 cursor-pointer text-sm ${count === 0 && !checked ? 'text-stone-500' : 'text-stone-800'}`}>
        {label}
      </label>
      {count !== undefined && <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs tabular-nums text-stone-600">{count}</span>}
    </div>
  );
}
