// The restock planner ('Reponer', issue 37): how fast each blister sells, how many days its stock
// lasts and how many to buy so it covers the brand's lead time plus the shop's cover days.
import { z } from 'zod';

export const DEFAULT_COVER_DAYS = 45;
export const DEFAULT_LEAD_TIME_DAYS = 14;
export const MAX_COVER_DAYS = 365;

export interface SalesFigures {
  stock: number;
  /** Units sold in paid orders in the last 30 and 90 days. */
  sold_30: number;
  sold_90: number;
  lead_time_days: number;
}

export interface RestockFigures {
  daily_rate: number;
  days_left: number | null;
  suggested: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The daily rate is the faster of the last 30 and the last 90 days (a best-seller speeding up is
 * not averaged away). Days left: stock over the rate (null when nothing sold). The suggestion
 * covers lead time plus cover days at that rate, minus the stock, rounded up, never negative;
 * nothing is suggested for a blister without sales in 90 days.
 */
export function restockFigures(row: SalesFigures, coverDays: number): RestockFigures {
  const rate = Math.max(row.sold_30 / 30, row.sold_90 / 90);
  if (row.sold_90 <= 0 || rate <= 0) return { daily_rate: 0, days_left: null, suggested: 0 };
  const stock = Math.max(0, row.stock);
  const needed = rate * (row.lead_time_days + coverDays) - stock;
  // Rounded at 1e-9 first: 0.1 × 30 must not become 4 units.
  const suggested = Math.max(0, Math.ceil(Math.round(needed * 1e9) / 1e9));
  return { daily_rate: round2(rate), days_left: Math.floor((stock / rate) * 10) / 10, suggested };
}

/** Sold-out best-sellers first, then by days left (fewest first), then the fastest sellers. */
export function restockOrder(a: RestockFigures & { stock: number }, b: RestockFigures & { stock: number }): number {
  const outA = a.stock <= 0 && a.daily_rate > 0 ? 0 : 1;
  const outB = b.stock <= 0 && b.daily_rate > 0 ? 0 : 1;
  if (outA !== outB) return outA - outB;
  if (outA === 0) return b.daily_rate - a.daily_rate;
  const leftA = a.days_left ?? Number.POSITIVE_INFINITY;
  const leftB = b.days_left ?? Number.POSITIVE_INFINITY;
  if (leftA !== leftB) return leftA - leftB;
  return b.daily_rate - a.daily_rate;
}

const coverDays = z.coerce
  .number({ error: 'Los días de cobertura deben ser un número' })
  .int('Los días de cobertura deben ser un número entero')
  .min(0, 'Los días de cobertura no pueden ser negativos')
  .max(MAX_COVER_DAYS, `Los días de cobertura no pueden superar ${MAX_COVER_DAYS}`);

/** GET /api/restock/ */
export const restockQuerySchema = z.object({
  cover_days: coverDays.optional(),
  brand_id: z.coerce
    .number({ error: 'Marca inválida' })
    .int('Marca inválida')
    .min(1, 'Marca inválida')
    .max(2147483647, 'Marca inválida')
    .optional(),
  only_needed: z
    .enum(['true', 'false'], { error: 'only_needed debe ser true o false' })
    .optional()
    .transform((v) => v === 'true'),
});

export const restockRowSchema = z.object({
  product_id: z.number().int(),
  blister_id: z.number().int(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  name: z.string(),
  seed_count: z.number().int(),
  stock: z.number().int(),
  reserved: z.number().int(),
  sold_30: z.number().int(),
  sold_90: z.number().int(),
  daily_rate: z.number(),
  days_left: z.number().nullable(),
  lead_time_days: z.number().int(),
  suggested: z.number().int(),
  cost_price: z.number().nullable(),
});
export type RestockRow = z.infer<typeof restockRowSchema>;

export const restockDtoSchema = z.object({ cover_days: z.number().int(), rows: z.array(restockRowSchema) });
export type RestockDto = z.infer<typeof restockDtoSchema>;

/** PUT /api/restock/settings/ */
export const restockSettingsSchema = z.object({ cover_days: coverDays });
