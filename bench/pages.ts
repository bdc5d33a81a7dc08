// The storefront's server-rendered pages as a first-time visitor's browser asks for them (HTML,
// compressed, no cookie): home, catalog and a product, answered from the page cache
// (src/server/cache/page-cache.ts). Part of bench/run.ts; `BENCH_ONLY=pages` runs only these.
// Target (issue 15, lowered to 40% by issue 35): each at 40% or more of the reference's req/s, p99 under 30 ms at 50 connections.
// The same pages as a signed-in customer's browser asks for them (the age and session-hint cookies;
// the refresh cookie goes to /api/auth/ only), and the priced answers it then asks for with its
// token: each at 10% or more of the reference, p99 under 100 ms at 20 connections (issue 26).

export const PAGE_TARGET_RATIO = 0.4;
export const PAGE_TARGET_P99_MS = 30;

/** What a browser sends for a page, as far as the answer depends on it. */
export const PAGE_REQUEST_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export function pageRoutes(productId: number): { name: string; path: string }[] {
  return [
    { name: 'page: home', path: '/' },
    { name: 'page: catalog', path: '/productos' },
    { name: 'page: product', path: `/producto/${productId}` },
  ];
}

export const SIGNED_IN_TARGET_RATIO = 0.1;
export const SIGNED_IN_TARGET_P99_MS = 100;
export const SIGNED_IN_CONNECTIONS = 20;

/** What a signed-in customer's browser sends with a page request. */
export const SIGNED_IN_PAGE_HEADERS: Record<string, string> = { ...PAGE_REQUEST_HEADERS, cookie: 'age_verified=true; session_hint=1' };

/** The API answers with prices a signed-in customer's page asks for after it loads. */
export function pricedRoutes(productId: number): { name: string; path: string }[] {
  return [
    { name: 'signed-in prices: latest', path: '/api/products/?ordering=-created_at&has_stock=true&has_price=true&page_size=8' },
    { name: 'signed-in prices: catalog', path: '/api/products/?page=1' },
    { name: 'signed-in prices: product', path: `/api/products/${productId}/` },
  ];
}

const signedInName = (name: string) => name.replace(/^page:/, 'signed-in page:');
const PAGE_NAMES = new Set(pageRoutes(0).map((route) => route.name));
const SIGNED_IN_NAMES = new Set([...pageRoutes(0).map((route) => signedInName(route.name)), ...pricedRoutes(0).map((r) => r.name)]);

/** 'met' or 'missed' for a page route, null for any other route. */
export function pageVerdict(m: { name: string; rps: number; p99: number }, reference: number): string | null {
  if (SIGNED_IN_NAMES.has(m.name)) return m.rps / reference >= SIGNED_IN_TARGET_RATIO && m.p99 < SIGNED_IN_TARGET_P99_MS ? 'met' : 'missed';
  if (!PAGE_NAMES.has(m.name)) return null;
  return m.rps / reference >= PAGE_TARGET_RATIO && m.p99 < PAGE_TARGET_P99_MS ? 'met' : 'missed';
}

/** Fails unless the page is rendered on the server and, when `kept`, sent from the page cache (it has an ETag). */
async function checkPage(url: string, path: string, kept: boolean, headers = PAGE_REQUEST_HEADERS): Promise<void> {
  const response = await fetch(`${url}${path}`, { headers });
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

interface SignedInMeasure {
  headers?: Record<string, string>;
  tokens?: string[];
  connections: number;
}

/**
 * A signed-in customer's visits: the three pages with their cookies, then the priced answers
 * with their tokens (checked to hold prices), at SIGNED_IN_CONNECTIONS.
 */
export async function measureSignedIn<M>(
  url: string,
  productId: number,
  kept: boolean,
  tokens: string[],
  measure: (name: string, path: string, options: SignedInMeasure) => Promise<M>,
): Promise<M[]> {
  const results: M[] = [];
  for (const route of pageRoutes(productId)) {
    await checkPage(url, route.path, kept, SIGNED_IN_PAGE_HEADERS);
    results.push(
      await measure(signedInName(route.name), route.path, { headers: SIGNED_IN_PAGE_HEADERS, connections: SIGNED_IN_CONNECTIONS }),
    );
  }
  const connections = Math.min(SIGNED_IN_CONNECTIONS, tokens.length);
  for (const route of pricedRoutes(productId)) {
    const answer = await (await fetch(`${url}${route.path}`, { headers: { authorization: `Bearer ${tokens[0]}` } })).text();
    if (!/"price_in_ars":[1-9]/.test(answer)) throw new Error(`${route.path} answered the customer without prices`);
    results.push(await measure(route.name, route.path, { tokens, connections }));
  }
  return results;
}
