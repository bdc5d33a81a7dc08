// GET /api/products/export.csv: the live catalog as a sheet, one row per blister with the
// product's columns repeated (a product without blisters gets one row of its own).
import { escapeFormula, formatSheetInstant, SHEET_COLUMNS, type SheetColumn } from '../../../domain/catalog-sheet';
import { shopDate } from '../../../domain/dates';
import type { DbOrTx } from '../../db/client';
import { writeCsv } from '../../csv';
import { productsWithBlisters, type CatalogProduct } from './product-rows';
import { formatBlister, formatProductField, PRODUCT_FIELDS } from './sheet-cells';

function productCells(product: CatalogProduct): Partial<Record<SheetColumn, string>> {
  const cells: Partial<Record<SheetColumn, string>> = {
    id: String(product.id),
    sku: escapeFormula(product.sku ?? ''),
    brand: escapeFormula(product.brand_name),
  };
  for (const key of PRODUCT_FIELDS) cells[key] = formatProductField(key, product[key]);
  return cells;
}

export function catalogRows(catalog: CatalogProduct[], exportedAt: Date): string[][] {
  const rows: string[][] = [SHEET_COLUMNS.map((c) => c.header)];
  for (const product of catalog) {
    const cells = { ...productCells(product), exported_at: formatSheetInstant(exportedAt) };
    const blisterCells = product.blisters.length ? product.blisters.map(formatBlister) : [{}];
    for (const blister of blisterCells) {
      const row: Partial<Record<SheetColumn, string>> = { ...cells, ...blister };
      rows.push(SHEET_COLUMNS.map((c) => row[c.key] ?? ''));
    }
  }
  return rows;
}

export async function exportCatalog(db: DbOrTx, now: Date): Promise<{ filename: string; body: Buffer }> {
  // Taken before the read: a write in between is then seen as made after the export (checked again).
  const rows = catalogRows(await productsWithBlisters(db), now);
  return { filename: `catalogo-${shopDate(now)}.csv`, body: writeCsv(rows, ';') };
}
