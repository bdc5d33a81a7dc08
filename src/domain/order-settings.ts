// The order rules staff set in 'Configuración' (GET/PUT /api/core/order-settings/): how many
// orders awaiting payment one customer may hold. The environment (MAX_PENDING_ORDERS) gives the
// value until staff set one.
import { z } from 'zod';
import { COUPON_COMBINATIONS } from './coupons';

export const MAX_PENDING_ORDERS_LIMIT = 50;
const CAP_MESSAGE = `El máximo de pedidos sin pagar debe ser un número entero entre 1 y ${MAX_PENDING_ORDERS_LIMIT}`;

/** At most a month: a reminder later than that reminds of nothing. */
export const ABANDONED_CART_HOURS_LIMIT = 720;
const REMINDER_MESSAGE = `Las horas del recordatorio deben ser un número entero entre 1 y ${ABANDONED_CART_HOURS_LIMIT}`;

export const orderSettingsDtoSchema = z.object({
  max_pending_orders: z.number().int(),
  /** Whether the value is the environment's default (staff never set one). */
  is_default: z.boolean(),
  /** How coupons combine with the brands' discounts (domain/coupons.ts). */
  coupon_combination: z.enum(COUPON_COMBINATIONS),
  /** Hours a signed-in customer's cart waits before its one reminder e-mail (issue 38); null: no reminders. */
  abandoned_cart_hours: z.number().int().nullable(),
});
export type OrderSettingsDto = z.infer<typeof orderSettingsDtoSchema>;

export const orderSettingsUpdateSchema = z.object({
  max_pending_orders: z.number({ error: CAP_MESSAGE }).int(CAP_MESSAGE).min(1, CAP_MESSAGE).max(MAX_PENDING_ORDERS_LIMIT, CAP_MESSAGE),
  coupon_combination: z
    .enum(COUPON_COMBINATIONS, { error: 'Elige cómo se combinan los cupones con los descuentos de los bancos' })
    .optional(),
  abandoned_cart_hours: z
    .number({ error: REMINDER_MESSAGE })
    .int(REMINDER_MESSAGE)
    .min(1, REMINDER_MESSAGE)
    .max(ABANDONED_CART_HOURS_LIMIT, REMINDER_MESSAGE)
    .nullable()
    .optional(),
});
export type OrderSettingsUpdate = z.infer<typeof orderSettingsUpdateSchema>;
