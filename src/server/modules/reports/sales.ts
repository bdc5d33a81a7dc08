// The sales report (GET /api/reports/sales/, issue 37): one statement over the period's paid
// orders and their lines, grouped in the shop's time zone, that answers the rows and the totals in
// one pass (grouping sets). A line's share of its order's coupon and shipping is split by its part
// of the order's subtotal, so per-product and per-brand rows add up to the totals. Reads orders and
// the catalog in raw SQL (table-owners.js: reports).
import { sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../domain/dates';
import { roundCents } from '../../../domain/money';
import {
  marginPercent,
  periodBounds,
  REPORT_GROUP_LABELS,
  TIME_GROUPS,
  timeLabel,
  type ReportGroup,
  type SalesReportDto,
  type SalesReportQuery,
  type SalesReportRow,
} from '../../../domain/sales-report';
import { sqlRows, type DbOrTx } from '../../db/client';

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** Counted: paid, not cancelled, nothing owed or given back (a refund takes an order out). */
const COUNTED = sql`o.paid_at is not null and o.status <> 'cancelled' and o.refund_status is null`;

const local = sql`(y.created_at at time zone ${zone})`;

/**
 * A line's group key and, where the row is not a time, its label (by product, the first name its
 * lines kept). A time is grouped as a date, which sorts and compares far faster than its text, and
 * written as text once per row (`shown`).
 */
function groupKey(group: ReportGroup): { key: SQL; label: SQL; shown?: (key: SQL) => SQL } {
  switch (group) {
    case 'day':
      return { key: sql`${local}::date`, label: sql`''`, shown: (key) => sql`to_char(${key}, 'YYYY-MM-DD')` };
    case 'week':
      return { key: sql`date_trunc('week', ${local})::date`, label: sql`''`, shown: (key) => sql`to_char(${key}, 'YYYY-MM-DD')` };
    case 'month':
      return { key: sql`date_trunc('month', ${local})::date`, label: sql`''`, shown: (key) => sql`to_char(${key}, 'YYYY-MM')` };
    case 'brand':
      return { key: sql`coalesce(y.product_brand, '')`, label: sql`coalesce(y.product_brand, 'Sin banco')` };
    case 'product':
      return { key: sql`coalesce(y.product_id::text, 'n:' || y.product_name)`, label: sql`y.product_name` };
    case 'province':
      return { key: sql`coalesce(y.address_province, '')`, label: sql`coalesce(y.address_province, 'Sin provincia')` };
  }
}

interface Figures {
  /** 1 on the totals row (the empty grouping set), 0 on a group's. */
  total: number | string;
  key: string | null;
  label: string | null;
  orders: string | number;
  units: string | number;
  revenue: string | number | null;
  shipping: string | number | null;
  cost: string | number | null;
  costed_revenue: string | number | null;
  lines_without_cost: string | number;
}

/**
 * The lines of the counted orders with their group (key, label) and each one's share of its
 * order's coupon and shipping. The orders come from the partial index of counted orders
 * (orders_counted_created_idx) alone.
 */
const shares = (group: ReportGroup, start: Date, end: Date) => {
  const { key, label } = groupKey(group);
  return sql`
  select ${key} as key, ${label} as label, y.order_id, y.quantity, y.cost_at_time,
    y.line_total * (1 - y.coupon_discount / nullif(y.subtotal, 0)) as revenue,
    y.shipping_price * y.line_total / nullif(y.subtotal, 0) as shipping
  from (
    select o.id as order_id, o.created_at, o.address_province, l.product_id, l.product_name, l.product_brand, l.quantity,
      l.cost_at_time, l.price_at_time * l.quantity as line_total, coalesce(o.coupon_discount, 0) as coupon_discount,
      coalesce(o.shipping_price, 0) as shipping_price, sum(l.price_at_time * l.quantity) over (partition by o.id) as subtotal
    from orders o
    join order_products l on l.order_id = o.id
    where o.created_at >= ${start.toISOString()}::timestamptz and o.created_at < ${end.toISOString()}::timestamptz and ${COUNTED}
  ) y`;
};

const FIGURES = sql`count(distinct x.order_id) as orders, sum(x.quantity) as units, sum(x.revenue) as revenue,
  sum(x.shipping) as shipping, sum(x.cost_at_time * x.quantity) as cost,
  sum(case when x.cost_at_time is not null then x.revenue end) as costed_revenue,
  count(*) filter (where x.cost_at_time is null) as lines_without_cost`;

const n = (v: string | number | null) => (v == null ? 0 : Number(v));

function toRow(r: Figures): Omit<SalesReportRow, 'key' | 'label'> {
  const revenue = roundCents(n(r.revenue));
  const cost = roundCents(n(r.cost));
  const costed = roundCents(n(r.costed_revenue));
  const margin = roundCents(costed - cost);
  return {
    orders: Number(r.orders),
    units: Number(r.units),
    revenue,
    shipping: roundCents(n(r.shipping)),
    cost,
    margin,
    margin_percent: marginPercent(margin, costed),
    lines_without_cost: Number(r.lines_without_cost),
  };
}

export async function salesReport(db: DbOrTx, query: SalesReportQuery): Promise<SalesReportDto> {
  const { start, end } = periodBounds(query.from, query.to);
  const timeGroup = TIME_GROUPS.includes(query.group);
  const byProduct = query.group === 'product';
  const { shown } = groupKey(query.group);
  // One pass over the lines answers the groups' rows and the totals row (the empty grouping set).
  const grouped = sqlRows<Figures>(
    db,
    sql`select grouping(x.key) as total, ${shown ? shown(sql`x.key`) : sql`x.key`} as key, ${timeGroup ? sql`''` : byProduct ? sql`min(x.label)` : sql`x.label`} as label, ${FIGURES}
      from (${shares(query.group, start, end)}) x
      group by grouping sets ((${timeGroup || byProduct ? sql`x.key` : sql`x.key, x.label`}), ())
      order by 1, 2`,
  );
  const apart = sqlRows<{ kind: 'unpaid' | 'cancelled'; orders: string | number; total: string | number | null }>(
    db,
    sql`select case when o.status = 'cancelled' or o.refund_status is not null then 'cancelled' else 'unpaid' end as kind,
        count(*) as orders, sum(o.total) as total
      from orders o
      where o.created_at >= ${start.toISOString()}::timestamptz and o.created_at < ${end.toISOString()}::timestamptz and not (${COUNTED})
      group by 1`,
  );
  const [all, apartRows] = await Promise.all([grouped, apart]);
  const rows = all.filter((r) => Number(r.total) === 0);
  // The empty grouping set answers its row even when no line counts.
  const total = all.find((r) => Number(r.total) === 1)!;
  const apartOf = (kind: 'unpaid' | 'cancelled') => {
    const row = apartRows.find((r) => r.kind === kind);
    return { orders: Number(row?.orders ?? 0), total: roundCents(n(row?.total ?? null)) };
  };
  return {
    from: query.from,
    to: query.to,
    group: query.group,
    rows: rows.map((r) => ({
      key: r.key ?? '',
      label: timeGroup ? timeLabel(query.group, r.key ?? '') : (r.label ?? ''),
      ...toRow(r),
    })),
    totals: toRow(total),
    apart: { unpaid: apartOf('unpaid'), cancelled: apartOf('cancelled') },
  };
}

/** The report as the CSV's rows (the shop's one writer makes the file). */
export function salesReportCsvRows(report: SalesReportDto): string[][] {
  const money = (v: number) => v.toFixed(2).replace('.', ',');
  const header = [
    REPORT_GROUP_LABELS[report.group],
    'Pedidos',
    'Unidades',
    'Ingresos',
    'Envíos',
    'Costo',
    'Margen',
    'Margen %',
    'Líneas sin costo',
  ];
  const line = (label: string, r: Omit<SalesReportRow, 'key' | 'label'>) => [
    label,
    String(r.orders),
    String(r.units),
    money(r.revenue),
    money(r.shipping),
    money(r.cost),
    money(r.margin),
    r.margin_percent == null ? 'sin costo' : r.margin_percent.toFixed(1).replace('.', ','),
    String(r.lines_without_cost),
  ];
  return [header, ...report.rows.map((r) => line(r.label, r)), line('Total', report.totals)];
}
