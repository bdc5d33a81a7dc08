// Site settings shared by server and web: maintenance mode, bypass password and the dollar rate
// (spec accounts-admin §2 site settings, §4 site/bypass/dollar rate, §5, §7 core).
import { z } from 'zod';
import { AMOUNT_INVALID_MESSAGE, AMOUNT_REQUIRED_MESSAGE, parseArsAmount } from './money';

export const DEFAULT_MAINTENANCE_MESSAGE = 'Estamos realizando mejoras en nuestro sistema. Disculpe las molestias.';
export const MAINTENANCE_CODE = 'MAINTENANCE';
export const BYPASS_HEADER = 'x-maintenance-bypass';
export const BYPASS_COOKIE = 'maintenance_bypass';
// spec accounts-admin §9: bypass valid 12 hours; 1.5 s delay from the 5th failed attempt.
export const BYPASS_TTL_HOURS = 12;
export const BYPASS_FREE_FAILURES = 5;
export const BYPASS_SLOWDOWN_MS = 1500;
export const BYPASS_GRANTED_MESSAGE = 'Acceso concedido. Bypass válido por 12 horas';
export const BYPASS_INVALID_MESSAGE = 'Contraseña incorrecta';

export const MAINTENANCE_MESSAGE_MAX = 500;

export const maintenanceStatusDtoSchema = z.object({
  maintenance_mode: z.boolean(),
  maintenance_message: z.string(),
  has_bypass_password: z.boolean(),
});
export type MaintenanceStatusDto = z.infer<typeof maintenanceStatusDtoSchema>;

export const toggleMaintenanceSchema = z.object({
  maintenance_mode: z.boolean({ error: 'Indica si el modo mantenimiento está activo' }),
  maintenance_message: z
    .string({ error: 'El mensaje debe ser texto' })
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, `El mensaje no puede superar ${MAINTENANCE_MESSAGE_MAX} caracteres`)
    .nullable()
    .optional(),
  // An empty string removes the password (spec accounts-admin §7 core).
  bypass_password: z
    .string({ error: 'La contraseña debe ser texto' })
    .max(128, 'La contraseña no puede superar 128 caracteres')
    .refine((v) => v === '' || v.trim() !== '', 'La contraseña no puede estar vacía')
    .optional(),
});
export type ToggleMaintenanceInput = z.infer<typeof toggleMaintenanceSchema>;

export const validateBypassSchema = z.object({
  password: z
    .string({ error: 'Por favor ingrese una contraseña' })
    .max(128, BYPASS_INVALID_MESSAGE)
    .refine((v) => v !== '', 'Por favor ingrese una contraseña'),
});

export const bypassResultDtoSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  bypass_token: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type BypassResultDto = z.infer<typeof bypassResultDtoSchema>;

// ---------------------------------------------------------------------------------------------
// Dollar rate

export const RATE_TYPES = ['blue', 'oficial', 'manual'] as const;
export type RateType = (typeof RATE_TYPES)[number];
export const FETCHED_RATE_TYPES = ['blue', 'oficial'] as const;
export type FetchedRateType = (typeof FETCHED_RATE_TYPES)[number];

export const RATE_TYPE_LABELS: Record<RateType, string> = {
  blue: 'Dólar Blue',
  oficial: 'Dólar Oficial',
  manual: 'Valor Manual',
};

// spec accounts-admin §9: auto-update every hour.
export const DOLLAR_AUTO_UPDATE_MS = 60 * 60 * 1000;
export const NEVER_UPDATED = 'Nunca';
export const MANUAL_VALUE_MESSAGE = 'Debe ingresar un valor válido mayor que cero';

export const dollarRateDtoSchema = z.object({
  rate_type: z.enum(RATE_TYPES),
  value: z.number(),
  last_update: z.string().nullable(),
  last_update_display: z.string(),
  auto_update: z.boolean(),
  is_manual: z.boolean(),
  /** Why the last automatic fetch failed; staff only. */
  last_error: z.string().nullable().optional(),
});
export type DollarRateDto = z.infer<typeof dollarRateDtoSchema>;

/** What a staff change of the rate answers. */
export const dollarRateResultSchema = z.object({ data: dollarRateDtoSchema, message: z.string(), warning: z.string().optional() });

const manualValue = z.union([z.number(), z.string()], { error: MANUAL_VALUE_MESSAGE }).transform((raw, ctx) => {
  let value = raw;
  if (typeof raw === 'string') {
    const parsed = parseArsAmount(raw);
    if (!parsed.ok && parsed.error !== AMOUNT_REQUIRED_MESSAGE && parsed.error !== AMOUNT_INVALID_MESSAGE) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    value = parsed.ok ? parsed.value : Number.NaN;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 1_000_000_000) {
    ctx.addIssue({ code: 'custom', message: MANUAL_VALUE_MESSAGE });
    return z.NEVER;
  }
  return Math.round(value * 100) / 100;
});

export type DollarRateUpdate =
  | { kind: 'force'; rate_type?: FetchedRateType }
  | { kind: 'manual'; value: number; confirmed: boolean }
  | { kind: 'settings'; rate_type?: RateType; auto_update?: boolean };

/**
 * POST /api/core/dollar-rate/ takes one of three shapes (spec accounts-admin §7 core):
 * {force_update: true}, {manual_value, is_manual: true} or {rate_type, auto_update}.
 */
export const dollarRateUpdateSchema = z
  .object({
    force_update: z.boolean({ error: 'force_update debe ser true o false' }).optional(),
    is_manual: z.boolean({ error: 'is_manual debe ser true o false' }).optional(),
    manual_value: manualValue.optional(),
    /** Needed for a manual value more than 20% away from the current one (answered 409 otherwise). */
    confirm_rate_change: z.boolean({ error: 'confirm_rate_change debe ser true o false' }).optional(),
    rate_type: z.enum(RATE_TYPES, { error: 'Tipo de cotización inválido' }).optional(),
    auto_update: z.boolean({ error: 'Indica si la actualización automática está activa' }).optional(),
  })
  .transform((body, ctx): DollarRateUpdate => {
    if (body.force_update) {
      if (body.rate_type === 'manual') {
        ctx.addIssue({ code: 'custom', path: ['rate_type'], message: 'Elige Dólar Blue u Oficial para actualizar la cotización' });
        return z.NEVER;
      }
      return { kind: 'force', rate_type: body.rate_type };
    }
    if (body.is_manual) {
      if (body.manual_value === undefined) {
        ctx.addIssue({ code: 'custom', path: ['manual_value'], message: MANUAL_VALUE_MESSAGE });
        return z.NEVER;
      }
      return { kind: 'manual', value: body.manual_value, confirmed: body.confirm_rate_change === true };
    }
    if (body.rate_type === undefined && body.auto_update === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Datos de cotización inválidos' });
      return z.NEVER;
    }
    return { kind: 'settings', rate_type: body.rate_type, auto_update: body.auto_update };
  });
