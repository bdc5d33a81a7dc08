import { roundCents } from '../../../../../domain/money';
import { formatArs } from '../../lib/format';

/** Subtotal, shipping and total of an order being entered or edited. */
export function TotalsSummary({ subtotal, shipping, label = 'Total' }: { subtotal: number; shipping: number | null; label?: string }) {
  return (
    <dl className="space-y-1 text-sm">
      <div className="flex justify-between">
        <dt className="text-stone-600">Subtotal</dt>
        <dd>{formatArs(subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-stone-600">Envío</dt>
        <dd>{shipping === null ? 'A acordar' : shipping === 0 ? 'Sin costo' : formatArs(shipping)}</dd>
      </div>
      <div className="flex justify-between border-t border-stone-200 pt-1.5 text-base font-bold">
        <dt>{label}</dt>
        <dd>{formatArs(roundCents(subtotal + (shipping ?? 0)))}</dd>
      </div>
    </dl>
  );
}
