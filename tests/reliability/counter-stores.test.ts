// The rate-limit counter stores keep one contract: in memory, in PostgreSQL (a server with
// TEST_DATABASE_URL, else PGlite for the SQL alone) and in Redis (TEST_REDIS_URL). The shared ones
// count exactly when two processes (two pools, two connections) check the same key at once.
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { createAppContext } from '../../src/server/app-context';
import { createCounterStore } from '../../src/server/counters';
import { FallbackCounterStore } from '../../src/server/counters/fallback';
import { MemoryCounterStore } from '../../src/server/counters/memory';
import { PostgresCounterStore } from '../../src/server/counters/postgres';
import { RedisCounterStore } from '../../src/server/counters/redis';
import type { CounterStore } from '../../src/server/counters/store';
import { openPostgres, sqlRows, type Database } from '../../src/server/db/client';
import { testConfig } from '../helpers/app';
import { createTestDatabase } from '../helpers/database';
import { freePort } from '../helpers/server-process';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';

interface Clock {
  now: () => number;
  set(ms: number): void;
}

function clock(start = 1_800_000_000_000): Clock {
  let now = start;
  return { now: () => now, set: (ms) => (now = start + ms) };
}

interface Stores {
  /** The store under test, and a second client of the same counters (another process). */
  store: CounterStore;
  other: CounterStore;
  clock: Clock;
}

function contract(name: string, open: () => Promise<Stores>, shared: boolean) {
  describe(name, () => {
    let s: Stores;
    let n = 0;
    // Each test counts under keys of its own.
    const key = (label: string) => `${label}:${++n}`;
    beforeAll(async () => {
      s = await open();
    });

    it('allows max hits per window, then counts from the oldest hit', async () => {
      const { store, clock } = s;
      const k = key('k');
      const rule = { max: 3, windowSeconds: 60 };
      clock.set(0);
      expect((await store.take(k, rule)).allowed).toBe(true);
      clock.set(20_000);
      expect((await store.take(k, rule)).allowed).toBe(true);
      clock.set(40_000);
      expect((await store.take(k, rule)).allowed).toBe(true);
      clock.set(50_000);
      expect(await store.take(k, rule)).toEqual({ allowed: false, retryAfterSeconds: 10 });
      expect((await store.take(key('other'), rule)).allowed).toBe(true);
      clock.set(60_001);
      // The hit at 0 left the window; the ones at 20 s and 40 s are still in it.
      expect((await store.take(k, rule)).allowed).toBe(true);
      expect((await store.take(k, rule)).allowed).toBe(false);
      await store.reset(k);
      expect((await store.take(k, rule)).allowed).toBe(true);
    });

    it('adds hits up to max and answers how many the window holds', async () => {
      const { store, clock } = s;
      const k = key('k');
      const rule = { max: 3, windowSeconds: 60 };
      clock.set(0);
      expect(await store.add(k, rule)).toBe(1);
      expect(await store.add(k, rule)).toBe(2);
      expect(await store.add(k, rule)).toBe(3);
      // Saturates instead of growing: the store stays bounded under a flood.
      expect(await store.add(k, rule)).toBe(3);
      clock.set(60_001);
      expect(await store.add(k, rule)).toBe(1);
    });

    it('counts without adding a hit', async () => {
      const { store, clock } = s;
      const k = key('k');
      const rule = { max: 5, windowSeconds: 60 };
      clock.set(0);
      expect(await store.count(k, rule)).toBe(0);
      await store.add(k, rule);
      await store.take(k, rule);
      expect(await store.count(k, rule)).toBe(2);
      expect(await store.count(k, rule)).toBe(2);
      clock.set(61_000);
      expect(await store.count(k, rule)).toBe(0);
    });

    it('keeps long keys apart, however alike they start', async () => {
      const { store, clock } = s;
      clock.set(0);
      const rule = { max: 1, windowSeconds: 60 };
      const long = `login:account:${'a'.repeat(5000)}`;
      expect((await store.take(`${long}1`, rule)).allowed).toBe(true);
      expect((await store.take(`${long}2`, rule)).allowed).toBe(true);
      expect((await store.take(`${long}1`, rule)).allowed).toBe(false);
    });

    it('lets exactly max hits through when many come at once from two clients', async () => {
      const { store, other, clock } = s;
      clock.set(0);
      const k = key('race');
      const rule = { max: 7, windowSeconds: 60 };
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? other : store).take(k, rule)));
      expect(results.filter((r) => r.allowed)).toHaveLength(7);
      expect(await other.count(k, rule)).toBe(7);
      if (shared) {
        // What one client counted, the other sees.
        await store.reset(k);
        expect(await other.count(k, rule)).toBe(0);
      }
    });

    it.runIf(shared)('counts every hit when the clients read their clocks in another order than they count', async () => {
      const { store, other, clock } = s;
      const k = key('order');
      const rule = { max: 10, windowSeconds: 60 };
      // The other client's hit is a few milliseconds "later" but arrives first, as between two
      // processes under load or with clocks a little apart.
      clock.set(5);
      await other.add(k, rule);
      clock.set(0);
      expect(await store.add(k, rule)).toBe(2);
      expect(await store.count(k, rule)).toBe(2);
      expect(await other.count(k, rule)).toBe(2);
    });
  });
}

