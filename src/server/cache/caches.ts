// The read caches of one app, and the one place each kind of write clears them. Each `…Changed()`
// clears this process's caches at once and, when several processes share a PostgreSQL database,
// every other process's within milliseconds (shared-changes.ts: any `…Changed()` added here, and
// any cache it clears, is shared without more code). The TTLs bound staleness when a notification
// is lost (the listening connection down): keep them short where staleness matters.
import type { DashboardDto } from '../../domain/dashboard';
import type { OrderStatusCounts } from '../../domain/orders';
import type { RankedList, RankedSearch } from '../modules/catalog/queries';
import type { MaintenanceState } from '../modules/site/maintenance';
import { PageCache } from './page-cache';
import { ReadCache } from './read-cache';
import { shareChanges, type CacheSharing } from './shared-changes';

/** The staff order list's tab counts: a sequential aggregate over every order (15 ms at 50,000). */
export const ORDER_COUNTS_TTL_MS = 5000;
/** The staff order list's pages: the embedded database answers one query at a time. */
export const ORDER_PAGES_TTL_MS = 2000;
/** The dashboard: a dozen aggregates over months of orders. */
export const DASHBOARD_TTL_MS = 30_000;
/** The maintenance switch, asked for by every API request: a toggle shows everywhere within this even without notifications. */
export const MAINTENANCE_TTL_MS = 1000;
/** Pages for visitors without a session: a few variants (age cookie) of the popular URLs, 40 MB at most. */
export const PAGE_CACHE_ENTRIES = 300;
/**
 * How long a page is kept while the catalogue cache is on. Every change that alters a page clears
 * it (here and, through notifications, in every process), so this is not how stale a page may be
 * but how often a popular page is rendered again: a render blocks the process for tens of ms.
 * A page carries its data for the browser, which fetches it again once older than its query
 * staleTime (60 s, web/App.tsx): a page is kept at most twice this (fresh, then while re-rendered).
 */
export const PAGE_TTL_MS = 25_000;
/**
 * The dollar rate the catalogue prices with: every catalogue read needs it, and it changes a few
 * times a day. A change clears it (catalogueChanged); the TTL only bounds how long a process
 * that missed that signal keeps an old rate.
 */
export const DOLLAR_RATE_TTL_MS = 60_000;
/**
 * A catalogue list's count and first 50 pages of ids, by filters and order: counting every match
 * and reading far down an order cost far more than one page at 50,000 products. Exact: catalogue
 * and order writes clear it, and an entry that reads brand discounts ends at the next discount's
 * expiry (catalog/service.ts); the TTL only bounds how long a process that missed a clearing
 * keeps an old list. Pages load their products (stock, prices) live.
 */
export const PRODUCT_LISTS_TTL_MS = 60_000;
export const PRODUCT_LISTS_ENTRIES = 500;
/**
 * The ranked ids of a plain search (up to 50 pages each): ranking every match of a common word
 * costs most of a search. Exact: catalogue writes clear it (stock and time do not change matches).
 */
export const PRODUCT_SEARCHES_TTL_MS = 60_000;
export const PRODUCT_SEARCHES_ENTRIES = 500;

export interface AppCaches {
  /** Public catalogue answers (products, filters, banks, dollar rate, SEO pages). */
  catalogue: ReadCache;
  orderCounts: ReadCache<OrderStatusCounts>;
  orderPages: ReadCache;
  dashboard: ReadCache<DashboardDto>;
  maintenance: ReadCache<MaintenanceState>;
  /** Server-rendered pages for visitors without a session, kept as long as the catalogue's answers. */
  pages: PageCache;
  /** The dollar rate in force, kept even when the catalogue micro-cache is off. */
  dollarRate: ReadCache<number>;
  /** Counts and first ids of catalogue lists, kept even when the catalogue micro-cache is off. */
  productLists: ReadCache<RankedList>;
  /** Ranked ids of plain searches, kept even when the catalogue micro-cache is off. */
  productSearches: ReadCache<RankedSearch>;
  /** After products, presentations, banks, stock or the dollar rate changed. */
  catalogueChanged(): void;
  /** After any write to orders has ended (committed, or failed with an unknown outcome): orders move stock. */
  ordersChanged(): void;
  /**
   * After site_settings changed (maintenance switch and message, bypass password, low-stock
   * threshold); pages carry the maintenance state.
   */
  settingsChanged(): void;
  /** How the clearing reaches other processes. */
  sharing: CacheSharing;
}

export function createCaches(options: { catalogCacheMs?: number }): AppCaches {
  const catalogue = new ReadCache({ ttlMs: options.catalogCacheMs ?? 0, maxEntries: 1000, serveStaleWhileReloading: true });
  // Date ranges are whole days, so few keys are ever live; the bound only guards memory.
  const orderCounts = new ReadCache<OrderStatusCounts>({ ttlMs: ORDER_COUNTS_TTL_MS, maxEntries: 100 });
  const orderPages = new ReadCache({ ttlMs: ORDER_PAGES_TTL_MS, maxEntries: 100 });
  const dashboard = new ReadCache<DashboardDto>({ ttlMs: DASHBOARD_TTL_MS, maxEntries: 1 });
  const maintenance = new ReadCache<MaintenanceState>({ ttlMs: MAINTENANCE_TTL_MS, maxEntries: 1 });
  const pages = new PageCache({ ttlMs: (options.catalogCacheMs ?? 0) > 0 ? PAGE_TTL_MS : 0, maxEntries: PAGE_CACHE_ENTRIES });
  const dollarRate = new ReadCache<number>({ ttlMs: DOLLAR_RATE_TTL_MS, maxEntries: 1 });
  const productLists = new ReadCache<RankedList>({ ttlMs: PRODUCT_LISTS_TTL_MS, maxEntries: PRODUCT_LISTS_ENTRIES });
  const productSearches = new ReadCache<RankedSearch>({ ttlMs: PRODUCT_SEARCHES_TTL_MS, maxEntries: PRODUCT_SEARCHES_ENTRIES });
  return shareChanges({
    catalogue,
    orderCounts,
    orderPages,
    dashboard,
    maintenance,
    pages,
    dollarRate,
    productLists,
    productSearches,
    catalogueChanged() {
      catalogue.clear();
      dashboard.clear();
      pages.clear();
      dollarRate.clear();
      productLists.clear();
      productSearches.clear();
    },
    ordersChanged() {
      orderCounts.clear();
      orderPages.clear();
      catalogue.clear();
      // Orders move stock, which the stock filters and the order by price read.
      productLists.clear();
      dashboard.clear();
      // Pages show whether a product has stock.
      pages.clear();
    },
    settingsChanged() {
      maintenance.clear();
      pages.clear();
      // The dashboard's low-stock list and the staff's 'Stock bajo' filter depend on the threshold.
      dashboard.clear();
      catalogue.clear();
      productLists.clear();
    },
  });
}
