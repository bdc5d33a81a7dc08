// The flagged price changes of a 409 PRICE_CHANGE_UNCONFIRMED, as the owner confirms them.
import { flaggedPriceLabel, PRICE_CHANGE_UNCONFIRMED, type FlaggedPrice } from '../../../../domain/price-guards';
import { ApiError } from '../../../lib/api';

/** The flagged prices of a refused save, or null when the error is something else. */
export function flaggedPricesOf(error: unknown): FlaggedPrice[] | null {
  if (!(error instanceof ApiError) || error.code !== PRICE_CHANGE_UNCONFIRMED) return null;
  const list = error.body?.price_changes;
  return Array.isArray(list) ? (list as FlaggedPrice[]) : [];
}

export function PriceChangeList({ changes }: { changes: FlaggedPrice[] }) {
  return (
    <ul className="mt-2 list-disc space-y-0.5 pl-5 tabular-nums" aria-label="Precios a confirmar">
      {changes.map((change) => (
        <li key={`${change.product_id}-${change.seed_count}`}>{flaggedPriceLabel(change)}</li>
      ))}
    </ul>
  );
}
