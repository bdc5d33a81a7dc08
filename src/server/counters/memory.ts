// Counters in this process's memory: the embedded database has exactly one process, so they are
// all it needs. Also the stand-in while a shared store is unreachable (counters/fallback.ts).
import { retryAfterSeconds, type CounterStore, type RateRule, type TakeResult } from './store';

/** Keys kept at most: past them, a flood of new addresses pushes out the stalest keys. */
const MAX_KEYS = 100_000;

interface KeyHits {
  times: number[];
  windowMs: number;
}

/** A sliding-window log per key: at most `max` timestamps are kept for each key. */
export class MemoryCounterStore implements CounterStore {
  private readonly hits = new Map<string, KeyHits>();
  private operations = 0;

  constructor(private readonly now: () => number) {}

  async take(key: string, rule: RateRule): Promise<TakeResult> {
    const now = this.now();
    const recent = this.recent(key, rule, now);
    if (recent.length >= rule.max) return { allowed: false, retryAfterSeconds: retryAfterSeconds(recent[0], rule, now) };
    recent.push(now);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async add(key: string, rule: RateRule): Promise<number> {
    const now = this.now();
    const recent = this.recent(key, rule, now);
    if (recent.length < rule.max) recent.push(now);
    return recent.length;
  }

  async count(key: string, rule: RateRule): Promise<number> {
    const now = this.now();
    return (this.hits.get(key)?.times ?? []).filter((t) => t > now - rule.windowSeconds * 1000 && t <= now).length;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  /** The key's hits inside the window, stored back so the caller may append to them. */
  private recent(key: string, rule: RateRule, now: number): number[] {
    const windowMs = rule.windowSeconds * 1000;
    const times = (this.hits.get(key)?.times ?? []).filter((t) => t > now - windowMs && t <= now);
    // Deleted first so that the Map's order is the order of last use; swept before the key is
    // stored back, so the sweep never drops the hits the caller is about to append to.
    this.hits.delete(key);
    if (++this.operations % 1000 === 0 || this.hits.size >= MAX_KEYS) this.sweep(now);
    this.hits.set(key, { times, windowMs });
    return times;
  }

  /**
   * Drops keys whose window has passed, then the least recently used ones down to 90% of
   * MAX_KEYS, so that under a flood a full sweep runs once per ten thousand new keys.
   */
  private sweep(now: number): void {
    for (const [key, { times, windowMs }] of this.hits)
      if (!times.length || times[times.length - 1] <= now - windowMs) this.hits.delete(key);
    for (const key of this.hits.keys()) {
      if (this.hits.size < MAX_KEYS * 0.9) break;
      this.hits.delete(key);
    }
  }
}
