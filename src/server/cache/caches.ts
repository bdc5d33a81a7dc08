// The read caches of one app, and the one place each kind of write clears them.
import type { DashboardDto } from '../../domain/dashboard';
import type { OrderStatusCounts } from '../../domain/orders';
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
/**
 * The dollar rate the catalogue prices with: every catalogue read needs it, and it changes a few
 * times a day. A change clears it (catalogueChanged); the TTL only bounds how long a process
 * that missed that signal keeps an old rate.
 */
export const DOLLAR_RATE_TTL_MS = 60_000;

export interface AppCaches {
  /** Public catalogue answers (products, filters, banks, dollar rate, SEO pages). */
  catalogue: ReadCache;
  orderCounts: ReadCache<OrderStatusCounts>;
  orderPages: ReadCache;
  dashboard: ReadCache<DashboardDto>;
  /** The dollar rate in force, kept even when the catalogue micro-cache is off. */
  dollarRate: ReadCache<number>;
  /** After products, presentations, banks, stock or the dollar rate changed. */
  catalogueChanged(): void;
  /** After any write to orders has ended (committed, or failed with an unknown outcome): orders move stock. */
  ordersChanged(): void;
}

export function createCaches(options: { catalogCacheMs?: number }): AppCaches {
  const catalogue = new ReadCache({ ttlMs: options.catalogCacheMs ?? 0, maxEntries: 1000, serveStaleWhileReloading: true });
  // Date ranges are whole days, so few keys are ever live; the bound only guards memory.
  const orderCounts = new ReadCache<OrderStatusCounts>({ ttlMs: ORDER_COUNTS_TTL_MS, maxEntries: 100 });
  const orderPages = new ReadCache({ ttlMs: ORDER_PAGES_TTL_MS, maxEntries: 100 });
  const dashboard = new ReadCache<DashboardDto>({ ttlMs: DASHBOARD_TTL_MS, maxEntries: 1 });
  const dollarRate = new ReadCache<number>({ ttlMs: DOLLAR_RATE_TTL_MS, maxEntries: 1 });
  return {
    catalogue,
    orderCounts,
    orderPages,
    dashboard,
    dollarRate,
    catalogueChanged() {
      catalogue.clear();
      dashboard.clear();
      dollarRate.clear();
    },
    ordersChanged() {
      orderCounts.clear();
      orderPages.clear();
      catalogue.clear();
      dashboard.clear();
    },
  };
}
