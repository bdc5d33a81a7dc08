// The read caches of one app, and the one place each kind of write clears them. Each `…Changed()`
// clears this process's caches at once and, when several processes share a PostgreSQL database,
// every other process's within milliseconds (shared-changes.ts: any `…Changed()` added here, and
// any cache it clears, is shared without more code). The TTLs bound staleness when a notification
// is lost (the listening connection down): keep them short where staleness matters.
import type { DashboardDto } from '../../domain/dashboard';
import type { OrderStatusCounts } from '../../domain/orders';
import type { MaintenanceState } from '../modules/site/maintenance';
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

export interface AppCaches {
  /** Public catalogue answers (products, filters, banks, dollar rate, SEO pages). */
  catalogue: ReadCache;
  orderCounts: ReadCache<OrderStatusCounts>;
  orderPages: ReadCache;
  dashboard: ReadCache<DashboardDto>;
  maintenance: ReadCache<MaintenanceState>;
  /** After products, presentations, banks, stock or the dollar rate changed. */
  catalogueChanged(): void;
  /** After any write to orders has ended (committed, or failed with an unknown outcome): orders move stock. */
  ordersChanged(): void;
  /** After site_settings changed (maintenance switch, bypass password, low-stock threshold). */
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
  return shareChanges({
    catalogue,
    orderCounts,
    orderPages,
    dashboard,
    maintenance,
    catalogueChanged() {
      catalogue.clear();
      dashboard.clear();
    },
    ordersChanged() {
      orderCounts.clear();
      orderPages.clear();
      catalogue.clear();
      dashboard.clear();
    },
    settingsChanged() {
      maintenance.clear();
      // The dashboard's low-stock list depends on the threshold.
      dashboard.clear();
    },
  });
}
