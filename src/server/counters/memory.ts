// Counters in this process's memory: the embedded database has exactly one process, so they are
// all it needs. Also the stand-in while a shared store is unreachable (counters/fallback.ts).
import { retryAfterSeconds, type CounterStore, type RateRule, type TakeResult } from './store';

/** A sliding-window log per key: at most `max` timestamps are kept for each key. */
export class MemoryCounterStore implements CounterStore {
  private readonly hits = new Map<string, number[]>();
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
    return this.recent(key, rule, this.now()).length;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  /** The key's hits inside the window, stored back so the caller may append to them. */
  private recent(key: string, rule: RateRule, now: number): number[] {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - rule.windowSeconds * 1000 && t <= now);
    this.hits.set(key, recent);
    if (++this.operations % 1000 === 0) this.sweep(now);
    return recent;
  }

  /** Drops keys with no hit in the last day (longer than any window), so memory stays bounded. */
  private sweep(now: number): void {
    const dayAgo = now - 24 * 60 * 60 * 1000;
    for (const [key, times] of this.hits) if (!times.length || times[times.length - 1] <= dayAgo) this.hits.delete(key);
  }
}
