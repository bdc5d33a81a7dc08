// What a check does when the shared store (PostgreSQL or Redis) does not answer: it counts in this
// process's memory instead and logs the trouble. How long a check may wait is the store's own
// business: the Redis client gives up after a second; PostgreSQL is the shop's database, whose
// outage stops far more than the counters. Refusing every login, code and guest claim while
// Redis is away would turn a counter outage into a shop outage; counting in memory keeps every
// limit in force per process (the limit times the number of processes at worst, as before the
// counters were shared), and argon2's cost still bounds password guessing. Never a 500.
import type { FastifyBaseLogger } from 'fastify';
import { MemoryCounterStore } from './memory';
import type { CounterStore, RateRule, TakeResult } from './store';

/** While the store stays away, one error line per this span (not one per request). */
const LOG_EVERY_MS = 60_000;

export class FallbackCounterStore implements CounterStore {
  private readonly memory: MemoryCounterStore;
  private lastLoggedAt = -Infinity;
  private failing = false;

  constructor(
    private readonly shared: CounterStore,
    private readonly name: string,
    private readonly log: FastifyBaseLogger,
    now: () => number,
  ) {
    this.memory = new MemoryCounterStore(now);
  }

  take(key: string, rule: RateRule): Promise<TakeResult> {
    return this.guard((store) => store.take(key, rule));
  }

  add(key: string, rule: RateRule): Promise<number> {
    return this.guard((store) => store.add(key, rule));
  }

  count(key: string, rule: RateRule): Promise<number> {
    return this.guard((store) => store.count(key, rule));
  }

  async reset(key: string): Promise<void> {
    await this.memory.reset(key);
    await this.guard((store) => store.reset(key));
  }

  async close(): Promise<void> {
    await this.shared.close?.();
  }

  private async guard<T>(call: (store: CounterStore) => Promise<T>): Promise<T> {
    try {
      const result = await call(this.shared);
      if (this.failing) {
        this.failing = false;
        this.log.info({ store: this.name }, 'rate-limit counters are shared again');
      }
      return result;
    } catch (error) {
      this.failing = true;
      const now = Date.now();
      if (now - this.lastLoggedAt >= LOG_EVERY_MS) {
        this.lastLoggedAt = now;
        this.log.error({ err: error, store: this.name }, 'rate-limit counter store unreachable: counting in this process meanwhile');
      }
      return call(this.memory);
    }
  }
}
