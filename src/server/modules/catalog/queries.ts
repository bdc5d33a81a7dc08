// SQL of the catalog reads. One statement answers a page: the filtered, ordered ids with the
// total count, and their columns, brand and blisters (as JSON). A search first asks which of
// its words are typos; slow plans run with their own planner settings (withPlanSettings).
import { sql, type SQL } from 'drizzle-orm';
import { CATALOG_PAGE_SIZE, type PRICE_RANGES, type ProductListQuery } from '../../../domain/catalog';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../domain/inventory';
import { editDistance, normalizeSearch, typoEdits } from '../../../domain/text';
import { preparedPerDb, preparedRows, sqlRows, sqlRowsByShape, type DbOrTx } from '../../db/client';
import { coalescedReads } from '../../db/coalesce';
import type { BlisterRecord, BrandRecord, ProductRecord } from './serialize';
import type { DiscountType } from '../../../domain/pricing';
import type { Viewer } from './viewer';
import { stockStateSql } from './stock-state';

export interface ListParams {
  viewer: Viewer;
  dollarRate: number;
  now: Date;
  /**
   * Search words no visible product contains as typed (see typoWords), each with the catalog
   * words a few edits away; a typo without any is matched by trigram similarity.
   */
  typos?: ReadonlyMap<string, readonly string[]>;
  /** The staff's 'Stock bajo' filter: the shop's threshold, given by the caller (the settings are site's). */
  lowStockThreshold?: number;
}

/** Each filter group apart, so the facets can count a group under all the other filters. */
export interface FilterParts {
  /** Visibility, search, price and staff filters: always applied. */
  base: SQL[];
  type: SQL | null;
  brand: SQL | null;
  sale: SQL | null;
  stock: SQL | null;
  /** Whether any condition or the ordering reads the card's price `c` (cardPriceJoin). */
  needsCardPrice: boolean;
  /** Whether any condition reads the brand `b`. */
  needsBrand: boolean;
  /**
   * A filter that most products fail (out of stock, low stock, without price): a page then reads
   * far down the list to fill itself, so counting in that same pass beats counting apart.
   */
  narrow: boolean;
  /** Relevance of a search, when there is one. */
  rank: SQL | null;
  /** Some search words are matched by trigram similarity (see withPlanSettings). */
  fuzzy: boolean;
}

const MAX_SEARCH_WORDS = 8;
/** Below this length a word is matched as typed; typo tolerance needs enough trigrams. */
const FUZZY_MIN_LENGTH = 4;
/** The trigram similarity (word_similarity) that makes a product a candidate for a typo's corrections. */
const CANDIDATE_SIMILARITY = 0.25;

