// POST /api/products/import/: a catalog sheet previewed (dry run) or applied in one
// transaction. Applying re-plans against the locked rows, so what is written is what the rows
// hold at that moment; any error, or a dry run, writes nothing. The change is logged once.
import { asc, inArray, sql } from 'drizzle-orm';
import { productSearchText } from '../../../domain/catalog';
import { countOf } from '../../../domain/plural';
import type { ImportChange, ImportOptions, ImportResultDto } from '../../../domain/catalog-sheet';
import { PRICE_CHANGE_UNCONFIRMED, PRICE_DROP_LIMIT, PRICE_RISE_LIMIT } from '../../../domain/price-guards';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { blisters, brands, products } from '../../db/schema';
import { conflict } from '../../errors';
import { logActivity, type Actor } from '../../shared/activity-log';
import { productsWithBlisters } from './product-rows';
import { planImport, type ImportPlan, type StoredProduct } from './sheet-plan';
import { readSheet, type Sheet } from './sheet-read';
import { PRODUCT_FIELDS } from './sheet-cells';
import { sendRestockNoticesSoon } from '../stock-alerts';
import { getDollarRateValue } from '../site';

export interface ImportFile {
  name: string;
  data: Buffer;
}

const CHUNK = 200;
/** The API's code for it keeps its published name, CATALOGUE_CHANGED. */
const CHANGED_DURING_IMPORT = 'El catálogo cambió mientras se importaba el archivo. Vuelve a intentarlo.';

class NotApplied extends Error {
  constructor(readonly result: ImportResultDto) {
    super('not applied');
  }
}

async function plan(ctx: AppContext, tx: Tx, sheet: Sheet, options: ImportOptions): Promise<ImportPlan> {
  const [catalog, brandRows, rate] = await Promise.all([productsWithBlisters(tx), tx.select().from(brands), getDollarRateValue(tx)]);
  return planImport(sheet, catalog, brandRows, { takeStockRows: options.take_stock_rows, rate, now: ctx.now() });
}

/**
 * 409 listing the rows whose price moves −50% or more, or above +200%, or whose cost ends above
 * its price, until the owner confirms (the product form's PRICE_CHANGE_UNCONFIRMED).
 */
function assertPricesConfirmed(plan: ImportPlan, options: ImportOptions) {
  if (options.confirm_price_changes || plan.result.price_changes_to_confirm === 0) return;
  const flagged = plan.result.changes.filter((c) => c.price_change_percent !== null);
  const costly = plan.result.changes.filter((c) => c.cost_above_price);
  const listed = (rows: string[]) => `${rows.slice(0, 5).join(', ')}${rows.length > 5 ? ` y ${rows.length - 5} más` : ''}`;
  const parts: string[] = [];
  if (flagged.length) {
    const rows = flagged.map(
      (c) => `fila ${c.row} (${c.name} x${c.seed_count}, ${c.price_change_percent! > 0 ? '+' : ''}${c.price_change_percent}%)`,
    );
    parts.push(
      `Revisa estos precios: cambian más de ${-PRICE_DROP_LIMIT}% hacia abajo o más de ${PRICE_RISE_LIMIT}% hacia arriba: ${listed(rows)}.`,
    );
  }
  if (costly.length) {
    const rows = costly.map((c) => `fila ${c.row} (${c.name} x${c.seed_count})`);
    parts.push(`Revisa estos costos: son mayores que el precio de venta: ${listed(rows)}.`);
  }
  const entry = ({ row, sku, name, seed_count, fields, price_change_percent }: ImportChange) => ({
    row,
    sku,
    name,
    seed_count,
    fields,
    price_change_percent,
  });
  throw conflict(`${parts.join(' ')} Confirma los cambios de precio para importar.`, PRICE_CHANGE_UNCONFIRMED, {
    price_changes: flagged.map(entry),
    cost_above_price: costly.map(entry),
  });
}

/**
 * Blisters first (ascending id), then products, both FOR NO KEY UPDATE: the order and the
 * lock strength of the order module (decision 0006), which still lets checkouts insert lines
 * that reference these rows while the import runs.
 */
async function lockProducts(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  const sorted = [...ids].sort((a, b) => a - b);
  await tx
    .select({ id: blisters.id })
    .from(blisters)
    .where(inArray(blisters.product_id, sorted))
    .orderBy(asc(blisters.id))
    .for('no key update');
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, sorted)).orderBy(asc(products.id)).for('no key update');
}

const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

const productRow = (values: StoredProduct, brandName: string) => ({
  ...values,
  search_text: productSearchText(values.name, brandName, values.type),
});

// Column casts of the VALUES lists below: the first row alone does not tell PostgreSQL the types.
const PRODUCT_CASTS: Record<(typeof PRODUCT_FIELDS)[number] | 'brand_id' | 'sku' | 'search_text', string> = {
  name: 'text',
  type: 'text',
  currency: 'text',
  available: 'boolean',
  genotype: 'text',
  sativa: 'numeric',
  indica: 'numeric',
  thc: 'text',
  cbd: 'text',
  flavors: 'text',
  effects: 'text',
  flowering_time: 'text',
  completed_cicle: 'text',
  height_indoor: 'text',
  height_outdoor: 'text',
  yield_indoor: 'text',
  yield_outdoor: 'text',
  description: 'text',
  image: 'text',
  image_2: 'text',
  image_3: 'text',
  brand_id: 'int',
  sku: 'text',
  search_text: 'text',
};
const PRODUCT_COLUMNS = Object.keys(PRODUCT_CASTS) as (keyof typeof PRODUCT_CASTS)[];

