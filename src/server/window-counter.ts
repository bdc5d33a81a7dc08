// Per-address and per-account limits of the routes that guard against guessing and flooding:
// maintenance bypass guesses, guest warranty claims, uploads (guests per address, staff per
// account). They count in the same shared store as the auth limits (app.counters: PostgreSQL,
// Redis or this process's memory, see src/server/counters), so a limit holds across processes.
import type { CounterStore, RateRule, TakeResult } from './counters/store';

export class WindowCounter {
  readonly rule: RateRule;

  /** `name` sets the counter's keys apart from every other counter's in the store. */
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    limit: { max: number; windowMs: number },
  ) {
    this.rule = { max: limit.max, windowSeconds: limit.windowMs / 1000 };
  }

  /** Counts one hit unless the key is at its limit; refused hits are not counted. */
  take(key: string): Promise<TakeResult> {
    return this.store.take(this.keyOf(key), this.rule);
  }

  /** Counts one hit (up to the limit) and answers the hits in the window. */
  add(key: string): Promise<number> {
    return this.store.add(this.keyOf(key), this.rule);
  }

  count(key: string): Promise<number> {
    return this.store.count(this.keyOf(key), this.rule);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(this.keyOf(key));
  }

  private keyOf(key: string): string {
    return `${this.name}:${key}`;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
