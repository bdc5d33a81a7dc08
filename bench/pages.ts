// The storefront's server-rendered pages as a first-time visitor's browser asks for them (HTML,
// compressed, no cookie): home, catalog and a product, answered from the page cache
// (src/server/cache/page-cache.ts). Part of bench/run.ts; `BENCH_ONLY=pages` runs only these.
// Target (issue 15, lowered to 40% by issue 35): each at 40% or more of the reference's req/s, p99 under 30 ms at 50 connections.
// The same pages as a signed-in customer's browser asks for them (the age and session-hint cookies;
// the refresh cookie goes to /api/auth/ only), and the priced answers it then asks for with its
// token: each at 10% or more of the reference, p99 under 100 ms at 20 connections (issue 26).
// The server cart (issue 38): every signed-in page load reads the account's cart (GET /api/cart/,
// web/lib/cart-sync.ts) and every change the customer makes saves it (PUT /api/cart/), each
// measured alone; then the signed-in pages, the three in turn, alone and while the 20 customers
// save their carts as often as their browsers can, alternated `rounds` times and medians compared.
// Target (issue 38): with the saves the pages keep 90% or more of their throughput alone.

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

export const CART_SAVES_KEEP_RATIO = 0.9;
/**
 * A browser saves the cart at most once per 300 ms (SAVE_DELAY_MS in web/lib/cart-sync.ts): each
 * customer saving without pause, every save a change, is the most the pages can meet.
 */
export const CART_SAVES_PER_CUSTOMER_PER_SECOND = 3;

interface SignedInMeasure {
  headers?: Record<string, string>;
  tokens?: string[];
  connections: number;
  method?: 'GET' | 'PUT';
  /** Bodies each connection sends in turn. */
  bodies?: string[];
  /** Paths each connection asks for in turn, in place of the one path. */
  paths?: string[];
  /** Requests a second per connection: a steady load rather than as many as are answered. */
  connectionRate?: number;
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Set when the verdict depends on more than this measure. */
  verdict?: string;
}

interface SignedInMeasures<M extends Measured> {
  measure(name: string, path: string, options: SignedInMeasure): Promise<M>;
  /** `name` measured while `load` runs (started before the warm-up, stopped after the measure). */
  measureAlongside(
    name: string,
    path: string,
    options: SignedInMeasure,
    load: { name: string; path: string; options: SignedInMeasure },
  ): Promise<{ measured: M; load: M }>;
}

/** The signed-in cart's lines: product, blister and quantity, as the browser saves them. */
interface SavedCartLine {
  product_id: number;
  blister_id: number;
  quantity: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function medianOf<M extends Measured>(all: M[], name: string): M {
  return {
    ...all[0],
    name: `${name} (median of ${all.length})`,
    rps: median(all.map((m) => m.rps)),
    p50: median(all.map((m) => m.p50)),
    p99: median(all.map((m) => m.p99)),
    errors: all.reduce((sum, m) => sum + m.errors, 0),
  };
}

/** Two saves that each change the cart: the lines' quantities one way, then the other. */
function cartSaveBodies(lines: SavedCartLine[]): string[] {
  const quantities = lines.map((_, i) => i + 1);
  return [quantities, [...quantities].reverse()].map((q) =>
    JSON.stringify({ lines: lines.map((line, i) => ({ product_id: line.product_id, blister_id: line.blister_id, quantity: q[i] })) }),
  );
}

/** Fails unless the cart answers the customer with its lines priced. */
async function checkCart(url: string, token: string, body: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (const method of ['PUT', 'GET']) {
    const response = await fetch(`${url}/api/cart/`, { method, headers, body: method === 'PUT' ? body : undefined });
    const answer = (await response.json()) as { lines?: { price: number }[] };
    if (response.status !== 200 || !answer.lines?.length || !answer.lines.every((l) => l.price > 0)) {
      throw new Error(`${method} /api/cart/ answered ${response.status} ${JSON.stringify(answer)}`);
    }
  }
}

/**
 * What the server cart costs a signed-in customer's visit: the cart read and saved alone, then
 * the three signed-in pages in turn alone and while every customer saves their cart
 * CART_SAVES_PER_CUSTOMER_PER_SECOND times a second, alternated (ABBA…) `rounds` times: on a busy
 * machine the load moves between rounds, and alternation spreads it evenly.
 */
async function measureCartCost<M extends Measured>(
  url: string,
  productId: number,
  tokens: string[],
  lines: SavedCartLine[],
  rounds: number,
  measures: SignedInMeasures<M>,
): Promise<M[]> {
  const bodies = cartSaveBodies(lines);
  for (const token of tokens) await checkCart(url, token, bodies[0]);
  const connections = Math.min(SIGNED_IN_CONNECTIONS, tokens.length);
  const save: SignedInMeasure = { tokens, connections, method: 'PUT', bodies };
  const results = [
    await measures.measure('signed-in cart: read', '/api/cart/', { tokens, connections }),
    await measures.measure('signed-in cart: save', '/api/cart/', save),
  ];
  const paths = pageRoutes(productId).map((route) => route.path);
  const pages: SignedInMeasure = { headers: SIGNED_IN_PAGE_HEADERS, connections: SIGNED_IN_CONNECTIONS, paths };
  const saving = {
    name: 'cart saves beside the pages',
    path: '/api/cart/',
    options: { ...save, connectionRate: CART_SAVES_PER_CUSTOMER_PER_SECOND },
  };
  const alone: M[] = [];
  const beside: M[] = [];
  const loads: M[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const withSaves of round % 2 === 0 ? [false, true] : [true, false]) {
      if (!withSaves) alone.push(await measures.measure('signed-in pages', paths[0], pages));
      else {
        const { measured, load } = await measures.measureAlongside('signed-in pages with cart saves', paths[0], pages, saving);
        beside.push(measured);
        loads.push(load);
      }
    }
    console.log(
      `  round ${round + 1}: signed-in pages ${alone.at(-1)!.rps.toFixed(0)} req/s alone, ${beside.at(-1)!.rps.toFixed(0)} req/s beside ${loads.at(-1)!.rps.toFixed(0)} cart saves/s`,
    );
  }
  const pagesAlone = medianOf(alone, 'signed-in pages, alone');
  const pagesBeside = medianOf(beside, 'signed-in pages, carts saved meanwhile');
  const kept = pagesBeside.rps / pagesAlone.rps;
  console.log(
    `  signed-in pages with cart saves: ${(kept * 100).toFixed(1)}% of their throughput alone (target ≥ ${CART_SAVES_KEEP_RATIO * 100}%)`,
  );
  return [
    ...results,
    pagesAlone,
    { ...pagesBeside, verdict: kept >= CART_SAVES_KEEP_RATIO ? 'met' : 'missed' },
    medianOf(loads, saving.name),
  ];
}

/**
 * A signed-in customer's visits: the three pages with their cookies, then the priced answers
 * with their tokens (checked to hold prices), at SIGNED_IN_CONNECTIONS, then the server cart's
 * cost (measureCartCost).
 */
export async function measureSignedIn<M extends Measured>(
  url: string,
  productId: number,
  kept: boolean,
  customers: { tokens: string[]; cartLines: SavedCartLine[]; rounds: number },
  measures: SignedInMeasures<M>,
): Promise<M[]> {
  const { tokens } = customers;
  const { measure } = measures;
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
  results.push(...(await measureCartCost(url, productId, tokens, customers.cartLines, customers.rounds, measures)));
  return results;
}
