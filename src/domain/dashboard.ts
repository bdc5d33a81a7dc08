// The back office's landing page ('Inicio'): how the shop is doing and what to restock
// (GET /api/dashboard/). The low-stock threshold it uses is in inventory.ts.
import { z } from 'zod';
import { PRODUCT_TYPES } from './catalog';
import { ORDER_STAGES } from './order-lifecycle';
import { ORDER_STATUSES } from './orders';

/** Days of the daily series, today included. */
export const DASHBOARD_DAYS = 90;
/** Days the breakdowns (status, top products and brands, type) and "still sells" look back. */
export const DASHBOARD_BREAKDOWN_DAYS = 30;
export const DASHBOARD_TOP = 10;
/** At most this many blisters are listed as low on stock (the total is counted apart). */
export const DASHBOARD_LOW_STOCK_ROWS = 100;
export const DASHBOARD_OUT_OF_STOCK_ROWS = 50;
/** Pending orders are grouped by age at these limits, in days. */
export const PENDING_AGE_LIMITS = [1, 3] as const;

// ---------------------------------------------------------------------------------------------
// Answer

/**
 * The figures of one span of time. Cancelled orders count nowhere: `orders` are the orders placed
 * in the span and not cancelled, `revenue` the product sales of their totals (ARS, as stored,
 * shipping left out), `shipping_total` what they charged for shipping, `units` the seeds packs of
 * their lines, `new_customers` the customer accounts created in the span.
 */
export const periodFiguresSchema = z.object({
  /** Start (included) and end (excluded) of the span, ISO instants. */
  from: z.string(),
  to: z.string(),
  revenue: z.number(),
  shipping_total: z.number(),
  orders: z.number().int(),
  /** revenue / orders, to the cent; 0 without orders. */
  average_order: z.number(),
  new_customers: z.number().int(),
  units: z.number().int(),
  /** Money in: payments recorded in the span (by their date) less refunds recorded in it ("cobrado", vs. revenue "pedido"). */
  collected: z.number(),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

/** A period and the same span one period earlier (today: yesterday until this time of day). */
export const periodSchema = periodFiguresSchema.extend({ previous: periodFiguresSchema });
export type DashboardPeriod = z.infer<typeof periodSchema>;

export const DASHBOARD_PERIODS = ['today', 'last_7_days', 'last_30_days'] as const;
export type DashboardPeriodName = (typeof DASHBOARD_PERIODS)[number];
/** Calendar days of each period, today included. */
export const PERIOD_DAYS: Record<DashboardPeriodName, number> = { today: 1, last_7_days: 7, last_30_days: 30 };

export const dailyPointSchema = z.object({
  /** The shop's calendar day (`SHOP_TIME_ZONE`), YYYY-MM-DD. */
  date: z.string(),
  /** Product sales, shipping apart. */
  revenue: z.number(),
  shipping_total: z.number(),
  orders: z.number().int(),
});
export type DailyPoint = z.infer<typeof dailyPointSchema>;

export const statusFiguresSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  orders: z.number().int(),
  /** Sum of the totals (cancelled orders included here, so the lost amount shows). */
  amount: z.number(),
});

/** The same figures by stage (Esperando pago, Pagado, por enviar…), as the dashboard's chart shows them. */
export const stageBreakdownSchema = z.object({
  stage: z.enum(ORDER_STAGES),
  orders: z.number().int(),
  amount: z.number(),
});

/** Sales of a product, brand or type: units and the lines' amounts (price charged × quantity). */
const salesFigures = { units: z.number().int(), revenue: z.number() };

export const topProductSchema = z.object({
  /** Null when the product no longer exists: its name comes from the orders. */
  product_id: z.number().int().nullable(),
  name: z.string(),
  brand: z.string().nullable(),
  ...salesFigures,
});
export type TopProduct = z.infer<typeof topProductSchema>;

export const topBrandSchema = z.object({
  /** Null when the brand no longer exists: its name comes from the orders. */
  brand_id: z.number().int().nullable(),
  name: z.string(),
  ...salesFigures,
});
export type TopBrand = z.infer<typeof topBrandSchema>;

const rankings = <T extends z.ZodType>(item: T) => z.object({ by_units: z.array(item), by_revenue: z.array(item) });

