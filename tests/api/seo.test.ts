// Findability over real HTTP: the head of product, catalog and home HTML, 404 for a missing
// product with the app still served, sitemap.xml and robots.txt.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/server/db/schema';
import { api, startTestServer, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff } from '../helpers/factories';

const PUBLIC_URL = 'https://tienda.example.com';

let webDir: string;
const ids: Record<string, number> = {};

beforeAll(() => {
  webDir = mkdtempSync(path.join(tmpdir(), 'seo-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>');
  // Vite's manifest of the build: the entry and its stylesheet, the home route's lazy chunk, which
  // imports a shared chunk and the entry.
  mkdirSync(path.join(webDir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-test.js', src: 'index.html', isEntry: true, css: ['assets/index-test.css'] },
    'features/home/HomePage.tsx': { file: 'assets/HomePage-AbCd_123.js', isDynamicEntry: true, imports: ['index.html', '_shared.js'] },
    '_shared.js': { file: 'assets/shared-Zz9_yy88.js', imports: ['index.html'] },
    'features/product/ProductPage.tsx': { file: 'assets/ProductPage-QwErTy12.js', isDynamicEntry: true },
  };
  writeFileSync(path.join(webDir, '.vite/manifest.json'), JSON.stringify(manifest));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets/index-test.css'), '.a{color:red}');
});
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const server = useTestServer(() => ({ webDir, publicUrl: PUBLIC_URL }));

beforeAll(async () => {
  const db = server.ctx.db;
  const rqs = await createBrand(db, {
    brand_name: 'Royal Queen Seeds',
    description: 'Banco holandés con genéticas premiadas.',
    image: '/uploads/brands/rqs-800.webp',
  });
  const hidden = await createBrand(db, { brand_name: 'Banco Oculto', visible: false });
  const make = async (key: string, fields: Parameters<typeof createProduct>[1]) => (ids[key] = (await createProduct(db, fields)).id);
  await make('northern', {
    name: 'Northern Light Auto',
    type: 'auto',
    brand_id: rqs.id,
    sku: 'RQS-NL-1',
    thc: '18%',
    image: '/uploads/products/nl-800.webp',
    image_2: 'https://cdn.example.com/nl2.webp',
    description: 'Una automática clásica,\n\nrobusta y rápida. '.repeat(12),
    blisters: [{ seed_count: 3, price: 98765, stock: 5 }],
  });
  await make('evil', {
    name: 'Kush </title><script>alert(1)</script> "Dulce" & <b>',
    brand_id: rqs.id,
    image: '/uploads/products/kush-800.webp',
    description: '</script><script>alert(2)</script> \u2028 línea',
    blisters: [{ price: 55555, stock: 1 }],
  });
  await make('unavailable', { name: 'No Disponible', brand_id: rqs.id, available: false });
  await make('deleted', { name: 'Borrada', brand_id: rqs.id, deleted_at: new Date() });
  await make('inHidden', { name: 'En Banco Oculto', brand_id: hidden.id, image: '/uploads/products/oculto-800.webp' });
});

async function page(urlPath: string) {
  const res = await fetch(`${server.url}${urlPath}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
}

const titleOf = (html: string) => [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => m[1]);
const metaOf = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].filter((m) => m[1] === key).map((m) => m[2]);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The app itself is always served: root element, entry script and styles (written into the page). */
function expectApp(html: string) {
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
  expect(html).toContain('<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-test.css" disabled>');
}

describe('product page HTML', () => {
  it('has the product title, description, canonical URL, Open Graph tags and JSON-LD Product without price', async () => {
    const { status, type, html } = await page(`/producto/${ids.northern}`);
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expectApp(html);
    expect(titleOf(html)).toEqual(['Detalles del Producto - Northern Light Auto']);
    const [description] = metaOf(html, 'description');
    expect(metaOf(html, 'description')).toHaveLength(1);
    expect(description).toMatch(
      /^Northern Light Auto de Royal Queen Seeds, semilla automática\. Una automática clásica, robusta y rápida\./,
    );
    expect(description.length).toBeLessThanOrEqual(160);
    expect(html).not.toContain('Descripción genérica del sitio.');
    const url = `${PUBLIC_URL}/producto/${ids.northern}`;
    expect(canonicalOf(html)).toBe(url);
    expect(metaOf(html, 'og:type')).toEqual(['product']);
    expect(metaOf(html, 'og:url')).toEqual([url]);
    expect(metaOf(html, 'og:title')).toEqual(['Detalles del Producto - Northern Light Auto']);
    expect(metaOf(html, 'og:image')).toEqual([`${PUBLIC_URL}/uploads/products/nl-800.webp`]);

    const [product] = jsonLdOf(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Northern Light Auto',
      url,
      sku: 'RQS-NL-1',
      brand: { '@type': 'Brand', name: 'Royal Queen Seeds' },
      image: [`${PUBLIC_URL}/uploads/products/nl-800.webp`, 'https://cdn.example.com/nl2.webp'],
    });
    expect(product.additionalProperty).toContainEqual({ '@type': 'PropertyValue', name: 'THC', value: '18%' });
    // Its photo loads with the app's scripts, with the attributes of the page's <img>.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/products/nl-800.webp" imagesrcset="/uploads/products/nl-400.webp 400w, /uploads/products/nl-800.webp 800w" ' +
        'imagesizes="(min-width: 1024px) 600px, 100vw" fetchpriority="high" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ProductPage-QwErTy12.js">');
    // The server never knows who reads the HTML: no price in any form.
    expect(product).not.toHaveProperty('offers');
    expect(html).not.toMatch(/98765|98\.765|price|precio/i);
  });

  it('escapes every product text in the tags and the JSON-LD', async () => {
    const { status, html } = await page(`/producto/${ids.evil}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</title><script>');
    // Only the app's script and the JSON-LD block open a script element.
    expect(html.match(/<script/g)).toHaveLength(2);
    const [title] = titleOf(html);
    expect(unescapeHtml(title)).toBe('Detalles del Producto - Kush </title><script>alert(1)</script> "Dulce" & <b>');
    expect(unescapeHtml(metaOf(html, 'og:title')[0])).toBe(unescapeHtml(title));
    const [product] = jsonLdOf(html);
    expect(product.name).toBe('Kush </title><script>alert(1)</script> "Dulce" & <b>');
    expect(product.description).toContain('</script><script>alert(2)</script>');
    expectApp(html);
  });

  it('answers 404 with the app (which shows its not-found page) for a product that cannot be shown', async () => {
    for (const urlPath of [
      `/producto/${ids.unavailable}`,
      `/producto/${ids.deleted}`,
      '/producto/999999',
      '/producto/abc',
      '/producto/1e3',
      '/producto/0',
      '/producto/99999999999',
      '/producto/%3Cscript%3E',
    ]) {
      const { status, html } = await page(urlPath);
      expect(status, urlPath).toBe(404);
      expectApp(html);
      expect(titleOf(html)).toEqual(['Producto no encontrado - Semillas del Sur']);
      expect(metaOf(html, 'robots')).toEqual(['noindex']);
      expect(canonicalOf(html)).toBeUndefined();
      expect(html).not.toContain('<script>');
    }
  });

  it('shows a product of a hidden brand, as the catalog API does', async () => {
    const { status, html } = await page(`/producto/${ids.inHidden}/`);
    expect(status).toBe(200);
    expect(titleOf(html)).toEqual(['Detalles del Producto - En Banco Oculto']);
    // The trailing slash is the same page: one canonical URL.
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/producto/${ids.inHidden}`);
  });
});

describe('catalog and home HTML', () => {
  it('gives the catalog its title and one canonical URL whatever the filters', async () => {
    for (const urlPath of [
      '/productos',
      '/productos/',
      '/productos?search=kush&page=2',
      '/productos?categories=automaticas',
      '/productos?bank=banco-oculto',
      '/productos?bank=no-existe',
    ]) {
      const { status, html } = await page(urlPath);
      expect(status, urlPath).toBe(200);
      expectApp(html);
      expect(titleOf(html), urlPath).toEqual(['Catálogo de semillas - Semillas del Sur']);
      expect(canonicalOf(html), urlPath).toBe(`${PUBLIC_URL}/productos`);
      expect(metaOf(html, 'description')[0]).toContain('Catálogo de semillas de cannabis');
    }
  });

  it('gives a visible brand page its own title, description, image and canonical URL', async () => {
    const { status, html } = await page('/productos?bank=royal-queen-seeds');
    expect(status).toBe(200);
    expect(titleOf(html)).toEqual(['Semillas de Royal Queen Seeds - Semillas del Sur']);
    expect(metaOf(html, 'description')).toEqual([
      'Semillas de Royal Queen Seeds en Semillas del Sur. Banco holandés con genéticas premiadas.',
    ]);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/productos?bank=royal-queen-seeds`);
    expect(metaOf(html, 'og:image')).toEqual([`${PUBLIC_URL}/uploads/brands/rqs-800.webp`]);
  });

  it('describes the home page with WebSite and Organization data', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expectApp(html);
    expect(titleOf(html)).toEqual(['Semillas del Sur - Banco de semillas de cannabis']);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(html, 'og:type')).toEqual(['website']);
    const data = jsonLdOf(html);
    expect(data.map((d) => d['@type'])).toEqual(['WebSite', 'Organization']);
    expect(data[0].potentialAction.target.urlTemplate).toBe(`${PUBLIC_URL}/productos?search={search_term_string}`);
  });

  it('preloads what the page loads first when the app renders it: the maintenance state, the route chunk and its imports, the first catalog photos', async () => {
    const home = (await page('/')).html;
    expect(home).toContain('<link rel="preload" as="fetch" href="/api/core/maintenance-status/" crossorigin />');
    const modules = [...home.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    // The entry is loaded by index.html already.
    expect(modules.sort()).toEqual(['/assets/HomePage-AbCd_123.js', '/assets/shared-Zz9_yy88.js']);

    const list = await api(server, 'GET', '/api/products/?page=1');
    const firstImages = list.json.results
      .slice(0, 2)
      .map((p: { image: string | null }) => p.image)
      .filter(Boolean);
    expect(firstImages).toHaveLength(2);
    const catalog = (await page('/productos')).html;
    const preloaded = [
      ...catalog.matchAll(
        /<link rel="preload" as="image" href="([^"]+)"[^>]*imagesizes="\(min-width: 1024px\) 280px, \(min-width: 640px\) 33vw, 50vw"/g,
      ),
    ].map((m) => m[1]);
    expect(preloaded).toEqual(firstImages);
    // A search shows other products first: nothing to guess.
    expect((await page('/productos?search=kush')).html).not.toContain('as="image"');
  });

  it('gives the contact, legal and revocation pages their titles, descriptions and canonical URLs', async () => {
    const expected: Record<string, [string, string]> = {
      '/contacto': ['Contacto - Semillas del Sur', 'Escríbenos por WhatsApp'],
      '/terminos': ['Términos y condiciones - Semillas del Sur', 'Estos términos rigen las compras'],
      '/privacidad': ['Política de privacidad - Semillas del Sur', 'cuidamos tus datos personales'],
      '/cambios-y-devoluciones': ['Cambios y devoluciones - Semillas del Sur', 'Queremos que estés conforme'],
      '/arrepentimiento': ['Botón de arrepentimiento - Semillas del Sur', 'Ley 24.240, art. 34'],
    };
    for (const [urlPath, [title, description]] of Object.entries(expected)) {
      const { status, html } = await page(urlPath);
      expect(status, urlPath).toBe(200);
      expectApp(html);
      expect(titleOf(html), urlPath).toEqual([title]);
      expect(metaOf(html, 'description')[0], urlPath).toContain(description);
      expect(canonicalOf(html), urlPath).toBe(`${PUBLIC_URL}${urlPath}`);
    }
  });

  it("gives private pages the shop's default head, without a canonical URL", async () => {
    const { status, html } = await page('/carrito');
    expect(status).toBe(200);
    expectApp(html);
    expect(titleOf(html)).toEqual(['Semillas del Sur - Banco de semillas de cannabis']);
    expect(metaOf(html, 'description')[0]).toContain('Semillas de cannabis de los mejores bancos');
    expect(canonicalOf(html)).toBeUndefined();
  });
});

