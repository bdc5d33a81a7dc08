// One line of the cart: a blister of a product with its quantity (spec storefront §2, §5).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { CART_MAX_QUANTITY, CartRuleError } from '../../../domain/cart';
import { formatArs } from '../../../domain/money';
import { MinusIcon, PlusIcon, TrashIcon } from '../../components/ui/account-icons';
import { blisterQueryKey, fetchBlister } from './api';
import { cart, type CartLine } from '../../lib/cart-store';
import { Thumbnail } from '../../components/Thumbnail';

const seedsText = (n: number) => `${n} ${n === 1 ? 'semilla' : 'semillas'}`;

export function CartLineItem({ line, knownStock }: { line: CartLine; knownStock?: number }) {
  const queryClient = useQueryClient();
  // What the customer is typing; null shows the cart's quantity, so the box never keeps a number
  // the cart did not take (a '-3' the cart raised to 1 leaves the quantity unchanged).
  const [draft, setDraft] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const key = { id: line.id, blister_id: line.blister_id };
  const discounted = line.discount > 0 && line.original_price > line.price;
  const inputId = `qty-${line.id}-${line.blister_id}`;

  async function changeQuantity(wanted: number) {
    try {
      if (!Number.isFinite(wanted)) return;
      // spec storefront §5: 0 removes the line; fewer units need no stock check.
      if (wanted <= line.quantity) {
        cart.setQuantity(key, wanted);
        return;
      }
      setChecking(true);
      const blister = await queryClient.fetchQuery({
        queryKey: blisterQueryKey(line.blister_id),
        queryFn: () => fetchBlister(line.blister_id),
        staleTime: 0,
      });
      cart.setQuantity(key, wanted, blister.stock);
    } catch (e) {
      toast.error(e instanceof CartRuleError ? e.message : 'Error al verificar el stock disponible');
    } finally {
      setChecking(false);
      setDraft(null);
    }
  }

  function commitDraft() {
    if (draft === null) return;
    const typed = draft.trim();
    // Digits only: Number() would read '1e1' as 10 and '0x10' as 16.
    if (typed !== '' && !/^\d+$/.test(typed)) {
      setDraft(null);
      toast.error('Ingresa la cantidad solo con números');
      return;
    }
    const wanted = typed === '' ? line.quantity : Number(typed);
    if (wanted === line.quantity) setDraft(null);
    else void changeQuantity(wanted);
  }

  return (
    <li className={`flex gap-3 py-4 sm:gap-4 sm:py-5 ${line.unavailable ? 'opacity-80' : ''}`} data-unavailable={line.unavailable}>
      {/* The picture repeats the name's link: a pointer's target, out of the keyboard's way and the screen reader's. */}
      <Link
        to={`/producto/${line.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="shrink-0 self-start overflow-hidden rounded-lg border border-stone-200 bg-white"
      >
        <Thumbnail src={line.image} size={96} className="h-20 w-20 object-contain sm:h-24 sm:w-24" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs font-medium uppercase tracking-wide text-stone-500">{line.brand}</p>
            <Link to={`/producto/${line.id}`} className="block font-semibold leading-snug text-stone-900 hover:text-brand-800">
              {line.name}
            </Link>
            <p className="mt-0.5 text-sm text-stone-600">{seedsText(line.seed_count)}</p>
          </div>
          <button
            type="button"
            onClick={() => cart.remove(key)}
            className="-mr-2 -mt-1 rounded-lg p-2 text-stone-500 hover:bg-red-50 hover:text-red-700"
            aria-label={`Eliminar ${line.name} (${seedsText(line.seed_count)}) del carrito`}
          >
            <TrashIcon size={20} />
          </button>
        </div>

        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium text-stone-800">{formatArs(line.price)}</span>
          {discounted && (
            <>
              <span className="text-stone-500 line-through">{formatArs(line.original_price)}</span>
              <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">-{Math.round(line.discount)}%</span>
            </>
          )}
          <span className="text-stone-500">c/u</span>
        </div>

        <div className="mt-3 flex items-center justify-between gap-3">
          <div className="flex items-center rounded-lg border border-stone-300 bg-white" aria-busy={checking || undefined}>
            <button
              type="button"
              className="flex h-10 w-10 items-center justify-center rounded-l-lg text-stone-700 hover:bg-stone-100 disabled:text-stone-300"
              onClick={() => changeQuantity(line.quantity - 1)}
              disabled={line.quantity <= 1 || checking}
              aria-label={`Quitar una unidad de ${line.name} (${seedsText(line.seed_count)})`}
            >
              <MinusIcon size={16} />
            </button>
            <label htmlFor={inputId} className="sr-only">
              Cantidad de {line.name} ({seedsText(line.seed_count)})
            </label>
            <input
              id={inputId}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              value={draft ?? String(line.quantity)}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={commitDraft}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commitDraft();
              }}
              className="h-10 w-12 border-x border-stone-300 text-center text-base font-medium focus:outline-none focus:ring-2 focus:ring-inset focus:ring-brand-600"
            />
            <button
              type="button"
              className="flex h-10 w-10 items-center justify-center rounded-r-lg text-stone-700 hover:bg-stone-100 disabled:text-stone-300"
              onClick={() => changeQuantity(line.quantity + 1)}
              disabled={line.quantity >= CART_MAX_QUANTITY || checking || !!line.unavailable}
              aria-label={`Agregar una unidad de ${line.name} (${seedsText(line.seed_count)})`}
            >
              <PlusIcon size={16} />
            </button>
          </div>
          <p className="text-right font-bold text-stone-900">
            <span className="sr-only">Total de la línea: </span>
            {line.unavailable ? '—' : formatArs(line.price * line.quantity)}
          </p>
        </div>
        {line.unavailable && (
          <p className="mt-2 text-sm font-medium text-red-700" role="status">
            {line.unavailable === 'sold_out' ? 'Sin stock por ahora' : 'Ya no está a la venta'}: no se incluye en el pedido.
          </p>
        )}
        {!line.unavailable && knownStock !== undefined && knownStock < line.quantity && (
          <p className="mt-2 text-sm text-amber-800" role="status">
            {knownStock > 0 ? `Solo hay ${knownStock} unidades disponibles` : 'No hay stock disponible para esta presentación'}
          </p>
        )}
      </div>
    </li>
  );
}
