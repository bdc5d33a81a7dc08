// The WHERE and ORDER BY of the catalog's lists, built from a list query: each filter group apart
// (for the facets), the card price and brand joins only when a condition or the order reads them.
import { sql, type SQL } from 'drizzle-orm';
import type { PRICE_RANGES, ProductListQuery } from '../../../domain/catalog';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../domain/inventory';
import { normalizeSearch } from '../../../domain/text';
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

export function searchWords(raw: string): string[] {
  return normalizeSearch(raw).split(' ').filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

export const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** An active brand discount (pricing.isBrandDiscountActive) as SQL over the brand `b`. */
export const brandDiscountActive = (now: Date) =>
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
export function cardPriceJoin(params: ListParams): SQL {
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
export function aggregateJoin(params: ListParams): SQL {
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

export function visibility(viewer: Viewer, available: ProductListQuery['available']): SQL[] {
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

// Spelled like products_created_at_idx (DESC NULLS LAST), so the newest page reads the index.
export const NEWEST = sql`p.created_at desc nulls last, p.id desc nulls last`;

export function orderBy(query: ProductListQuery, filters: FilterParts): SQL {
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

export const allConditions = (f: FilterParts) =>
  and([...f.base, ...[f.type, f.brand, f.sale, f.stock].filter((c): c is SQL => c !== null)]);

/** The FROM of a page or count: the brand only for its filter and brand discounts, the card price only when read. */
export function fromFor(filters: FilterParts, params: ListParams): SQL {
  return filters.needsCardPrice
    ? sql`from products p join brands b on b.id = p.brand_id ${cardPriceJoin(params)}`
    : filters.needsBrand
      ? sql`from products p join brands b on b.id = p.brand_id`
      : sql`from products p`;
}
