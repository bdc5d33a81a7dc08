// The activity log as staff read it (spec accounts-admin §2 activity panel, §3 activity entry
// and stats, §7 activity, §9 action filter labels).
import { z } from 'zod';
import { pageQuery } from './page';
import { inShopYears, isCalendarDay, OUT_OF_SHOP_YEARS_MESSAGE } from './dates';

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'register', 'login', 'order', 'status_change'] as const;
export type ActivityActionName = (typeof ACTIVITY_ACTIONS)[number];

/** Labels of the action filter (spec accounts-admin §9). */
export const ACTIVITY_FILTER_LABELS: Record<ActivityActionName, string> = {
  create: 'Creaciones',
  update: 'Modificaciones',
  delete: 'Eliminaciones',
  register: 'Registros',
  login: 'Inicios de sesión',
  order: 'Órdenes',
  status_change: 'Cambios de estado',
};

/** How one entry's action reads on the timeline. */
export const ACTIVITY_ACTION_LABELS: Record<ActivityActionName, string> = {
  create: 'Creación',
  update: 'Modificación',
  delete: 'Eliminación',
  register: 'Registro',
  login: 'Inicio de sesión',
  order: 'Pedido',
  status_change: 'Cambio de estado',
};

export const SYSTEM_USER = 'Sistema';
export const ACTIVITY_PAGE_SIZE = 20;

export const activityListQuerySchema = z
  .object({
    ...pageQuery,
    action: z
      .enum([...ACTIVITY_ACTIONS, ''], { error: 'Acción inválida' })
      .optional()
      .transform((v) => v || undefined),
    date_from: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.slice(0, 10) : undefined))
      .refine((v) => v === undefined || isCalendarDay(v), { error: 'Fecha inválida', abort: true })
      .refine((v) => v === undefined || inShopYears(v), OUT_OF_SHOP_YEARS_MESSAGE),
    search: z
      .string()
      .trim()
      .max(100, 'La búsqueda es demasiado larga')
      .optional()
      .transform((v) => v || undefined),
  })
  .transform((q) => ({ ...q, page_size: q.page_size ?? ACTIVITY_PAGE_SIZE }));
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

export const activityEntryDtoSchema = z.object({
  id: z.number().int(),
  action: z.enum(ACTIVITY_ACTIONS),
  action_display: z.string(),
  description: z.string(),
  /** Username of who acted, 'Sistema' when nobody did. */
  user: z.string(),
  user_id: z.number().int().nullable(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  timestamp: z.string(),
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntryDto = z.infer<typeof activityEntryDtoSchema>;

export const activityStatsDtoSchema = z.object({
  activities_today: z.number().int(),
  activities_last_week: z.number().int(),
  activities_last_month: z.number().int(),
  total_activities: z.number().int(),
});
export type ActivityStatsDto = z.infer<typeof activityStatsDtoSchema>;