/** Writes the plan; answers whether a blister went from no stock to some (a restock). */
async function writePlan(tx: Tx, plan: ImportPlan, now: Date): Promise<boolean> {
  for (const chunk of chunks(plan.newProducts)) {
    const inserted = await tx
      .insert(products)
      .values(chunk.map((p) => ({ ...productRow(p.values, p.brandName), created_at: now, updated_at: now })))
      .returning({ id: products.id, sku: products.sku });
    const idBySku = new Map(inserted.map((row) => [row.sku, row.id]));
    const blisterRows = chunk.flatMap((p) => p.blisters.map((b) => ({ ...b, product_id: idBySku.get(p.values.sku)! })));
    for (const part of chunks(blisterRows)) {
      await tx.insert(blisters).values(part.map((b) => ({ ...b, created_at: now, updated_at: now })));
    }
  }

  for (const chunk of chunks(plan.productUpdates)) {
    const rows = chunk.map(({ id, values, brandName }) => {
      const row = productRow(values, brandName);
      return sql`(${sql.join([sql`${id}::int`, ...PRODUCT_COLUMNS.map((c) => sql`${row[c]}::${sql.raw(PRODUCT_CASTS[c])}`)], sql`, `)})`;
    });
    const assignments = PRODUCT_COLUMNS.map((c) => sql.raw(`"${c}" = v."${c}"`));
    await tx.execute(sql`update products as p set ${sql.join(assignments, sql`, `)}, updated_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(rows, sql`, `)}) as v(id, ${sql.raw(PRODUCT_COLUMNS.map((c) => `"${c}"`).join(', '))}) where p.id = v.id`);
  }

  for (const chunk of chunks(plan.blisterInserts)) {
    await tx.insert(blisters).values(chunk.map((b) => ({ ...b, created_at: now, updated_at: now })));
  }

  for (const chunk of chunks(plan.blisterUpdates)) {
    const rows = chunk.map(
      (b) => sql`(${b.id}::int, ${b.price}::numeric, ${b.stock}::int, ${b.discount}::numeric, ${b.cost_price}::numeric)`,
    );
    await tx.execute(sql`update blisters as b set price = v.price, stock = v.stock, discount = v.discount, cost_price = v.cost_price,
      updated_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(rows, sql`, `)}) as v(id, price, stock, discount, cost_price) where b.id = v.id`);
  }

  return plan.blisterUpdates.some((b) => b.stock_before <= 0 && b.stock > 0);
}

const resultOf = (plan: ImportPlan, applied: boolean): ImportResultDto => ({ ...plan.result, applied });

export async function importCatalog(ctx: AppContext, actor: Actor, file: ImportFile, options: ImportOptions): Promise<ImportResultDto> {
  const sheet = readSheet(file.data);
  if (options.dry_run || sheet.errors.length) {
    return resultOf(await ctx.db.transaction((tx) => plan(ctx, tx, sheet, options)), false);
  }
  let result: ImportResultDto;
  let restocked = false;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const first = await plan(ctx, tx, sheet, options);
      if (first.result.error_count) throw new NotApplied(resultOf(first, false));
      await lockProducts(tx, [...first.touched]);
      const locked = await plan(ctx, tx, sheet, options);
      if (locked.result.error_count) throw new NotApplied(resultOf(locked, false));
      assertPricesConfirmed(locked, options);
      if ([...locked.touched].some((id) => !first.touched.has(id))) throw conflict(CHANGED_DURING_IMPORT, 'CATALOGUE_CHANGED');
      const now = ctx.now();
      // The restock trigger (migration 0007) closes the waiting notify-me requests in this transaction.
      restocked = await writePlan(tx, locked, now);
      const { created, updated, unchanged, rows, products_created, products_updated } = locked.result;
      if (created || updated) {
        await logActivity(tx, {
          action: 'update',
          description: `Importación de catálogo (${file.name}): ${countOf(created, 'fila nueva', 'filas nuevas')}, ${countOf(updated, 'actualizada', 'actualizadas')}, ${unchanged} sin cambios`,
          actor,
          entity_type: 'product',
          changes: {
            file: file.name,
            rows,
            created,
            updated,
            unchanged,
            products_created,
            products_updated,
            skus_created: locked.newProducts.map((p) => p.values.sku),
            products_changed: [...locked.touched].sort((a, b) => a - b),
            // Each changed row by name, column by column, as the preview showed it (the log reads and searches it).
            rows_changed: locked.result.changes,
          },
        });
      }
      return resultOf(locked, true);
    });
  } catch (error) {
    if (error instanceof NotApplied) return error.result;
    if (isUniqueViolation(error, 'products_sku_idx')) throw conflict(CHANGED_DURING_IMPORT, 'CATALOGUE_CHANGED');
    throw error;
  }
  if (result.created || result.updated) ctx.caches.catalogChanged();
  if (restocked) sendRestockNoticesSoon(ctx);
  return result;
}
