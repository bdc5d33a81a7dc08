// Blister, price, stock and 'Añadir al Carrito' for signed-in users; the registered-only
// notice for everyone else (spec storefront §2 product detail).
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { ProductDto } from '../../../domain/catalog';
import { defaultDetailBlister } from '../../../domain/blister';
import { addProductToCart } from '../../components/add-to-cart';
import { BellIcon, CartIcon, LockIcon } from '../../components/ui/icons';
import { DiscountBadge, PriceLine, shownPrice } from '../../components/price';
import { useSession } from '../../lib/session';

// Only signed-in customers looking at a sold-out blister need it: out of the first load.
const NotifyMe = lazy(() => import('./NotifyMe').then((m) => ({ default: m.NotifyMe })));
const notifyMeFallback = <div className="mt-4 h-11 animate-pulse rounded-xl bg-stone-100" aria-hidden="true" />;

export function BuyBox({ product }: { product: ProductDto }) {
  const { status } = useSession();
  if (status === 'loading') return <div className="h-52 animate-pulse rounded-2xl bg-stone-100" aria-hidden="true" />;
  if (status !== 'authenticated') return <RegisteredOnly productId={product.id} soldOut={product.blisters.some((b) => b.stock <= 0)} />;
  return <SignedInBuyBox product={product} />;
}

function RegisteredOnly({ productId, soldOut }: { productId: number; soldOut: boolean }) {
  return (
    <div className="rounded-2xl border border-brand-200 bg-brand-50 p-5">
      <p className="flex items-start gap-2 font-semibold text-brand-900">
        <LockIcon size={18} className="mt-0.5 shrink-0" />
        Precios exclusivos para usuarios registrados
      </p>
      <p className="mt-1 pl-[26px] text-sm text-brand-900/80">Ingresa a tu cuenta para ver precios, presentaciones y comprar.</p>
      {soldOut && (
        <p className="mt-2 flex items-start gap-2 text-sm text-brand-900/80">
          <BellIcon size={18} className="mt-px shrink-0" />
          ¿Una presentación sin stock? Inicia sesión y te avisaremos por e-mail cuando vuelva.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Link
          to={`/login?redirect=${encodeURIComponent(`/producto/${productId}`)}`}
          className="inline-flex flex-1 items-center justify-center rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Iniciar sesión
        </Link>
        <Link
          to={`/crear-cuenta?redirect=${encodeURIComponent(`/producto/${productId}`)}`}
          className="inline-flex flex-1 items-center justify-center rounded-xl border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-100"
        >
          Crear cuenta
        </Link>
      </div>
    </div>
  );
}

function SignedInBuyBox({ product }: { product: ProductDto }) {
  const blisters = [...product.blisters].sort((a, b) => a.seed_count - b.seed_count);
  const [blisterId, setBlisterId] = useState(() => defaultDetailBlister(product.blisters)?.id);
  const blister = product.blisters.find((b) => b.id === blisterId);
  const price = shownPrice(blister);
  const soldOut = blister !== undefined && blister.stock <= 0;
  const reasonId = useId();

  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      {blisters.length > 0 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-stone-700">Presentación</legend>
          <div className="flex flex-wrap gap-2">
            {blisters.map((b) => {
              const checked = b.id === blisterId;
              return (
                <label
                  key={b.id}
                  className={`cursor-pointer rounded-xl border-2 px-3.5 py-2 text-sm font-semibold transition has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                    checked
                      ? 'border-brand-700 bg-brand-50 text-brand-900'
                      : `border-stone-200 hover:border-brand-300 ${b.stock > 0 ? 'text-stone-700' : 'text-stone-500'}`
                  }`}
                >
                  <input
                    type="radio"
                    name={`blister-${product.id}`}
                    value={b.id}
                    checked={checked}
                    onChange={() => setBlisterId(b.id)}
                    className="sr-only"
                  />
                  {b.seed_count} {b.seed_count === 1 ? 'Semilla' : 'Semillas'}
                  {b.stock <= 0 && <span className="font-normal"> (Sin stock)</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-stone-600">Este producto no tiene presentaciones disponibles.</p>
      )}

      <div className="mt-5 flex flex-wrap items-center gap-3">
        {price ? <PriceLine price={price} size="lg" /> : <span className="text-lg font-semibold text-stone-500">Sin precio</span>}
        {price && <DiscountBadge discount={price.discount} className="text-sm" />}
      </div>
      {blister && (
        <p className={`mt-1 text-sm font-medium ${blister.stock > 0 ? 'text-brand-700' : 'text-red-700'}`}>
          {blister.stock > 0 ? `${blister.stock} Unidades disponibles` : 'Sin stock'}
        </p>
      )}
      {blister && blister.stock <= 0 && (
        <Suspense fallback={notifyMeFallback}>
          <NotifyMe key={blister.id} blisterId={blister.id} />
        </Suspense>
      )}

      <button
        type="button"
        onClick={() => addProductToCart(product, blister, true)}
        disabled={soldOut}
        aria-describedby={soldOut ? reasonId : undefined}
        className="mt-5 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-6 py-3.5 text-base font-semibold text-white transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
      >
        <CartIcon size={20} />
        Añadir al Carrito
      </button>
      {soldOut && (
        <p id={reasonId} className="mt-2 text-sm text-stone-600">
          {product.stock > 0
            ? 'Esta presentación está agotada: elige otra o pide que te avisemos cuando vuelva.'
            : 'Producto agotado: pide que te avisemos cuando vuelva.'}
        </p>
      )}
    </div>
  );
}
