// 'Inicio' (/admin), the back office's landing page: the figures and every chart drawn with data
// at phone and desktop widths, without horizontal overflow; the 30/90 days switch redraws the
// daily columns; the stock and pending lists link to the product form and the order list.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderProducts, orders } from '../src/server/db/schema';
import { seedShowcase, type Showcase } from './admin-fixtures';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let showcase: Showcase;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Completed orders over the last 80 days, so the daily charts have columns to draw. */
async function seedHistory() {
  const db = shop.server.ctx.db;
  for (let i = 1; i <= 40; i++) {
    const createdAt = new Date(Date.now() - i * 2 * DAY_MS + (i % 5) * 3600_000);
    const product = showcase.products[i % 4];
    const blister = product.blisters[0];
    const quantity = 1 + (i % 3);
    const price = 10000 + (i % 7) * 1500;
    const [order] = await db
      .insert(orders)
      .values({
        status: i % 9 === 0 ? 'cancelled' : 'completed',
        total: price * quantity,
        recipient_name: 'Cliente Histórico',
        shipping_address: 'Coordinar entrega',
        customer_email: 'historico@correo.test',
        customer_phone: '1122334455',
        delivery_type: 'coordinate',
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning();
    await db.insert(orderProducts).values({
      order_id: order.id,
      product_id: product.id,
      blister_id: blister.id,
      quantity,
      price_at_time: price,
      product_name: product.name,
      product_brand: product.brand,
      product_type: product.type,
      seed_count: blister.seed_count,
      created_at: createdAt,
    });
  }
}

beforeAll(async () => {
  showcase = await seedShowcase(shop.server);
  await seedHistory();
  shop.server.ctx.caches.dashboard.clear();
});

/** Each chart: its accessible name and how many marks (columns or bars) it draws with a size. */
const chartsOf = (page: Page) =>
  page.$$eval('main svg[role="img"]', (svgs) =>
    svgs.map((svg) => ({
      name: svg.querySelector('title')?.textContent ?? '',
      width: svg.getBoundingClientRect().width,
      marks: [...svg.querySelectorAll('rect')].filter((r) => Number(r.getAttribute('height')) > 0 && Number(r.getAttribute('width')) > 0)
        .length,
    })),
  );

describe('Inicio', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`draws the figures and charts with data at ${viewport.width} px without horizontal overflow`, async () => {
      const { context, page } = await shop.newPage({ viewport, as: showcase.staff });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await step(page, `dashboard-open-${name}`, async () => {
          if (name === 'desktop') {
            // From another admin page, by the sidebar's link.
            await page.goto('/admin/productos');
            await page.getByRole('link', { name: 'Inicio', exact: true }).click();
          } else await page.goto('/admin');
          await page.waitForURL(/\/admin$/);
          await page.getByRole('heading', { name: 'Inicio', level: 1 }).waitFor();
          await page.getByRole('heading', { name: 'Productos más vendidos' }).waitFor();
        });

        await step(page, `dashboard-charts-${name}`, async () => {
          await page.waitForFunction(() => document.querySelectorAll('main svg[role="img"]').length >= 6);
          const charts = await chartsOf(page);
          const named = (text: string) => charts.find((c) => c.name.startsWith(text));
          // Two daily charts of 30 columns, some of them with sales.
          expect(named('Ingresos por día')?.marks).toBeGreaterThan(5);
          expect(named('Pedidos por día')?.marks).toBeGreaterThan(5);
          // Bars: five stages (a track each, a bar for the three with orders), three types (each a
          // track and a bar), products and brands.
          expect(named('Pedidos por estado')?.marks).toBe(8);
          expect(named('Ventas por tipo')?.marks).toBeGreaterThanOrEqual(4);
          expect(named('Productos más vendidos')?.marks).toBeGreaterThanOrEqual(4);
          expect(named('Bancos más vendidos')?.marks).toBeGreaterThanOrEqual(2);
          for (const chart of charts) expect(chart.width, chart.name).toBeLessThanOrEqual(viewport.width);
          // Each chart is described for screen readers, with its figures in a table.
          expect(await page.locator('main figure table caption').count()).toBe(charts.length);
          await expectNoOverflow(page);
          expect(await seriousViolations(page)).toEqual([]);
        });

        await step(page, `dashboard-figures-${name}`, async () => {
          const figures = page.getByRole('region', { name: /Ventas de los últimos 7 días/ });
          await expect(figures.getByText('Pedido', { exact: true }).isVisible()).resolves.toBe(true);
          await expect(
            figures
              .getByText(/vs\. los 7 días anteriores|Sin datos de|Igual que/)
              .first()
              .isVisible(),
          ).resolves.toBe(true);
          await page.getByRole('button', { name: 'Hoy', exact: true }).click();
          await page.getByRole('heading', { name: 'Ventas de hoy' }).waitFor();
          // Today has the showcase's orders: two of its pending ones.
          // The third figure, after what was ordered and what was collected.
          const orders = await page.getByRole('region', { name: 'Ventas de hoy' }).locator('li').nth(2).locator('p').nth(1).textContent();
          expect(Number(orders)).toBeGreaterThan(0);
        });

        await step(page, `dashboard-90-days-${name}`, async () => {
          const columns = async () => await page.locator(`svg[role="img"]`).first().locator(`rect`).count();
          expect(await columns()).toBe(30);
          await page.getByRole('button', { name: '90 días' }).click();
          await page.waitForFunction(() => document.querySelector('main svg[role="img"]')?.querySelectorAll('rect').length === 90);
          await expectNoOverflow(page);
          await screenshot(page, `dashboard-${name}`);
        });

        await step(page, `dashboard-lists-${name}`, async () => {
          // The showcase has blisters with 1 to 4 units on sale.
          // Each low-stock row names its brand, and the card shows its rows whole (no cut scroll box).
          const lowStockRows = page
            .locator('section', { has: page.getByRole('heading', { name: 'Stock bajo', exact: true }) })
            .locator('ul');
          expect(await lowStockRows.locator('li p').nth(1).textContent()).toMatch(/^\S.* · \d+ semillas? · Stock: \d+$/);
          expect(await lowStockRows.evaluate((ul) => ul.scrollHeight <= ul.clientHeight)).toBe(true);
          const edit = page.getByRole('link', { name: /^Editar / }).first();
          await expect(edit.getAttribute('href')).resolves.toMatch(/^\/admin\/productos\/editar\/\d+$/);
          const pending = page.getByRole('link', { name: /Menos de 1 día/ });
          await expect(pending.getAttribute('href')).resolves.toBe('/admin/pedidos?status=pending&stage=awaiting_payment');
          await pending.scrollIntoViewIfNeeded();
          await screenshot(page, `dashboard-lists-${name}`);
          await pending.click();
          await page.waitForURL(/\/admin\/pedidos\?status=pending&stage=awaiting_payment$/);

          // From the low-stock list to the products it comes from, filtered the same way.
          await page.goBack();
          const lowStock = page.getByRole('link', { name: 'Ver productos con stock bajo' });
          await lowStock.scrollIntoViewIfNeeded();
          await screenshot(page, `dashboard-low-stock-${name}`);
          await lowStock.click();
          await page.waitForURL(/\/admin\/productos\?stock=low-stock&availability=available$/);
          await expect(page.getByLabel('Stock').inputValue()).resolves.toBe('low-stock');
          // Each product shown has a blister with 1 to 4 units (the threshold is 5).
          const blisterLists = page.getByRole('list', { name: 'Presentaciones' });
          await blisterLists.first().waitFor();
          for (const units of await blisterLists.evaluateAll((lists) => lists.map((list) => list.textContent ?? '')))
            expect(units).toMatch(/ · [1-4] u\./);
        });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
