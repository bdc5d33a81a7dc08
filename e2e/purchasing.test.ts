// Buying from the seed banks in a real browser (issue 37): the owner opens 'Reponer', starts a
// purchase order for the bank most in need, sends it, receives half and then the rest, and sees
// the stock rise and the sales report move, at 390 and 1280 px.
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blisters } from '../src/server/db/schema';
import { api } from '../tests/helpers/app';
import { createBrand, createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop({ maxPendingOrders: 1000 });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

async function shoot(page: Page, name: string) {
  await screenshot(page, `${name}-full`, { fullPage: true });
  await screenshot(page, name);
}

describe('purchasing', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`the owner restocks the bank most in need and sees stock and report move (${viewport.width} px)`, async () => {
      const db = shop.server.ctx.db;
      const owner = await createStaff(db, { is_superuser: true });
      const tag = String(viewport.width);
      const urgent = await createBrand(db, { brand_name: `Banco Urgente ${tag}`, lead_time_days: 15 });
      const calm = await createBrand(db, { brand_name: `Banco Tranquilo ${tag}`, lead_time_days: 30 });
      const hot = await createProduct(db, {
        name: `Urgente Kush ${tag}`,
        brand_id: urgent.id,
        blisters: [{ seed_count: 3, price: 5000, stock: 20 }],
      });
      const slow = await createProduct(db, {
        name: `Tranquila Haze ${tag}`,
        brand_id: calm.id,
        blisters: [{ seed_count: 5, price: 8000, stock: 40 }],
      });
      await db.update(blisters).set({ cost_price: 2000 }).where(eq(blisters.id, hot.blisters[0].id));
      // Sales paid this month: the hot blister sells out, the calm one sells one unit.
      const sell = async (product: typeof hot, quantity: number) => {
        const order = await placeOrder(shop.server, await createUser(db), [
          { product_id: product.id, blister_id: product.blisters[0].id, quantity },
        ]);
        const paid = await api(shop.server, 'POST', `/api/orders/${order.id}/payment/`, {
          token: owner.token,
          body: { method: 'transferencia' },
        });
        expect(paid.status, paid.text).toBe(200);
      };
      for (let i = 0; i < 4; i++) await sell(hot, 5);
      await sell(slow, 1);
      expect((await db.select().from(blisters).where(eq(blisters.id, hot.blisters[0].id)))[0].stock).toBe(0);

      const { page } = await shop.newPage({ viewport, as: owner });
      const poId = await step(page, `restock-${tag}`, async () => {
        await page.goto('/admin/reponer');
        const panels = page.getByRole('main').locator('section');
        await panels.first().getByText(`Banco Urgente ${tag}`).waitFor();
        await panels.first().getByText('Agotado').first().waitFor();
        await expectNoOverflow(page);
        await shoot(page, `reponer-${tag}`);
        await panels.first().getByRole('button', { name: 'Iniciar compra' }).click();
        await toast(page, 'creada en borrador');
        await page.waitForURL(/\/admin\/compras\/\d+$/);
        return Number(/compras\/(\d+)/.exec(page.url())![1]);
      });

      const po = (await api(shop.server, 'GET', `/api/purchase-orders/${poId}/`, { token: owner.token })).json;
      const ordered = po.lines[0].quantity;
      expect(ordered).toBeGreaterThan(1);

      await step(page, `send-${tag}`, async () => {
        await page.getByRole('button', { name: 'Marcar como enviada' }).click();
        await toast(page, 'Compra marcada como enviada');
        await page.getByRole('button', { name: 'Registrar recepción' }).waitFor();
        await expectNoOverflow(page);
        await shoot(page, `compra-${tag}`);
      });

      const half = Math.floor(ordered / 2);
      await step(page, `receive-${tag}`, async () => {
        await page.getByLabel(`Urgente Kush ${tag} (3 semillas)`).fill(String(half));
        await page.getByRole('button', { name: 'Registrar recepción' }).click();
        await toast(page, 'Recepción registrada');
        await page.getByText('Recibida en parte').first().waitFor();
        expect((await db.select().from(blisters).where(eq(blisters.id, hot.blisters[0].id)))[0].stock).toBe(half);
        await page.getByRole('button', { name: 'Recibir todo lo que falta' }).click();
        await toast(page, 'Compra recibida completa');
        await page.getByText('Recibida', { exact: true }).first().waitFor();
        expect((await db.select().from(blisters).where(eq(blisters.id, hot.blisters[0].id)))[0].stock).toBe(ordered);
        await shoot(page, `compra-recibida-${tag}`);
      });

      await step(page, `print-${tag}`, async () => {
        await page.goto(`/admin/compras/${poId}/imprimir`);
        await page.getByRole('heading', { name: `Orden de compra OC-${po.number}` }).waitFor();
        await shoot(page, `compra-imprimir-${tag}`);
        await page.goto('/admin/compras');
        await page.getByText(`OC-${po.number} · Banco Urgente ${tag}`).waitFor();
        await shoot(page, `compras-${tag}`);
      });

      await step(page, `report-${tag}`, async () => {
        await page.goto('/admin/reportes');
        await page.getByLabel('Agrupar por').selectOption('product');
        const table = page.getByRole('region', { name: 'Tabla del reporte' });
        const row = table.getByRole('row', { name: new RegExp(`Urgente Kush ${tag}`) });
        await row.waitFor();
        // Four paid orders of five units: 4 orders, 20 units.
        expect(await row.getByRole('cell').nth(2).textContent()).toBe('20');
        await expectNoOverflow(page);
        await shoot(page, `reportes-${tag}`);
        // The received stock sells: the report moves (5 orders, 22 units).
        await sell(hot, 2);
        await page.reload();
        await page.getByLabel('Agrupar por').selectOption('product');
        await table.getByRole('row', { name: new RegExp(`Urgente Kush ${tag} 5 22 `) }).waitFor();
      });
    });
  }
});
