import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCaches } from '../app-context';
import { PageCache, pickEncoding, toCachedPage, type PageOutcome } from './page-cache';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A render that counts itself and keeps `html-<n>`. */
function counter() {
  let renders = 0;
  const render = async (): Promise<PageOutcome> => ({ kind: 'kept', page: await toCachedPage(`<p>html-${++renders}</p>`) });
  return { render, renders: () => renders };
}

const text = (outcome: PageOutcome) => (outcome.kind === 'kept' ? outcome.page.html.toString('utf8') : outcome.html);

/** Asks `get` until it answers `html`: a page is kept once compressed (off the event loop, slower on a busy machine). */
async function untilServed(get: () => Promise<PageOutcome>, html: string): Promise<void> {
  for (const deadline = Date.now() + 5000; text(await get()) !== html; await later(5)) {
    if (Date.now() > deadline) throw new Error(`${html} was never served`);
  }
}

describe('PageCache', () => {
  it('keeps a page for its TTL, sends it while one render replaces it for one more TTL, then renders again', async () => {
    const time = clock();
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, clock: time.now });
    const pages = counter();
    expect(text(await cache.get('/', pages.render))).toBe('<p>html-1</p>');
    time.advance(999);
    expect(text(await cache.get('/', pages.render))).toBe('<p>html-1</p>');
    time.advance(1);
    // Expired: the old page is sent while a single render replaces it.
    expect(text(await cache.get('/', pages.render))).toBe('<p>html-1</p>');
    expect(text(await cache.get('/', pages.render))).toBe('<p>html-1</p>');
    await untilServed(() => cache.get('/', pages.render), '<p>html-2</p>');
    expect(pages.renders()).toBe(2);
    time.advance(2000);
    expect(text(await cache.get('/', pages.render))).toBe('<p>html-3</p>');
  });

  it('shares one render among concurrent requests for a key and keeps keys apart', async () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    const pages = counter();
    const slow = async () => {
      await later(10);
      return pages.render();
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('/', slow)));
    expect(new Set(answers.map(text))).toEqual(new Set(['<p>html-1</p>']));
    expect(text(await cache.get('/productos', slow))).toBe('<p>html-2</p>');
  });

  it('never keeps an answer that was passed on (failed render, not found, maintenance)', async () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    let renders = 0;
    const passed = async (): Promise<PageOutcome> => ({ kind: 'passed', statusCode: 404, html: `plain-${++renders}` });
    expect(text(await cache.get('/producto/9', passed))).toBe('plain-1');
    expect(text(await cache.get('/producto/9', passed))).toBe('plain-2');
    expect(cache.size).toBe(0);
    await expect(cache.get('/', async () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    expect(text(await cache.get('/', counter().render))).toBe('<p>html-1</p>');
  });

  it('drops an expired page whose new render is not kept, instead of sending it again', async () => {
    const time = clock();
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, clock: time.now });
    await cache.get('/producto/1', counter().render);
    time.advance(1500);
    const gone = async (): Promise<PageOutcome> => ({ kind: 'passed', statusCode: 404, html: 'no existe' });
    expect(text(await cache.get('/producto/1', gone))).toBe('<p>html-1</p>');
    await later(10);
    expect(text(await cache.get('/producto/1', gone))).toBe('no existe');
  });

  it('keeps sending an expired page while its new render fails or is incomplete, and tries again on the next request', async () => {
    const time = clock();
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, clock: time.now });
    await cache.get('/', counter().render);
    time.advance(1500);
    let attempts = 0;
    const incomplete = async (): Promise<PageOutcome> => ({ kind: 'passed', statusCode: 200, html: `partial-${++attempts}` });
    expect(text(await cache.get('/', incomplete))).toBe('<p>html-1</p>');
    await later(10);
    expect(text(await cache.get('/', async () => Promise.reject(new Error('db down'))))).toBe('<p>html-1</p>');
    await later(10);
    expect(text(await cache.get('/', incomplete))).toBe('<p>html-1</p>');
    await later(10);
    expect(attempts).toBe(2);
    expect(text(await cache.get('/', async () => ({ kind: 'kept', page: await toCachedPage('whole') })))).toBe('<p>html-1</p>');
    // While that render runs, no other starts: asking with `incomplete` meanwhile renders nothing.
    await untilServed(() => cache.get('/', incomplete), 'whole');
    expect(attempts).toBe(2);
    // Past its second period, the page is no longer sent.
    time.advance(2000);
    expect(text(await cache.get('/', incomplete))).toBe('partial-3');
  });

  it('renders again after clear(), and does not keep a render that started before it', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 10 });
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const before = cache.get('/', async () => {
      await slow;
      return { kind: 'kept', page: await toCachedPage('old') };
    });
    cache.clear();
    const after = cache.get('/', async () => ({ kind: 'kept', page: await toCachedPage('new') }));
    release();
    expect(text(await before)).toBe('old');
    expect(text(await after)).toBe('new');
    expect(text(await cache.get('/', counter().render))).toBe('new');
  });

  it('holds at most maxEntries pages, dropping the least recently used', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 3 });
    const pages = counter();
    await cache.get('/', pages.render);
    for (let i = 0; i < 50; i++) {
      await cache.get(`/productos?bank=random-${i}`, pages.render);
      // The home page stays: it is asked for between the random ones.
      expect(text(await cache.get('/', pages.render))).toBe('<p>html-1</p>');
    }
    expect(cache.size).toBe(3);
  });

  it('is off with a TTL of 0', async () => {
    const cache = new PageCache({ ttlMs: 0, maxEntries: 10 });
    const pages = counter();
    await cache.get('/', pages.render);
    await cache.get('/', pages.render);
    expect(pages.renders()).toBe(2);
    expect(cache.enabled).toBe(false);
  });

  it('is cleared by catalog writes, order writes and storefront settings', async () => {
    const caches = createCaches({ catalogCacheMs: 60_000 });
    for (const write of [() => caches.catalogChanged(), () => caches.ordersChanged(), () => caches.settingsChanged()]) {
      await caches.pages.get('/', counter().render);
      expect(caches.pages.size).toBe(1);
      write();
      expect(caches.pages.size).toBe(0);
    }
  });
});