export const typeSalesSchema = z.object({ type: z.enum(PRODUCT_TYPES), ...salesFigures });

export const lowStockItemSchema = z.object({
  product_id: z.number().int(),
  blister_id: z.number().int(),
  name: z.string(),
  /** The seed maker, to tell apart strains of the same name. */
  brand: z.string().nullable(),
  seed_count: z.number().int(),
  stock: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const soldOutItemSchema = z.object({
  product_id: z.number().int(),
  blister_id: z.number().int(),
  name: z.string(),
  seed_count: z.number().int(),
  /** Units ordered in the breakdown window (orders not cancelled). */
  units: z.number().int(),
  last_ordered_at: z.string(),
});

/** Orders and their totals at one point of the lifecycle. */
const stageFiguresSchema = z.object({ orders: z.number().int(), amount: z.number() });

/**
 * Where the open orders are (domain/order-lifecycle.ts): to collect (awaiting payment), to ship
 * (paid), on their way (shipped), and the refunds owed on cancelled paid orders. Archived orders
 * are left out, as in the pending tab.
 */
export const pipelineSchema = z.object({
  to_collect: stageFiguresSchema,
  to_ship: stageFiguresSchema,
  in_transit: stageFiguresSchema,
  refunds_owed: stageFiguresSchema,
});
export type Pipeline = z.infer<typeof pipelineSchema>;

/** Orders awaiting payment by age: the ones the expiry job cancels (paid and shipped ones never expire). */
export const pendingAgingSchema = z.object({
  total: z.number().int(),
  under_1_day: z.number().int(),
  from_1_to_3_days: z.number().int(),
  over_3_days: z.number().int(),
  /** Orders awaiting payment the expiry job cancels within 24 hours (PENDING_ORDER_DAYS), overdue ones included. */
  expiring_24h: z.number().int(),
  expiry_days: z.number().int(),
});

export const dashboardDtoSchema = z.object({
  generated_at: z.string(),
  periods: z.object({ today: periodSchema, last_7_days: periodSchema, last_30_days: periodSchema }),
  /** The last DASHBOARD_DAYS shop days, oldest first, days without orders included. */
  daily: z.array(dailyPointSchema),
  /** The breakdowns below cover the last `breakdown_days` shop days, today included. */
  breakdown_days: z.number().int(),
  /** Orders placed in the window by their status now, every status present. */
  by_status: z.array(statusFiguresSchema),
  by_stage: z.array(stageBreakdownSchema),
  top_products: rankings(topProductSchema),
  top_brands: rankings(topBrandSchema),
  /** Every type present, in PRODUCT_TYPES order. */
  by_type: z.array(typeSalesSchema),
  /** Sales by coupon in the window (orders not cancelled), most revenue first. */
  by_coupon: z.array(z.object({ code: z.string(), orders: z.number().int(), discount: z.number(), revenue: z.number() })),
  low_stock_threshold: z.number().int(),
  /** Blisters of products on sale with 0 < stock < threshold, fewest first. */
  low_stock: z.array(lowStockItemSchema),
  low_stock_total: z.number().int(),
  /** Blisters without stock that were ordered in the window: the ones to restock first. */
  out_of_stock_selling: z.array(soldOutItemSchema),
  pending_aging: pendingAgingSchema,
  pipeline: pipelineSchema,
});
export type DashboardDto = z.infer<typeof dashboardDtoSchema>;

/** Change from the previous figure in percent, or null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

// ---------------------------------------------------------------------------------------------
// First steps (GET /api/dashboard/setup/)

/** What a shop needs before its first order, in the order 'Inicio' lists them. */
export const SETUP_STEPS = ['payment', 'contact', 'shipping', 'legal_pages', 'second_staff'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const setupItemSchema = z.object({
  key: z.enum(SETUP_STEPS),
  label: z.string(),
  done: z.boolean(),
  /** The back-office page (and section) where the step is done. */
  href: z.string(),
});
export type SetupItem = z.infer<typeof setupItemSchema>;

export const setupChecklistSchema = z.object({
  items: z.array(setupItemSchema),
  /** Every step done: 'Inicio' stops showing the checklist. */
  done: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