export function searchWords(raw: string): string[] {
  return normalizeSearch(raw).split(' ').filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** An active brand discount (pricing.isBrandDiscountActive) as SQL over the brand `b`. */
const brandDiscountActive = (now: Date) =>
  sql`(b.discount_active and b.discount_type is not null and coalesce(b.discount_value, 0) > 0
    and (b.discount_expires_at is null or b.discount_expires_at > ${now.toISOString()}::timestamptz))`;

/**
 * Final ARS price of the blister `bl` of the product `p` with brand `b`, the SQL twin of
 * pricing.priceBlister: USD converted with the rate and rounded to a peso, the blister's own
 * discount, and an active brand discount when it is lower. Used to filter and order; the answer's
 * prices come from priceBlister.
 */
function finalPrice(params: ListParams): SQL {
  const rate = sql`${params.dollarRate}::numeric`;
  const ars = sql`(case when p.currency = 'USD' then round(bl.price * ${rate}) else round(bl.price, 2) end)`;
  const own = sql`round(${ars} * (1 - least(greatest(bl.discount, 0), 100) / 100.0), 2)`;
  const byBrand = sql`(case when b.discount_type = 'fixed' then greatest(0, ${ars} - b.discount_value)
    else round(${ars} * (1 - least(b.discount_value, 100) / 100.0), 2) end)`;
  return sql`(case when ${brandDiscountActive(params.now)} then least(${own}, ${byBrand}) else ${own} end)`;
}

/**
 * The price the product's card shows, `c.price` (null without one), and whether that blister
 * is in stock, `c.in_stock`. spec storefront §4 (blister.defaultCardBlister): the first
 * blister with stock and a price, else the first with a price, in the answer's order.
 */
function cardPriceJoin(params: ListParams): SQL {
  // The fence (offset 0) keeps the price above the sort: it is computed for the rows read until
  // one is priced, usually one, instead of for every blister.
  return sql`left join lateral (
    select x.final as price, x.in_stock from (
      select ${finalPrice(params)} as final, bl.stock > 0 as in_stock from blisters bl
      where bl.product_id = p.id and bl.price > 0
      order by bl.stock > 0 desc, bl.seed_count, bl.id offset 0
    ) x where x.final > 0 limit 1
  ) c on true`;
}

/** Stock and whether it is on sale, per product: `a.stock`, `a.on_sale`. */
function aggregateJoin(params: ListParams): SQL {
  const active = brandDiscountActive(params.now);
  return sql`left join lateral (
    select
      coalesce(sum(bl.stock), 0) as stock,
      coalesce(bool_or(bl.price > 0 and (bl.discount > 0 or ${active})), false) as on_sale
    from blisters bl where bl.product_id = p.id
  ) a on true`;
}

const PRICE_BOUNDS: Record<(typeof PRICE_RANGES)[number], [number | null, number | null]> = {
  'under-5000': [null, 5000],
  '5000-10000': [5000, 10000],
  '10000-20000': [10000, 20000],
  '20000-50000': [20000, 50000],
  'over-50000': [50000, null],
};

function visibility(viewer: Viewer, available: ProductListQuery['available']): SQL[] {
  const parts = [sql`p.deleted_at is null`];
  // Unavailable products never reach anonymous callers or customers; staff see all by default
  // (the admin listing) and may narrow with `available`.
  if (viewer !== 'staff') parts.push(sql`p.available`);
  else if (available === 'true') parts.push(sql`p.available`);
  else if (available === 'false') parts.push(sql`not p.available`);
  return parts;
}

// A whole word counts more than the start of a word, and that more than a piece inside one.
const wordScore = (word: string) => sql`(case when ' ' || p.search_text || ' ' like ${`% ${word} %`} then 1
  when ' ' || p.search_text like ${`% ${word}%`} then 0.75 else 0.5 end)`;

export function buildFilters(query: ProductListQuery, params: ListParams): FilterParts {
  const base = visibility(params.viewer, query.available);
  let needsCardPrice = false;
  let narrow = false;
  const card = (part: SQL) => {
    needsCardPrice = true;
    return part;
  };

  let rank: SQL | null = null;
  let fuzzy = false;
  if (query.search) {
    const words = searchWords(query.search);
    if (words.length === 0) {
      // Only symbols: nothing can match, and an honest empty page says so.
      base.push(sql`false`);
    } else {
      const scores: SQL[] = [];
      for (const word of words) {
        const corrected = params.typos?.get(word) ?? [];
        if (corrected.length) {
          // A typo of catalog words ("gorrila" for "gorilla"): those words, as if typed.
          base.push(
            sql`(${sql.join(
              corrected.map((w) => sql`p.search_text like ${`%${w}%`}`),
              sql` or `,
            )})`,
          );
          scores.push(corrected.length === 1 ? wordScore(corrected[0]) : sql`greatest(${sql.join(corrected.map(wordScore), sql`, `)})`);
        } else if (params.typos?.has(word)) {
          // A typo ("gorila"): products with a word similar enough, found through the trigram index.
          fuzzy = true;
          // On the product itself, so that one scan of the trigram index answers every word of
          // the search together (the planner settings rule out reading every row instead).
          base.push(sql`p.search_text %> ${word}`);
          scores.push(sql`word_similarity(${word}, p.search_text)`);
        } else {
          base.push(sql`p.search_text like ${`%${word}%`}`);
          scores.push(wordScore(word));
        }
      }
      const phrase = words.join(' ');
      rank = sql`(${sql.join(scores, sql` + `)} + (case when p.search_text like ${`${phrase}%`} then 2 when p.search_text like ${`%${phrase}%`} then 1 else 0 end))`;
    }
  }

  if (query.priceRange) {
    const [low, high] = PRICE_BOUNDS[query.priceRange];
    if (low !== null) base.push(card(sql`c.price >= ${low}`));
    if (high !== null) base.push(card(sql`c.price < ${high}`));
  }
  // Presence tests read the blisters with EXISTS, which lets an ordered page stop early;
  // only prices need the join `c`.
  const anyBlister = (condition: SQL) => sql`exists (select 1 from blisters s where s.product_id = p.id and ${condition})`;
  if (query.has_price) base.push(anyBlister(sql`s.price > 0`));
  if (params.viewer === 'staff') {
    if (query.currency) base.push(sql`p.currency = ${query.currency}`);
    if (query.priceStatus === 'with-price') base.push(anyBlister(sql`s.price > 0`));
    if (query.priceStatus === 'no-price') {
      base.push(sql`not ${anyBlister(sql`s.price > 0`)}`);
      narrow = true;
    }
  }

  const type = query.type?.length ? sql`p.type in (${list(query.type)})` : null;

  let brand: SQL | null = null;
  if (query.brand?.length) {
    const ids = query.brand.filter((v) => /^\d{1,9}$/.test(v)).map(Number);
    const bySlug = sql`b.brand_id in (${list(query.brand)})`;
    brand = ids.length ? sql`(${bySlug} or b.id in (${list(ids)}))` : bySlug;
  }

  // On sale: a priced blister with its own discount, or any priced one under an active
  // brand discount (the same rule as a.on_sale). One EXISTS, not two joined by OR: the planner
  // makes it one semi-join, where an OR of two made each a hashed list of every blister.
  const sale = query.discount ? anyBlister(sql`s.price > 0 and (s.discount > 0 or ${brandDiscountActive(params.now)})`) : null;

  const stockParts: SQL[] = [];
  const inStock = anyBlister(sql`s.stock > 0`);
  if (query.has_stock || query.stockFilter === 'with-stock') stockParts.push(inStock);
  if (query.no_stock || query.stockFilter === 'out-of-stock') {
    stockParts.push(sql`not ${inStock}`);
    narrow = true;
  }
  if (query.stockFilter === 'low-stock') {
    // The products of the blisters the dashboard lists (dashboard/queries.ts lowStock): low stock
    // (`stockState`) under the threshold set in 'Configuración'.
    const threshold = params.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
    stockParts.push(anyBlister(stockStateSql(sql`s.stock`, 'low', sql`${threshold}::int`)));
    narrow = true;
  }
  const stock = stockParts.length ? and(stockParts) : null;

  if (query.ordering === 'min_price' || query.ordering === '-min_price') needsCardPrice = true;
  return {
    base,
    type,
    brand,
    sale,
    stock,
    needsCardPrice,
    needsBrand: needsCardPrice || brand !== null || sale !== null,
    narrow,
    rank,
    fuzzy,
  };
}

/**
 * The search words (long enough to hold a typo) that no product the caller may see contains as
 * typed, each with its corrections (typoCorrections). Most searches are spelled right and stay on
 * the cheap LIKE path.
 */
export async function typoWords(db: DbOrTx, search: string | undefined, viewer: Viewer): Promise<Map<string, string[]>> {
  const words = search ? searchWords(search).filter((w) => w.length >= FUZZY_MIN_LENGTH) : [];
  if (words.length === 0) return new Map();
  const visible = and(visibility(viewer, undefined));
  const checks = words.map(
    (w, i) => sql`exists (select 1 from products p where ${visible} and p.search_text like ${`%${w}%`}) as ${sql.raw(`w${i}`)}`,
  );
  const [row] = await sqlRows<Record<string, boolean>>(db, sql`select ${sql.join(checks, sql`, `)}`);
  const typos = words.filter((_, i) => !row[`w${i}`]);
  return typos.length ? typoCorrections(db, typos, visible) : new Map();
}

/**
 * Trigram similarity alone misses a changed or doubled letter in a short word ("gorrila" is 0.45
 * similar to "gorilla", "hase" 0.4 to "haze"; the operator needs 0.6). So the trigram index only
 * gathers candidates, at a lower bar, and the words of those products that are a letter or two
 * away (editDistance) are the corrections: as precise as the edit count, as fast as the index.
 */
async function typoCorrections(db: DbOrTx, typos: string[], visible: SQL): Promise<Map<string, string[]>> {
  const typed = sql.join(
    typos.map((t) => sql`(${t})`),
    sql`, `,
  );
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true), set_config('enable_seqscan', 'off', true)`,
    );
    return sqlRows<{ typo: string; word: string }>(
      tx,
      sql`select distinct t.typo, w.word from (values ${typed}) as t(typo)
        join products p on p.search_text %> t.typo
        cross join lateral regexp_split_to_table(p.search_text, ' ') as w(word)
        where ${visible} and length(w.word) >= ${FUZZY_MIN_LENGTH - 1}`,
    );
  });
  const corrections = new Map<string, string[]>(typos.map((t) => [t, []]));
  for (const { typo, word } of rows) {
    const edits = typoEdits(typo);
    if (editDistance(typo, word, edits) <= edits) corrections.get(typo)!.push(word);
  }
  return corrections;
}

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

// Spelled like products_created_at_idx (DESC NULLS LAST), so the newest page reads the index.
const NEWEST = sql`p.created_at desc nulls last, p.id desc nulls last`;

function orderBy(query: ProductListQuery, filters: FilterParts): SQL {
  switch (query.ordering) {
    // By the card's price, those the card can sell (in stock) first, unpriced last.
    case 'min_price':
      return sql`c.in_stock desc nulls last, c.price asc nulls last, p.id asc`;
    case '-min_price':
      return sql`c.in_stock desc nulls last, c.price desc nulls last, p.id desc`;
    case 'name':
      return sql`p.name asc, p.id asc`;
    case '-created_at':
      return NEWEST;
    default:
      return filters.rank ? sql`${filters.rank} desc, ${NEWEST}` : NEWEST;
  }
}

const allConditions = (f: FilterParts) => and([...f.base, ...[f.type, f.brand, f.sale, f.stock].filter((c): c is SQL => c !== null)]);

/** A numeric column as the drivers answer it: node-postgres gives text, PGlite a number. */
type StoredNumber = string | number;

/** A blister of BLISTERS_JSON: a json value, so its numerics keep the same uncertainty. */
interface BlisterJson {
  id: StoredNumber;
  seed_count: StoredNumber;
  price: StoredNumber | null;
  stock: StoredNumber;
  discount: StoredNumber;
  cost_price?: StoredNumber | null;
}

/** One row of PRODUCT_COLUMNS, BLISTERS_JSON and the match count, as read. */
type ProductJoinedRow = Omit<ProductRecord, 'sativa' | 'indica'> & {
  sativa: StoredNumber | null;
  indica: StoredNumber | null;
  brand_slug: string;
  brand_name: string;
  brand_description: string | null;
  brand_image: string | null;
  brand_visible: boolean;
  brand_is_national: boolean;
  brand_discount_active: boolean;
  brand_discount_type: DiscountType | null;
  brand_discount_value: StoredNumber | null;
  brand_discount_expires_at: Date | string | null;
  brand_created_at: Date | string;
  /** Text from drivers that do not parse json. */
  blisters: BlisterJson[] | string;
  total: StoredNumber;
};

/** Columns of the product `p` and its brand `b`, the brand's prefixed with `brand_`. */
const PRODUCT_COLUMNS = sql`p.id, p.brand_id, p.name, p.type, p.genotype, p.sativa, p.indica, p.effects, p.flavors,
  p.thc, p.cbd, p.flowering_time, p.completed_cicle, p.height_indoor, p.height_outdoor, p.yield_indoor,
  p.yield_outdoor, p.sku, p.currency, p.image, p.image_2, p.image_3, p.description, p.available, p.created_at,
  b.brand_id as brand_slug, b.brand_name as brand_name, b.description as brand_description,
  b.image as brand_image, b.visible as brand_visible, b.is_national as brand_is_national,
  b.discount_active as brand_discount_active, b.discount_type as brand_discount_type,
  b.discount_value as brand_discount_value, b.discount_expires_at as brand_discount_expires_at,
  b.created_at as brand_created_at`;

const BLISTERS_JSON = sql`(select coalesce(json_agg(json_build_object('id', bl.id, 'seed_count', bl.seed_count,
  'price', bl.price, 'stock', bl.stock, 'discount', bl.discount, 'cost_price', bl.cost_price) order by bl.seed_count, bl.id), '[]'::json)
  from blisters bl where bl.product_id = p.id) as blisters`;

export interface ProductBundle {
  product: ProductRecord;
  brand: BrandRecord;
  blisters: BlisterRecord[];
}

const num = (v: StoredNumber | null) => (v == null ? null : Number(v));

function toBundle(row: ProductJoinedRow): ProductBundle {
  const blisters: BlisterJson[] = typeof row.blisters === 'string' ? (JSON.parse(row.blisters) as BlisterJson[]) : row.blisters;
  return {
    product: {
      id: row.id,
      brand_id: row.brand_id,
      name: row.name,
      type: row.type,
      genotype: row.genotype,
      sativa: num(row.sativa),
      indica: num(row.indica),
      effects: row.effects,
      flavors: row.flavors,
      thc: row.thc,
      cbd: row.cbd,
      flowering_time: row.flowering_time,
      completed_cicle: row.completed_cicle,
      height_indoor: row.height_indoor,
      height_outdoor: row.height_outdoor,
      yield_indoor: row.yield_indoor,
      yield_outdoor: row.yield_outdoor,
      sku: row.sku,
      currency: row.currency,
      image: row.image,
      image_2: row.image_2,
      image_3: row.image_3,
      description: row.description,
      available: row.available,
      created_at: row.created_at,
    },
    brand: {
      id: row.brand_id,
      brand_id: row.brand_slug,
      brand_name: row.brand_name,
      description: row.brand_description,
      image: row.brand_image,
      visible: row.brand_visible,
      is_national: row.brand_is_national,
      discount_active: row.brand_discount_active,
      discount_type: row.brand_discount_type,
      discount_value: num(row.brand_discount_value),
      discount_expires_at: row.brand_discount_expires_at,
      created_at: row.brand_created_at,
    },
    blisters: blisters.map((b) => ({
      id: Number(b.id),
      seed_count: Number(b.seed_count),
      price: num(b.price),
      stock: Number(b.stock),
      discount: Number(b.discount),
      cost_price: num(b.cost_price ?? null),
    })),
  };
}

/**
 * Full rows for the ids an inner query picks, in its order: the inner query answers `id` and
 * `total` (the count of every match), ordered and limited.
 */
async function loadPicked(
  db: DbOrTx,
  inner: SQL,
  plan: 'by-shape' | 'by-values' = 'by-shape',
): Promise<{ bundles: ProductBundle[]; total: number | null }> {
  const rows = await (plan === 'by-shape' ? sqlRowsByShape : sqlRows)<ProductJoinedRow>(
    db,
    sql`
    select ${PRODUCT_COLUMNS}, ${BLISTERS_JSON}, picked.total
    from (select ordered.id, ordered.total, row_number() over () as rn from (${inner}) ordered) picked
    join products p on p.id = picked.id
    join brands b on b.id = p.brand_id
    order by picked.rn`,
  );
  return { bundles: rows.map(toBundle), total: rows.length ? Number(rows[0].total) : null };
}

/** The FROM of a page or count: the brand only for its filter and brand discounts, the card price only when read. */
function fromFor(filters: FilterParts, params: ListParams): SQL {
  return filters.needsCardPrice
    ? sql`from products p join brands b on b.id = p.brand_id ${cardPriceJoin(params)}`
    : filters.needsBrand
      ? sql`from products p join brands b on b.id = p.brand_id`
      : sql`from products p`;
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

/** Ids as one PostgreSQL array parameter (`{1,2,3}`, cast with ::int[]). */
const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/** Full rows of the products `ids`, in that order. */
export async function loadProducts(db: DbOrTx, ids: number[]): Promise<ProductBundle[]> {
  if (ids.length === 0) return [];
  const { bundles } = await loadPicked(
    db,
    sql`select x.id, 0 as total from unnest(${intArray(ids)}::int[]) with ordinality x(id, n) order by x.n`,
  );
  return bundles;
}

/**
 * Reads of concurrent requests go together in one statement (coalesce.ts), two statements at a
 * time at most: PostgreSQL can use two cores, and the rest of the pool stays free for other reads
 * and for orders.
 */
const readTogether = (read: (db: DbOrTx, ids: number[]) => Promise<ProductBundle[]>) =>
  preparedPerDb((db: DbOrTx) =>
    coalescedReads(async (ids: number[]) => new Map((await read(db, ids)).map((b) => [b.product.id, b])), {
      maxInFlight: 2,
      maxKeys: 20 * CATALOG_PAGE_SIZE,
    }),
  );

/** loadProducts for the catalog's pages, the pages asked for at the same time read together. */
export const loadProductsTogether = readTogether(loadProducts);

/** Products with their brand and blisters, in one prepared statement per visibility. */
const productsByIds = (visible: boolean) => {
  const statement = preparedRows<ProductJoinedRow>(
    visible ? 'catalog_products_available' : 'catalog_products_any',
    sql`select ${PRODUCT_COLUMNS}, ${BLISTERS_JSON} from products p join brands b on b.id = p.brand_id
    where p.id = any(${sql.placeholder('ids')}::int[]) and ${and(visibility(visible ? 'anonymous' : 'staff', undefined))}`,
  );
  return readTogether(async (db, ids) => (await statement(db, { ids: intArray(ids) })).map(toBundle));
};
const availableProducts = productsByIds(true);
const anyProducts = productsByIds(false);

/** One product (detail, related, a blister's), read together with those other requests ask for. */
export async function findProduct(db: DbOrTx, id: number, viewer: Viewer): Promise<ProductBundle | null> {
  const [bundle] = await (viewer === 'staff' ? anyProducts : availableProducts)(db)([id]);
  return bundle ?? null;
}

/** Same brand or same type first (both first), then those with stock, then the newest. */
export async function findRelated(db: DbOrTx, product: ProductRecord, viewer: Viewer, limit: number): Promise<ProductBundle[]> {
  const order = sql`((p.brand_id = ${product.brand_id})::int + (p.type = ${product.type})::int) desc,
    exists (select 1 from blisters s where s.product_id = p.id and s.stock > 0) desc, ${NEWEST}`;
  const { bundles } = await loadPicked(
    db,
    sql`
    select p.id, 0 as total from products p where p.id <> ${product.id} and ${and(visibility(viewer, 'true'))}
    order by ${order} limit ${limit}`,
  );
  return bundles;
}

export async function findBlister(db: DbOrTx, id: number, viewer: Viewer): Promise<(ProductBundle & { blisterId: number }) | null> {
  const [row] = await sqlRows<{ product_id: number }>(db, sql`select product_id from blisters where id = ${id}`);
  if (!row) return null;
  const bundle = await findProduct(db, Number(row.product_id), viewer);
  return bundle ? { ...bundle, blisterId: id } : null;
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
