// Re-importing an old export (issue 21, item 13): the export says when it was made, and the
// import keeps the shop's stock of a blister whose stock moved since (an order was placed)
// unless the owner takes the sheet's value for that row.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters } from '../../src/server/db/schema';
import { useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { placeOrder } from '../helpers/orders';
import { exportSheet, importSheet } from '../helpers/catalog-sheet';

const server = useTestServer({ maxPendingOrders: 100 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.database.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

const stockOf = async (id: number) => (await db().select().from(blisters).where(eq(blisters.id, id)))[0].stock;

const exportCsv = async () => (await exportSheet(server, staff.token)).text;

const importCsv = (content: string, query = '') => importSheet(server, staff.token, content, { query });

/** The exported file's row of a blister, by its SKU (column 2). */
const rowOf = (file: string, sku: string) =>
  file
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .findIndex((line) => line.split(';')[1] === sku) + 1;

describe('importing a file exported before the stock moved', () => {
  it('writes the export time in every row', async () => {
    server.setNow(new Date('2031-05-02T13:00:00Z'));
    try {
      await createProduct(db(), { sku: 'STAMP-1', blisters: [{ seed_count: 3, price: 1000, stock: 5 }] });
      const lines = (await exportCsv())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0].split(';').at(-1)).toBe('Exportado');
      expect(lines.slice(1).every((line) => line.split(';').at(-1) === '2031-05-02T13:00:00.000Z')).toBe(true);
    } finally {
      server.setNow(null);
    }
  });

  it('flags the row whose stock an order changed, keeps the shop stock, and takes the sheet value only for a ticked row', async () => {
    const sold = await createProduct(db(), { sku: 'OLD-SOLD', blisters: [{ seed_count: 3, price: 1000, stock: 30 }] });
    const quiet = await createProduct(db(), { sku: 'OLD-QUIET', blisters: [{ seed_count: 3, price: 1000, stock: 10 }] });
    const file = await exportCsv();
    const customer = await createUser(db());
    await placeOrder(server, customer, [{ product_id: sold.id, blister_id: sold.blisters[0].id, quantity: 2 }]);
    expect(await stockOf(sold.blisters[0].id)).toBe(28);
    // The owner edits the quiet product's stock in the old file: no order touched it, so it applies.
    const edited = file.replace(/(;OLD-QUIET;(?:[^;]*;){6})10;/, '$112;');
    const soldRow = rowOf(edited, 'OLD-SOLD');

    const preview = await importCsv(edited, '?dry_run=true');
    expect(preview.json.stock_conflicts).toBe(1);
    expect(preview.json.changes.find((c: { row: number }) => c.row === soldRow)).toMatchObject({
      sku: 'OLD-SOLD',
      stock_conflict: { shop: 28, sheet: 30, taken: false },
      fields: [],
    });

    const applied = await importCsv(edited);
    expect(applied.json).toMatchObject({ applied: true, errors: [] });
    expect(await stockOf(sold.blisters[0].id)).toBe(28);
    expect(await stockOf(quiet.blisters[0].id)).toBe(12);

    const taken = await importCsv(edited, `?take_stock_rows=${soldRow}`);
    expect(taken.json.changes.find((c: { row: number }) => c.row === soldRow).stock_conflict).toEqual({ shop: 28, sheet: 30, taken: true });
    expect(await stockOf(sold.blisters[0].id)).toBe(30);
  });

  it('refuses an unreadable export time', async () => {
    await createProduct(db(), { sku: 'STAMP-BAD', blisters: [{ seed_count: 3, price: 1000, stock: 5 }] });
    const res = await importCsv('SKU;Semillas;Stock;Exportado\r\nSTAMP-BAD;3;6;ayer\r\n');
    expect(res.json.applied).toBe(false);
    expect(res.json.errors).toEqual([{ row: 2, column: 'Exportado', message: expect.stringContaining('Fecha de exportación ilegible') }]);
  });
});