describe('product lookups for pages', () => {
  it('are kept as briefly as catalog answers and forgotten on a catalog write', async () => {
    const cachedServer = await startTestServer({ webDir, publicUrl: PUBLIC_URL, catalogCacheMs: 60_000 });
    try {
      const product = await createProduct(cachedServer.ctx.db, { name: 'Antes del cambio' });
      const title = async () => titleOf(await (await fetch(`${cachedServer.url}/producto/${product.id}`)).text())[0];
      expect(await title()).toBe('Detalles del Producto - Antes del cambio');
      // A change that skips the catalog's writes is not seen while the read is kept…
      await cachedServer.ctx.db.update(products).set({ name: 'Después del cambio' }).where(eq(products.id, product.id));
      expect(await title()).toBe('Detalles del Producto - Antes del cambio');
      // …and is once catalog writes clear the cache.
      cachedServer.ctx.caches.catalogChanged();
      expect(await title()).toBe('Detalles del Producto - Después del cambio');
    } finally {
      await cachedServer.close();
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists home, catalog, guide, contact and legal pages, every available product and every visible brand under the public URL', async () => {
    const res = await api(server, 'GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/productos`,
      `${PUBLIC_URL}/como-germinar`,
      `${PUBLIC_URL}/contacto`,
      `${PUBLIC_URL}/terminos`,
      `${PUBLIC_URL}/privacidad`,
      `${PUBLIC_URL}/cambios-y-devoluciones`,
      `${PUBLIC_URL}/arrepentimiento`,
      `${PUBLIC_URL}/productos?bank=royal-queen-seeds`,
      ...[ids.northern, ids.evil, ids.inHidden].sort((a, b) => a - b).map((id) => `${PUBLIC_URL}/producto/${id}`),
    ]);
    expect(res.text).toMatch(new RegExp(`<loc>${PUBLIC_URL}/producto/${ids.northern}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    expect(res.text.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('lets crawlers in everywhere but the private pages and API, and links the sitemap', async () => {
    const res = await api(server, 'GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of ['Allow: /', 'Disallow: /admin', 'Disallow: /mi-cuenta', 'Disallow: /carrito', 'Disallow: /api/']) {
      expect(lines).toContain(rule);
    }
    // A crawler that renders the app needs the public catalog reads.
    expect(lines).toContain('Allow: /api/products/');
    expect(lines).toContain('Allow: /api/pages/');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('while the shop is in maintenance', () => {
  it('answers pages and the sitemap with 503, Retry-After and no catalog data, except to a bypass holder', async () => {
    const staff = await createStaff(server.ctx.db);
    const toggle = (body: unknown) => api(server, 'POST', '/api/core/toggle-maintenance/', { token: staff.token, body });
    expect((await toggle({ maintenance_mode: true, bypass_password: 'clave-bypass-seo' })).status).toBe(200);
    try {
      const northern = `/producto/${ids.northern}`;
      for (const urlPath of [northern, '/', '/productos?bank=royal-queen-seeds', '/como-germinar', '/maintenance']) {
        const res = await fetch(`${server.url}${urlPath}`);
        const html = await res.text();
        expect(res.status, urlPath).toBe(503);
        expect(res.headers.get('retry-after')).toBe('300');
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(res.headers.get('cache-control')).toBe('no-store');
        // The app, which shows its maintenance page, and nothing of the catalog.
        expectApp(html);
        expect(titleOf(html)).toEqual(['Semillas del Sur - Banco de semillas de cannabis']);
        expect(jsonLdOf(html)).toEqual([]);
        expect(html).not.toMatch(/Northern|Royal Queen|automática|rel="canonical"|og:/);
      }

      const sitemap = await api(server, 'GET', '/sitemap.xml');
      expect(sitemap.status).toBe(503);
      expect(sitemap.headers.get('retry-after')).toBe('300');
      expect(sitemap.headers.get('cache-control')).toBe('no-store');
      expect(sitemap.text).not.toContain('/producto/');

      // A visitor with a valid bypass sees the shop as the API lets them.
      const bypass = await api(server, 'POST', '/api/core/validate-bypass-password/', { body: { password: 'clave-bypass-seo' } });
      const cookie = (bypass.headers.get('set-cookie') ?? '').split(';')[0];
      const withBypass = await fetch(`${server.url}${northern}`, { headers: { cookie } });
      expect(withBypass.status).toBe(200);
      expect(titleOf(await withBypass.text())).toEqual(['Detalles del Producto - Northern Light Auto']);
      expect((await api(server, 'GET', '/sitemap.xml', { headers: { cookie } })).status).toBe(200);
    } finally {
      expect((await toggle({ maintenance_mode: false, bypass_password: '' })).status).toBe(200);
    }
    expect((await page(`/producto/${ids.northern}`)).status).toBe(200);
    expect((await api(server, 'GET', '/sitemap.xml')).status).toBe(200);
  });
});
