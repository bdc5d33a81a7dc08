// spec storefront §2 catalog: 'Ver todos' and a circle per brand, arrows on desktop. On mobile the
// slider hides once a brand is chosen and pills with 'Quitar' take its place.
import { useRef } from 'react';
import type { BrandDto } from '../../../domain/catalog';
import { thumbImage, thumbSrcSet } from '../../../domain/images';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../components/ui/icons';
import { useScrollEnds } from '../../components/use-scroll-ends';

interface BrandSliderProps {
  brands: BrandDto[] | undefined;
  selected: string[];
  onToggle(slug: string): void;
  onClear(): void;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

// Inside the row's padding (md:px-10), so an arrow never covers the first or last circle.
const ARROW =
  'absolute top-8 z-10 hidden -translate-y-1/2 rounded-full border border-stone-200 bg-white p-1.5 text-stone-700 shadow hover:text-brand-700 disabled:cursor-not-allowed disabled:text-stone-300 disabled:shadow-none';

export function BrandSlider({ brands, selected, onToggle, onClear }: BrandSliderProps) {
  const track = useRef<HTMLUListElement>(null);
  const { atStart, atEnd } = useScrollEnds(track, brands?.length ?? 0);
  const overflowing = !(atStart && atEnd);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' });
  const chosen = (brands ?? []).filter((b) => selected.includes(b.brand_id));
  const chosenNames = selected.map((slug) => chosen.find((b) => b.brand_id === slug)?.brand_name ?? slug);

  return (
    <div>
      <div className={`relative ${selected.length ? 'hidden md:block' : ''}`}>
        <button
          type="button"
          onClick={() => scroll(-1)}
          disabled={atStart}
          className={`${ARROW} left-0 ${overflowing ? 'md:block' : ''}`}
          aria-label="Bancos anteriores"
        >
          <ChevronLeftIcon size={18} />
        </button>
        <ul
          ref={track}
          aria-label="Bancos"
          className="flex snap-x gap-2 overflow-x-auto px-1 pb-2 pt-1 [scrollbar-width:none] md:scroll-px-10 md:px-10 [&::-webkit-scrollbar]:hidden"
        >
          <li className="snap-start">
            <button
              type="button"
              onClick={onClear}
              aria-pressed={selected.length === 0}
              className="group flex w-24 flex-col items-center gap-1.5"
            >
              <span
                className={`flex h-16 w-16 items-center justify-center rounded-full text-xs font-bold ring-2 transition ${
                  selected.length === 0
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : 'bg-white text-brand-800 ring-stone-200 group-hover:ring-brand-400'
                }`}
              >
                Todos
              </span>
              <span className="text-xs font-medium text-stone-700">Ver todos</span>
            </button>
          </li>
          {(brands ?? Array.from({ length: 8 }, () => undefined)).map((brand, i) =>
            brand ? (
              <li key={brand.id} className="snap-start">
                <button
                  type="button"
                  onClick={() => onToggle(brand.brand_id)}
                  aria-pressed={selected.includes(brand.brand_id)}
                  className="group flex w-24 flex-col items-center gap-1.5"
                  title={brand.brand_name}
                >
                  <span
                    className={`flex h-16 w-16 items-center justify-center overflow-hidden rounded-full bg-white ring-2 transition ${
                      selected.includes(brand.brand_id) ? 'ring-brand-700' : 'ring-stone-200 group-hover:ring-brand-400'
                    }`}
                  >
                    {brand.image ? (
                      <img
                        src={thumbImage(brand.image)}
                        srcSet={thumbSrcSet(brand.image)}
                        sizes="64px"
                        alt=""
                        width={64}
                        height={64}
                        loading="lazy"
                        className="h-full w-full object-contain p-1.5"
                      />
                    ) : (
                      <span className="text-sm font-bold text-brand-800" aria-hidden="true">
                        {initials(brand.brand_name)}
                      </span>
                    )}
                  </span>
                  <span className="line-clamp-1 w-full text-center text-xs font-medium text-stone-700">{brand.brand_name}</span>
                </button>
              </li>
            ) : (
              <li key={i} aria-hidden="true" className="flex w-24 flex-col items-center gap-1.5">
                <span className="h-16 w-16 animate-pulse rounded-full bg-stone-200" />
                <span className="h-3 w-14 animate-pulse rounded bg-stone-200" />
              </li>
            ),
          )}
        </ul>
        <button
          type="button"
          onClick={() => scroll(1)}
          disabled={atEnd}
          className={`${ARROW} right-0 ${overflowing ? 'md:block' : ''}`}
          aria-label="Bancos siguientes"
        >
          <ChevronRightIcon size={18} />
        </button>
      </div>
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-2 md:hidden" aria-label="Bancos elegidos">
          {selected.map((slug, i) => (
            <li
              key={slug}
              className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm font-medium text-brand-900 ring-1 ring-brand-200"
            >
              {chosenNames[i]}
              <button
                type="button"
                onClick={() => onToggle(slug)}
                className="flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold text-brand-800 hover:bg-brand-100"
                aria-label={`Quitar ${chosenNames[i]}`}
              >
                Quitar <CloseIcon size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
