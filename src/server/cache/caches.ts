// The read caches of one app, and the one place each kind of write clears them.
import type { DashboardDto } from '../../domain/dashboard';
import type { OrderStatusCounts } from '../../domain/orders';
import { PageCache } from './page-cache';
import { ReadCache } from './read-cache';

/** The staff order list's tab counts: a sequential aggregate over every order (15 ms at 50,000). */
export const ORDER_COUNTS_TTL_MS = 5000;
/** The staff order list's pages: the embedded database answers one query at a time. */
export const ORDER_PAGES_TTL_MS = 2000;
/**
 * The dashboard: a dozen aggregates over months of orders. This process's order and catalogue
 * writes clear it at once; another process's writes reach it only through this TTL, so it stays short.
 */
export const DASHBOARD_TTL_MS = 30_000;
/** Pages for visitors without a session: a few variants (age cookie) of the popular URLs, 40 MB at most. */
export const PAGE_CACHE_ENTRIES = 300;
/**
 * A page carries its data for the browser, which fetches it again once older than its query
 * staleTime (60 s, web/App.tsx): a page is kept at most twice this (fresh, then while re-rendered).
 */
export const PAGE_MAX_TTL_MS = 25_000;

export interface AppCaches {
  /** Public catalogue answers (products, filters, banks, dollar rate, SEO pages). */
  catalogue: ReadCache;
  orderCounts: ReadCache<OrderStatusCounts>;
  orderPages: ReadCache;
  dashboard: ReadCache<DashboardDto>;
  /** Server-rendered pages for visitors without a session, kept as long as the catalogue's answers. */
  pages: PageCache;
  /** After products, presentations, banks, stock or the dollar rate changed. */
  catalogueChanged(): void;
  /** After any write to orders has ended (committed, or failed with an unknown outcome): orders move stock. */
  ordersChanged(): void;
  /**
   * After a site setting the storefront's pages carry changed (the maintenance state, its message
   * and whether a bypass password exists). Other processes see it through the page key.
   */
  storefrontSettingsChanged(): void;
}

export function createCaches(options: { catalogCacheMs?: number }): AppCaches {
  const catalogue = new ReadCache({ ttlMs: options.catalogCacheMs ?? 0, maxEntries: 1000, serveStaleWhileReloading: true });
  // Date ranges are whole days, so few keys are ever live; the bound only guards memory.
  const orderCounts = new ReadCache<OrderStatusCounts>({ ttlMs: ORDER_COUNTS_TTL_MS, maxEntries: 100 });
  const orderPages = new ReadCache({ ttlMs: ORDER_PAGES_TTL_MS, maxEntries: 100 });
  const dashboard = new ReadCache<DashboardDto>({ ttlMs: DASHBOARD_TTL_MS, maxEntries: 1 });
  const pages = new PageCache({ ttlMs: Math.min(options.catalogCacheMs ?? 0, PAGE_MAX_TTL_MS), maxEntries: PAGE_CACHE_ENTRIES });
  return {
    catalogue,
    orderCounts,
    orderPages,
    dashboard,
    pages,
    catalogueChanged() {
      catalogue.clear();
      dashboard.clear();
      pages.clear();
    },
    ordersChanged() {
      orderCounts.clear();
      orderPages.clear();
      catalogue.clear();
      dashboard.clear();
      // Pages show whether a product has stock.
      pages.clear();
    },
    storefrontSettingsChanged() {
      pages.clear();
    },
  };
}
