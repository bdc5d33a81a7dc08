// Picks where the rate-limit counters live: Redis when REDIS_URL is set, else PostgreSQL when the
// shop runs on a PostgreSQL server (DATABASE_URL), else this process's memory (the embedded
// database has one process).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { FallbackCounterStore } from './fallback';
import { MemoryCounterStore } from './memory';
import { PostgresCounterStore } from './postgres';
import { RedisCounterStore } from './redis';
import type { CounterStore } from './store';

export type { CounterStore } from './store';

export async function createCounterStore(ctx: AppContext, log: FastifyBaseLogger): Promise<CounterStore> {
  const now = () => ctx.now().getTime();
  const { redisUrl, redisKeyPrefix, databaseUrl } = ctx.config;
  if (redisUrl) {
    let lastError = '';
    const redis = new RedisCounterStore({
      url: redisUrl,
      prefix: `${redisKeyPrefix}limits:`,
      now,
      // ioredis repeats a lost connection's error on every retry: one line per new error.
      onError: (error) => {
        if (error.message !== lastError) log.warn({ err: error }, 'Redis connection error');
        lastError = error.message;
      },
    });
    redis.redis.on('ready', () => (lastError = ''));
    if (!(await redis.ready())) log.error('Redis does not answer yet: rate-limit counters stay in this process until it does');
    return new FallbackCounterStore(redis, 'redis', log, now);
  }
  if (databaseUrl) return new FallbackCounterStore(new PostgresCounterStore(ctx.db, now), 'postgres', log, now);
  return new MemoryCounterStore(now);
}
