// The staff order list's tab counts (status_counts), kept a few seconds per process: counting
// every order on each request is a sequential aggregate over the whole table (about 15 ms at
// 50,000 orders), repeated for every page and tab. The list's pages are kept too, for less: the
// embedded database answers one query at a time, and staff reload the same tabs. Every order
// write of this process clears both once it has committed (orderCountsChanged), so a list read
// after a write always shows it; another process's writes show within the TTL.
import type { OrderStatusCounts } from '../../../domain/orders';
import type { AppContext } from '../../context';

export const ORDER_COUNTS_TTL_MS = 5000;
export const ORDER_PAGES_TTL_MS = 2000;
/** Date ranges are whole days, so few keys are ever live; the bound only guards memory. */
const MAX_ENTRIES = 100;

interface Entry<T> {
  expires: number;
  value: Promise<T>;
}

export class OrderReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = () => Date.now(),
  ) {
    live.add(new WeakRef(this));
  }

  /**
   * The counts kept under `key`, or those `load` counts; concurrent misses share one load. An
   * entry is created when its load starts, and clear() drops it: whatever is kept was counted
   * after the last write that cleared the cache.
   */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: a Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    const entry: Entry<T> = { expires: now + this.ttlMs, value };
    this.entries.set(key, entry);
    // A failed count is not remembered (the caller still gets the error).
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

export type OrderCountsCache = OrderReadCache<OrderStatusCounts>;

const live = new Set<WeakRef<OrderReadCache<unknown>>>();

/** Call after any write to orders (creation, status, archive, lines, deletion) has committed. */
export function orderCountsChanged(): void {
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else live.delete(ref);
  }
}

const perApp = new WeakMap<AppContext, OrderCountsCache>();

/** The counts cache of one app. */
export function orderCountsCache(ctx: AppContext): OrderCountsCache {
  let cache = perApp.get(ctx);
  if (!cache) {
    cache = new OrderReadCache(ORDER_COUNTS_TTL_MS);
    perApp.set(ctx, cache);
  }
  return cache;
}

const pagesPerApp = new WeakMap<AppContext, OrderReadCache<unknown>>();

/** The staff list pages of one app, by query. */
export function orderPagesCache<T>(ctx: AppContext): OrderReadCache<T> {
  let cache = pagesPerApp.get(ctx);
  if (!cache) {
    cache = new OrderReadCache(ORDER_PAGES_TTL_MS);
    pagesPerApp.set(ctx, cache);
  }
  return cache as OrderReadCache<T>;
}
