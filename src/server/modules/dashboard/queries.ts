// The dashboard's aggregates, each one SQL statement. The shop's days are Argentina's: day
// boundaries and daily buckets are computed by PostgreSQL with AT TIME ZONE, so they stay right
// whatever the server's time zone and if Argentina ever moves its clocks again.
import { sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../domain/dates';
import type { Pipeline } from '../../../domain/dashboard';
import { ORDER_STAGES, UNPAID_STAGES, type OrderStage } from '../../../domain/order-lifecycle';
import { inStages } from '../orders';
import { stockStateSql } from '../catalog';
import { sqlRows, type DbOrTx } from '../../db/client';

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** Orders that count as sales: every status but cancelled. */
const sold = (alias: string) => sql.raw(`${alias}.status <> 'cancelled'`);

export interface Span {
  from: Date;
  to: Date;
}

/**
 * The lines of the orders sold in `span`, with the order's time. Each order's lines are looked up
 * by its id (`offset 0` keeps the planner from hashing every line ever sold instead): the work
 * follows the orders of the span, not the shop's whole history.
 */
const linesSold = (span: Span) => sql`select o.created_at, l.product_id, l.blister_id, l.quantity, l.price_at_time
  from orders o
  cross join lateral (
    select op.product_id, op.blister_id, op.quantity, op.price_at_time from order_products op where op.order_id = o.id offset 0
  ) l
  where ${sold('o')} and o.created_at >= ${at(span.from)} and o.created_at < ${at(span.to)}`;

export interface SpanBounds {
  days: number;
  /** From the shop's midnight `days - 1` days ago until now. */
  current: Span;
  /** The same span `days` days earlier (wall-clock, in the shop's time zone). */
  previous: Span;
}

export interface Bounds {
  /** The shop's calendar day of `now`, YYYY-MM-DD. */
  today: string;
  spans: Map<number, SpanBounds>;
}

/** The spans of `days` calendar days (today included) ending now, and the span before each. */
export async function spanBounds(db: DbOrTx, now: Date, days: number[]): Promise<Bounds> {
  const rows = await sqlRows<{ days: number; today: string; from_at: Date; prev_from: Date; prev_to: Date }>(
    db,
    sql`with t as (select ${at(now)} at time zone ${zone} as local_now)
      select n::int as days, t.local_now::date::text as today,
        ((t.local_now::date - (n - 1))::timestamp at time zone ${zone}) as from_at,
        ((t.local_now::date - (2 * n - 1))::timestamp at time zone ${zone}) as prev_from,
        ((t.local_now - make_interval(days => n)) at time zone ${zone}) as prev_to
      from t, unnest(${sql.raw(`array[${days.map((d) => Math.trunc(d)).join(',')}]`)}) n`,
  );
  const spans = new Map<number, SpanBounds>();
  for (const row of rows) {
    spans.set(row.days, {
      days: row.days,
      current: { from: new Date(row.from_at), to: now },
      previous: { from: new Date(row.prev_from), to: new Date(row.prev_to) },
    });
  }
  return { today: rows[0].today, spans };
}

export interface SpanFigures {
  key: string;
  orders: number;
  revenue: number;
  shipping_total: number;
  units: number;
  new_customers: number;
  collected: number;
}

/** Orders, revenue, units and new customer accounts of each span, in one pass over the orders. */
export async function figuresBySpan(db: DbOrTx, spans: Map<string, Span>): Promise<SpanFigures[]> {
  const list = [...spans];
  const earliest = new Date(Math.min(...list.map(([, s]) => s.from.getTime())));
  const latest = new Date(Math.max(...list.map(([, s]) => s.to.getTime())));
  const windows = sql.join(
    list.map(([key, s]) => sql`(${key}::text, ${at(s.from)}, ${at(s.to)})`),
    sql`, `,
  );
  return sqlRows<SpanFigures>(
    db,
    sql`with w(key, from_at, to_at) as (values ${windows}),
      o as materialized (
        select o.created_at, o.total - coalesce(o.shipping_price, 0) as sales, coalesce(o.shipping_price, 0) as shipping,
          (select coalesce(sum(op.quantity), 0) from order_products op where op.order_id = o.id) as units
        from orders o
        where ${sold('o')} and o.created_at >= ${at(earliest)} and o.created_at < ${at(latest)}
      )
      select w.key,
        count(o.created_at)::int as orders,
        coalesce(sum(o.sales), 0)::float8 as revenue,
        coalesce(sum(o.shipping), 0)::float8 as shipping_total,
        coalesce(sum(o.units), 0)::int as units,
        ((select coalesce(sum(coalesce(p.payment_amount, p.total)), 0) from orders p
            where p.paid_at >= w.from_at and p.paid_at < w.to_at)
          - (select coalesce(sum(r.refund_amount), 0) from orders r
            where r.refund_status = 'done' and r.refunded_at >= w.from_at and r.refunded_at < w.to_at))::float8 as collected,
        (select count(*) from users u
          where u.created_at >= w.from_at and u.created_at < w.to_at and not u.is_staff)::int as new_customers
      from w left join o on o.created_at >= w.from_at and o.created_at < w.to_at
      group by w.key, w.from_at, w.to_at`,
  );
}

/** Product sales (shipping apart) and orders per shop day from `firstDay` to `lastDay`, days without orders included. */
export async function dailySales(db: DbOrTx, firstDay: string, lastDay: string, span: Span) {
  return sqlRows<{ date: string; revenue: number; shipping_total: number; orders: number }>(
    db,
    sql`select d::date::text as date, coalesce(x.revenue, 0)::float8 as revenue,
        coalesce(x.shipping_total, 0)::float8 as shipping_total, coalesce(x.orders, 0)::int as orders
      from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') d
      left join (
        select (o.created_at at time zone ${zone})::date as day, sum(o.total - coalesce(o.shipping_price, 0)) as revenue,
          sum(coalesce(o.shipping_price, 0)) as shipping_total, count(*) as orders
        from orders o
        where ${sold('o')} and o.created_at >= ${at(span.from)} and o.created_at < ${at(span.to)}
        group by 1
      ) x on x.day = d::date
      order by d`,
  );
}

/** Orders placed in `span` by stored status and by stage (its SQL from the lifecycle's table): how many, and their totals. */
export async function ordersByStage(db: DbOrTx, span: Span) {
  const stage = sql.join([sql`case`, ...ORDER_STAGES.map((name) => sql`when ${inStages([name], 'o')} then ${name}`), sql`end`], sql` `);
  return sqlRows<{ status: string; stage: OrderStage; orders: number; amount: number }>(
    db,
    sql`select o.status, ${stage} as stage, count(*)::int as orders, coalesce(sum(o.total), 0)::float8 as amount
      from orders o
      where o.created_at >= ${at(span.from)} and o.created_at < ${at(span.to)}
      group by 1, 2`,
  );
}

/** Orders placed with each coupon in `span` and not cancelled: how many, the discount given and their totals. */
export async function salesByCoupon(db: DbOrTx, span: Span) {
  return sqlRows<{ code: string; orders: number; discount: number; revenue: number }>(
    db,
    sql`select o.coupon_code as code, count(*)::int as orders, coalesce(sum(o.coupon_discount), 0)::float8 as discount,
        coalesce(sum(o.total), 0)::float8 as revenue
      from orders o
      where o.coupon_id is not null and o.status <> 'cancelled'
        and o.created_at >= ${at(span.from)} and o.created_at < ${at(span.to)}
      group by o.coupon_code
      order by revenue desc, code`,
  );
}

export interface RankedRow {
  kind: 'product_units' | 'product_revenue' | 'brand_units' | 'brand_revenue' | 'type';
  id: number | null;
  name: string | null;
  brand: string | null;
  units: number;
  revenue: number;
}

/**
 * The lines of the orders sold in `span`, ranked: the top products and brands by units and by
 * amount, and the sales of each type. Lines are summed per product first, from the indexes alone
 * (orders_sales_idx, order_products_sales_idx), and only then named; a product that no longer
 * exists is named, and grouped, by the snapshot its order lines kept.
 */
export async function rankedSales(db: DbOrTx, span: Span, top: number): Promise<RankedRow[]> {
  const limit = sql.raw(String(Math.trunc(top)));
  const inSpan = sql`${sold('o')} and o.created_at >= ${at(span.from)} and o.created_at < ${at(span.to)}`;
  return sqlRows<RankedRow>(
    db,
    sql`with by_id as materialized (
        select l.product_id, sum(l.quantity) as units, sum(l.quantity * l.price_at_time) as revenue
        from (${linesSold(span)}) l
        where l.product_id is not null
        group by l.product_id
      ),
      sold as materialized (
        select x.product_id, p.name, b.id as brand_id, b.brand_name as brand, p.type, x.units, x.revenue
        from by_id x join products p on p.id = x.product_id join brands b on b.id = p.brand_id
        union all
        select null, op.product_name, null, op.product_brand, op.product_type, sum(op.quantity), sum(op.quantity * op.price_at_time)
        from orders o join order_products op on op.order_id = o.id
        where ${inSpan} and op.product_id is null
        group by op.product_name, op.product_brand, op.product_type
      ),
      by_product as (
        select product_id as id, min(name) as name, min(brand) as brand, sum(units) as units, sum(revenue) as revenue
        from sold group by product_id, case when product_id is null then name end
      ),
      by_brand as (
        select brand_id as id, min(brand) as name, sum(units) as units, sum(revenue) as revenue
        from sold group by brand_id, case when brand_id is null then brand end
      )
      (select 'product_units' as kind, id, name, brand, units::int, revenue::float8 from by_product
        order by units desc, revenue desc, name, id limit ${limit})
      union all
      (select 'product_revenue', id, name, brand, units::int, revenue::float8 from by_product
        order by revenue desc, units desc, name, id limit ${limit})
      union all
      (select 'brand_units', id, name, null, units::int, revenue::float8 from by_brand
        order by units desc, revenue desc, name, id limit ${limit})
      union all
      (select 'brand_revenue', id, name, null, units::int, revenue::float8 from by_brand
        order by revenue desc, units desc, name, id limit ${limit})
      union all
      (select 'type', null, type, null, sum(units)::int, sum(revenue)::float8 from sold
        where type in ('auto', 'fem', 'reg') group by type)`,
  );
}

export interface LowStockRow {
  threshold: number;
  total: number;
  product_id: number | null;
  blister_id: number | null;
  name: string | null;
  brand: string | null;
  seed_count: number | null;
  stock: number | null;
}

/**
 * Blisters of live products on sale with low stock (`stockState`) under the shop's threshold,
 * fewest first. Always one row at least (the threshold's).
 */
export async function lowStock(db: DbOrTx, threshold: number, rows: number): Promise<LowStockRow[]> {
  return sqlRows<LowStockRow>(
    db,
    sql`select s.low_stock_threshold as threshold, coalesce(x.total, 0)::int as total,
        x.product_id, x.blister_id, x.name, x.brand, x.seed_count, x.stock
      from (select ${threshold}::int as low_stock_threshold) s
      left join lateral (
        select p.id as product_id, b.id as blister_id, p.name, br.brand_name as brand, b.seed_count, b.stock, count(*) over () as total
        from blisters b
        join products p on p.id = b.product_id
        left join brands br on br.id = p.brand_id
        where ${stockStateSql(sql`b.stock`, 'low', sql`s.low_stock_threshold`)} and p.deleted_at is null and p.available
        order by b.stock, p.name, b.seed_count, b.id
        limit ${rows}
      ) x on true`,
  );
}

/**
 * Blisters without stock that orders of `span` asked for: demand the shop cannot meet. The
 * lines are summed per blister first, from the indexes alone.
 */
export async function soldOutStillSelling(db: DbOrTx, span: Span, rows: number) {
  return sqlRows<{ product_id: number; blister_id: number; name: string; seed_count: number; units: number; last_ordered_at: Date }>(
    db,
    sql`with ordered as materialized (
        select l.blister_id, sum(l.quantity) as units, max(l.created_at) as last_ordered_at
        from (${linesSold(span)}) l
        where l.blister_id is not null
        group by l.blister_id
      )
      select p.id as product_id, b.id as blister_id, p.name, b.seed_count, x.units::int as units, x.last_ordered_at
      from ordered x
      join blisters b on b.id = x.blister_id
      join products p on p.id = b.product_id
      where b.stock = 0 and p.deleted_at is null
      order by x.units desc, x.last_ordered_at desc, b.id
      limit ${rows}`,
  );
}

export interface PendingAgingRow {
  total: number;
  under_1_day: number;
  from_1_to_3_days: number;
  over_3_days: number;
  expiring_24h: number;
}

/**
 * Open (not archived) orders awaiting payment by age: the ones the expiry job cancels.
 * `expiresBefore`: an order created before it is cancelled by the job within 24 hours.
 */
export async function pendingAging(db: DbOrTx, limits: { oneDay: Date; threeDays: Date; expiresBefore: Date }) {
  const created = (condition: SQL) => sql`count(*) filter (where ${condition})::int`;
  const [row] = await sqlRows<PendingAgingRow>(
    db,
    sql`select count(*)::int as total,
        ${created(sql`o.created_at > ${at(limits.oneDay)}`)} as under_1_day,
        ${created(sql`o.created_at <= ${at(limits.oneDay)} and o.created_at > ${at(limits.threeDays)}`)} as from_1_to_3_days,
        ${created(sql`o.created_at <= ${at(limits.threeDays)}`)} as over_3_days,
        ${created(sql`o.created_at < ${at(limits.expiresBefore)}`)} as expiring_24h
      from orders o
      where ${inStages(UNPAID_STAGES, 'o')} and o.is_archived = false`,
  );
  return row;
}

/** Open orders and their totals by stage, and the refunds owed, in one pass. */
export async function pipeline(db: DbOrTx): Promise<Pipeline> {
  const stage = (stages: readonly OrderStage[]) =>
    sql`jsonb_build_object('orders', count(*) filter (where ${inStages(stages, 'o')} and not o.is_archived),
      'amount', coalesce(sum(o.total) filter (where ${inStages(stages, 'o')} and not o.is_archived), 0)::float8)`;
  const [row] = await sqlRows<Pipeline>(
    db,
    sql`select ${stage(['awaiting_payment'])} as to_collect, ${stage(['paid'])} as to_ship, ${stage(['shipped'])} as in_transit,
        jsonb_build_object('orders', count(*) filter (where o.refund_status = 'owed'),
          'amount', coalesce(sum(o.refund_amount) filter (where o.refund_status = 'owed'), 0)::float8) as refunds_owed
      from orders o
      where o.status = 'pending' or o.refund_status = 'owed'`,
  );
  return row;
}
