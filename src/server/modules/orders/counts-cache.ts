// The staff order list's tab counts (status_counts), kept a few seconds per process: counting
// every order on each request is a sequential aggregate over the whole table (about 15 ms at
// 50,000 orders), repeated for every page and tab. Every order write of this process clears them
// once it has committed (orderCountsChanged), so a list read after a write always counts it;
// another process's writes show within the TTL.
import type { OrderStatusCounts } from '../../../domain/orders';
import type { AppContext } from '../../context';

export const ORDER_COUNTS_TTL_MS = 5000;
/** Date ranges are whole days, so few keys are ever live; the bound only guards memory. */
const MAX_ENTRIES = 100;

interface Entry {
  expires: number;
  value: Promise<OrderStatusCounts>;
}

export class OrderCountsCache {
  private readonly entries = new Map<string, Entry>();

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
  get(key: string, load: () => Promise<OrderStatusCounts>): Promise<OrderStatusCounts> {
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
    const entry: Entry = { expires: now + this.ttlMs, value };
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

const live = new Set<WeakRef<OrderCountsCache>>();

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
    cache = new OrderCountsCache(ORDER_COUNTS_TTL_MS);
    perApp.set(ctx, cache);
  }
  return cache;
}
