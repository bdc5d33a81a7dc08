import { describe, expect, it } from 'vitest';
import { createCaches } from '../app-context';
import { ReadCache } from './read-cache';
import { shareChanges } from './shared-changes';

/** A value in `cache` under 'probe'; true while it is still there. */
async function probe(cache: ReadCache): Promise<() => Promise<boolean>> {
  const marker = {};
  await cache.get('probe', async () => marker);
  return async () => (await cache.get('probe', async () => ({}))) === marker;
}

describe('shareChanges', () => {
  it('publishes the name of each change after clearing here, and only once a destination is set', async () => {
    const caches = createCaches({ catalogCacheMs: 60_000 });
    const published: string[] = [];
    const kept = await probe(caches.catalog);
    caches.catalogChanged();
    expect(await kept()).toBe(false);
    expect(published).toEqual([]);

    caches.sharing.publishTo((change) => published.push(change));
    caches.catalogChanged();
    caches.ordersChanged();
    caches.settingsChanged();
    expect(published).toEqual(['catalogChanged', 'ordersChanged', 'settingsChanged']);
    caches.sharing.publishTo(null);
    caches.ordersChanged();
    expect(published).toHaveLength(3);
  });

  it('runs a received change as its own clearing, without publishing it again', async () => {
    const caches = createCaches({ catalogCacheMs: 60_000 });
    const published: string[] = [];
    caches.sharing.publishTo((change) => published.push(change));
    const catalogKept = await probe(caches.catalog);
    const countsKept = await probe(caches.orderCounts);
    const settingsKept = await probe(caches.settings);

    caches.sharing.receive('catalogChanged');
    expect(await catalogKept()).toBe(false);
    expect(await countsKept()).toBe(true);
    caches.sharing.receive('settingsChanged');
    expect(await settingsKept()).toBe(false);
    caches.sharing.receive('ordersChanged');
    expect(await countsKept()).toBe(false);
    expect(published).toEqual([]);
  });

  it('covers a cache and a kind of change added later, and clears everything for a change it does not know', async () => {
    const pages = new ReadCache({ ttlMs: 60_000, maxEntries: 10 });
    const forgotten = new ReadCache({ ttlMs: 60_000, maxEntries: 10 });
    const caches = shareChanges({
      pages,
      forgotten,
      pagesChanged() {
        pages.clear();
      },
    });
    const published: string[] = [];
    caches.sharing.publishTo((change) => published.push(change));
    let pagesKept = await probe(pages);
    caches.pagesChanged();
    expect(await pagesKept()).toBe(false);
    expect(published).toEqual(['pagesChanged']);

    pagesKept = await probe(pages);
    const forgottenKept = await probe(forgotten);
    caches.sharing.receive('pagesChanged');
    expect(await pagesKept()).toBe(false);
    expect(await forgottenKept()).toBe(true);
    // A newer process may publish a change this one has not heard of.
    caches.sharing.receive('imagesChanged');
    expect(await forgottenKept()).toBe(false);
  });

  it('clears every cache at once when changes may have been missed', async () => {
    const caches = createCaches({ catalogCacheMs: 60_000 });
    const kept = await Promise.all(
      [caches.catalog, caches.orderCounts, caches.orderPages, caches.dashboard, caches.settings].map((c) => probe(c)),
    );
    caches.sharing.clearAll();
    for (const stillThere of kept) expect(await stillThere()).toBe(false);
  });
});
