// One kind of in-process read cache, cleared by writes ("micro-cache"): answers kept a few seconds
// so that one database read serves many requests. Every process keeps its own; a write clears the
// caches it makes stale in this process and, through PostgreSQL notifications, in every other one
// (caches.ts, postgres-changes.ts). The TTL bounds what a process misses while not notified.

export interface ReadCacheOptions {
  /** How long a value is fresh; 0 turns the cache off. */
  ttlMs: number;
  /** Guards memory: the oldest entry goes when a new one would pass it. */
  maxEntries: number;
  /**
   * For one more TTL after it expires, a value is still answered while a single reload replaces
   * it, so that a popular key never makes every waiting request queue behind the database.
   */
  serveStaleWhileReloading?: boolean;
  clock?: () => number;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
  settled: boolean;
  reloading: boolean;
}

export class ReadCache<V = unknown> {
  private readonly entries = new Map<string, Entry>();
  /** Answers given from memory and loads started, since the process began (/metrics). */
  readonly stats = { hits: 0, misses: 0 };
  /** Bumped by clear(), so a reload started before it does not bring old data back. */
  private generation = 0;
  private readonly clock: () => number;

  constructor(private readonly options: ReadCacheOptions) {
    this.clock = options.clock ?? (() => Date.now());
  }

  /**
   * The value kept under `key`, or the one `load` produces; concurrent misses share one load. An
   * entry is created when its load starts and clear() drops it: whatever is kept was read after
   * the last write that cleared the cache. A failed load is not kept (its callers get the error).
   */
  get<T extends V>(key: string, load: () => Promise<T>): Promise<T> {
    const { ttlMs } = this.options;
    if (ttlMs <= 0) {
      this.stats.misses++;
      return load();
    }
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.stats.hits++;
      return hit.value as Promise<T>;
    }
    if (hit && this.options.serveStaleWhileReloading && hit.settled && hit.expires + ttlMs > now) {
      this.stats.hits++;
      if (!hit.reloading) {
        hit.reloading = true;
        this.replace(key, load(), now).catch(() => {
          hit.reloading = false;
        });
      }
      return hit.value as Promise<T>;
    }
    this.stats.misses++;
    if (hit) this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      // Oldest first: a Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    const entry: Entry = { expires: now + ttlMs, value, settled: false, reloading: false };
    this.entries.set(key, entry);
    value.then(
      () => {
        entry.settled = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Puts a reloaded value in place once it arrives, unless the cache was cleared meanwhile. */
  private async replace(key: string, value: Promise<unknown>, started: number): Promise<void> {
    const generation = this.generation;
    await value;
    if (generation !== this.generation) return;
    this.entries.set(key, { expires: started + this.options.ttlMs, value, settled: true, reloading: false });
  }

  /** Drops one entry, e.g. one its caller knows went stale without a write. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
