// A row of product cards: 4 per slide with arrows on desktop, a swipeable scroll on mobile
// (spec storefront §2 home, carousel chunk 4).
import { useRef, type ReactNode } from 'react';
import type { ProductDto } from '../../domain/catalog';
import { ChevronLeftIcon, ChevronRightIcon } from './ui/icons';
import { useScrollEnds } from './use-scroll-ends';
import { ProductCard } from './ProductCard';
import { ProductCardSkeleton } from './Skeleton';
import { HydrationSlice } from '../lib/hydration-slices';

interface ProductCarouselProps {
  title: string;
  products: ProductDto[] | undefined;
  loading?: boolean;
  action?: ReactNode;
  id?: string;
}

// min-w-0: a card is as wide as its basis, never as its content (a long name or price widened some).
const ITEM = 'min-w-0 shrink-0 snap-start basis-[46%] sm:basis-[31%] lg:basis-[calc((100%-3.75rem)/4)]';
const ARROW =
  'rounded-full border border-stone-300 bg-white p-2 text-stone-700 hover:border-brand-600 hover:text-brand-700 disabled:cursor-not-allowed disabled:border-stone-200 disabled:text-stone-300';
const CARD_SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 31vw, 46vw';

export function ProductCarousel({ title, products, loading, action, id }: ProductCarouselProps) {
  const track = useRef<HTMLUListElement>(null);
  const { atStart, atEnd } = useScrollEnds(track, products?.length ?? 0);
  const headingId = id ? `${id}-title` : undefined;

  const slide = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  };

  const showArrows = (products?.length ?? 0) > 4;

  return (
    <section aria-labelledby={headingId} className="below-fold mx-auto w-full max-w-7xl px-4 sm:px-6">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          {title}
        </h2>
        <div className="flex items-center gap-2">
          {action}
          {showArrows && (
            <div className="hidden gap-2 lg:flex">
              <button type="button" onClick={() => slide(-1)} disabled={atStart} className={ARROW} aria-label={`Anteriores de ${title}`}>
                <ChevronLeftIcon />
              </button>
              <button type="button" onClick={() => slide(1)} disabled={atEnd} className={ARROW} aria-label={`Siguientes de ${title}`}>
                <ChevronRightIcon />
              </button>
            </div>
          )}
        </div>
      </div>
      <ul
        ref={track}
        className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-3 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:gap-5 lg:scroll-px-0 lg:px-0 [&::-webkit-scrollbar]:hidden"
      >
        {loading || !products
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={i} className={ITEM}>
                <ProductCardSkeleton />
              </li>
            ))
          : products.map((product) => (
              <HydrationSlice key={product.id}>
                <li className={ITEM}>
                  <ProductCard product={product} sizes={CARD_SIZES} />
                </li>
              </HydrationSlice>
            ))}
      </ul>
    </section>
  );
}
