// The catalog's read caches: its answers (the micro-cache), the dollar rate it prices with, and
// the counts, ids and rankings of its lists and searches, in every app's `ctx.caches`. Made with
// the other areas' caches in server/app-context.ts, which says which change clears which.
import { ReadCache } from '../../cache/read-cache';
import type { AppCaches } from '../../caches';
import type { RankedList, RankedSearch } from './queries';

/**
 * The dollar rate the catalog prices with: every catalog read needs it, and it changes a few
 * times a day. A change clears it (catalogChanged); the TTL only bounds how long a process
 * that missed that signal keeps an old rate.
 */
export const DOLLAR_RATE_TTL_MS = 60_000;
/**
 * A catalog list's count and first 50 pages of ids, by filters and order: counting every match
 * and reading far down an order cost far more than one page at 50,000 products. Exact: catalog
 * and order writes clear it, and an entry that reads brand discounts ends at the next discount's
 * expiry (catalog/service.ts); the TTL only bounds how long a process that missed a clearing
 * keeps an old list. Pages load their products (stock, prices) live.
 */
export const PRODUCT_LISTS_TTL_MS = 60_000;
export const PRODUCT_LISTS_ENTRIES = 500;
/**
 * The ranked ids of a plain search (up to 50 pages each): ranking every match of a common word
 * costs most of a search. Exact: catalog writes clear it (stock and time do not change matches).
 */
export const PRODUCT_SEARCHES_TTL_MS = 60_000;
export const PRODUCT_SEARCHES_ENTRIES = 500;

declare module '../../caches' {
  interface AppCaches {
    /** Public catalog answers (products, filters, brands, dollar rate, SEO pages). */
    catalog: ReadCache;
    /** The dollar rate in force, kept even when the catalog micro-cache is off. */
    dollarRate: ReadCache<number>;
    /** Counts and first ids of catalog lists, kept even when the catalog micro-cache is off. */
    productLists: ReadCache<RankedList>;
    /** Ranked ids of plain searches, kept even when the catalog micro-cache is off. */
    productSearches: ReadCache<RankedSearch>;
  }
}

export type CatalogCaches = Pick<AppCaches, 'catalog' | 'dollarRate' | 'productLists' | 'productSearches'>;

export function createCatalogCaches(options: { catalogCacheMs?: number }): CatalogCaches {
  return {
    catalog: new ReadCache({ ttlMs: options.catalogCacheMs ?? 0, maxEntries: 1000, serveStaleWhileReloading: true }),
    dollarRate: new ReadCache<number>({ ttlMs: DOLLAR_RATE_TTL_MS, maxEntries: 1 }),
    productLists: new ReadCache<RankedList>({ ttlMs: PRODUCT_LISTS_TTL_MS, maxEntries: PRODUCT_LISTS_ENTRIES }),
    productSearches: new ReadCache<RankedSearch>({ ttlMs: PRODUCT_SEARCHES_TTL_MS, maxEntries: PRODUCT_SEARCHES_ENTRIES }),
  };
}
