// /productos (spec storefront §2 catalog, §4): every filter lives in the URL, so a reload or a
// shared link shows the same selection.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FilterIcon, SearchIcon } from '../../components/ui/icons';
import { Modal } from '../../components/Modal';
import { ProductCard } from '../../components/ProductCard';
import { ProductCardSkeleton } from '../../components/Skeleton';
import { CATALOG_PAGE_SIZE } from '../../../domain/catalog-constants';
import { CATALOG_CARD_SIZES } from '../../../domain/images';
import { brandsQuery, useBrands } from '../../lib/catalog-api';
import type { PageData } from '../../lib/page-data';
import { facetsQuery, productListQuery, useFacets, useProductList } from './api';
import { BrandSlider } from './BrandSlider';
import { brandOptions, clearFilters, FilterPanel } from './FilterPanel';
import { activeFilterCount, filtersToQueryString, parseFilters, toggle, type CatalogFilters, type CatalogSort } from './filters';
import { HydrationSlice } from '../../lib/hydration-slices';

// spec storefront §4: search text is debounced 500 ms before reloading.
const SEARCH_DEBOUNCE_MS = 500;
/** Cards a phone shows before scrolling; the rest are laid out when they come near. */
const FIRST_SCREEN_CARDS = 4;

function useCatalogFilters() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseFilters(params), [params]);
  const setFilters = (next: CatalogFilters, options: { replace?: boolean } = {}) => {
    const query = filtersToQueryString(next);
    void navigate({ search: query ? `?${query}` : '' }, { replace: options.replace, preventScrollReset: true });
  };
  return [filters, setFilters] as const;
}

export const pageData: PageData = ({ queryClient, viewer, searchParams }) => {
  const filters = parseFilters(searchParams);
  return Promise.all([
    queryClient.prefetchQuery(brandsQuery()),
    queryClient.prefetchQuery(facetsQuery(filters)),
    queryClient.prefetchInfiniteQuery(productListQuery(viewer, filters)),
  ]);
};

