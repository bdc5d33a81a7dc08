import { describe, expect, it } from 'vitest';
import { createCaches } from '../app-context';
import { ReadCache } from './read-cache';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('ReadCache', () => {
  it('keeps a value for its TTL and loads again once it has passed', async () => {
    const time = clock();
    const cache = new ReadCache({ ttlMs: 5000, maxEntries: 10, clock: time.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('all', load)).toBe(1);
    time.advance(4999);
    expect(await cache.get('all', load)).toBe(1);
    time.advance(1);
    expect(await cache.get('all', load)).toBe(2);
  });

  it('counts answers from memory as hits and loads as misses, every load when turned off', async () => {
    const time = clock();
    const cache = new ReadCache({ ttlMs: 100, maxEntries: 10, serveStaleWhileReloading: true, clock: time.now });
    const load = async () => 'v';
    await cache.get('a', load);
    await cache.get('a', load);
    await cache.get('b', load);
    time.advance(150);
    await cache.get('a', load); // stale answer while one reload runs
    expect(cache.stats).toEqual({ hits: 2, misses: 2 });
    const off = new ReadCache({ ttlMs: 0, maxEntries: 10 });
    await off.get('a', load);
    await off.get('a', load);
    expect(off.stats).toEqual({ hits: 0, misses: 2 });
  });

  it('keeps keys apart and shares one load among concurrent misses', async () => {
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads++;
      await later(10);
      return loads;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('week', load)));
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(await cache.get('month', load)).toBe(2);
  });

  it('loads again after clear(), even when a load started before it is still running', async () => {
    const cache = new ReadCache({ ttlMs: 5000, maxEntries: 10, clock: clock().now });
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const before = cache.get('all', async () => {
      await slow;
      return 1;
    });
    cache.clear();
    expect(await cache.get('all', async () => 2)).toBe(2);
    release();
    expect(await before).toBe(1);
    expect(await cache.get('all', async () => 3)).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('is off with a TTL of 0', async () => {
    const cache = new ReadCache({ ttlMs: 0, maxEntries: 10 });
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('drops the oldest entry past its bound', async () => {
    const cache = new ReadCache({ ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });

  describe('serving stale values while reloading', () => {
    it('answers a value once more for a TTL after it expires while a single reload runs', async () => {
      const time = clock();
      const cache = new ReadCache({ ttlMs: 40, maxEntries: 10, serveStaleWhileReloading: true, clock: time.now });
      let loads = 0;
      const load = async () => ++loads;
      expect(await cache.get('k', load)).toBe(1);
      expect(await cache.get('k', load)).toBe(1);
      time.advance(50);
      expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
      expect(loads).toBe(2);
      await later(0);
      expect(await cache.get('k', load)).toBe(2);
    });

    it('waits for a fresh value once it is older than twice the TTL', async () => {
      const time = clock();
      const cache = new ReadCache({ ttlMs: 20, maxEntries: 10, serveStaleWhileReloading: true, clock: time.now });
      let loads = 0;
      const load = async () => ++loads;
      await cache.get('k', load);
      time.advance(60);
      expect(await cache.get('k', load)).toBe(2);
    });

    it('does not let a reload started before clear() bring old data back', async () => {
      const time = clock();
      const cache = new ReadCache({ ttlMs: 20, maxEntries: 10, serveStaleWhileReloading: true, clock: time.now });
      await cache.get('k', async () => 'v1');
      time.advance(25);
      let release!: () => void;
      const slow = new Promise<void>((resolve) => (release = resolve));
      const staleReload = async () => {
        await slow;
        return 'stale reload';
      };
      expect(await cache.get('k', staleReload)).toBe('v1');
      cache.clear();
      release();
      await later(0);
      expect(await cache.get('k', async () => 'v2')).toBe('v2');
    });
  });
});

describe('the caches of an app', () => {
  it('clears the catalog alone after a catalog write, every cache after an order write', async () => {
    const caches = createCaches({ catalogCacheMs: 60_000 });
    const counts = (total: number) => ({
      pending: total,
      completed: 0,
      cancelled: 0,
      total,
      stages: { awaiting_payment: total, paid: 0, shipped: 0 },
      needs_shop: total,
      refunds_owed: 0,
    });
    const read = async (value: number) => [
      await caches.catalog.get('products', async () => value),
      await caches.orderPages.get('page 1', async () => value),
      (await caches.orderCounts.get('all', async () => counts(value))).total,
    ];
    expect(await read(1)).toEqual([1, 1, 1]);
    caches.catalogChanged();
    expect(await read(2)).toEqual([2, 1, 1]);
    caches.ordersChanged();
    expect(await read(3)).toEqual([3, 3, 3]);
  });

  it('keeps the dollar rate with the catalog micro-cache off, until the catalog changes', async () => {
    const caches = createCaches({ catalogCacheMs: 0 });
    expect(await caches.dollarRate.get('value', async () => 1000)).toBe(1000);
    expect(await caches.dollarRate.get('value', async () => 1500)).toBe(1000);
    expect(await caches.catalog.get('products', async () => 'fresh')).toBe('fresh');
    caches.catalogChanged();
    expect(await caches.dollarRate.get('value', async () => 1500)).toBe(1500);
  });

  it('keeps list counts with the catalog micro-cache off, until the catalog or an order changes', async () => {
    const caches = createCaches({ catalogCacheMs: 0 });
    const count = (n: number) => caches.productLists.get('fem', async () => ({ ids: [n], count: n, validUntil: null }));
    expect((await count(1)).count).toBe(1);
    expect((await count(2)).count).toBe(1);
    caches.catalogChanged();
    expect((await count(3)).count).toBe(3);
    caches.ordersChanged();
    expect((await count(4)).count).toBe(4);
    caches.productLists.delete('fem');
    expect((await count(5)).count).toBe(5);
  });

  it('keeps ranked searches with the micro-cache off through orders, until the catalog changes', async () => {
    const caches = createCaches({ catalogCacheMs: 0 });
    const ranked = (n: number) => caches.productSearches.get('kush', async () => ({ ids: [n], count: n }));
    expect((await ranked(1)).count).toBe(1);
    caches.ordersChanged();
    expect((await ranked(2)).count).toBe(1);
    caches.catalogChanged();
    expect((await ranked(3)).count).toBe(3);
  });

  it('keeps the caches of two apps apart', async () => {
    const a = createCaches({ catalogCacheMs: 60_000 });
    const b = createCaches({ catalogCacheMs: 60_000 });
    await a.catalog.get('k', async () => 'a');
    await b.catalog.get('k', async () => 'b');
    a.catalogChanged();
    expect(await b.catalog.get('k', async () => 'new')).toBe('b');
  });
});
