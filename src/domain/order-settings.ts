// The order rules staff set in 'Configuración' (GET/PUT /api/core/order-settings/): how many
// orders awaiting payment one customer may hold. The environment (MAX_PENDING_ORDERS) gives the
// value until staff set one.
import { z } from 'zod';
import { COUPON_COMBINATIONS } from './coupons';

export const MAX_PENDING_ORDERS_LIMIT = 50;
const CAP_MESSAGE = `El máximo de pedidos sin pagar debe ser un número entero entre 1 y ${MAX_PENDING_ORDERS_LIMIT}`;

export const orderSettingsDtoSchema = z.object({
  max_pending_orders: z.number().int(),
  /** Whether the value is the environment's default (staff never set one). */
  is_default: z.boolean(),
  /** How coupons combine with the brands' discounts (domain/coupons.ts). */
  coupon_combination: z.enum(COUPON_COMBINATIONS),
});
export type OrderSettingsDto = z.infer<typeof orderSettingsDtoSchema>;

export const orderSettingsUpdateSchema = z.object({
  max_pending_orders: z.number({ error: CAP_MESSAGE }).int(CAP_MESSAGE).min(1, CAP_MESSAGE).max(MAX_PENDING_ORDERS_LIMIT, CAP_MESSAGE),
  coupon_combination: z
    .enum(COUPON_COMBINATIONS, { error: 'Elige cómo se combinan los cupones con los descuentos de los bancos' })
    .optional(),
});
export type OrderSettingsUpdate = z.infer<typeof orderSettingsUpdateSchema>;