describe('toCachedPage', () => {
  it('keeps the page with its brotli and gzip variants and an ETag of its content', async () => {
    const html = `<!doctype html><p>${'Semillas automáticas '.repeat(500)}</p>`;
    const page = await toCachedPage(html);
    expect(page.html.toString('utf8')).toBe(html);
    expect(brotliDecompressSync(page.encoded.br).toString('utf8')).toBe(html);
    expect(gunzipSync(page.encoded.gzip).toString('utf8')).toBe(html);
    expect(page.encoded.br.length).toBeLessThan(page.html.length / 10);
    expect(page.etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await toCachedPage(html)).etag).toBe(page.etag);
    expect((await toCachedPage(`${html} `)).etag).not.toBe(page.etag);
  });

  it('gives a page rendered again with the same content the same ETag, whatever the times in its data', async () => {
    const data = (at: number) => `{"dehydratedAt":${at},"state":{"data":{"name":"Lemon"},"dataUpdatedAt":${at - 5},"errorUpdatedAt":0}}`;
    const first = await toCachedPage(`<p>Lemon</p><script>${data(1795752542386)}</script>`);
    const again = await toCachedPage(`<p>Lemon</p><script>${data(1795752549999)}</script>`);
    expect(again.etag).toBe(first.etag);
    const edited = await toCachedPage(`<p>Lemon XL</p><script>${data(1795752549999).replace('Lemon', 'Lemon XL')}</script>`);
    expect(edited.etag).not.toBe(first.etag);
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.2', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', null],
  ])('%j -> %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
