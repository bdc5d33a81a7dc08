// The storefront's server-rendered pages, for guests and signed-in visitors apart, kept as the final bytes
// (and their compressed variants) so that a popular page costs one render per period instead of
// one per visitor. Cleared by the same writes as the catalog (caches.ts); the key holds
// everything that changes the HTML (static-web.ts decides what that is).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type PageEncoding = 'br' | 'gzip';

/** One page as sent: compressed once, when it is kept, instead of on every request. */
export interface CachedPage {
  etag: string;
  html: Buffer;
  encoded: Record<PageEncoding, Buffer>;
}

/** What rendering a page gave: a page to keep, or an answer that is sent but never kept. */
export type PageOutcome = { kind: 'kept'; page: CachedPage } | { kind: 'passed'; statusCode: number; html: string };

export interface PageCacheOptions {
  /** How long a page is fresh; 0 turns the cache off. */
  ttlMs: number;
  /** Guards memory (a page with its variants is 60 to 130 KB): the least recently used goes. */
  maxEntries: number;
  clock?: () => number;
}

interface Entry {
  page: CachedPage;
  expires: number;
  reloading: boolean;
}

// Quality 9 of 11: nearly the smallest size at a fraction of the time, done off the event loop.
const BROTLI_QUALITY = 9;

/** The times of the query cache the page's data block holds (TanStack Query's dehydrate()). */
const RENDER_TIMES = /"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;

export async function toCachedPage(html: string): Promise<CachedPage> {
  const body = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body),
  ]);
  // The page's data carries the time it was read, new with every render: a page that differs only
  // there is the same page (a weak tag says no more), so a browser keeps its copy for a 304.
  const content = html.replace(RENDER_TIMES, '');
  const etag = `W/"${createHash('sha1').update(content).digest('base64url')}"`;
  return { etag, html: body, encoded: { br, gzip: gz } };
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<PageOutcome>>();
  /** Bumped by clear(), so a render started before it is not kept. */
  private generation = 0;
  private readonly clock: () => number;
  /** Lookups answered from memory and by a render, for the metrics. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.clock = options.clock ?? (() => Date.now());
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The page kept under `key`, or what `render` gives. Concurrent requests for one key share one
   * render (its outcome, kept or not, is the same for all: the key holds all that changes it).
   * For one more TTL after it expires, a page is still sent while a single render replaces it;
   * clear() drops pages at once, so a write is never followed by an old page.
   */
  async get(key: string, render: () => Promise<PageOutcome>): Promise<PageOutcome> {
    const { ttlMs } = this.options;
    if (ttlMs <= 0) return render();
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit) {
      // Least recently used first: a Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      if (hit.expires > now) {
        this.stats.hits++;
        return { kind: 'kept', page: hit.page };
      }
      if (hit.expires + ttlMs > now) {
        this.stats.hits++;
        if (!hit.reloading) {
          hit.reloading = true;
          // A page that is gone (another answer than 200) is not sent again; after a render that
          // failed or came late (a busy database) the previous page stays until it expires and the
          // next request tries again.
          const settled = (result: PageOutcome | null) => {
            if (this.entries.get(key) !== hit) return;
            if (result?.kind === 'passed' && result.statusCode !== 200) this.entries.delete(key);
            else hit.reloading = false;
          };
          this.renderOnce(key, render).then(settled, () => settled(null));
        }
        return { kind: 'kept', page: hit.page };
      }
      this.entries.delete(key);
    }
    this.stats.misses++;
    return this.renderOnce(key, render);
  }

  private renderOnce(key: string, render: () => Promise<PageOutcome>): Promise<PageOutcome> {
    const running = this.rendering.get(key);
    if (running) return running;
    const generation = this.generation;
    const started = this.clock();
    const outcome = render().then((result) => {
      if (result.kind === 'kept' && generation === this.generation) this.keep(key, result.page, started);
      return result;
    });
    this.rendering.set(key, outcome);
    const done = () => {
      if (this.rendering.get(key) === outcome) this.rendering.delete(key);
    };
    outcome.then(done, done);
    return outcome;
  }

  private keep(key: string, page: CachedPage, started: number) {
    this.entries.delete(key);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { page, expires: started + this.options.ttlMs, reloading: false });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.rendering.clear();
  }
}

const pickedEncodings = new Map<string, PageEncoding | null>();

/**
 * The best encoding of ours the client accepts (`Accept-Encoding`, with its q-values), or null
 * for the plain bytes. Brotli first on a tie: it is the smaller.
 */
export function pickEncoding(header: string | undefined): PageEncoding | null {
  if (!header) return null;
  const known = pickedEncodings.get(header);
  if (known !== undefined) return known;
  const picked = parseEncodings(header);
  // Browsers send a handful of spellings; anything beyond is parsed each time.
  if (pickedEncodings.size < 100) pickedEncodings.set(header, picked);
  return picked;
}
function parseEncodings(header: string): PageEncoding | null {
  let best: PageEncoding | null = null;
  let bestQ = 0;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestQ) {
      best = encoding;
      bestQ = weight;
    }
  }
  return best;
}
