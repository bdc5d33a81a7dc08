// Stock alerts (issue 14): the shop's daily e-mail about blisters running out, and the
// customers' 'Avisarme cuando haya stock' requests on sold-out blisters.
import { z } from 'zod';
import { SHOP_TIME_ZONE } from './dates';
import { isSoldOut } from './inventory';

/** The shop's hour (Argentina) of the daily alert when nobody changed it. */
export const DEFAULT_STOCK_ALERT_HOUR = 9;

// ---------------------------------------------------------------------------------------------
// The daily alert

export interface StockLevel {
  blister_id: number;
  stock: number;
}

/** What the last run saw under the threshold: units per blister id. */
export type LowStockSeen = Record<string, number>;

/**
 * The blisters the next alert lists: under the threshold now and either not under it at the
 * last run (they fell since) or sold out now while they still had units then. Blisters that
 * were already reported and did not run out stay out, so an unchanged shop gets no mail.
 */
export function newlyLowStock<T extends StockLevel>(seen: LowStockSeen, current: T[]): T[] {
  return current.filter((item) => {
    const before = seen[String(item.blister_id)];
    return before === undefined || (isSoldOut(item.stock) && !isSoldOut(before));
  });
}

/** What the next run compares against: every blister under the threshold now. */
export function lowStockSeen(current: StockLevel[]): LowStockSeen {
  return Object.fromEntries(current.map((item) => [String(item.blister_id), item.stock]));
}

const shopHourFormatter = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

/** The hour (0-23) of an instant in the shop's time zone. */
export function shopHour(instant: Date): number {
  return Number(shopHourFormatter.format(instant));
}

export const HOUR_MESSAGE = 'La hora debe ser un número entero entre 0 y 23';

export const stockAlertSettingsUpdateSchema = z.object({
  enabled: z.boolean({ error: 'Indica si la alerta está activada' }).optional(),
  hour: z.number({ error: HOUR_MESSAGE }).int(HOUR_MESSAGE).min(0, HOUR_MESSAGE).max(23, HOUR_MESSAGE).optional(),
});
export type StockAlertSettingsUpdate = z.infer<typeof stockAlertSettingsUpdateSchema>;

export const stockAlertSettingsDtoSchema = z.object({
  enabled: z.boolean(),
  /** Argentina hour (0-23) from which the day's alert goes out. */
  hour: z.number().int(),
  /** Units under which a blister is reported. */
  threshold: z.number().int(),
  /** Where the alert goes (SHOP_EMAIL, else ADMIN_EMAIL); null when neither is configured. */
  recipient: z.string().nullable(),
  /** When the last alert e-mail was sent, and how many blisters it listed. */
  last_alert_at: z.string().nullable(),
  last_alert_count: z.number().int(),
  /** The shop day (YYYY-MM-DD) of the last daily check, mail or not. */
  last_run_on: z.string().nullable(),
});
export type StockAlertSettingsDto = z.infer<typeof stockAlertSettingsDtoSchema>;

export const stockAlertSettingsResultSchema = stockAlertSettingsDtoSchema.extend({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// 'Avisarme cuando haya stock'

export const HAS_STOCK_MESSAGE = 'Esta presentación tiene stock: ya puedes comprarla';
export const BLISTER_NOT_FOUND = 'Presentación no encontrada';
export const NOTIFICATION_NOT_FOUND = 'Aviso no encontrado';

const BLISTER_ID_MESSAGE = 'Indica una presentación válida';

export const stockNotificationCreateSchema = z.object({
  blister_id: z
    .number({ error: BLISTER_ID_MESSAGE })
    .int(BLISTER_ID_MESSAGE)
    .min(1, BLISTER_ID_MESSAGE)
    .max(2147483647, BLISTER_ID_MESSAGE),
});

export const stockNotificationDtoSchema = z.object({
  id: z.number().int(),
  blister_id: z.number().int(),
  seed_count: z.number().int(),
  /** The product page is /producto/{product_id}. */
  product_id: z.number().int(),
  product_name: z.string(),
  brand: z.string(),
  image: z.string().nullable(),
  created_at: z.string(),
});
export type StockNotificationDto = z.infer<typeof stockNotificationDtoSchema>;
