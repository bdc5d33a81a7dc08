// The read caches of one app, each made by the area that owns it, and the one place each kind of
// write clears them. Each `…Changed()`
// clears this process's caches at once and, when several processes share a PostgreSQL database,
// every other process's within milliseconds (shared-changes.ts: any `…Changed()` added here, and
// any cache it clears, is shared without more code). The TTLs bound staleness when a notification
// is lost (the listening connection down): keep them short where staleness matters.
import { PageCache } from './cache/page-cache';
import { ReadCache } from './cache/read-cache';
import { shareChanges, type CacheSharing } from './cache/shared-changes';
import { createCatalogCaches, type CatalogCaches } from './modules/catalog/caches';
import type { DashboardDto } from '../domain/dashboard';
import { createDashboardCache } from './modules/dashboard/caches';
import { createOrderCaches, type OrderCaches } from './modules/orders/caches';
import { createMaintenanceCache, type MaintenanceState } from './modules/site/caches';

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

export interface AppCaches extends CatalogCaches, OrderCaches {
  dashboard: ReadCache<DashboardDto>;
  maintenance: ReadCache<MaintenanceState>;
  /** Server-rendered pages for visitors without a session, kept as long as the catalogue's answers. */
  pages: PageCache;
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
  const { catalogue, dollarRate, productLists, productSearches } = createCatalogCaches(options);
  const { orderCounts, orderPages } = createOrderCaches();
  const dashboard = createDashboardCache();
  const maintenance = createMaintenanceCache();
  const pages = new PageCache({ ttlMs: (options.catalogCacheMs ?? 0) > 0 ? PAGE_TTL_MS : 0, maxEntries: PAGE_CACHE_ENTRIES });
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
