// The storefront's server-rendered pages as a first-time visitor's browser asks for them (HTML,
// compressed, no cookie): home, catalogue and a product, answered from the page cache
// (src/server/cache/page-cache.ts). Part of bench/run.ts; `BENCH_ONLY=pages` runs only these.
// Target (issue 15): each at 50% or more of the reference's req/s, p99 under 30 ms at 50 connections.

export const PAGE_TARGET_RATIO = 0.5;
export const PAGE_TARGET_P99_MS = 30;

/** What a browser sends for a page, as far as the answer depends on it. */
export const PAGE_REQUEST_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export function pageRoutes(productId: number): { name: string; path: string }[] {
  return [
    { name: 'page: home', path: '/' },
    { name: 'page: catalogue', path: '/productos' },
    { name: 'page: product', path: `/producto/${productId}` },
  ];
}

const PAGE_NAMES = new Set(pageRoutes(0).map((route) => route.name));

/** 'met' or 'missed' for a page route, null for any other route. */
export function pageVerdict(m: { name: string; rps: number; p99: number }, reference: number): string | null {
  if (!PAGE_NAMES.has(m.name)) return null;
  return m.rps / reference >= PAGE_TARGET_RATIO && m.p99 < PAGE_TARGET_P99_MS ? 'met' : 'missed';
}

/** Fails unless the page is rendered on the server and, when `kept`, sent from the page cache (it has an ETag). */
async function checkPage(url: string, path: string, kept: boolean): Promise<void> {
  const response = await fetch(`${url}${path}`, { headers: PAGE_REQUEST_HEADERS });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  if (!html.includes('id="first-render"')) throw new Error(`${path} was not rendered on the server: is dist/web-ssr built?`);
  if (kept && !response.headers.get('etag')) throw new Error(`${path} was not sent from the page cache (no ETag): is CATALOG_CACHE_MS 0?`);
}

/**
 * Measures the three pages with `measure` (bench/run.ts), after checking each is served as
 * expected: from the page cache when `kept` (CATALOG_CACHE_MS above 0), else rendered every time.
 */
export async function measurePages<M>(
  url: string,
  productId: number,
  kept: boolean,
  measure: (name: string, path: string, headers: Record<string, string>) => Promise<M>,
): Promise<M[]> {
  const results: M[] = [];
  for (const route of pageRoutes(productId)) {
    await checkPage(url, route.path, kept);
    results.push(await measure(route.name, route.path, PAGE_REQUEST_HEADERS));
  }
  return results;
}
