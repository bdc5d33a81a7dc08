// The page cache (src/server/cache/page-cache.ts) on the built renderer: pages for visitors without
// a session are sent from memory, fresh after every staff edit, never to a visitor who should see
// another page, never with a price, never kept in maintenance, and only for URLs worth keeping.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../src/server/db/schema';
import { AGE_COOKIE, SESSION_HINT_COOKIE } from '../src/domain/cookies';
import { api, startTestServer, type TestServer } from '../tests/helpers/app';
import { createBrand, createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { rootOf } from './helpers/browser';
import { rawGet } from './helpers/http';

let server: TestServer;
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let productId: number;
let brandSlug: string;
let brandId: number;

beforeAll(async () => {
  // A period longer than the file: every fresh page below comes from a write clearing the cache.
  server = await startTestServer({ catalogCacheMs: 60_000 });
  const db = server.database.db;
  staff = await createStaff(db);
  customer = await createUser(db);
  const brand = await createBrand(db, { brand_name: 'Patagonia Seeds', description: 'Genética del sur.' });
  brandSlug = brand.brand_id;
  brandId = brand.id;
  const product = await createProduct(db, {
    name: 'Lemon Glaciar',
    type: 'fem',
    brand_id: brand.id,
    blisters: [{ seed_count: 3, price: 12345, stock: 5 }],
  });
  productId = product.id;
}, 120_000);
afterAll(() => server?.close());

const AGE_GATE = 'Verificación de Edad';

interface Page {
  status: number;
  etag: string | null;
  encoding: string | null;
  vary: string | null;
  cacheControl: string | null;
  html: string;
}

/** A page as a browser gets it (`accept-encoding`), its bytes decoded here. */
async function get(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await rawGet(`${server.url}${path}`, headers);
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === 'string' ? value : null;
  };
  const encoding = header('content-encoding');
  const { body } = response;
  return {
    status: response.status,
    etag: header('etag'),
    encoding,
    vary: header('vary'),
    cacheControl: header('cache-control'),
    html: (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8'),
  };
}

const withCookie = (cookie: string): Record<string, string> => (cookie ? { cookie } : {});
const asStaff = (method: string, path: string, body?: unknown) => api(server, method, path, { token: staff.token, body });
const kept = () => server.ctx.caches.pages.size;

describe('a page from the cache', () => {
  it('is sent again with the same bytes and ETag, in the encoding the browser asks for, and 304 when it has it', async () => {
    const first = await get(`/producto/${productId}`);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\//);
    expect(rootOf(first.html)).toContain('Lemon Glaciar');
    expect(first.cacheControl).toBe('no-cache');
    expect(first.vary).toMatch(/cookie/i);

    const brotli = await get(`/producto/${productId}`, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(`/producto/${productId}`, { 'accept-encoding': 'gzip' });
    const plain = await get(`/producto/${productId}`, { 'accept-encoding': 'identity' });
    expect([brotli.encoding, gzip.encoding, plain.encoding]).toEqual(['br', 'gzip', null]);
    for (const page of [brotli, gzip, plain]) {
      expect(page.html).toBe(first.html);
      expect(page.etag).toBe(first.etag);
      expect(page.vary).toMatch(/accept-encoding/i);
    }

    const revalidated = await fetch(`${server.url}/producto/${productId}`, { headers: { 'if-none-match': first.etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const otherTag = await fetch(`${server.url}/producto/${productId}`, { headers: { 'if-none-match': 'W/"otro"' } });
    expect(otherTag.status).toBe(200);
    // Rendered again (the times in its data are new), the same content keeps its tag.
    server.ctx.caches.catalogChanged();
    const again = await fetch(`${server.url}/producto/${productId}`, { headers: { 'if-none-match': first.etag! } });
    expect(again.status).toBe(304);
  });

  it('shows a staff edit of a product on the next request, on every page', async () => {
    const paths = ['/', '/productos', `/producto/${productId}`, `/productos?bank=${brandSlug}`];
    for (const path of paths) expect(rootOf((await get(path)).html)).toContain('Lemon Glaciar');
    const before = await get(`/producto/${productId}`);

    const edit = await asStaff('PATCH', `/api/products/${productId}/`, { name: 'Lemon Glaciar XL' });
    expect(edit.status).toBe(200);
    for (const path of paths) expect(rootOf((await get(path)).html), path).toContain('Lemon Glaciar XL');
    const after = await get(`/producto/${productId}`);
    expect(after.etag).not.toBe(before.etag);
    expect(after.html).toContain('<title>Detalles del Producto - Lemon Glaciar XL</title>');
  });

  it("shows a staff edit of a brand's description in the brand's page head on the next request", async () => {
    const path = `/productos?bank=${brandSlug}`;
    expect((await get(path)).html).toContain('Genética del sur.');
    const edit = await asStaff('PATCH', `/api/brands/${brandId}/`, { description: 'Genética austral, probada en el frío.' });
    expect(edit.status).toBe(200);
    const after = await get(path);
    expect(after.html).toContain('Genética austral, probada en el frío.');
    expect(after.html).not.toContain('Genética del sur.');
  });

  it('shows a product out of stock once an order took its last units', async () => {
    const product = await createProduct(server.database.db, {
      name: 'Ultima Unidad',
      brand_id: brandId,
      blisters: [{ seed_count: 1, price: 5000, stock: 1 }],
    });
    // Created behind the app's back: a staff edit of another product stands for it.
    await asStaff('PATCH', `/api/products/${productId}/`, { sativa: 60, indica: 40 });
    const path = `/producto/${product.id}`;
    const before = await get(path);
    expect(before.html).toMatch(/"stock":1[,}]/);
    await placeOrder(server, customer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]);
    const after = await get(path);
    expect(after.html).not.toMatch(/"stock":1[,}]/);
    expect(after.html).toMatch(/"stock":0[,}]/);
    expect(after.etag).not.toBe(before.etag);
  });
});

describe('each visitor gets their own page', () => {
  const COMBINATIONS = [
    { name: 'no cookie', cookie: '', gate: true, session: 'anonymous' },
    { name: 'age cookie', cookie: `${AGE_COOKIE}=true`, gate: false, session: 'anonymous' },
    { name: 'session hint', cookie: `${SESSION_HINT_COOKIE}=1`, gate: true, session: 'loading' },
    { name: 'both', cookie: `${AGE_COOKIE}=true; ${SESSION_HINT_COOKIE}=1`, gate: false, session: 'loading' },
    { name: 'unrelated cookie', cookie: 'tema=oscuro; _ga=GA1.2.3', gate: true, session: 'anonymous' },
    { name: 'age cookie not true', cookie: `${AGE_COOKIE}=false`, gate: true, session: 'anonymous' },
    { name: 'age cookie with others', cookie: `tema=oscuro; ${AGE_COOKIE}=true`, gate: false, session: 'anonymous' },
  ];

  it.each(['/', '/productos', `/producto/{id}`, '/productos?category=feminizadas', '/carrito'])(
    'on %s, for every order of visitors',
    async (pattern) => {
      const path = pattern.replace('{id}', String(productId));
      // Every combination first, then again in reverse: whichever came first, none gets another's page.
      for (const visitor of [...COMBINATIONS, ...COMBINATIONS.slice().reverse(), ...COMBINATIONS]) {
        const page = await get(path, withCookie(visitor.cookie));
        expect(page.status, visitor.name).toBe(200);
        const root = rootOf(page.html);
        if (path !== '/carrito') expect(root, visitor.name).toContain('Lemon Glaciar');
        expect(root.includes(AGE_GATE), `${visitor.name} on ${path}: age gate`).toBe(visitor.gate);
        expect(page.html, `${visitor.name} on ${path}: session`).toContain(`"session":"${visitor.session}"`);
        // Every visitor's page is kept, each combination under its own key.
        expect(page.etag, `${visitor.name}: kept`).not.toBeNull();
      }
      const plain = await get(path);
      expect((await get(path, { cookie: 'tema=oscuro' })).etag).toBe(plain.etag);
      expect((await get(path, { cookie: `${AGE_COOKIE}=true` })).etag).not.toBe(plain.etag);
    },
  );
});

describe('prices', () => {
  it('never appear in a kept page, even when a signed-in customer asked for the URL first', async () => {
    const product = await createProduct(server.database.db, {
      name: 'Precio Oculto',
      brand_id: brandId,
      blisters: [{ seed_count: 5, price: 98765, stock: 3 }],
    });
    await asStaff('PATCH', `/api/products/${productId}/`, { indica: 45, sativa: 55 });
    const path = `/producto/${product.id}`;
    // The customer as a browser sends it: the access token, the refresh and hint cookies, and
    // also without the hint (a client that lost it), which is treated as a visitor without session.
    const customerHeaders: Record<string, string>[] = [
      { authorization: `Bearer ${customer.token}`, cookie: `${SESSION_HINT_COOKIE}=1; ${AGE_COOKIE}=true` },
      { authorization: `Bearer ${customer.token}`, cookie: `${AGE_COOKIE}=true` },
      { authorization: `Bearer ${customer.token}` },
    ];
    const pages = [];
    for (const headers of customerHeaders) pages.push(await get(path, headers));
    for (const cookie of ['', `${AGE_COOKIE}=true`]) {
      for (const encoding of ['br', 'gzip', 'identity'])
        pages.push(await get(path, { ...withCookie(cookie), 'accept-encoding': encoding }));
    }
    for (const home of ['/', '/productos', `/productos?bank=${brandSlug}`])
      pages.push(await get(home), await get(home, customerHeaders[1]));
    // The customer's own API answer has the price: the page never does.
    const answer = await api(server, 'GET', `/api/products/${product.id}/`, { token: customer.token });
    expect(JSON.stringify(answer.json)).toContain('98765');
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.html).not.toMatch(/98\.?765/);
    }
    expect(pages.filter((p) => p.etag !== null).length).toBeGreaterThan(pages.length / 2);
  });
});

