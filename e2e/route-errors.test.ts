// A page that cannot load (its code lost on a bad connection, or replaced by a new version of the
// site) shows a Spanish message with a way out, inside the frame of its group, instead of blanking
// the app: the storefront keeps its header and footer, the account and the admin lead back to
// their start. The failure is real: the browser is refused the page's script.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let customer: { id: number };
let staff: { id: number };

beforeAll(async () => {
  customer = await createUser(shop.server.ctx.db);
  staff = await createStaff(shop.server.ctx.db);
});

/** Refuses the browser the script of the page `chunk` (e.g. 'CatalogPage'), as a dropped connection would. */
async function refuseChunk(page: Page, chunk: string) {
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), (route) => route.abort('connectionreset'));
}

const errorPanel = (page: Page) =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'No pudimos cargar esta página' }) });

describe('a page that fails to load', () => {
  for (const [name, viewport] of [
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`keeps the storefront's frame and offers to try again, on a ${name}`, async () => {
      const { page } = await shop.newPage({ viewport });
      await step(page, `storefront-${viewport.width}`, async () => {
        await page.goto('/contacto');
        await refuseChunk(page, 'CatalogPage');
        // A visitor follows the footer's link to the catalog: the page's script never arrives.
        await page.locator('footer').getByRole('link', { name: 'Catálogo', exact: true }).click();
        await errorPanel(page).waitFor();
        expect(await page.getByRole('alert').textContent()).toContain('Prueba de nuevo');
        // The frame is still there: the header's links and the footer work.
        expect(await page.getByRole('banner').isVisible()).toBe(true);
        expect(await page.locator('footer').getByRole('link', { name: 'Botón de arrepentimiento' }).isVisible()).toBe(true);
        await expectNoOverflow(page, `storefront ${viewport.width}`);
        // Read from the top, even after following a link at the bottom of the page.
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await screenshot(page, `route-error-storefront-${viewport.width}`);

        // Back online: "Reintentar" loads the page for real.
        await page.unroute(/CatalogPage/);
        await page.getByRole('button', { name: 'Reintentar' }).click();
        await page.waitForURL('**/productos');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await errorPanel(page).count()).toBe(0);
      });
    });
  }

  it('leads the customer back to Mi cuenta when the account page cannot load', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE, as: customer });
    await step(page, 'account', async () => {
      await refuseChunk(page, 'AccountPage');
      await page.goto('/mi-cuenta', { waitUntil: 'commit' });
      await errorPanel(page).waitFor();
      expect(await page.getByRole('link', { name: 'Volver a Mi cuenta' }).getAttribute('href')).toBe('/mi-cuenta');
      expect(await page.getByRole('banner').isVisible()).toBe(true);
      await expectNoOverflow(page, 'account');
    });
  });

  it('leads staff back to the panel when an admin page cannot load', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'admin', async () => {
      await page.goto('/admin/pedidos');
      await page.getByRole('heading', { name: 'Lista de Pedidos' }).waitFor();
      await refuseChunk(page, 'ActivityPage');
      await page.getByRole('link', { name: 'Actividad' }).first().click();
      await errorPanel(page).waitFor();
      expect(await page.getByRole('link', { name: 'Volver al panel' }).getAttribute('href')).toBe('/admin');
      await screenshot(page, 'route-error-admin-1280');
    });
  });
});
