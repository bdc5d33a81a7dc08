// spec storefront §2 home: a scrolling strip of brand logos (desktop only) that pauses on hover;
// each logo opens the catalog filtered by that brand. Brands without a real logo are left out.
import { Link } from 'react-router';
import type { BrandDto } from '../../../domain/catalog';
import { thumbImage } from '../../../domain/images';

const MARQUEE_CSS = `@keyframes brand-marquee { from { transform: translateX(0) } to { transform: translateX(-50%) } }
.brand-marquee { animation: brand-marquee 45s linear infinite }
.brand-marquee:hover, .brand-marquee:focus-within { animation-play-state: paused }
@media (prefers-reduced-motion: reduce) { .brand-marquee { animation: none } }`;

const hasLogo = (brand: BrandDto) => !!brand.image && !/placeholder|default-brand/i.test(brand.image);

export function BrandStrip({ brands }: { brands: BrandDto[] }) {
  const withLogos = brands.filter(hasLogo);
  if (withLogos.length === 0) return null;
  // Two copies side by side make the loop seamless; the copy is hidden from assistive tech.
  const loop = [...withLogos, ...withLogos];
  return (
    <section aria-label="Bancos de semillas" className="hidden border-y border-stone-200 bg-white py-6 lg:block">
      <style>{MARQUEE_CSS}</style>
      <div className="mx-auto max-w-7xl overflow-hidden px-6 [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
        <ul className="brand-marquee flex w-max items-center gap-6">
          {loop.map((brand, i) => {
            const copy = i >= withLogos.length;
            return (
              <li key={`${brand.id}-${i}`} aria-hidden={copy || undefined}>
                <Link
                  to={`/productos?bank=${encodeURIComponent(brand.brand_id)}`}
                  tabIndex={copy ? -1 : undefined}
                  className="flex h-20 w-36 items-center justify-center rounded-xl border border-stone-100 bg-white p-3 grayscale transition hover:border-brand-200 hover:grayscale-0"
                  title={brand.brand_name}
                >
                  <img
                    src={thumbImage(brand.image)}
                    alt={brand.brand_name}
                    width={120}
                    height={56}
                    loading="lazy"
                    className="max-h-14 w-auto object-contain"
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
