// What every rate limit counts with: a sliding window of hits per key, in a store that may be this
// process's memory, PostgreSQL or Redis (counters/index.ts picks one from the configuration).
import { createHash } from 'node:crypto';

export interface RateRule {
  /** Requests allowed inside the window. */
  max: number;
  windowSeconds: number;
}

export interface TakeResult {
  allowed: boolean;
  /** Seconds until the next request is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Where the counters live. Each call counts atomically, also when several processes share the
 * store. A key is used with one rule only (its window and maximum).
 */
export interface CounterStore {
  /** Counts a hit unless `rule.max` hits are already in the window. */
  take(key: string, rule: RateRule): Promise<TakeResult>;
  /** Counts a hit and answers the hits now in the window, this one included (at most `rule.max`). */
  add(key: string, rule: RateRule): Promise<number>;
  /** The hits in the window, without counting one. */
  count(key: string, rule: RateRule): Promise<number>;
  reset(key: string): Promise<void>;
  /** Releases connections the store owns. */
  close?(): Promise<void>;
}

/** Seconds until the oldest hit leaves the window: when a refused key may try again. */
export function retryAfterSeconds(oldestHitMs: number, rule: RateRule, nowMs: number): number {
  return Math.max(1, Math.ceil((oldestHitMs + rule.windowSeconds * 1000 - nowMs) / 1000));
}

const MAX_KEY_LENGTH = 160;

/**
 * Keys carry what callers typed (an e-mail, a user name) and addresses: a shared store keeps
 * long ones as a readable start and a hash of the whole, so no caller can store big keys.
 */
export function boundedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `${key.slice(0, 80)}#${createHash('sha256').update(key).digest('base64url')}`;
}
