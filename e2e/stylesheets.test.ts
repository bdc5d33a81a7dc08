// The storefront's stylesheet is written into every page, but for the landing pages, which carry
// only their own rules and fetch the whole sheet without holding the first paint
// (server/plugins/critical-css.ts); the admin's comes with the admin's code
// (features/admin/admin.css). Moving between pages fetches neither again, and the admin's sheet,
// whole, stays the last one applied, so its classes keep their order.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStaff } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let productId: number;

beforeAll(async () => {
  ({ id: productId } = await createProduct(shop.server.ctx.db, {
    name: 'Lemon Glaciar',
    blisters: [{ seed_count: 3, price: 9000, stock: 3 }],
  }));
  staff = await createStaff(shop.server.ctx.db, { username: 'duena.estilos' });
});

/** The stylesheets the page fetched, by file name. */
const fetchedSheets = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.css'))
      .map((entry) => new URL(entry.name).pathname),
  );

/** The stylesheets applied, in cascade order: <style> elements ('inline') and enabled links. */
const appliedSheets = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].filter((sheet) => !sheet.disabled).map((sheet) => (sheet.href ? new URL(sheet.href).pathname : 'inline')),
  );

describe('stylesheets', () => {
  it('are fetched once by a landing page, and not again when a visitor moves to another page', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP });
    await page.goto('/', { waitUntil: 'networkidle' });
    const fetched = await fetchedSheets(page);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    // The page's own rules, then the whole sheet (later <style> elements are the toaster's).
    expect((await appliedSheets(page)).slice(0, 2)).toEqual(['inline', fetched[0]]);
    await page.getByRole('link', { name: 'Lemon Glaciar' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Lemon Glaciar' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await fetchedSheets(page)).toEqual(fetched);
    // Other pages carry the whole sheet.
    await page.goto('/contacto', { waitUntil: 'networkidle' });
    expect(await fetchedSheets(page)).toEqual([]);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`paint a landing page with its own rules, which the whole sheet then moves nothing of, at ${viewport.width} px`, async () => {
      const { context } = await shop.newPage({ viewport });
      // A page without the helper's wait for the app: here the app waits for the held sheet.
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as { rects?: () => string[]; applied?: string[] };
        w.rects = () =>
          [...document.querySelectorAll('#root *')].map((e) => {
            const r = e.getBoundingClientRect();
            return `${e.localName} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          });
        // Measured in the same task as start.js applies the sheet, before any module runs.
        new MutationObserver((records) => {
          if (records.some((r) => r.target instanceof HTMLLinkElement && r.target.media === 'all')) w.applied = w.rects!();
        }).observe(document, { attributes: true, attributeFilter: ['media'], subtree: true });
      });
      let release = () => {};
      let held = Promise.resolve();
      await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
        await held;
        await route.continue();
      });
      for (const path of ['/', '/productos', `/producto/${productId}`]) {
        held = new Promise<void>((resolve) => (release = resolve));
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
        const before = await page.evaluate(() => (window as { rects?: () => string[] }).rects!());
        const name = path === '/' ? 'home' : path === '/productos' ? 'catalogo' : 'producto';
        await screenshot(page, `critical-css-${name}-${viewport.width}`);
        release();
        await page.waitForFunction(() => (window as { applied?: string[] }).applied !== undefined);
        const after = await page.evaluate(() => (window as { applied?: string[] }).applied!);
        expect(after.length, path).toBeGreaterThan(50);
        expect(after, path).toEqual(before);
      }
      await context.close();
    });
  }

  it("load the admin's with its pages, last, and keep the storefront's from coming after it", async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await page.goto('/admin', { waitUntil: 'networkidle' });
    // The admin's pages are chunks of their own, which list the storefront's sheet too.
    await page.getByRole('complementary').getByRole('link', { name: 'Pedidos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pedidos' }).waitFor();
    await page
      .getByRole('complementary')
      .getByRole('link', { name: /^Productos/ })
      .click();
    await page.waitForLoadState('networkidle');
    const fetched = await fetchedSheets(page);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/^\/assets\/admin-[\w-]+\.css$/);
    // After the page's own stylesheet, and the only one linked (later <style> elements are the
    // toaster's).
    const applied = await appliedSheets(page);
    expect(applied[0]).toBe('inline');
    expect(applied.filter((sheet) => sheet !== 'inline')).toEqual(fetched);
    // The sidebar's width and colour are classes only the admin uses.
    const sidebar = await page
      .getByRole('complementary')
      .evaluate((aside) => ({ width: aside.getBoundingClientRect().width, background: getComputedStyle(aside).backgroundColor }));
    expect(sidebar).toEqual({ width: 240, background: 'oklch(0.216 0.006 56.043)' });
    await screenshot(page, 'admin-stylesheet-1280');
  });
});
