// 'Inicio': the figures, series, rankings and stock lists of the back office's landing page,
// read through a short cache (caches.ts) that order and catalog writes clear.
import {
  DASHBOARD_BREAKDOWN_DAYS,
  DASHBOARD_DAYS,
  DASHBOARD_LOW_STOCK_ROWS,
  DASHBOARD_OUT_OF_STOCK_ROWS,
  DASHBOARD_PERIODS,
  DASHBOARD_TOP,
  PENDING_AGE_LIMITS,
  PERIOD_DAYS,
  type DashboardDto,
  type DashboardPeriod,
  type LowStockItem,
  type PeriodFigures,
  type TopBrand,
  type TopProduct,
} from '../../../domain/dashboard';
import { PRODUCT_TYPES } from '../../../domain/catalog';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../domain/inventory';
import { roundCents } from '../../../domain/money';
import { ORDER_STAGES } from '../../../domain/order-lifecycle';
import { ORDER_STATUSES } from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { readShopSettings } from '../site';
import {
  dailySales,
  figuresBySpan,
  lowStock,
  ordersByStage,
  pendingAging,
  pipeline,
  rankedSales,
  soldOutStillSelling,
  spanBounds,
  type RankedRow,
  salesByCoupon,
  type Span,
  type SpanFigures,
} from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function getDashboard(ctx: AppContext): Promise<DashboardDto> {
  return ctx.caches.dashboard.get('dashboard', async () =>
    computeDashboard(ctx.db, ctx.now(), ctx.config.pendingOrderDays, (await readShopSettings(ctx)).low_stock_threshold),
  );
}

function figures(span: Span, row: SpanFigures | undefined): PeriodFigures {
  const orders = row?.orders ?? 0;
  const revenue = roundCents(row?.revenue ?? 0);
  return {
    from: span.from.toISOString(),
    to: span.to.toISOString(),
    revenue,
    shipping_total: roundCents(row?.shipping_total ?? 0),
    orders,
    average_order: orders ? roundCents(revenue / orders) : 0,
    new_customers: row?.new_customers ?? 0,
    units: row?.units ?? 0,
    collected: roundCents(row?.collected ?? 0),
  };
}

function ranking<T>(rows: RankedRow[], kind: RankedRow['kind'], shape: (row: RankedRow) => T): T[] {
  return rows.filter((row) => row.kind === kind).map(shape);
}

const productOf = (row: RankedRow): TopProduct => ({
  product_id: row.id,
  name: row.name ?? '',
  brand: row.brand,
  units: row.units,
  revenue: roundCents(row.revenue),
});

const brandOf = (row: RankedRow): TopBrand => ({
  brand_id: row.id,
  name: row.name ?? '',
  units: row.units,
  revenue: roundCents(row.revenue),
});

