// A blister's stock state, and the low-stock threshold staff set in 'Configuración'
// (GET/PUT /api/core/inventory-settings/) it depends on. Kept apart from dashboard.ts so the
// settings form loads only zod with it.
import { z } from 'zod';

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/**
 * What staff read of a stock (spec accounts-admin §9 badges): 'out' (Sin stock / Agotado) at 0,
 * 'low' (Stock bajo) with some units but fewer than the threshold, 'ok' (En stock) from the
 * threshold on. Sold out is not low stock: the dashboard's 'Stock bajo', the 'Stock bajo'
 * filter and the badges list them apart; the daily stock e-mail reports both.
 * The SQL of the same rule is `stockStateSql` (server/modules/catalog/stock-state.ts).
 */
export type StockState = 'out' | 'low' | 'ok';

export function stockState(stock: number, threshold: number): StockState {
  if (isSoldOut(stock)) return 'out';
  return stock < threshold ? 'low' : 'ok';
}

export const isSoldOut = (stock: number) => stock <= 0;

/** The states the daily stock e-mail reports: running out or sold out. */
export const RESTOCK_STATES = ['out', 'low'] as const satisfies readonly StockState[];
export const MAX_LOW_STOCK_THRESHOLD = 1000;

export const inventorySettingsDtoSchema = z.object({ low_stock_threshold: z.number().int() });
export type InventorySettingsDto = z.infer<typeof inventorySettingsDtoSchema>;

const THRESHOLD_MESSAGE = `El umbral de stock bajo debe ser un número entero entre 1 y ${MAX_LOW_STOCK_THRESHOLD}`;

export const inventorySettingsUpdateSchema = z.object({
  low_stock_threshold: z
    .number({ error: THRESHOLD_MESSAGE })
    .int(THRESHOLD_MESSAGE)
    .min(1, THRESHOLD_MESSAGE)
    .max(MAX_LOW_STOCK_THRESHOLD, THRESHOLD_MESSAGE),
});
export type InventorySettingsUpdate = z.infer<typeof inventorySettingsUpdateSchema>;
