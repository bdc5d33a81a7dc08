// The catalog spreadsheet round trip and bulk edit in the back office (issue 14): an import
// preview lists each bad cell and cannot be applied; a good file is previewed, applied and seen in
// the catalog; two selected products get a discount through the bulk edit's preview. At 1280
// and 390 px, with no horizontal overflow.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatArs } from '../src/domain/money';
import { createBrand, createProduct, createStaff } from '../tests/helpers/factories';
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