export default function CatalogPage() {
  const [filters, setFilters] = useCatalogFilters();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const brands = useBrands();
  const facets = useFacets(filters);
  const list = useProductList(filters);
  const brandChoices = brandOptions(brands.data, facets.data);

  const products = list.data?.pages.flatMap((p) => p.results) ?? [];
  const count = list.data?.pages[0]?.count;
  const firstLoad = list.isPending;
  const reloading = list.isPlaceholderData;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Catálogo de semillas</h1>

      <HydrationSlice>
        <div className="mt-5">
          <BrandSlider
            brands={brands.data}
            selected={filters.brands}
            onToggle={(slug) => setFilters({ ...filters, brands: toggle(filters.brands, slug) })}
            onClear={() => setFilters({ ...filters, brands: [] })}
          />
        </div>
      </HydrationSlice>

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <SearchField value={filters.search} onSearch={(search) => setFilters({ ...filters, search }, { replace: true })} />
        <div className="flex items-center gap-2">
          <label htmlFor="catalog-sort" className="sr-only">
            Ordenar por
          </label>
          <select
            id="catalog-sort"
            value={filters.sort}
            onChange={(e) => setFilters({ ...filters, sort: e.target.value as CatalogSort })}
            className="rounded-xl border border-stone-300 bg-white py-2.5 pl-3 pr-8 text-sm"
          >
            <option value="">Ordenar por</option>
            <option value="min_price">Menor precio</option>
            <option value="-min_price">Mayor precio</option>
          </select>
          <button
            type="button"
            onClick={() => setFiltersOpen(true)}
            className="inline-flex items-center gap-2 rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-sm font-semibold text-stone-800 hover:border-brand-600 lg:hidden"
          >
            <FilterIcon size={16} />
            Filtros
            {activeFilterCount(filters) > 0 && (
              <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">{activeFilterCount(filters)}</span>
            )}
          </button>
        </div>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <HydrationSlice>
          <aside className="hidden lg:block" aria-label="Filtros">
            <div className="sticky top-24 max-h-[calc(100vh-7rem)] overflow-y-auto rounded-2xl border border-stone-200 bg-white p-5">
              <FilterPanel
                filters={filters}
                onChange={setFilters}
                facets={facets.data}
                brands={brandChoices}
                idPrefix="side"
                loading={brands.isPending}
              />
            </div>
          </aside>
        </HydrationSlice>

        <section aria-label="Productos" aria-busy={firstLoad || reloading}>
          <h2 className="sr-only">Productos</h2>
          <p className="mb-3 min-h-5 text-sm text-stone-600" role="status">
            {count !== undefined && !reloading ? `${count} ${count === 1 ? 'producto' : 'productos'}` : ''}
          </p>
          {list.isError && !list.data ? (
            <div className="rounded-2xl border border-stone-200 bg-white p-10 text-center">
              <p className="font-semibold text-stone-800">No se pudieron cargar los productos.</p>
              <button
                type="button"
                onClick={() => list.refetch()}
                className="mt-4 rounded-xl bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
              >
                Reintentar
              </button>
            </div>
          ) : !firstLoad && products.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center">
              <p className="text-lg font-semibold text-stone-800">No se encontraron productos.</p>
              {activeFilterCount(filters) + (filters.search ? 1 : 0) > 0 && (
                <button
                  type="button"
                  onClick={() => setFilters({ ...clearFilters(filters), search: '' })}
                  className="mt-4 rounded-xl border border-stone-300 px-5 py-2.5 text-sm font-semibold text-stone-800 hover:border-brand-600"
                >
                  Limpiar filtros
                </button>
              )}
            </div>
          ) : (
            <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 ${reloading ? 'opacity-60 transition-opacity' : ''}`}>
              {firstLoad
                ? Array.from({ length: CATALOG_PAGE_SIZE }, (_, i) => (
                    <li key={`skeleton-${i}`}>
                      <ProductCardSkeleton />
                    </li>
                  ))
                : products.map((product, i) => (
                    <HydrationSlice key={product.id}>
                      <li className={i >= FIRST_SCREEN_CARDS ? 'below-fold-card' : undefined}>
                        <ProductCard product={product} priority={i < 3} sizes={CATALOG_CARD_SIZES} />
                      </li>
                    </HydrationSlice>
                  ))}
              {list.isFetchingNextPage &&
                Array.from({ length: 3 }, (_, i) => (
                  <li key={`more-${i}`}>
                    <ProductCardSkeleton />
                  </li>
                ))}
            </ul>
          )}
          {list.hasNextPage && !reloading && (
            <div className="mt-8 flex justify-center">
              <button
                type="button"
                onClick={() => list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                className="rounded-xl border-2 border-brand-700 px-8 py-3 font-semibold text-brand-800 transition hover:bg-brand-700 hover:text-white disabled:opacity-60"
              >
                {list.isFetchingNextPage ? 'Cargando...' : 'Cargar más'}
              </button>
            </div>
          )}
        </section>
      </div>

      {filtersOpen && (
        <MobileFilters
          applied={filters}
          brandChoices={brandChoices}
          onClose={() => setFiltersOpen(false)}
          onApply={(next) => {
            setFilters(next);
            setFiltersOpen(false);
          }}
        />
      )}
    </div>
  );
}

function SearchField({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [text, setText] = useState(value);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  // The URL can change from elsewhere (header search, back button); a trailing space being
  // typed is not a change.
  useEffect(() => setText((current) => (current.trim() === value.trim() ? current : value)), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latestOnSearch.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="relative min-w-0 flex-1 basis-64">
      <label htmlFor="catalog-search" className="sr-only">
        Buscar por nombre
      </label>
      <SearchIcon size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-400" />
      <input
        id="catalog-search"
        type="search"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        placeholder="Buscar por nombre..."
        className="w-full rounded-xl border border-stone-300 bg-white py-2.5 pl-10 pr-3 text-sm placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
    </div>
  );
}

function MobileFilters({
  applied,
  brandChoices,
  onClose,
  onApply,
}: {
  applied: CatalogFilters;
  brandChoices: ReturnType<typeof brandOptions>;
  onClose(): void;
  onApply(next: CatalogFilters): void;
}) {
  const [draft, setDraft] = useState(applied);
  const facets = useFacets(draft);
  const brands = useBrands();
  const draftBrands = facets.data ? brandOptions(brands.data, facets.data) : brandChoices;
  return (
    <Modal
      open
      onClose={onClose}
      title="Filtros"
      variant="sheet"
      footer={
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => setDraft(clearFilters(draft))}
            disabled={activeFilterCount(draft) === 0}
            className="rounded-xl border border-stone-300 px-4 py-3 text-sm font-semibold text-stone-800 hover:border-brand-600 disabled:opacity-50"
          >
            Limpiar filtros
          </button>
          <button
            type="button"
            onClick={() => onApply(draft)}
            className="flex-1 rounded-xl bg-brand-700 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Aplicar Filtros
          </button>
        </div>
      }
    >
      <FilterPanel filters={draft} onChange={setDraft} facets={facets.data} brands={draftBrands} idPrefix="modal" heading={false} />
    </Modal>
  );
}
