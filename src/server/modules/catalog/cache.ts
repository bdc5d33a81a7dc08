// A short-lived cache of catalogue reads ("micro-cache"). Public catalogue answers are already
// declared cacheable for 60 s; keeping them a few seconds in the process lets one database read
// serve every visitor of a popular page. Writes in this process clear it at once (call
// `invalidateCatalogue()` after changing products, presentations, brands, stock or the rate);
// other processes converge within the TTL. A TTL of 0 turns it off (the tests' default).

import type { AppContext } from '../../context';

const MAX_ENTRIES = 1000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: number) {
    live.add(new WeakRef(this));
  }

  /** The cached value of `key`, or the one `load` produces; concurrent misses share one load. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

const live = new Set<WeakRef<CatalogueCache>>();

/** Forgets every cached catalogue read of this process. */
export function invalidateCatalogue(): void {
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else live.delete(ref);
  }
}

const perApp = new WeakMap<AppContext, CatalogueCache>();

/** The micro-cache of one app's catalogue reads, sized by `config.catalogCacheMs`. */
export function catalogueCache(ctx: AppContext): CatalogueCache {
  let cache = perApp.get(ctx);
  if (!cache) {
    cache = new CatalogueCache(ctx.config.catalogCacheMs ?? 0);
    perApp.set(ctx, cache);
  }
  return cache;
}
