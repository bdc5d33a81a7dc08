// The storefront's stylesheet is written into every page; the admin's comes with the admin's code
// (features/admin/admin.css). Moving between pages fetches neither again, and the admin's sheet,
// whole, stays the last one applied, so its classes keep their order.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStaff } from '../tests/helpers/factories';
import { DESKTOP, screenshot } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  await createProduct(shop.server.ctx.db, { name: 'Lemon Glaciar', blisters: [{ seed_count: 3, price: 9000, stock: 3 }] });
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
  it('are not fetched again when a visitor moves to another page', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Lemon Glaciar' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Lemon Glaciar' }).waitFor();
    await page.goto('/productos', { waitUntil: 'networkidle' });
    expect(await fetchedSheets(page)).toEqual([]);
  });

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
