// Sales reports ('Reportes', issue 37): the period and grouping staff ask for, the rows the
// server answers, and the rules that make them: only paid orders count (a refund or a cancel takes
// an order out), revenue is the lines after discounts and coupons, and lines without a cost stay
// out of the cost and the margin, counted apart, never as zero cost.
import { z } from 'zod';
import { DAY_MS, isCalendarDay, shopDate, shopDayStart } from './dates';

export const REPORT_GROUPS = ['day', 'week', 'month', 'brand', 'product', 'province'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  day: 'Día',
  week: 'Semana',
  month: 'Mes',
  brand: 'Banco',
  product: 'Producto',
  province: 'Provincia',
};

export const TIME_GROUPS: readonly ReportGroup[] = ['day', 'week', 'month'];

/** The longest period a report reads: a few years of days at most. */
export const MAX_REPORT_DAYS = 3 * 366;

const day = (label: string) =>
  z.string({ error: `${label} es requerida (AAAA-MM-DD)` }).refine(isCalendarDay, `${label} debe ser una fecha AAAA-MM-DD válida`);

/** GET /api/reports/sales/ and /api/reports/sales.csv */
export const salesReportQuerySchema = z
  .object({
    from: day('La fecha desde'),
    to: day('La fecha hasta'),
    group: z.enum(REPORT_GROUPS, { error: 'Agrupación inválida: usa day, week, month, brand, product o province' }).default('day'),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fecha hasta no puede ser anterior a la fecha desde' });
    else if (daysBetween(q.from, q.to) > MAX_REPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `El período no puede superar ${MAX_REPORT_DAYS} días` });
    }
  });
export type SalesReportQuery = z.output<typeof salesReportQuerySchema>;

export const daysBetween = (from: string, to: string) => Math.round((shopDayStart(to).getTime() - shopDayStart(from).getTime()) / DAY_MS);

/** The instants a period of shop days covers: [start, end). */
export function periodBounds(from: string, to: string): { start: Date; end: Date } {
  return { start: shopDayStart(from), end: new Date(shopDayStart(to).getTime() + DAY_MS) };
}

const figures = {
  orders: z.number().int(),
  units: z.number().int(),
  revenue: z.number(),
  shipping: z.number(),
  /** The cost of the lines that have one. */
  cost: z.number(),
  /** Revenue of the lines with a cost, minus their cost. */
  margin: z.number(),
  /** margin over the revenue of the lines with a cost, percent; null without any. */
  margin_percent: z.number().nullable(),
  lines_without_cost: z.number().int(),
};

export const salesReportRowSchema = z.object({ key: z.string(), label: z.string(), ...figures });
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

const apartSchema = z.object({ orders: z.number().int(), total: z.number() });

export const salesReportDtoSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  rows: z.array(salesReportRowSchema),
  totals: z.object(figures),
  /** Orders of the period that do not count, shown apart. */
  apart: z.object({ unpaid: apartSchema, cancelled: apartSchema }),
});
export type SalesReportDto = z.infer<typeof salesReportDtoSchema>;

export type ReportPreset = 'this_month' | 'last_month' | 'last_30' | 'last_90' | 'this_year';

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  this_month: 'Este mes',
  last_month: 'Mes pasado',
  last_30: 'Últimos 30 días',
  last_90: 'Últimos 90 días',
  this_year: 'Este año',
};

/** The shop days a preset covers, as of `now`. */
export function presetPeriod(preset: ReportPreset, now: Date): { from: string; to: string } {
  const today = shopDate(now);
  const [y, m] = today.split('-').map(Number);
  const minus = (days: number) => shopDate(new Date(shopDayStart(today).getTime() - days * DAY_MS + DAY_MS / 2));
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (preset) {
    case 'this_month':
      return { from: `${y}-${pad(m)}-01`, to: today };
    case 'last_month': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      const first = `${py}-${pad(pm)}-01`;
      return { from: first, to: shopDate(new Date(shopDayStart(`${y}-${pad(m)}-01`).getTime() - DAY_MS / 2)) };
    }
    case 'last_30':
      return { from: minus(29), to: today };
    case 'last_90':
      return { from: minus(89), to: today };
    case 'this_year':
      return { from: `${y}-01-01`, to: today };
  }
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** The label of a time key: '05/03/2026', 'Semana del 02/03/2026', 'marzo 2026'. */
export function timeLabel(group: ReportGroup, key: string): string {
  const [y, m, d] = key.split('-');
  if (group === 'month') return `${MONTHS[Number(m) - 1]} ${y}`;
  const date = `${d}/${m}/${y}`;
  return group === 'week' ? `Semana del ${date}` : date;
}

export const marginPercent = (margin: number, costedRevenue: number): number | null =>
  costedRevenue > 0 ? Math.round((margin / costedRevenue) * 1000) / 10 : null;