/** `lowStockThreshold`: the shop's (site's settings), which the low-stock list is under. */
export async function computeDashboard(
  db: DbOrTx,
  now: Date,
  pendingOrderDays: number,
  lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD,
): Promise<DashboardDto> {
  const periodDays = DASHBOARD_PERIODS.map((name) => PERIOD_DAYS[name]);
  const bounds = await spanBounds(db, now, [...new Set([...periodDays, DASHBOARD_BREAKDOWN_DAYS, DASHBOARD_DAYS])]);
  const span = (days: number) => bounds.spans.get(days)!;
  const breakdown = span(DASHBOARD_BREAKDOWN_DAYS).current;
  const series = span(DASHBOARD_DAYS).current;
  const [oneDay, threeDays] = PENDING_AGE_LIMITS.map((days) => new Date(now.getTime() - days * DAY_MS));

  const windows = new Map<string, Span>();
  for (const name of DASHBOARD_PERIODS) {
    windows.set(name, span(PERIOD_DAYS[name]).current);
    windows.set(`${name}:previous`, span(PERIOD_DAYS[name]).previous);
  }

  // Independent reads: on PostgreSQL they run side by side on the pool's connections.
  const [spanRows, daily, stageRows, ranked, lowRows, soldOut, pending, open, couponRows] = await Promise.all([
    figuresBySpan(db, windows),
    dailySales(db, dayBefore(bounds.today, DASHBOARD_DAYS - 1), bounds.today, series),
    ordersByStage(db, breakdown),
    rankedSales(db, breakdown, DASHBOARD_TOP),
    lowStock(db, lowStockThreshold, DASHBOARD_LOW_STOCK_ROWS),
    soldOutStillSelling(db, breakdown, DASHBOARD_OUT_OF_STOCK_ROWS),
    pendingAging(db, {
      oneDay,
      threeDays,
      // The expiry job cancels orders older than PENDING_ORDER_DAYS: within a day, those older than one day less.
      expiresBefore: new Date(now.getTime() - (pendingOrderDays - 1) * DAY_MS),
    }),
    pipeline(db),
    salesByCoupon(db, breakdown),
  ]);

  const byKey = new Map(spanRows.map((row) => [row.key, row]));
  const period = (name: (typeof DASHBOARD_PERIODS)[number]): DashboardPeriod => ({
    ...figures(windows.get(name)!, byKey.get(name)),
    previous: figures(windows.get(`${name}:previous`)!, byKey.get(`${name}:previous`)),
  });

  const sumOf = (rows: typeof stageRows) => ({
    orders: rows.reduce((sum, row) => sum + row.orders, 0),
    amount: roundCents(rows.reduce((sum, row) => sum + row.amount, 0)),
  });
  const typeRows = new Map(ranking(ranked, 'type', (row) => [row.name, row] as const));

  return {
    generated_at: now.toISOString(),
    periods: { today: period('today'), last_7_days: period('last_7_days'), last_30_days: period('last_30_days') },
    daily: daily.map((day) => ({
      date: day.date,
      revenue: roundCents(day.revenue),
      shipping_total: roundCents(day.shipping_total),
      orders: day.orders,
    })),
    breakdown_days: DASHBOARD_BREAKDOWN_DAYS,
    by_status: ORDER_STATUSES.map((status) => ({ status, ...sumOf(stageRows.filter((row) => row.status === status)) })),
    by_stage: ORDER_STAGES.map((stage) => ({ stage, ...sumOf(stageRows.filter((row) => row.stage === stage)) })),
    top_products: { by_units: ranking(ranked, 'product_units', productOf), by_revenue: ranking(ranked, 'product_revenue', productOf) },
    top_brands: { by_units: ranking(ranked, 'brand_units', brandOf), by_revenue: ranking(ranked, 'brand_revenue', brandOf) },
    by_type: PRODUCT_TYPES.map((type) => ({
      type,
      units: typeRows.get(type)?.units ?? 0,
      revenue: roundCents(typeRows.get(type)?.revenue ?? 0),
    })),
    by_coupon: couponRows.map((row) => ({ ...row, discount: roundCents(row.discount), revenue: roundCents(row.revenue) })),
    low_stock_threshold: lowRows[0]?.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    low_stock: lowRows.flatMap((row): LowStockItem[] =>
      row.blister_id === null
        ? []
        : [
            {
              product_id: row.product_id!,
              blister_id: row.blister_id,
              name: row.name!,
              brand: row.brand,
              seed_count: row.seed_count!,
              stock: row.stock!,
            },
          ],
    ),
    low_stock_total: lowRows[0]?.total ?? 0,
    out_of_stock_selling: soldOut.map((row) => ({ ...row, last_ordered_at: new Date(row.last_ordered_at).toISOString() })),
    pending_aging: { ...pending, expiry_days: pendingOrderDays },
    pipeline: {
      to_collect: { ...open.to_collect, amount: roundCents(open.to_collect.amount) },
      to_ship: { ...open.to_ship, amount: roundCents(open.to_ship.amount) },
      in_transit: { ...open.in_transit, amount: roundCents(open.in_transit.amount) },
      refunds_owed: { ...open.refunds_owed, amount: roundCents(open.refunds_owed.amount) },
    },
  };
}

/** The calendar day `days` before a YYYY-MM-DD day. */
function dayBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
