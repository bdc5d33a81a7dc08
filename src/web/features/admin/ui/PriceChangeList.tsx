// The flagged price changes of a 409 PRICE_CHANGE_UNCONFIRMED, as the owner confirms them.
import {
  costAbovePriceLabel,
  flaggedPriceLabel,
  PRICE_CHANGE_UNCONFIRMED,
  type CostAbovePrice,
  type FlaggedPrice,
} from '../../../../domain/price-guards';
import { ApiError } from '../../../lib/api';

/** The flagged prices of a refused save, or null when the error is something else. */
export function flaggedPricesOf(error: unknown): FlaggedPrice[] | null {
  if (!(error instanceof ApiError) || error.code !== PRICE_CHANGE_UNCONFIRMED) return null;
  const list = error.body?.price_changes;
  return Array.isArray(list) ? (list as FlaggedPrice[]) : [];
}

/** The costs above their price of the same refusal (issue 37), or an empty list. */
export function costsAbovePriceOf(error: unknown): CostAbovePrice[] {
  if (!(error instanceof ApiError) || error.code !== PRICE_CHANGE_UNCONFIRMED) return [];
  const list = error.body?.cost_above_price;
  return Array.isArray(list) ? (list as CostAbovePrice[]) : [];
}

export function CostAbovePriceList({ costs }: { costs: CostAbovePrice[] }) {
  if (costs.length === 0) return null;
  return (
    <>
      <p className="mt-2">Estos costos son mayores que el precio de venta:</p>
      <ul className="mt-2 list-disc space-y-0.5 pl-5 tabular-nums" aria-label="Costos a confirmar">
        {costs.map((c) => (
          <li key={`${c.name}-${c.seed_count}`}>{costAbovePriceLabel(c)}</li>
        ))}
      </ul>
    </>
  );
}

export function PriceChangeList({ changes }: { changes: FlaggedPrice[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-0.5 pl-5 tabular-nums" aria-label="Precios a confirmar">
      {changes.map((change) => (
        <li key={`${change.product_id}-${change.seed_count}`}>{flaggedPriceLabel(change)}</li>
      ))}
    </ul>
  );
}
