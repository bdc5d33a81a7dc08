// The staff order list's read caches: its tab counts and its pages, in every app's `ctx.caches`.
// Made with the other areas' caches in server/app-context.ts, which says which change clears which.
import type { OrderStatusCounts } from '../../../domain/orders';
import { ReadCache } from '../../cache/read-cache';
import type { AppCaches } from '../../caches';

/** The staff order list's tab counts: a sequential aggregate over every order (15 ms at 50,000). */
export const ORDER_COUNTS_TTL_MS = 5000;
/** The staff order list's pages: the embedded database answers one query at a time. */
export const ORDER_PAGES_TTL_MS = 2000;

declare module '../../caches' {
  interface AppCaches {
    orderCounts: ReadCache<OrderStatusCounts>;
    orderPages: ReadCache;
  }
}

export type OrderCaches = Pick<AppCaches, 'orderCounts' | 'orderPages'>;

export function createOrderCaches(): OrderCaches {
  return {
    // Date ranges are whole days, so few keys are ever live; the bound only guards memory.
    orderCounts: new ReadCache<OrderStatusCounts>({ ttlMs: ORDER_COUNTS_TTL_MS, maxEntries: 100 }),
    orderPages: new ReadCache({ ttlMs: ORDER_PAGES_TTL_MS, maxEntries: 100 }),
  };
}
