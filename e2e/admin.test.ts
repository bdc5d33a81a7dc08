// The admin journey (issue 4): a brand with a logo, a USD product with two blisters and a
// photo, seen by a customer in ARS at the current rate, a 20% brand discount and its badge, and a
// customer's order moved from pending to completed. Real server, database, uploads and browser.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatArs } from '../src/domain/money';
import { api } from '../tests/helpers/app';
import { createStaff, createUser } from '../tests/helpers/factories';
import { drawImage } from './admin-fixtures';
import { MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { placeOrder } from '../tests/helpers/orders';

const RATE = 1250;

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let files: { logo: string; photo: string };

beforeAll(async () => {
  staff = await createStaff(shop.server.ctx.db, { username: 'encargada', first_name: 'Lucía', last_name: 'Fernández' });
  customer = await createUser(shop.server.ctx.db, { username: 'martina', first_name: 'Martina', last_name: 'Gómez' });
  const rate = await api(shop.server, 'POST', '/api/core/dollar-rate/', {
    token: staff.token,
    body: { manual_value: RATE, is_manual: true, confirm_rate_change: true },
  });
  expect(rate.status).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-'));
  files = { logo: path.join(dir, 'logo.png'), photo: path.join(dir, 'andina.png') };
  writeFileSync(files.logo, await drawImage('Andino', 160, 400));
  writeFileSync(files.photo, await drawImage('Andina Kush', 300));
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

const MARTINA = { recipient_name: 'Martina Gómez', customer_phone: '1123456789' };
describe('admin journey', () => {
  it('creates a brand and a USD product, discounts the brand and completes an order', async () => {
    const admin = await shop.newPage({ as: staff });
    const page = admin.page;

    // 1. A national brand with a logo.
    await step(page, 'journey-bank', async () => {
      await page.goto('/admin/bancos/nuevo');
      await page.getByLabel('Nombre').fill('Banco Andino');
      await page.getByLabel('Descripción').fill('Genéticas de altura seleccionadas en Mendoza.');
      await page.getByRole('switch', { name: 'Banco nacional' }).check();
      await page.getByLabel('Archivo para logo del banco').setInputFiles(files.logo);
      await page.getByRole('img', { name: 'Vista previa: Logo del banco' }).waitFor();
      await page.getByRole('button', { name: 'Crear banco' }).click();
      await page.waitForURL('**/admin/bancos');
      await toast(page, 'Banco Andino');
    });
    const card = page.locator('article', { hasText: 'Banco Andino' });
    // The card shows the logo's 240 px variant, which the upload stored.
    const logo = card.getByRole('img', { name: 'Logo de Banco Andino' });
    await expect.poll(() => logo.getAttribute('src')).toMatch(/^\/uploads\/.+-240\.webp$/);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.endsWith('-240.webp')))
      .toBe(true);
    await expect.poll(() => card.getByText('Nacional', { exact: true }).count()).toBe(1);

    // 2. A product in USD with two blisters and a photo; typed first in ARS, then switched.
    await step(page, 'journey-product', async () => {
      await page.goto('/admin/productos/nuevo');
      await page.getByRole('heading', { name: 'Agregar Producto' }).waitFor();
      const brandBox = page.getByRole('combobox', { name: 'Nombre del banco' });
      await brandBox.fill('andi');
      await page.getByRole('option', { name: /Banco Andino/ }).click();
      await expect.poll(() => brandBox.inputValue()).toBe('Banco Andino');
      await page.getByLabel('Nombre del producto').fill('Andina Kush');
      await page.getByRole('combobox', { name: /^Tipo/ }).selectOption('fem');
      await page.getByLabel('Descripción').fill('Índica de montaña, compacta y resinosa, con aroma a pino y tierra mojada.');
      await page.getByLabel('Archivo para imagen principal').setInputFiles(files.photo);
      await page.getByRole('img', { name: 'Vista previa: Imagen principal' }).waitFor();

      await page.getByLabel('Semillas').fill('3');
      await page.getByLabel('Precio (ARS)').fill('15625');
      await page.getByLabel('Stock').fill('10');
      await page.getByRole('button', { name: 'Agregar presentación' }).click();
      await page.getByLabel('Semillas').nth(1).fill('5');
      await page.getByLabel('Precio (ARS)').nth(1).fill('25000');
      await page.getByLabel('Stock').nth(1).fill('4');
      // spec accounts-admin §4: ARS→USD keeps two decimals, at the current rate.
      await page.getByLabel('Moneda').selectOption('USD');
      await expect.poll(() => page.getByLabel('Precio (USD)').first().inputValue()).toBe('12,50');
      await expect.poll(() => page.getByLabel('Precio (USD)').nth(1).inputValue()).toBe('20');
      await page.getByLabel('Precio (USD)').first().fill('12,5');
      await page.getByLabel('Descuento (%)').nth(1).fill('150');
      await page.getByLabel('Descuento (%)').nth(1).blur();
      await expect.poll(() => page.getByLabel('Descuento (%)').nth(1).inputValue()).toBe('100');
      await page.getByLabel('Descuento (%)').nth(1).fill('0');
      await screenshot(page, 'journey-product-form');
      await page.getByRole('button', { name: 'Guardar producto' }).click();
      await toast(page, 'Producto guardado');
      await page.waitForURL('**/admin/productos');
    });
    const list = await api(shop.server, 'GET', '/api/products/?search=andina&available=all', { token: staff.token });
    expect(list.json.count).toBe(1);
    const product = list.json.results[0];
    expect(product).toMatchObject({ currency: 'USD', brand: 'Banco Andino', name: 'Andina Kush' });
    expect(product.image).toMatch(/^\/uploads\/.+-800\.webp$/);
    expect(product.blisters.map((b: any) => [b.seed_count, b.stored_price, b.stock])).toEqual([
      [3, 12.5, 10],
      [5, 20, 4],
    ]);
    await page.locator('article', { hasText: 'Andina Kush' }).getByText('Disponible', { exact: true }).waitFor();

    // 3. The customer sees ARS prices at the current rate.
    const shopper = await shop.newPage({ viewport: MOBILE, as: customer });
    const customerPage = shopper.page;
    await step(customerPage, 'journey-customer-prices', async () => {
      await customerPage.goto(`/producto/${product.id}`);
      await customerPage.getByRole('heading', { name: 'Andina Kush' }).waitFor();
      await customerPage
        .getByText(formatArs(12.5 * RATE))
        .first()
        .waitFor();
      await customerPage.getByText('5 Semillas').click();
      await customerPage
        .getByText(formatArs(20 * RATE))
        .first()
        .waitFor();
    });

    // 4. A 20% discount on the brand, and the customer sees the badge.
    await step(page, 'journey-discount', async () => {
      await page.goto('/admin/bancos');
      await page.locator('article', { hasText: 'Banco Andino' }).getByRole('button', { name: 'Descuento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Descuento de Banco Andino' });
      await dialog.getByLabel('Porcentaje', { exact: true }).check();
      await dialog.getByLabel('Porcentaje (%)').fill('20');
      await dialog.getByRole('button', { name: 'Aplicar descuento' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('article', { hasText: 'Banco Andino' }).getByText('Descuento -20%').waitFor();
    });
    await step(customerPage, 'journey-customer-badge', async () => {
      await customerPage.reload();
      await customerPage.getByText('-20% OFF').first().waitFor();
      await customerPage
        .getByText(formatArs(12.5 * RATE * 0.8))
        .first()
        .waitFor();
      await screenshot(customerPage, 'journey-customer-discount');
    });

    // 5. The customer's order goes from pending to completed.
    const placed = await placeOrder(
      shop.server,
      customer,
      [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }],
      MARTINA,
    );
    const orderId = placed.id;
    const orderNumber = placed.order_number;
    await step(page, 'journey-order', async () => {
      await page.goto('/admin/pedidos');
      const orderCard = page.locator('article', { hasText: `Pedido #${orderNumber}` });
      await orderCard.getByText('Esperando pago').waitFor();
      await orderCard.getByRole('button', { name: 'Estado' }).click();
      const dialog = page.getByRole('dialog', { name: `Estado del pedido #${orderNumber}` });
      await dialog.getByLabel(/^Completado/).check();
      await dialog.getByRole('button', { name: 'Guardar estado' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await orderCard.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Completados/ }).click();
      await page
        .locator('article', { hasText: `Pedido #${orderNumber}` })
        .getByText('Entregado')
        .waitFor();
    });
    const order = await api(shop.server, 'GET', `/api/orders/${orderId}/`, { token: staff.token });
    expect(order.json.status).toBe('completed');

    await shopper.context.close();
    await admin.context.close();
  });
});
