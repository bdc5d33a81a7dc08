// /carrito (spec storefront §2 cart, §4 checkout, §5): lines, summary and the checkout form.
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { formatArs } from '../../../domain/money';
import { useSession } from '../../lib/session';
import { PageTitle } from '../../lib/page-title';
import { Button, buttonClass } from '../../components/ui/Button';
import { ArrowLeftIcon, CartLargeIcon, ShieldLargeIcon } from '../../components/ui/account-icons';
import { blisterQueryKey, fetchBlister } from './api';
import { cart, useCart, type CartLine } from '../../lib/cart-store';
import { CartLineItem } from './CartLineItem';
import { CheckoutForm } from './CheckoutForm';

export default function CartPage() {
  const { lines, units, total, buyable } = useCart();
  const { status } = useSession();
  const navigate = useNavigate();
  const notice = (useLocation().state as { cartNotice?: unknown } | null)?.cartNotice;
  const [checkingOut, setCheckingOut] = useState(false);
  const stock = useCurrentBlisters(lines, status === 'authenticated');

  function startOrder() {
    if (status !== 'authenticated') {
      toast.info('Debes iniciar sesión para realizar la compra');
      void navigate('/login?redirect=carrito');
      return;
    }
    if (!buyable.length) {
      toast.error('Ningún producto del carrito está disponible ahora');
      return;
    }
    setCheckingOut(true);
  }

  const noticeBox = typeof notice === 'string' && (
    <p role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {notice}
    </p>
  );

  if (!lines.length) return <EmptyCart notice={noticeBox} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <PageTitle>{`Mi Carrito (${units})`}</PageTitle>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Mi Carrito ({units})</h1>
      {noticeBox}
      {/* One column of minmax(0, 1fr) on a phone: an auto column would grow to the widest content (the coupon's field and button). */}
      <div
        className={`mt-6 grid grid-cols-1 gap-6 lg:items-start ${checkingOut ? 'lg:grid-cols-[1fr_26rem]' : 'lg:grid-cols-[1fr_22rem]'}`}
      >
        <section aria-label="Productos en el carrito" className="rounded-2xl border border-stone-200 bg-white px-4 shadow-sm sm:px-6">
          <ul className="divide-y divide-stone-200">
            {lines.map((line) => (
              <CartLineItem key={`${line.id}-${line.blister_id}`} line={line} knownStock={stock.get(line.blister_id)} />
            ))}
          </ul>
        </section>

        <aside className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24">
          <h2 className="text-lg font-semibold text-stone-900">Resumen</h2>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between text-stone-700">
              <dt>Subtotal</dt>
              <dd>{formatArs(total)}</dd>
            </div>
            {/* While checking out, the form shows the total with the shipping. */}
            {!checkingOut && (
              <div className="flex justify-between border-t border-stone-200 pt-3 text-base font-bold text-stone-900">
                <dt>Total</dt>
                <dd>{formatArs(total)}</dd>
              </div>
            )}
          </dl>
          <div className="mt-5 border-t border-stone-200 pt-5">
            {checkingOut ? (
              <CheckoutForm lines={buyable} onBack={() => setCheckingOut(false)} />
            ) : (
              <div className="flex flex-col gap-2">
                <Button className="w-full" onClick={startOrder}>
                  Iniciar Pedido
                </Button>
                <Link to="/productos" className={buttonClass('secondary', 'w-full')}>
                  <ArrowLeftIcon size={16} />
                  Seguir Comprando
                </Link>
              </div>
            )}
          </div>
          <p className="mt-5 flex items-start gap-2 text-xs text-stone-600">
            <ShieldLargeIcon size={16} className="mt-px shrink-0 text-brand-700" />
            Compra 100% segura. El pago se coordina después de confirmar el pedido.
          </p>
        </aside>
      </div>
    </div>
  );
}

/**
 * Current stock of each line's blister, and its current price applied to the line: the
 * cookie keeps the price from when it was added, the server charges today's.
 */
function useCurrentBlisters(lines: CartLine[], signedIn: boolean): Map<number, number> {
  const results = useQueries({
    queries: lines.map((line) => ({
      queryKey: blisterQueryKey(line.blister_id),
      queryFn: () => fetchBlister(line.blister_id),
      staleTime: 30_000,
      retry: false,
    })),
  });
  const stock = new Map<number, number>();
  results.forEach((r, i) => {
    if (r.data && lines[i]) stock.set(lines[i].blister_id, r.data.stock);
  });
  const priced = results.map((r) => r.data?.final_price ?? null).join(',');
  useEffect(() => {
    if (!signedIn) return;
    results.forEach((r, i) => {
      const line = lines[i];
      const b = r.data;
      if (!line || !b || !b.final_price) return;
      cart.reprice(line, { price: b.final_price, original_price: b.price_in_ars ?? b.price ?? b.final_price, discount: b.discount });
    });
    // Re-run only when the fetched prices change: `lines` and `results` are new arrays every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [priced, signedIn]);
  return stock;
}

function EmptyCart({ notice }: { notice: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <PageTitle>Mi Carrito (0)</PageTitle>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Mi Carrito (0)</h1>
      {notice}
      <div className="mt-6 flex flex-col items-center rounded-2xl border border-stone-200 bg-white px-6 py-14 text-center shadow-sm">
        <div className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <CartLargeIcon size={32} />
        </div>
        <p className="mt-4 text-lg font-semibold text-stone-900">Tu carrito está vacío</p>
        <p className="mt-1 text-sm text-stone-600">Elige tus semillas favoritas entre nuestros bancos.</p>
        <Link to="/productos" className={buttonClass('primary', 'mt-6')}>
          Explorar Productos
        </Link>
      </div>
    </div>
  );
}
