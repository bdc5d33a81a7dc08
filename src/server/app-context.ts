// One app's context, composed: the read caches each area keeps and which kind of change clears
// which, and the upload store this configuration chooses. The composition lives here, above the
// areas, so the infrastructure they stand on (context.ts, caches.ts, storage.ts) names none of them.
import type { AppCaches } from './caches';
import { PageCache } from './cache/page-cache';
import { shareChanges } from './cache/shared-changes';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/client';
import { createCatalogCaches } from './modules/catalog/caches';
import { createDashboardCache } from './modules/dashboard/caches';
import { createOrderCaches } from './modules/orders';
import { createReportCaches } from './modules/reports';
import { createSettingsCache } from './modules/site/caches';
import { uploadStorage } from './storage';

/** Server-rendered pages: a few variants (age cookie, session hint) of the popular URLs, 40 MB at most. */
export const PAGE_CACHE_ENTRIES = 300;
/**
 * How long a page is kept while the catalog cache is on. Every change that alters a page clears
 * it (here and, through notifications, in every process), so this is not how stale a page may be
 * but how often a popular page is rendered again: a render blocks the process for tens of ms.
 * A page carries its data for the browser, which fetches it again once older than its query
 * staleTime (60 s, web/App.tsx): a page is kept at most twice this (fresh, then while re-rendered).
 */
export const PAGE_TTL_MS = 25_000;

export function createCaches(options: { catalogCacheMs?: number }): AppCaches {
  const { catalog, dollarRate, productLists, productSearches } = createCatalogCaches(options);
  const { orderCounts, orderPages } = createOrderCaches();
  const dashboard = createDashboardCache();
  const { salesReports, restockPlans } = createReportCaches();
  const settings = createSettingsCache();
  const pages = new PageCache({ ttlMs: (options.catalogCacheMs ?? 0) > 0 ? PAGE_TTL_MS : 0, maxEntries: PAGE_CACHE_ENTRIES });
  return shareChanges({
    catalog,
    orderCounts,
    orderPages,
    dashboard,
    salesReports,
    restockPlans,
    settings,
    pages,
    dollarRate,
    productLists,
    productSearches,
    catalogChanged() {
      catalog.clear();
      dashboard.clear();
      pages.clear();
      dollarRate.clear();
      productLists.clear();
      productSearches.clear();
      // The restock plan shows stock, costs and the banks' lead times.
      restockPlans.clear();
    },
    ordersChanged() {
      orderCounts.clear();
      orderPages.clear();
      catalog.clear();
      // Orders move stock, which the stock filters and the order by price read.
      productLists.clear();
      dashboard.clear();
      salesReports.clear();
      restockPlans.clear();
      // Pages show whether a product has stock.
      pages.clear();
    },
    settingsChanged() {
      settings.clear();
      pages.clear();
      // The dashboard's low-stock list and the staff's 'Stock bajo' filter depend on the threshold.
      dashboard.clear();
      catalog.clear();
      productLists.clear();
    },
  });
}

export function createAppContext(db: Db, config: Config, now: () => Date = () => new Date()): AppContext {
  return { db, config, now, caches: createCaches(config), storage: uploadStorage(config) };
}