contract(
  'memory',
  async () => {
    const c = clock();
    const store = new MemoryCounterStore(c.now);
    return { store, other: store, clock: c };
  },
  false,
);

describe('PostgreSQL', () => {
  let database: Database & { url?: string };
  let second: Database | undefined;
  const c = clock();
  beforeAll(async () => {
    database = await createTestDatabase();
    // A second pool on the same database, as a second server process would have.
    second = database.url ? openPostgres(database.url, 5) : undefined;
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  contract(
    process.env.TEST_DATABASE_URL ? 'on a server' : 'on PGlite',
    async () => ({
      store: new PostgresCounterStore(database.db, c.now),
      other: new PostgresCounterStore((second ?? database).db, c.now),
      clock: c,
    }),
    true,
  );

  it('deletes rows whose window has passed, a batch at a time, as checks go on', async () => {
    const store = new PostgresCounterStore(database.db, c.now);
    const rule = { max: 2, windowSeconds: 60 };
    c.set(10_000_000);
    for (let i = 0; i < 150; i++) await store.take(`old:${i}`, rule);
    const rows = async () =>
      (await sqlRows<{ n: string }>(database.db, sql`select count(*) as n from rate_limit_counters where key like 'old:%'`))[0].n;
    expect(Number(await rows())).toBe(150);
    c.set(10_000_000 + 61_000);
    for (let i = 0; i < 60; i++) await store.take('fresh', { max: 100, windowSeconds: 60 });
    expect(Number(await rows())).toBe(0);
  });

  it('stores a bounded key for a long one', async () => {
    const store = new PostgresCounterStore(database.db, c.now);
    await store.take(`long:${'x'.repeat(10_000)}`, { max: 1, windowSeconds: 60 });
    const [row] = await sqlRows<{ n: number }>(
      database.db,
      sql`select max(length(key)) as n from rate_limit_counters where key like 'long:%'`,
    );
    expect(Number(row.n)).toBeLessThanOrEqual(160);
  });
});

describe.skipIf(!testRedisUrl)('Redis', () => {
  const prefix = uniqueRedisPrefix();
  const c = clock();
  const stores: RedisCounterStore[] = [];
  const open = async () => {
    const store = new RedisCounterStore({ url: testRedisUrl!, prefix, now: c.now });
    stores.push(store);
    expect(await store.ready()).toBe(true);
    return store;
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
    await deleteRedisKeys(testRedisUrl!, prefix);
  });

  contract('server', async () => ({ store: await open(), other: await open(), clock: c }), true);

  it('lets a key expire with its window, under the prefix', async () => {
    const store = await open();
    await store.take('expiring', { max: 3, windowSeconds: 90 });
    const ttl = await store.redis.pttl(`${prefix}expiring`);
    expect(ttl).toBeGreaterThan(80_000);
    expect(ttl).toBeLessThanOrEqual(90_000);
  });

  it('closes its connection', async () => {
    const store = new RedisCounterStore({ url: testRedisUrl!, prefix, now: c.now });
    await store.ready();
    await store.close();
    expect(store.redis.status).toBe('end');
  });
});

describe('a shared store that does not answer', () => {
  it('counts in this process meanwhile and logs the trouble once, never failing a check', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const c = clock();
    // Nothing listens on this port.
    const redis = new RedisCounterStore({ url: `redis://127.0.0.1:${await freePort()}`, prefix: 'none:', now: c.now });
    const store = new FallbackCounterStore(redis, 'redis', log, c.now);
    try {
      const rule = { max: 3, windowSeconds: 60 };
      const started = performance.now();
      const results = [];
      for (let i = 0; i < 5; i++) results.push((await store.take('login:ip:10.0.0.1', rule)).allowed);
      expect(results).toEqual([true, true, true, false, false]);
      expect(performance.now() - started).toBeLessThan(3000);
      const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0].msg).toMatch(/unreachable/);
    } finally {
      await store.close();
    }
    expect(redis.redis.status).toBe('end');
  });
});

