// Ficha Técnica, Descripción and Info del Banco (spec storefront §2 product detail), as ARIA tabs.
import { useRef, type KeyboardEvent } from 'react';
import type { ProductDto } from '../../../domain/catalog';
import { thumbImage } from '../../../domain/images';

export type ProductTab = 'specs' | 'description' | 'brand';

const TAB_LABELS: Record<ProductTab, string> = { specs: 'Ficha Técnica', description: 'Descripción', brand: 'Info del Banco' };

export function availableTabs(product: ProductDto): ProductTab[] {
  return product.brand_info?.description ? ['specs', 'description', 'brand'] : ['specs', 'description'];
}

export function Paragraphs({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`space-y-3 ${className}`}>
      {text
        .split(/\r?\n+/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
    </div>
  );
}

/** spec storefront §2: technical sheet rows, empty values hidden. */
export function specRows(product: ProductDto): [string, string][] {
  const composition =
    product.sativa != null || product.indica != null ? `${product.sativa ?? 0}% Sativa / ${product.indica ?? 0}% Indica` : null;
  const seedCounts = [...new Set(product.blisters.map((b) => b.seed_count))].sort((a, b) => a - b).join(', ');
  const rows: [string, string | null | undefined][] = [
    ['Banco', product.brand],
    ['Tipo', product.type_display],
    ['Genotipo', product.genotype],
    ['Composición', composition],
    ['Efectos', product.effects],
    ['Sabores', product.flavors],
    ['THC', product.thc],
    ['CBD', product.cbd],
    ['Tiempo de Floración', product.flowering_time],
    ['Ciclo Completo', product.completed_cicle],
    ['Altura Interior', product.height_indoor],
    ['Altura Exterior', product.height_outdoor],
    ['Producción Interior', product.yield_indoor],
    ['Producción Exterior', product.yield_outdoor],
    ['Semillas por Blíster', seedCounts],
    ['Stock', product.stock > 0 ? `${product.stock} unidades` : 'Sin stock'],
  ];
  return rows.filter((row): row is [string, string] => typeof row[1] === 'string' && row[1].trim() !== '');
}

interface ProductTabsProps {
  product: ProductDto;
  tab: ProductTab;
  onTab(tab: ProductTab): void;
}

export function ProductTabs({ product, tab, onTab }: ProductTabsProps) {
  const tabs = availableTabs(product);
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1 + tabs.length, Home: 0, End: tabs.length - 1 };
    const next = e.key in moves ? tabs[moves[e.key] % tabs.length] : null;
    if (!next) return;
    e.preventDefault();
    onTab(next);
    refs.current[next]?.focus();
  };

  const brand = product.brand_info;
  return (
    <div>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: the tabs take focus, the tablist handles their arrow keys */}
      <div
        role="tablist"
        aria-label="Información del producto"
        className="flex gap-1 overflow-x-auto border-b border-stone-200"
        onKeyDown={onKeyDown}
      >
        {tabs.map((t) => (
          <button
            key={t}
            ref={(el) => {
              refs.current[t] = el;
            }}
            id={`tab-${t}`}
            role="tab"
            type="button"
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => onTab(t)}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold transition sm:text-base ${
              tab === t ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600 hover:text-stone-900'
            }`}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} tabIndex={0} className="py-6 focus-visible:outline-offset-4">
        {tab === 'specs' && (
          <dl className="grid overflow-hidden rounded-2xl border border-stone-200 bg-white sm:grid-cols-2">
            {specRows(product).map(([label, value]) => (
              <div
                key={label}
                className="flex justify-between gap-4 border-b border-stone-100 px-4 py-3 text-sm sm:[&:nth-last-child(-n+2)]:border-b-0"
              >
                <dt className="text-stone-600">{label}</dt>
                <dd className="text-right font-semibold text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {tab === 'description' &&
          (product.description ? (
            <Paragraphs text={product.description} className="max-w-3xl leading-7 text-stone-700" />
          ) : (
            <p className="text-stone-500">Este producto no tiene descripción.</p>
          ))}
        {tab === 'brand' && brand?.description && (
          <div className="flex max-w-3xl flex-col gap-5 sm:flex-row sm:items-start">
            {brand.image && (
              <img
                src={thumbImage(brand.image)}
                alt={`Logo de ${brand.brand_name}`}
                width={112}
                height={112}
                loading="lazy"
                className="h-28 w-28 shrink-0 rounded-2xl border border-stone-200 bg-white object-contain p-2"
              />
            )}
            <div>
              <h3 className="text-xl font-bold text-stone-900">{brand.brand_name}</h3>
              <p className="mt-1 inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
                {brand.is_national ? 'Banco Nacional' : 'Banco Internacional'}
              </p>
              <Paragraphs text={brand.description} className="mt-3 leading-7 text-stone-700" />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