describe('maintenance', () => {
  const setMaintenance = (on: boolean) => asStaff('POST', '/api/core/toggle-maintenance/', { maintenance_mode: on });

  it('is never served from the cache nor kept, and the pages come back once it ends', async () => {
    const open = await get('/');
    expect(rootOf(open.html)).toContain('Lemon Glaciar');
    expect((await setMaintenance(true)).status).toBe(200);
    try {
      for (const cookie of ['', `${AGE_COOKIE}=true`]) {
        const page = await get('/', withCookie(cookie));
        expect(rootOf(page.html)).toBe('');
        expect(page.etag).toBeNull();
      }
      expect(kept()).toBe(0);
    } finally {
      expect((await setMaintenance(false)).status).toBe(200);
    }
    const back = await get('/');
    expect(rootOf(back.html)).toContain('Lemon Glaciar');
    expect(back.html).toContain('"maintenance_mode":false');
  });

  it("keys pages on the maintenance state, so another process's switch reaches them too", async () => {
    expect(rootOf((await get('/')).html)).toContain('Lemon Glaciar');
    const db = server.database.db;
    // As another process would: the database changes and this process's caches are not told.
    await db.update(siteSettings).set({ maintenance_mode: true }).where(eq(siteSettings.id, 1));
    try {
      // The state is read through a 2-second cache.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const page = await get('/');
      expect(rootOf(page.html)).toBe('');
      expect(page.etag).toBeNull();
    } finally {
      await db.update(siteSettings).set({ maintenance_mode: false }).where(eq(siteSettings.id, 1));
      await new Promise((resolve) => setTimeout(resolve, 2_100));
    }
    expect(rootOf((await get('/')).html)).toContain('Lemon Glaciar');
  });
});

