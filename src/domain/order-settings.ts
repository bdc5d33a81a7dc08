// The order rules staff set in 'Configuración' (GET/PUT /api/core/order-settings/): how many
// orders awaiting payment one customer may hold. The environment (MAX_PENDING_ORDERS) gives the
// value until staff set one.
import { z } from 'zod';

export const MAX_PENDING_ORDERS_LIMIT = 50;
const CAP_MESSAGE = `El máximo de pedidos sin pagar debe ser un número entero entre 1 y ${MAX_PENDING_ORDERS_LIMIT}`;

export const orderSettingsDtoSchema = z.object({
  max_pending_orders: z.number().int(),
  /** Whether the value is the environment's default (staff never set one). */
  is_default: z.boolean(),
});
export type OrderSettingsDto = z.infer<typeof orderSettingsDtoSchema>;

export const orderSettingsUpdateSchema = z.object({
  max_pending_orders: z.number({ error: CAP_MESSAGE }).int(CAP_MESSAGE).min(1, CAP_MESSAGE).max(MAX_PENDING_ORDERS_LIMIT, CAP_MESSAGE),
});
export type OrderSettingsUpdate = z.infer<typeof orderSettingsUpdateSchema>;
