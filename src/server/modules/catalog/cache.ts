// A short-lived cache of catalogue reads ("micro-cache"). Public catalogue answers are already
// declared cacheable for 60 s; keeping them a few seconds in the process lets one database read
// serve every visitor of a popular page. Writes in this process clear it at once (call
// `invalidateCatalogue()` after changing products, presentations, brands, stock or the rate);
// other processes converge within twice the TTL. A TTL of 0 turns it off (the tests' default).

import type { AppContext } from '../../context';

const MAX_ENTRIES = 1000;

interface Entry {
  /** Fresh until then; for one more TTL it is served while a single reload runs. */
  expires: number;
  value: Promise<unknown>;
  settled: boolean;
  reloading: boolean;
}

export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by clear(), so a reload started before it does not bring old data back. */
  private generation = 0;

  constructor(private readonly ttlMs: number) {
    live.add(new WeakRef(this));
  }

  /**
   * The cached value of `key`, or the one `load` produces; concurrent misses share one load. A
   * value just past its TTL is still answered while one reload replaces it, so that popular pages
   * never make every waiting request queue behind the database.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit && hit.settled && hit.expires + this.ttlMs > now) {
      if (!hit.reloading) {
        hit.reloading = true;
        this.store(key, load(), now).catch(() => {
          hit.reloading = false;
        });
      }
      return hit.value as Promise<T>;
    }
    if (hit) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    const entry: Entry = { expires: now + this.ttlMs, value, settled: false, reloading: false };
    this.entries.set(key, entry);
    value.then(
      () => {
        entry.settled = true;
      },
      () => {
        // A failed read is not remembered.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Puts a reloaded value in place once it arrives (unless the cache was cleared meanwhile). */
  private async store(key: string, value: Promise<unknown>, started: number): Promise<void> {
    const generation = this.generation;
    await value;
    if (generation !== this.generation) return;
    this.entries.set(key, { expires: started + this.ttlMs, value, settled: true, reloading: false });
  }

  clear(): void {
    this.generation++;
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
