// GET /api/products/export.csv: the live catalogue as a sheet, one row per presentation with the
// product's columns repeated (a product without presentations gets one row of its own).
import { asc, eq, isNull } from 'drizzle-orm';
import { escapeFormula, formatSheetInstant, SHEET_COLUMNS, type SheetColumn } from '../../../domain/catalog-sheet';
import { shopDate } from '../../../domain/site';
import type { DbOrTx } from '../../db/client';
import { blisters, brands, products } from '../../db/schema';
import { writeCsv } from '../../csv';
import { formatPresentation, formatProductField, PRODUCT_FIELDS } from './sheet-cells';

export type CatalogueProduct = typeof products.$inferSelect & {
  brand_name: string;
  presentations: (typeof blisters.$inferSelect)[];
};

/** Every product not deleted, with its bank's name and its presentations (by seed count). */
export async function loadCatalogue(db: DbOrTx): Promise<CatalogueProduct[]> {
  const [productRows, blisterRows] = await Promise.all([
    db
      .select({ product: products, brand_name: brands.brand_name })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brand_id))
      .where(isNull(products.deleted_at))
      .orderBy(asc(brands.brand_name), asc(products.name), asc(products.id)),
    db
      .select({ blister: blisters })
      .from(blisters)
      .innerJoin(products, eq(products.id, blisters.product_id))
      .where(isNull(products.deleted_at))
      .orderBy(asc(blisters.product_id), asc(blisters.seed_count), asc(blisters.id)),
  ]);
  const byProduct = new Map<number, (typeof blisters.$inferSelect)[]>();
  for (const { blister } of blisterRows) {
    const list = byProduct.get(blister.product_id);
    if (list) list.push(blister);
    else byProduct.set(blister.product_id, [blister]);
  }
  return productRows.map(({ product, brand_name }) => ({ ...product, brand_name, presentations: byProduct.get(product.id) ?? [] }));
}

function productCells(product: CatalogueProduct): Partial<Record<SheetColumn, string>> {
  const cells: Partial<Record<SheetColumn, string>> = {
    id: String(product.id),
    sku: escapeFormula(product.sku ?? ''),
    brand: escapeFormula(product.brand_name),
  };
  for (const key of PRODUCT_FIELDS) cells[key] = formatProductField(key, product[key]);
  return cells;
}

export function catalogueRows(catalogue: CatalogueProduct[], exportedAt: Date): string[][] {
  const rows: string[][] = [SHEET_COLUMNS.map((c) => c.header)];
  for (const product of catalogue) {
    const cells = { ...productCells(product), exported_at: formatSheetInstant(exportedAt) };
    const presentations = product.presentations.length ? product.presentations.map(formatPresentation) : [{}];
    for (const presentation of presentations) {
      const row: Partial<Record<SheetColumn, string>> = { ...cells, ...presentation };
      rows.push(SHEET_COLUMNS.map((c) => row[c.key] ?? ''));
    }
  }
  return rows;
}

export async function exportCatalogue(db: DbOrTx, now: Date): Promise<{ filename: string; body: Buffer }> {
  // Taken before the read: a write in between is then seen as made after the export (checked again).
  const rows = catalogueRows(await loadCatalogue(db), now);
  return { filename: `catalogo-${shopDate(now)}.csv`, body: writeCsv(rows, ';') };
}
