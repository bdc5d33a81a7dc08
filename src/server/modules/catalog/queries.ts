// SQL of the catalog's lists. One statement answers a page: the filtered, ordered ids with the
// total count, and their columns, brand and blisters (product-rows.ts). The conditions come from
// list-filters.ts; slow plans run with their own planner settings (withPlanSettings).
import { sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery } from '../../../domain/catalog';
import { sqlRows, sqlRowsByShape, type DbOrTx } from '../../db/client';
import {
  aggregateJoin,
  allConditions,
  and,
  brandDiscountActive,
  buildFilters,
  cardPriceJoin,
  fromFor,
  orderBy,
  type ListParams,
} from './list-filters';
import { loadPicked, type ProductBundle } from './product-rows';

/**
 * Runs a page's statements with planner settings of their own (SET LOCAL, inside a transaction,
 * on PostgreSQL and PGlite alike), when the plain plan would be slow:
 * - a search with typos: the planner prices the trigram similarity operator like a cheap
 *   comparison and would test every row (about 30 ms on 5,000 products, several times more on
 *   PGlite); forbidding plain scans sends it through the GIN trigram index, a few hundred rows.
 * - a per-product join (card price, stock totals) over the whole catalog: its estimated cost
 *   passes PostgreSQL's JIT threshold, and compiling takes far longer (about 80 ms) than running it.
 */
async function withPlanSettings<T>(
  db: DbOrTx,
  plan: { fuzzy: boolean; perProduct: boolean },
  work: (db: DbOrTx) => Promise<T>,
): Promise<T> {
  if (!plan.fuzzy && !plan.perProduct) return work(db);
  const settings: SQL[] = [sql`set_config('jit', 'off', true)`];
  if (plan.fuzzy) settings.push(sql`set_config('enable_seqscan', 'off', true)`, sql`set_config('enable_indexscan', 'off', true)`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
    return work(tx);
  });
}

/**
 * One page of products. `count` is the number of every match, counted here only when the caller
 * does not already know it (`knownCount`, from the list cache): a search ranks every match
 * anyway, so it counts in that same pass.
 */
export async function findProductPage(
  db: DbOrTx,
  query: ProductListQuery,
  params: ListParams,
  limit: number,
  offset: number,
  knownCount?: number,
): Promise<{ bundles: ProductBundle[]; count: number }> {
  const filters = buildFilters(query, params);
  const from = fromFor(filters, params);
  const where = allConditions(filters);
  const order = orderBy(query, filters);
  // With the card price, a search or a narrow filter every match is visited anyway (to price or
  // rank it, or to find enough for a page): count in the same pass. Otherwise count apart (an
  // init plan) so that an ordered page reads only the rows it shows.
  const total =
    knownCount !== undefined
      ? sql`0`
      : filters.needsCardPrice || filters.rank || filters.narrow
        ? sql`count(*) over ()`
        : sql`(select count(*) ${from} where ${where})`;
  return withPlanSettings(db, { fuzzy: filters.fuzzy, perProduct: filters.needsCardPrice }, async (q) => {
    // A search's plan depends on its words (how many products each pattern matches): planned
    // each time. The other pages are planned once per shape of filters.
    const { bundles, total: count } = await loadPicked(
      q,
      sql`select p.id, ${total} as total ${from} where ${where} order by ${order} limit ${limit} offset ${offset}`,
      filters.rank ? 'by-values' : 'by-shape',
    );
    if (knownCount !== undefined) return { bundles, count: knownCount };
    if (count !== null) return { bundles, count };
    if (offset === 0) return { bundles, count: 0 };
    // Past the last page there is no row to carry the count.
    const [row] = await sqlRows<{ n: number }>(q, sql`select count(*)::int as n ${from} where ${where}`);
    return { bundles, count: Number(row.n) };
  });
}

/** A list's first matches in the order its pages show them, and how many match. */
export interface RankedList {
  ids: number[];
  count: number;
  /**
   * When the list may change without any write: the next expiry of an active brand discount,
   * for filters or orders that read brand discounts (on sale, price range, by price); null when
   * only writes change it.
   */
  validUntil: number | null;
}

/** Lists whose matches or order change when a brand discount expires, with no write. */
export const listDependsOnTime = (query: ProductListQuery) =>
  Boolean(query.discount || query.priceRange || query.ordering === 'min_price' || query.ordering === '-min_price');

