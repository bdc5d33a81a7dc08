// Money typed the Argentine way in the back office (issue 21, items 10, 11 and 13): "22.000" in
// the product form saves 22000 after the owner confirms a price 1000× the old one; "1450.50" is
// refused; a manual dollar rate far from the current one asks "¿Seguro?" with both values; the
// import preview flags a big price change and a stock that changed since the export. At 1280
// and 390 px.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters, dollarRate } from '../src/server/db/schema';
import { createBrand, createProduct, createStaff } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
const db = () => shop.server.ctx.db;
let staff: Awaited<ReturnType<typeof createStaff>>;
let product: Awaited<ReturnType<typeof createProduct>>;
let sheetFile: string;

beforeAll(async () => {
  staff = await createStaff(db(), { username: 'cajera' });
  const brand = await createBrand(db(), { brand_name: 'Banco Pesos' });
  product = await createProduct(db(), {
    brand_id: brand.id,
    name: 'Pesos Kush',
    sku: 'PES-001',
    type: 'fem',
    blisters: [{ seed_count: 3, price: 22, stock: 5 }],
  });
  await createProduct(db(), {
    brand_id: brand.id,
    name: 'Pesos Haze',
    sku: 'PES-002',
    blisters: [{ seed_count: 5, price: 9000, stock: 30 }],
  });
  await createProduct(db(), {
    brand_id: brand.id,
    name: 'Pesos Skunk',
    sku: 'PES-003',
    blisters: [{ seed_count: 3, price: 35.5, stock: 5 }],
  });
  // An old export: exported an hour ago, before an order took 2 units of Pesos Haze.
  const exportedAt = new Date(Date.now() - 3600_000).toISOString();
  await db().update(blisters).set({ stock: 28, updated_at: new Date() }).where(eq(blisters.seed_count, 5));
  sheetFile = path.join(mkdtempSync(path.join(tmpdir(), 'money-e2e-')), 'viejo.csv');
  writeFileSync(
    sheetFile,
    'SKU;Semillas;Precio;Stock;Exportado\r\n' + `PES-003;3;35.500;5;${exportedAt}\r\n` + `PES-002;5;9.000;30;${exportedAt}\r\n`,
  );
});

const priceOf = async (id: number) => (await db().select().from(blisters).where(eq(blisters.id, id)))[0].price;

describe('money inputs in the back office', () => {
  it('saves "22.000" typed in the product form as 22000 once the big change is confirmed, and refuses "1450.50"', async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'money-open-form', async () => {
      await page.goto(`/admin/productos/editar/${product.id}`);
      await page.getByRole('heading', { name: 'Editar Producto' }).waitFor();
    });
    const price = page.getByLabel('Precio (ARS)');
    expect(await price.getAttribute('type')).not.toBe('number');
    expect(await price.getAttribute('inputmode')).toBe('decimal');

    await step(page, 'money-dot-decimals', async () => {
      await price.fill('1450.50');
      await page.getByRole('button', { name: 'Actualizar producto' }).click();
      await page.getByText('Usa coma para los decimales').waitFor();
    });
    await step(page, 'money-confirm', async () => {
      await price.fill('22.000');
      await page.getByRole('button', { name: 'Actualizar producto' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Confirmas estos precios?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Pesos Kush x3');
      expect(await priceOf(product.blisters[0].id)).toBe(22);
      await screenshot(page, 'money-price-confirm-1280');
      await dialog.getByRole('button', { name: 'Sí, guardar estos precios' }).click();
      await page.waitForURL('**/admin/productos');
    });
    expect(await priceOf(product.blisters[0].id)).toBe(22000);
    await context.close();
  });

  it('asks "¿Seguro?" with both values before a manual dollar rate 100 times the current one', async () => {
    await db().update(dollarRate).set({ value: 1450.5 });
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: staff });
    await step(page, 'rate-open', async () => {
      await page.goto('/admin/configuracion');
      await page.getByText('Cotización del dólar').first().waitFor();
      await page.getByRole('radio', { name: 'Valor Manual' }).check();
    });
    const input = page.getByLabel('Valor manual (ARS por USD)');
    expect(await input.getAttribute('type')).not.toBe('number');
    await step(page, 'rate-confirm', async () => {
      await input.fill('145.050');
      await input.press('Enter');
      const dialog = page.getByRole('dialog', { name: '¿Seguro?' });
      await dialog.waitFor();
      const text = (await dialog.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('$ 1.450,50');
      expect(text).toContain('$ 145.050');
      await screenshot(page, 'money-rate-confirm-390');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    });
    expect((await db().select().from(dollarRate))[0].value).toBe(1450.5);
    await context.close();
  });

  it('needs a tick before a bulk price cut of 60%, and refuses a brand discount larger than a price, naming it', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: staff });
    await page.goto('/admin/productos');
    await step(page, 'bulk-preview', async () => {
      await page.getByRole('checkbox', { name: 'Seleccionar Pesos Haze' }).check();
      await page.getByRole('button', { name: 'Editar en lote' }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar 1 producto' });
      await dialog.getByLabel('Cambio de precio (%)').fill('-60');
      await dialog.getByRole('button', { name: 'Ver vista previa' }).click();
      await dialog.getByText('Confirmo el cambio de -60% en los precios').waitFor();
      const apply = dialog.getByRole('button', { name: 'Aplicar a 1 producto' });
      expect(await apply.isDisabled()).toBe(true);
      await screenshot(page, 'money-bulk-confirm-390');
      await dialog.getByText('Confirmo el cambio de -60% en los precios').click();
      await apply.click();
      await page.locator('[data-sonner-toast]', { hasText: '1 producto actualizado' }).first().waitFor();
    });
    expect((await db().select().from(blisters).where(eq(blisters.seed_count, 5)))[0].price).toBe(3600);

    await step(page, 'discount-refused', async () => {
      await page.goto('/admin/bancos');
      const card = page.locator('article', { hasText: 'Banco Pesos' });
      await card.getByRole('button', { name: 'Descuento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Descuento de Banco Pesos' });
      await dialog.getByLabel('Monto fijo').check();
      await dialog.getByLabel('Monto a descontar (ARS)').fill('5.000');
      await dialog.getByRole('button', { name: 'Aplicar descuento' }).click();
      await dialog.getByText(/El descuento del banco dejaría en \$ 0 o menos: .*Pesos Haze x5/).waitFor();
      await screenshot(page, 'money-discount-refused-390');
    });
    await context.close();
  });

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`flags a 1000× price and a stock changed since the export in the import preview (${label} px)`, async () => {
      const { context, page } = await shop.newPage({ viewport, as: staff });
      await step(page, `import-preview-${label}`, async () => {
        await page.goto('/admin/productos/importar');
        await page.locator('input[type="file"]').setInputFiles(sheetFile);
        await page.getByRole('table', { name: 'Filas que cambian' }).waitFor();
      });
      const apply = page.getByRole('button', { name: 'Aplicar cambios' });
      await page.getByText('El stock cambió en la tienda desde la exportación').waitFor();
      await page.getByText(/El precio cambia \+/).waitFor();
      expect(await apply.isDisabled()).toBe(true);
      await page.getByText('Confirmo el cambio de precio marcado').click();
      expect(await apply.isDisabled()).toBe(false);
      await screenshot(page, `money-import-flags-${label}`);
      await context.close();
    });
  }
});
