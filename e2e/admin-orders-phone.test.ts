// The orders back office on a phone and between pages (issue 21, items 17 and 22): the list names
// each order's products, the pick list's units fit a 390 px screen, toasts rise above the bulk bar,
// printing keeps the selection, and "← Pedidos" returns to the list's filters.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../src/domain/orders';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
const orders: OrderDto[] = [];

beforeAll(async () => {
  const db = shop.server.ctx.db;
  staff = await createStaff(db, { username: 'encargado' });
  const haze = await createProduct(db, { name: 'Amnesia Haze', blisters: [{ seed_count: 3, price: 15000, stock: 300 }] });
  const gelato = await createProduct(db, { name: 'Gelato', blisters: [{ seed_count: 5, price: 18000, stock: 300 }] });
  for (let i = 0; i < 14; i++) {
    const customer = await createUser(db, { first_name: 'Ana', last_name: 'Paz' });
    const lines = [
      { product_id: haze.id, blister_id: haze.blisters[0].id, quantity: 2 },
      { product_id: gelato.id, blister_id: gelato.blisters[0].id, quantity: 1 },
    ];
    orders.push(await placeOrder(shop.server, customer, lines, { recipient_name: 'Ana Paz', customer_phone: '1140000000' }));
  }
});

const bulkBar = (page: Page) => page.getByRole('region', { name: 'Acciones para los pedidos seleccionados' });

describe('orders back office on a phone', () => {
  it('names the products of each order, shows the pick list units and lifts toasts above the bulk bar at 390 px', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: staff });
    await step(page, 'phone-table', async () => {
      await page.goto('/admin/pedidos?status=all');
      await page.getByRole('button', { name: 'Tabla', exact: true }).click();
      const row = page.getByRole('table').locator('tbody tr').first();
      await expect.poll(() => row.innerText()).toContain('Amnesia Haze x2, Gelato x1');
      await page.getByRole('checkbox', { name: `Seleccionar pedido #${orders[0].order_number}`, exact: true }).check();
      await bulkBar(page).waitFor();
      const barHeight = await bulkBar(page).evaluate((bar) => Math.ceil(bar.getBoundingClientRect().height));
      const clearance = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--toast-clearance'));
      expect(clearance.trim()).toBe(`${barHeight}px`);
      await screenshot(page, 'orders-phone-table-390');
    });
    await step(page, 'phone-toast-clear-of-actions', async () => {
      // A toast on a phone spans the screen. With a card's actions just above the bulk bar, at the
      // bottom of the screen where the thumb is, the toast shows at the top, under the header.
      await page.getByRole('button', { name: 'Tarjetas', exact: true }).click();
      const remove = page.getByRole('button', { name: `Eliminar pedido #${orders[0].order_number}`, exact: true });
      const barTop = (await bulkBar(page).boundingBox())!.y;
      const removeBox = (await remove.boundingBox())!;
      await page.evaluate((by) => window.scrollBy(0, by), removeBox.y + removeBox.height - (barTop - 8));
      await page.getByRole('button', { name: 'Actualizar' }).evaluate((button: HTMLElement) => button.focus({ preventScroll: true }));
      await page.keyboard.press('Enter');
      const toast = page.locator('[data-sonner-toast]', { hasText: 'Pedidos actualizados' }).first();
      await toast.waitFor();
      await page.waitForTimeout(400);
      const toastBox = (await toast.boundingBox())!;
      const actionsBox = (await remove.boundingBox())!;
      const headerBox = (await page.locator('header').first().boundingBox())!;
      expect(actionsBox.y + actionsBox.height).toBeLessThanOrEqual(barTop);
      expect(toastBox.y + toastBox.height <= actionsBox.y || toastBox.y >= actionsBox.y + actionsBox.height).toBe(true);
      expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      await screenshot(page, 'orders-phone-toast-390');
    });
    await step(page, 'phone-pick-list', async () => {
      await page.goto(`/admin/pedidos/imprimir?pedidos=${orders.map((o) => o.order_number).join(',')}`);
      const units = page.getByRole('region', { name: 'Presentaciones a preparar' }).getByRole('columnheader', { name: 'Unidades' });
      const box = await units.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, 'orders-phone-pick-list-390');
    });
    await context.close();
  });

  it('keeps the selection after printing and goes back to the filtered list', async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'print-keeps-selection', async () => {
      await page.goto('/admin/pedidos?status=all');
      await page.getByRole('button', { name: 'Tabla', exact: true }).click();
      await page.getByRole('checkbox', { name: `Seleccionar pedido #${orders[0].order_number}`, exact: true }).check();
      await page.getByRole('checkbox', { name: `Seleccionar pedido #${orders[1].order_number}`, exact: true }).check();
      await bulkBar(page).getByRole('button', { name: 'Imprimir' }).click();
      await page.waitForURL(/\/admin\/pedidos\/imprimir\?pedidos=/);
      await page.getByRole('link', { name: 'Pedidos' }).click();
      await page.waitForURL(/\/admin\/pedidos\?/);
      await bulkBar(page).getByText('2 pedidos seleccionados').waitFor();
      await screenshot(page, 'orders-selection-after-print-1280');
    });
    await step(page, 'back-to-filters', async () => {
      await page.setViewportSize({ width: DESKTOP.width, height: 500 });
      await page.goto('/admin/pedidos?status=all&search=Ana');
      await page.getByRole('table').locator('tbody tr').nth(10).waitFor();
      const target = orders[3];
      const link = page.getByRole('link', { name: `#${target.order_number}`, exact: true });
      await link.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 1));
      const y = await page.evaluate(() => window.scrollY);
      expect(y).toBeGreaterThan(100);
      await link.click();
      await page.waitForURL(`**/admin/pedidos/${target.order_number}`);
      await page.locator('#admin-contenido').getByRole('link', { name: 'Pedidos', exact: true }).click();
      await page.waitForURL(/\/admin\/pedidos\?/);
      expect(new URL(page.url()).searchParams.get('search')).toBe('Ana');
      // Back where the list was scrolled, with the same order in view.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 5);
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(y + 5);
      await screenshot(page, 'orders-back-to-scroll-1280');
    });
    await step(page, 'sidebar-starts-at-top', async () => {
      await page.getByRole('link', { name: `#${orders[3].order_number}`, exact: true }).click();
      await page.waitForURL(`**/admin/pedidos/${orders[3].order_number}`);
      await page
        .locator('aside')
        .getByRole('link', { name: /^Pedidos/ })
        .click();
      await page.waitForURL(/\/admin\/pedidos/);
      await page.getByRole('heading', { name: 'Lista de Pedidos' }).waitFor();
      // At the top at once: the page does not glide up from where the order's page was.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
    await context.close();
  });
});