/** The first `keep` matches of a list's filters in its order, and the count of all. */
export async function rankList(db: DbOrTx, query: ProductListQuery, params: ListParams, keep: number): Promise<RankedList> {
  const filters = buildFilters(query, params);
  const from = fromFor(filters, params);
  const where = allConditions(filters);
  const nextExpiry = listDependsOnTime(query)
    ? sql`(select min(b.discount_expires_at) from brands b where ${brandDiscountActive(params.now)} and b.discount_expires_at is not null)`
    : sql`null::timestamptz`;
  return withPlanSettings(db, { fuzzy: filters.fuzzy, perProduct: filters.needsCardPrice }, async (q) => {
    const [row] = await sqlRows<{ n: number; until: Date | string | null }>(
      q,
      sql`select (select count(*)::int ${from} where ${where}) as n, ${nextExpiry} as until`,
    );
    const ids = await sqlRowsByShape<{ id: number }>(
      q,
      sql`select p.id ${from} where ${where} order by ${orderBy(query, filters)} limit ${keep}`,
    );
    return {
      ids: ids.map((r) => Number(r.id)),
      count: Number(row.n),
      validUntil: row.until === null ? null : new Date(row.until).getTime(),
    };
  });
}

/** A search's ranked matches: the first `ids` in the order its pages show them, and how many match. */
export interface RankedSearch {
  ids: number[];
  count: number;
}

/**
 * The ids of a search's matches (no other filter, ranked), the first `keep` of them, with the
 * count of all: what every page of that search shows, read once.
 */
export async function rankSearch(db: DbOrTx, query: ProductListQuery, params: ListParams, keep: number): Promise<RankedSearch> {
  const filters = buildFilters(query, params);
  const order = orderBy(query, filters);
  const rows = await withPlanSettings(db, { fuzzy: filters.fuzzy, perProduct: false }, (q) =>
    sqlRows<{ id: number; total: number }>(
      q,
      sql`select p.id, count(*) over () as total from products p where ${allConditions(filters)} order by ${order} limit ${keep}`,
    ),
  );
  return { ids: rows.map((r) => Number(r.id)), count: rows.length ? Number(rows[0].total) : 0 };
}

export interface FacetCounts {
  types: { type: string; count: number }[];
  brands: { brand_id: number; count: number }[];
  on_sale: number;
  with_stock: number;
}

/**
 * Counts for the catalog's filter groups in one statement: each group is counted under every
 * active filter except its own, so choosing a type still shows how many the other types have.
 */
export async function countFacets(db: DbOrTx, query: ProductListQuery, params: ListParams): Promise<FacetCounts> {
  const f = buildFilters(query, params);
  // The aggregate is always needed: on_sale and with_stock are counted whatever the filters.
  const typeOk = f.type ?? sql`true`;
  const brandOk = f.brand ?? sql`true`;
  const saleOk = query.discount ? sql`a.on_sale` : sql`true`;
  const stockOk = f.stock ?? sql`true`;
  const rows = await withPlanSettings(db, { fuzzy: f.fuzzy, perProduct: true }, (q) =>
    sqlRows<{
      type: string | null;
      brand_id: number | null;
      g: number;
      by_type: number;
      by_brand: number;
      on_sale: number;
      with_stock: number;
    }>(
      q,
      sql`
    with c as (
      select p.type, p.brand_id, a.on_sale, a.stock > 0 as in_stock,
        ${typeOk} as type_ok, ${brandOk} as brand_ok, ${saleOk} as sale_ok, ${stockOk} as stock_ok
      from products p join brands b on b.id = p.brand_id ${aggregateJoin(params)} ${f.needsCardPrice ? cardPriceJoin(params) : sql``}
      where ${and(f.base)}
    )
    select type, brand_id, grouping(type, brand_id)::int as g,
      (count(*) filter (where brand_ok and sale_ok and stock_ok))::int as by_type,
      (count(*) filter (where type_ok and sale_ok and stock_ok))::int as by_brand,
      (count(*) filter (where type_ok and brand_ok and stock_ok and on_sale))::int as on_sale,
      (count(*) filter (where type_ok and brand_ok and sale_ok and in_stock))::int as with_stock
    from c group by grouping sets ((type), (brand_id), ())`,
    ),
  );
  const total = rows.find((r) => Number(r.g) === 3);
  return {
    types: rows.filter((r) => Number(r.g) === 1).map((r) => ({ type: String(r.type), count: Number(r.by_type) })),
    brands: rows.filter((r) => Number(r.g) === 2).map((r) => ({ brand_id: Number(r.brand_id), count: Number(r.by_brand) })),
    on_sale: Number(total?.on_sale ?? 0),
    with_stock: Number(total?.with_stock ?? 0),
  };
}
