// Findability in a real browser: a first-time visitor (as a crawler that renders pages is) gets
// the age gate over the page, while the product's and catalog's content is rendered
// underneath, visible in the layout, with the head tags the server sent.
import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, screenshot, step } from './helpers/browser';
import { createNorthernLight } from './helpers/catalog';
import { useShop } from './helpers/shop';

const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// The page cache on, as in production (CATALOG_CACHE_MS defaults to 3000): crawlers get kept pages.
const shop = useShop({ publicUrl: 'https://tienda.example.com', catalogCacheMs: 3000 });
let productId: number;

beforeAll(async () => {
  const { product } = await createNorthernLight(shop.server.ctx.db, {
    description: 'Una automática clásica, robusta y rápida, ideal para balcones.',
  });
  productId = product.id;
});

async function crawl(urlPath: string) {
  const context = await shop.browser.newContext({ baseURL: shop.server.url, viewport: MOBILE, userAgent: GOOGLEBOT, locale: 'es-AR' });
  const page = await context.newPage();
  const response = await page.goto(urlPath);
  return { context, page, status: response?.status() };
}

describe('a crawler that renders the page', () => {
  it('sees the product under the age gate, with its title, description and structured data', async () => {
    const { context, page, status } = await crawl(`/producto/${productId}`);
    await step(page, 'crawler-product', async () => {
      expect(status).toBe(200);
      await page.getByRole('dialog', { name: 'Verificación de Edad' }).waitFor();
      const heading = page.locator('h1', { hasText: 'Northern Light Auto' });
      await heading.waitFor({ state: 'attached' });
      // Rendered and laid out, not hidden: the gate only covers it.
      const box = await heading.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(0);
      expect(await heading.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
      expect(await page.locator('main').textContent()).toContain('Una automática clásica, robusta y rápida');
      expect(await page.title()).toBe('Detalles del Producto - Northern Light Auto');
      expect(await page.locator('meta[name="description"]').count()).toBe(1);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`https://tienda.example.com/producto/${productId}`);
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
      expect(data).toMatchObject({ '@type': 'Product', name: 'Northern Light Auto', brand: { name: 'Royal Queen Seeds' } });
      // No price for a visitor without a session, in the page or its data.
      expect(await page.content()).not.toMatch(/45\.?678/);
      await screenshot(page, 'crawler-product-390');
    });
    await context.close();
  });

  it('sees the catalog cards under the age gate', async () => {
    const { context, page, status } = await crawl('/productos');
    await step(page, 'crawler-catalog', async () => {
      expect(status).toBe(200);
      await page.getByRole('dialog', { name: 'Verificación de Edad' }).waitFor();
      const link = page.locator(`a[href="/producto/${productId}"]`).first();
      await link.waitFor({ state: 'attached' });
      expect(await link.textContent()).toContain('Northern Light Auto');
      expect(await page.title()).toBe('Catálogo de semillas - Semillas del Sur');
    });
    await context.close();
  });

  it('gets a 404 for a product that does not exist, with the app telling so', async () => {
    const { context, page, status } = await crawl('/producto/987654');
    await step(page, 'crawler-missing-product', async () => {
      expect(status).toBe(404);
      await page.getByText('El producto que buscas no existe o no está disponible.').waitFor({ state: 'attached' });
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    });
    await context.close();
  });
});
