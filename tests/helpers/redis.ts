// Redis for tests: the server named by TEST_REDIS_URL (CI starts one on 127.0.0.1:6379). Every
// store or process a test points at it gets a key prefix of its own, so runs sharing the server
// never count each other's hits, and its keys are deleted when it closes.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisCounterStore } from '../../src/server/counters/redis';

export const testRedisUrl = process.env.TEST_REDIS_URL;

/** A prefix no other test run uses. */
export const uniqueRedisPrefix = () => `tienda-test:${randomBytes(6).toString('hex')}:`;

/** Deletes every key under `prefix`. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A connected Redis counter store under a prefix of its own; closing it deletes its keys. */
export async function testRedisCounters(now: () => number): Promise<RedisCounterStore> {
  if (!testRedisUrl) throw new Error('TEST_COUNTER_STORE=redis needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');
  const prefix = uniqueRedisPrefix();
  const store = new RedisCounterStore({ url: testRedisUrl, prefix, now });
  if (!(await store.ready())) throw new Error(`Redis does not answer at ${testRedisUrl}`);
  const close = store.close.bind(store);
  store.close = async () => {
    await close();
    await deleteRedisKeys(testRedisUrl, prefix);
  };
  return store;
}
