// How a blister's price is shown: original struck through, discounted price in green, badge.
import { formatArs } from '../../domain/money';
import type { BlisterDto } from '../../domain/catalog';

export interface ShownPrice {
  /** Effective price before discount, ARS. */
  original: number;
  /** What the customer pays, ARS. */
  final: number;
  /** Whole percent off; 0 when none. */
  discount: number;
}

/** Undefined when the API gave no price (anonymous caller, or no price set). */
export function shownPrice(blister: BlisterDto | undefined): ShownPrice | undefined {
  if (!blister) return undefined;
  // spec storefront §3: the effective price is the first set among price_in_ars, final_price, price.
  const original = blister.price_in_ars ?? blister.price ?? blister.final_price;
  if (original == null || !(original > 0)) return undefined;
  const discount = Math.max(0, Math.round(blister.discount ?? 0));
  const final = blister.final_price ?? Math.round(original * (1 - discount / 100) * 100) / 100;
  return { original, final, discount: final < original ? discount : 0 };
}

export function DiscountBadge({ discount, className = '' }: { discount: number; className?: string }) {
  if (discount <= 0) return null;
  return (
    <span className={`inline-flex items-center rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white ${className}`}>
      -{discount}% OFF
    </span>
  );
}

/** A product or blister without units left. */
export function SoldOutBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full bg-stone-800 px-2 py-0.5 text-xs font-bold text-white ${className}`}>
      Agotado
    </span>
  );
}

export function PriceLine({ price, size = 'md' }: { price: ShownPrice; size?: 'md' | 'lg' }) {
  const big = size === 'lg' ? 'text-3xl' : 'text-lg';
  if (price.discount > 0) {
    return (
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-sm text-stone-500 line-through">
          <span className="sr-only">Precio anterior: </span>
          {formatArs(price.original)}
        </span>
        <span className={`${big} font-bold text-brand-700`}>
          <span className="sr-only">Precio con descuento: </span>
          {formatArs(price.final)}
        </span>
      </div>
    );
  }
  return <span className={`${big} font-bold text-stone-900`}>{formatArs(price.final)}</span>;
}
