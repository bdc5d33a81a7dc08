// The restock planner (GET /api/restock/, issue 37): each blister's stock, the units unpaid orders
// hold, and what paid orders took in the last 30 and 90 days, in one statement that reads those
// orders' lines once; the figures and the order come from domain/restock.ts. Reads orders and the
// catalog in raw SQL (table-owners.js: reports).
import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../domain/dates';
import { restockFigures, restockOrder, type RestockDto, type RestockRow } from '../../../domain/restock';
import { sqlRows, type DbOrTx } from '../../db/client';

/** The order of localeCompare(…, 'es'), made once instead of on each of a big plan's comparisons. */
const byName = new Intl.Collator('es');

interface Stored {
  blister_id: number;
  product_id: number;
  brand_id: number;
  brand_name: string;
  name: string;
  seed_count: number;
  stock: number;
  cost_price: string | number | null;
  lead_time_days: number;
  reserved: string | number | null;
  sold_30: string | number | null;
  sold_90: string | number | null;
}

export async function restockPlan(
  db: DbOrTx,
  opts: { coverDays: number; brandId?: number; onlyNeeded: boolean; now: Date },
): Promise<RestockDto> {
  const since90 = new Date(opts.now.getTime() - 90 * DAY_MS).toISOString();
  const since30 = new Date(opts.now.getTime() - 30 * DAY_MS).toISOString();
  // Sold: paid in the last 90 days, not cancelled nor refunded. Reserved: awaiting payment.
  const SOLD = sql`o.created_at >= ${since90}::timestamptz and o.paid_at is not null and o.status <> 'cancelled' and o.refund_status is null`;
  const RESERVING = sql`o.status = 'pending' and o.paid_at is null`;
  const rows = await sqlRows<Stored>(
    db,
    sql`
    with moved as (
      select l.blister_id,
        sum(l.quantity) filter (where ${SOLD} and o.created_at >= ${since30}::timestamptz) as sold_30,
        sum(l.quantity) filter (where ${SOLD}) as sold_90,
        sum(l.quantity) filter (where ${RESERVING}) as reserved
      from orders o join order_products l on l.order_id = o.id
      where l.blister_id is not null and ((${SOLD}) or (${RESERVING}))
      group by l.blister_id
    )
    select bl.id as blister_id, p.id as product_id, b.id as brand_id, b.brand_name, p.name, bl.seed_count, bl.stock, bl.cost_price,
      b.lead_time_days, m.reserved, m.sold_30, m.sold_90
    from blisters bl
    join products p on p.id = bl.product_id and p.deleted_at is null
    join brands b on b.id = p.brand_id
    left join moved m on m.blister_id = bl.id
    ${opts.brandId ? sql`where b.id = ${opts.brandId}` : sql``}`,
  );
  const planned: RestockRow[] = rows.map((r) => {
    const base = {
      stock: Number(r.stock),
      sold_30: Number(r.sold_30 ?? 0),
      sold_90: Number(r.sold_90 ?? 0),
      lead_time_days: Number(r.lead_time_days),
    };
    return {
      product_id: Number(r.product_id),
      blister_id: Number(r.blister_id),
      brand_id: Number(r.brand_id),
      brand_name: r.brand_name,
      name: r.name,
      seed_count: Number(r.seed_count),
      reserved: Number(r.reserved ?? 0),
      cost_price: r.cost_price == null ? null : Number(r.cost_price),
      ...base,
      ...restockFigures(base, opts.coverDays),
    };
  });
  const shown = opts.onlyNeeded ? planned.filter((r) => r.suggested > 0) : planned;
  shown.sort((a, b) => restockOrder(a, b) || byName.compare(a.name, b.name) || a.seed_count - b.seed_count);
  return { cover_days: opts.coverDays, rows: shown };
}