describe('the configuration', () => {
  const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) };

  it('reads REDIS_URL and REDIS_KEY_PREFIX, refusing what is not a Redis address or a plain prefix', () => {
    expect(loadConfig(env)).toMatchObject({ redisUrl: undefined, redisKeyPrefix: 'tienda:' });
    expect(loadConfig({ ...env, REDIS_URL: 'rediss://:clave@cache:6380/2', REDIS_KEY_PREFIX: 'vivero:' })).toMatchObject({
      redisUrl: 'rediss://:clave@cache:6380/2',
      redisKeyPrefix: 'vivero:',
    });
    expect(() => loadConfig({ ...env, REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL: debe empezar con redis:\/\//);
    expect(() => loadConfig({ ...env, REDIS_KEY_PREFIX: 'con espacio' })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it('counts in memory without a server, in PostgreSQL with DATABASE_URL, in Redis with REDIS_URL', async () => {
    const log = pino({ level: 'silent' });
    const database = await createTestDatabase();
    const contextWith = (config: Partial<Config>) => createAppContext(database.db, testConfig(tmpdir(), config), () => new Date());
    try {
      expect(await createCounterStore(contextWith({}), log)).toBeInstanceOf(MemoryCounterStore);
      const onPostgres = await createCounterStore(contextWith({ databaseUrl: 'postgres://elsewhere/tienda' }), log);
      expect(onPostgres).toBeInstanceOf(FallbackCounterStore);
      await onPostgres.take('config:postgres', { max: 1, windowSeconds: 60 });
      const [row] = await sqlRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from rate_limit_counters where key = 'config:postgres'`,
      );
      expect(row.n).toBe(1);
      if (testRedisUrl) {
        const prefix = uniqueRedisPrefix();
        const onRedis = await createCounterStore(
          contextWith({ databaseUrl: 'postgres://elsewhere/tienda', redisUrl: testRedisUrl, redisKeyPrefix: prefix }),
          log,
        );
        try {
          await onRedis.take('config:redis', { max: 1, windowSeconds: 60 });
          const redis = new Redis(testRedisUrl);
          expect(await redis.exists(`${prefix}limits:config:redis`)).toBe(1);
          redis.disconnect();
        } finally {
          await onRedis.close?.();
          await deleteRedisKeys(testRedisUrl, prefix);
        }
      }
    } finally {
      await database.close();
    }
  });
});

describe('the memory store', () => {
  it('forgets keys once their window has passed, so a flood of addresses does not stay', async () => {
    const c = clock();
    const store = new MemoryCounterStore(c.now);
    const rule = { max: 3, windowSeconds: 60 };
    c.set(0);
    for (let i = 0; i < 999; i++) await store.take(`flood:${i}`, rule);
    expect(store.size).toBe(999);
    c.set(61_000);
    // The 1000th check sweeps; its own hit is kept.
    await store.take('later', rule);
    expect(store.size).toBe(1);
    expect(await store.count('later', rule)).toBe(1);
  });

  it('keeps at most 100,000 keys, dropping the least recently used', async () => {
    const c = clock();
    const store = new MemoryCounterStore(c.now);
    const rule = { max: 3, windowSeconds: 3600 };
    await store.take('kept', rule);
    for (let i = 0; i < 100_000; i++) {
      await store.take(`flood:${i}`, rule);
      if (i === 50_000) await store.take('kept', rule);
    }
    expect(store.size).toBeLessThanOrEqual(100_000);
    expect(await store.count('kept', rule)).toBe(2);
    expect(await store.count('flood:0', rule)).toBe(0);
    expect(await store.count('flood:99999', rule)).toBe(1);
  });
});
