import { describe, expect, it } from 'vitest';
import { CatalogueCache, invalidateCatalogue } from './cache';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CatalogueCache', () => {
  it('serves a value for its TTL, then answers it once more while a single reload runs', async () => {
    const cache = new CatalogueCache(40);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    await later(50);
    // Stale: answered at once, one reload in the background.
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    expect(loads).toBe(2);
    await later(0);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('waits for a fresh value once it is older than twice the TTL', async () => {
    const cache = new CatalogueCache(20);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    await later(60);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not let a reload started before invalidateCatalogue() bring old data back', async () => {
    const cache = new CatalogueCache(20);
    await cache.get('k', async () => 'v1');
    await later(25);
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    expect(await cache.get('k', async () => { await slow; return 'stale reload'; })).toBe('v1');
    invalidateCatalogue();
    release();
    await later(0);
    expect(await cache.get('k', async () => 'v2')).toBe('v2');
  });

  it('shares one load among concurrent misses', async () => {
    const cache = new CatalogueCache(1000);
    let loads = 0;
    const load = async () => {
      loads++;
      await later(10);
      return 'x';
    };
    await Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
  });

  it('does not remember failures', async () => {
    const cache = new CatalogueCache(1000);
    await expect(cache.get('k', async () => { throw new Error('db down'); })).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('is off with a TTL of 0', async () => {
    const cache = new CatalogueCache(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('forgets everything on invalidateCatalogue()', async () => {
    const a = new CatalogueCache(60_000);
    const b = new CatalogueCache(60_000);
    await a.get('k', async () => 'old');
    await b.get('k', async () => 'old');
    invalidateCatalogue();
    expect(await a.get('k', async () => 'new')).toBe('new');
    expect(await b.get('k', async () => 'new')).toBe('new');
  });
});
