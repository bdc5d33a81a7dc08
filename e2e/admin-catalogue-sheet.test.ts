// The catalog spreadsheet round trip and bulk edit in the back office (issue 14): an import
// preview lists each bad cell and cannot be applied; a good file is previewed, applied and seen in
// the catalog; two selected products get a discount through the bulk edit's preview, and a cost
// set as a share of the price that ends above it is confirmed before it is applied (issue 37). At
// 1280 and 390 px, with no horizontal overflow.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatArs } from '../src/domain/money';
import { blisters } from '../src/server/db/schema';
import { createBrand, createProduct, createStaff } from '../tests/helpers/factories';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let files: { bad: string; good: string };

beforeAll(async () => {
  const db = shop.server.ctx.db;
  staff = await createStaff(db, { username: 'planillera' });
  const brand = await createBrand(db, { brand_name: 'Banco Planilla' });
  await createProduct(db, {
    brand_id: brand.id,
    name: 'Planilla Kush',
    sku: 'PL-001',
    blisters: [
      { seed_count: 3, price: 10000, stock: 5 },
      { seed_count: 5, price: 15000, stock: 2 },
    ],
  });
  await createProduct(db, {
    brand_id: brand.id,
    name: 'Planilla Haze',
    sku: 'PL-002',
    blisters: [{ seed_count: 3, price: 8000, stock: 9 }],
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'sheet-e2e-'));
  files = { bad: path.join(dir, 'con-errores.csv'), good: path.join(dir, 'precios.csv') };
  writeFileSync(
    files.bad,
    '\uFEFFSKU;Nombre;Banco;Tipo;Semillas;Precio;Stock\r\n' +
      'PL-001;Planilla Kush;Banco Planilla;Feminizada;3;12000;5\r\n' +
      'PL-NEW;Nueva Sativa;Banco Fantasma;Feminizada;3;9000;4\r\n' +
      'PL-002;Planilla Haze;Banco Planilla;Feminizada;3;mucho;9\r\n',
  );
  writeFileSync(
    files.good,
    'SKU;Nombre;Banco;Tipo;Semillas;Precio;Stock\r\n' +
      'PL-001;Planilla Kush;Banco Planilla;Feminizada;3;12345;5\r\n' +
      'PL-NEW;Nueva Sativa;Banco Planilla;Feminizada;3;9000;4\r\n',
  );
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

describe('catalog spreadsheet', () => {
  it('previews the errors of a bad file, applies a good one and shows it in the catalog', async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await page.goto('/admin/productos');

    await step(page, 'sheet-open-import', async () => {
      await page.getByRole('button', { name: 'Exportar CSV' }).waitFor();
      await page.getByRole('link', { name: 'Importar CSV' }).click();
      await page.waitForURL('**/admin/productos/importar');
      await page.getByRole('heading', { name: 'Importar catálogo' }).waitFor();
    });

    await step(page, 'sheet-bad-file', async () => {
      await page.locator('input[type="file"]').setInputFiles(files.bad);
      await page.getByText('El archivo tiene 2 errores').waitFor();
    });
    const errors = page.getByRole('table', { name: 'Errores por fila y columna' });
    const rows = await errors.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      '3 Banco No existe el banco "Banco Fantasma": créalo en Bancos o corrige el nombre',
      '4 Precio Ingresa un precio válido',
    ]);
    expect(await page.getByRole('button', { name: 'Aplicar cambios' }).isDisabled()).toBe(true);
    await expectNoOverflow(page);
    await screenshot(page, 'sheet-import-errors-1280');

    await step(page, 'sheet-good-file', async () => {
      await page.locator('input[type="file"]').setInputFiles(files.good);
      await page.getByRole('table', { name: 'Filas que cambian' }).waitFor();
    });
    const changes = await page.getByRole('table', { name: 'Filas que cambian' }).locator('tbody tr').allInnerTexts();
    expect(changes[0]).toContain('Precio: 10.000 → 12.345');
    expect(changes[1]).toContain('Nueva');
    const apply = page.getByRole('button', { name: 'Aplicar cambios' });
    expect(await apply.isDisabled()).toBe(false);
    await screenshot(page, 'sheet-import-preview-1280');

    await step(page, 'sheet-apply', async () => {
      await apply.click();
      await toast(page, 'Catálogo actualizado');
      await page.getByText('Importación aplicada').waitFor();
    });

    await step(page, 'sheet-catalog', async () => {
      await page.getByRole('link', { name: 'Volver al catálogo' }).click();
      await page.waitForURL('**/admin/productos');
      await page.locator('article', { hasText: 'Nueva Sativa' }).waitFor();
    });
    const kush = page.locator('article', { hasText: 'Planilla Kush' });
    await expect.poll(() => kush.innerText()).toContain(formatArs(12345));
    await context.close();
  });

  it('applies a discount to two selected products after a preview', async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await page.goto('/admin/productos');
    await step(page, 'bulk-select', async () => {
      await page.getByRole('checkbox', { name: 'Seleccionar Planilla Kush' }).check();
      await page.getByRole('checkbox', { name: 'Seleccionar Planilla Haze' }).check();
      await page.getByText('2 seleccionados').waitFor();
    });
    await screenshot(page, 'bulk-selection-1280');
    await step(page, 'bulk-preview', async () => {
      await page.getByRole('button', { name: 'Editar en lote' }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar 2 productos' });
      await dialog.getByLabel('Acción').selectOption('discount');
      await dialog.getByLabel('Descuento (%)').fill('10');
      await dialog.getByRole('button', { name: 'Ver vista previa' }).click();
      await dialog.getByRole('list', { name: 'Vista previa por producto' }).waitFor();
      expect(await dialog.getByRole('list', { name: 'Vista previa por producto' }).innerText()).toContain('0% → 10%');
    });
    await screenshot(page, 'bulk-preview-1280');
    await step(page, 'bulk-apply', async () => {
      await page.getByRole('button', { name: 'Aplicar a 2 productos' }).click();
      await toast(page, '2 productos actualizados');
    });
    await expect.poll(() => page.locator('article', { hasText: 'Planilla Haze' }).innerText()).toContain('-10%');
    await context.close();
  });

  it('sets the cost of the selected products as a share of their price, a cost above the price confirmed first', async () => {
    const db = shop.server.ctx.db;
    const product = await createProduct(db, {
      name: 'Costo Kush',
      blisters: [
        { seed_count: 3, price: 10000, stock: 4 },
        { seed_count: 5, price: 20000, stock: 4, cost_price: 8000 },
      ],
    });
    // Written straight to the table: the lists the catalog caches learn of it as of a staff write.
    shop.server.ctx.caches.catalogChanged();
    const costs = async () =>
      (await db.select().from(blisters).where(eq(blisters.product_id, product.id)).orderBy(blisters.seed_count)).map((b) => b.cost_price);
    for (const [viewport, width] of [
      [MOBILE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { context, page } = await shop.newPage({ viewport, as: staff });
      await page.goto('/admin/productos');
      await step(page, `cost-select-${width}`, async () => {
        await page.getByRole('checkbox', { name: 'Seleccionar Costo Kush' }).check();
        await page.getByText('1 seleccionado').waitFor();
        await page.getByRole('button', { name: 'Editar en lote' }).click();
      });
      const dialog = page.getByRole('dialog', { name: 'Editar 1 producto' });
      await step(page, `cost-preview-${width}`, async () => {
        await dialog.getByLabel('Acción').selectOption('cost_of_price');
        await dialog.getByLabel('Costo (% del precio)').fill(width === 390 ? '110,5' : '60');
        await dialog.getByRole('button', { name: 'Ver vista previa' }).click();
        await dialog.getByRole('list', { name: 'Vista previa por producto' }).waitFor();
      });
      if (width === 390) {
        // 110,5% of the price: both costs end above it, so applying waits for the owner's word.
        const preview = await dialog.getByRole('list', { name: 'Vista previa por producto' }).innerText();
        expect(preview).toContain(`sin costo → ${formatArs(11050)}`);
        expect(preview).toContain(`${formatArs(8000)} → ${formatArs(22100)}`);
        const asked = await dialog.getByRole('list', { name: 'Costos a confirmar' }).innerText();
        expect(asked).toContain(`Costo Kush x3: costo ${formatArs(11050)}, precio ${formatArs(10000)}`);
        const apply = page.getByRole('button', { name: 'Aplicar a 1 producto' });
        expect(await apply.isDisabled()).toBe(true);
        await expectNoOverflow(page);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'bulk-cost-confirm-390');
        await step(page, 'cost-apply-390', async () => {
          await dialog.getByRole('checkbox', { name: 'Confirmo los costos mayores que el precio' }).check();
          await apply.click();
          await toast(page, '1 producto actualizado');
        });
        expect(await costs()).toEqual([11050, 22100]);
      } else {
        const preview = await dialog.getByRole('list', { name: 'Vista previa por producto' }).innerText();
        expect(preview).toContain(`${formatArs(11050)} → ${formatArs(6000)}`);
        expect(await dialog.getByRole('checkbox').count()).toBe(0);
        await screenshot(page, 'bulk-cost-preview-1280');
        await step(page, 'cost-apply-1280', async () => {
          await page.getByRole('button', { name: 'Aplicar a 1 producto' }).click();
          await toast(page, '1 producto actualizado');
        });
        expect(await costs()).toEqual([6000, 12000]);
      }
      await context.close();
    }
  });

  it('fits a phone: the import preview with errors and the selection bar', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: staff });
    await page.goto('/admin/productos');
    await step(page, 'phone-select', async () => {
      await page.getByRole('checkbox', { name: 'Seleccionar Planilla Kush' }).check();
      await page.getByText('1 seleccionado').waitFor();
    });
    await expectNoOverflow(page);
    await screenshot(page, 'bulk-selection-390');
    await step(page, 'phone-import', async () => {
      await page.goto('/admin/productos/importar');
      await page.locator('input[type="file"]').setInputFiles(files.bad);
      await page.getByText('El archivo tiene').waitFor();
    });
    await expectNoOverflow(page);
    await screenshot(page, 'sheet-import-errors-390');
    await context.close();
  });
});