describe('what is kept', () => {
  it('keeps the catalog with its filters, but not searches, long URLs or pages that do not exist', async () => {
    server.ctx.caches.catalogChanged();
    const keptPaths = ['/productos?category=feminizadas', `/productos?bank=${brandSlug}&orden=menor-precio`];
    for (const path of keptPaths) expect((await get(path)).etag, path).not.toBeNull();
    expect(kept()).toBe(keptPaths.length);

    const passed = [
      ...Array.from({ length: 5 }, (_, i) => `/productos?search=lemon${i}`),
      ...Array.from({ length: 5 }, (_, i) => `/productos?utm_source=x&search=lemon${i}`),
      `/productos?bank=${'x'.repeat(400)}`,
      '/producto/999999',
      '/no-existe',
    ];
    for (const path of passed) {
      const page = await get(path);
      expect(page.etag, path).toBeNull();
    }
    // Still rendered for the visitor.
    expect(rootOf((await get('/productos?search=lemon')).html)).toContain('Lemon Glaciar');
    expect((await get('/producto/999999')).status).toBe(404);
    expect(kept()).toBe(keptPaths.length);
  });

  it('sends a URL with parameters the page does not read as the page without them, rendered once', async () => {
    server.ctx.caches.catalogChanged();
    const pages = {
      '/': Array.from({ length: 5 }, (_, i) => `/?utm_source=campania${i}`),
      [`/producto/${productId}`]: Array.from({ length: 5 }, (_, i) => `/producto/${productId}?ref=${i}&v=${'x'.repeat(400)}`),
      '/productos?category=feminizadas': [
        '/productos?v=1&category=feminizadas',
        '/productos?category=feminizadas&category=regulares&fbclid=2',
      ],
    };
    const misses = server.ctx.caches.pages.stats.misses;
    for (const [plain, variants] of Object.entries(pages)) {
      const page = await get(plain);
      expect(page.etag, plain).not.toBeNull();
      for (const path of variants) expect((await get(path)).etag, path).toBe(page.etag);
    }
    expect(kept()).toBe(Object.keys(pages).length);
    expect(server.ctx.caches.pages.stats.misses - misses).toBe(Object.keys(pages).length);
  });

  it('renders a long legal page of brackets once, whatever query follows it, without holding up other requests', async () => {
    const body = '['.repeat(50_000);
    expect((await asStaff('PUT', '/api/pages/privacidad/', { title: 'Política de privacidad', body })).status).toBe(200);
    const misses = server.ctx.caches.pages.stats.misses;
    const started = performance.now();
    const first = await get('/privacidad?v=first');
    const [others, health] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, (_, i) => get(`/privacidad?v=${i}`))),
      (async () => {
        const from = performance.now();
        const res = await rawGet(`${server.url}/api/health/`);
        return { status: res.status, ms: performance.now() - from };
      })(),
    ]);
    const elapsed = performance.now() - started;
    expect(first.status).toBe(200);
    expect(first.etag).not.toBeNull();
    for (const page of others) expect(page.etag).toBe(first.etag);
    expect(rootOf(first.html)).toContain('[[[[[[[[[[');
    expect(server.ctx.caches.pages.stats.misses - misses).toBe(1);
    // The quadratic parser took seconds for each page and the health check waited behind them.
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(1_000);
    expect(elapsed).toBeLessThan(2_000);
  });
});
