// The low-stock threshold staff set in 'Configuración' (GET/PUT /api/core/inventory-settings/):
// the dashboard lists the blisters on sale with less stock than it. Kept apart from
// dashboard.ts so the settings form loads only zod with it.
import { z } from 'zod';

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
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
