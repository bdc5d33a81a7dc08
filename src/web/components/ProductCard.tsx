// The product card of carousels, the catalog and related products (spec storefront §2).
// Prices, the blister selector and the cart button appear only for signed-in users.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ProductDto } from '../../domain/catalog';
import { defaultCardBlister } from '../../domain/blister';
import { truncate } from '../../domain/text';
import { useSession } from '../lib/session';
import { addProductToCart } from './add-to-cart';
import { BellIcon, CartIcon, EyeIcon, LockIcon } from './ui/icons';
import { Modal } from './Modal';
import { DiscountBadge, PriceLine, shownPrice, SoldOutBadge } from './price';
import { ProductImage } from './ProductImage';

interface ProductCardProps {
  product: ProductDto;
  /** The first cards on screen load their image eagerly. */
  priority?: boolean;
  sizes?: string;
}

export function ProductCard({ product, priority, sizes }: ProductCardProps) {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const [quickView, setQuickView] = useState(false);
  const href = `/producto/${product.id}`;

  return (
    // The whole card is the product link (stretched from the name); its focus ring is drawn on the card.
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md has-[h3_a:focus-visible]:ring-2 has-[h3_a:focus-visible]:ring-brand-600 has-[h3_a:focus-visible]:ring-offset-2">
      <div className="relative">
        <div className="overflow-hidden">
          <ProductImage
            src={product.image}
            alt={product.name}
            priority={priority}
            sizes={sizes}
            className="transition duration-300 group-hover:scale-105"
          />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <div className="flex items-center justify-between gap-2">
          {/* min-w-0: truncated, a long brand name must not widen the card (carousel cards differed). */}
          <p className="min-w-0 truncate text-xs font-semibold uppercase tracking-wide text-brand-700">{product.brand}</p>
          <button
            type="button"
            onClick={() => setQuickView(true)}
            className="relative z-10 -my-1 -mr-1 shrink-0 rounded-full p-1.5 text-stone-500 transition hover:bg-brand-50 hover:text-brand-700"
            aria-label={`Vista rápida de ${product.name}`}
            title="Vista rápida"
          >
            <EyeIcon size={18} />
          </button>
        </div>
        <h3 className="line-clamp-2 min-h-[2.5rem] text-sm font-semibold leading-5 text-stone-900 sm:text-base sm:leading-5">
          <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {product.name}
          </Link>
        </h3>
        {/* Under the name, not on the picture, whose corners often carry the brand's own chip. */}
        {product.stock <= 0 && <SoldOutBadge className="self-start" />}
        <div className="relative z-10 mt-auto pt-2">
          {signedIn && pricesKnown(product) ? (
            <CardBuyBox product={product} />
          ) : signedIn || status === 'loading' ? (
            <div className="h-9 animate-pulse rounded-lg bg-stone-100" aria-hidden="true" />
          ) : (
            <LoginPrompt />
          )}
        </div>
      </div>
      {quickView && <QuickView product={product} onClose={() => setQuickView(false)} />}
    </article>
  );
}

function LoginPrompt() {
  const location = useLocation();
  return (
    <Link
      to={`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
      className="flex items-center gap-1.5 rounded-lg bg-stone-100 px-2.5 py-2 text-xs font-medium text-stone-700 hover:bg-brand-50 hover:text-brand-800"
    >
      <LockIcon size={14} />
      Inicia sesión para ver precio
    </Link>
  );
}

/**
 * Whether the product came with the signed-in viewer's prices: right after the session is
 * restored, the list still shows the anonymous copy (without prices) until its refetch lands.
 */
const pricesKnown = (product: ProductDto) => product.min_price !== undefined;

function CardBuyBox({ product }: { product: ProductDto }) {
  // Until the customer picks one, the blister follows the data it is chosen from (spec
  // storefront §4), so it is the same however the card got its product.
  const [chosenId, setChosenId] = useState<number | undefined>();
  const blisterId = product.blisters.some((b) => b.id === chosenId) ? chosenId : defaultCardBlister(product.blisters)?.id;
  const blister = product.blisters.find((b) => b.id === blisterId);
  const price = shownPrice(blister);
  const soldOut = blister !== undefined && blister.stock <= 0;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-[3rem] flex-wrap items-end justify-between gap-x-2">
        {price ? <PriceLine price={price} /> : <span className="text-sm text-stone-500">Sin precio</span>}
        {/* A whole sold-out product has the badge under its name already. */}
        {soldOut ? product.stock > 0 && <SoldOutBadge /> : price && <DiscountBadge discount={price.discount} />}
      </div>
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={`card-blister-${product.id}`}>
          Presentación de {product.name}
        </label>
        <select
          id={`card-blister-${product.id}`}
          value={blisterId ?? ''}
          onChange={(e) => setChosenId(e.target.value ? Number(e.target.value) : undefined)}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-2 py-2 text-sm"
        >
          <option value="" disabled>
            Cant.
          </option>
          {product.blisters.map((b) => (
            <option key={b.id} value={b.id}>
              x{b.seed_count}
            </option>
          ))}
        </select>
        {soldOut ? (
          // The action for a sold-out blister is the e-mail notice, on the product page.
          <Link
            to={`/producto/${product.id}`}
            className="inline-flex items-center justify-center rounded-lg border border-brand-700 px-3 py-2 text-brand-800 transition hover:bg-brand-50"
            aria-label={`Agotado: avisarme cuando haya stock de ${product.name}`}
            title="Agotado: avisarme cuando haya stock"
          >
            <BellIcon size={18} />
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => addProductToCart(product, blister, true)}
            className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-3 py-2 text-white transition hover:bg-brand-800"
            aria-label={`Añadir ${product.name} al carrito`}
            title="Añadir al carrito"
          >
            <CartIcon size={18} />
          </button>
        )}
      </div>
    </div>
  );
}

function QuickView({ product, onClose }: { product: ProductDto; onClose(): void }) {
  const firstFlavor = product.flavors?.split(',')[0]?.trim();
  const facts = [
    ['Floración', product.flowering_time],
    ['THC', product.thc],
    ['CBD', product.cbd],
    ['Sabor', firstFlavor],
  ].filter(([, value]) => value) as [string, string][];

  return (
    <Modal open onClose={onClose} title={product.name} hideTitle>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="overflow-hidden rounded-xl">
          <ProductImage src={product.image} alt={product.name} sizes="(min-width: 640px) 320px, 90vw" priority />
        </div>
        <div className="flex flex-col gap-3 sm:pr-6">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{product.brand}</p>
          <p className="text-xl font-bold leading-tight" aria-hidden="true">
            {product.name}
          </p>
          {facts.length > 0 && (
            <dl className="grid grid-cols-2 gap-2">
              {facts.map(([label, value]) => (
                <div key={label} className="rounded-lg bg-stone-100 px-3 py-2">
                  <dt className="text-xs text-stone-500">{label}</dt>
                  <dd className="text-sm font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {product.description && <p className="text-sm leading-6 text-stone-600">{truncate(product.description, 200)}</p>}
          <Link
            to={`/producto/${product.id}`}
            onClick={onClose}
            className="mt-auto inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Ver más información
          </Link>
        </div>
      </div>
    </Modal>
  );
}
