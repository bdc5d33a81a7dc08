// Staff writes to products and their blisters (spec accounts-admin §2 product form, §4
// availability): create, edit (full or partial) and delete, each in one transaction with its
// activity entry.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { SKU_EXISTS, type BlisterInput, type ProductFormValues, type ProductPatchValues } from '../../../domain/admin-catalog';
import { productSearchText, type ProductDto } from '../../../domain/catalog';
import { usdToArs, type Currency } from '../../../domain/money';
import {
  changePercent,
  costAbovePriceMessage,
  DISCOUNT_LEAVES_NO_PRICE,
  discountLeavesNoPriceMessage,
  isCostAbovePrice,
  isSuspiciousPriceChange,
  leftWithoutPrice,
  PRICE_CHANGE_UNCONFIRMED,
  priceChangeMessage,
  type CostAbovePrice,
  type FlaggedPrice,
} from '../../../domain/price-guards';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { blisters, brands, products } from '../../db/schema';
import { productInAnyOrder } from '../orders';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { diff, logActivity, type Actor } from '../../shared/activity-log';
import { toProductDto } from '../catalog';
import { getDollarRateValue } from '../site';
import { sendRestockNoticesSoon } from '../stock-alerts';
import { linkBrand } from './brand-link';
import { PRODUCT_FIELDS } from './sheet-cells';
import { isUniqueViolation, retryingDeadlocks } from '../../db/errors';

const PRODUCT_NOT_FOUND = 'Producto no encontrado';

type ProductRow = typeof products.$inferSelect;
type BlisterRow = typeof blisters.$inferSelect;

/**
 * The product columns a form sets (everything but brand, blisters and bookkeeping): the sheet's
 * product fields and the SKU.
 */
const FORM_COLUMNS = [...PRODUCT_FIELDS, 'sku'] as const satisfies readonly (keyof ProductRow & keyof ProductFormValues)[];

type FormColumns = Pick<ProductRow, (typeof FORM_COLUMNS)[number]>;

/** The given form columns of a (possibly partial) payload; absent keys are left out. */
function formColumns(input: ProductFormValues | ProductPatchValues): Partial<FormColumns> {
  const values: Record<string, unknown> = {};
  for (const key of FORM_COLUMNS) if (input[key] !== undefined) values[key] = input[key];
  return values;
}

/** What the activity log keeps of a product: its form fields, brand and blisters. */
function snapshot(
  product: FormColumns,
  brandName: string,
  blisterRows: Pick<BlisterRow, 'id' | 'seed_count' | 'price' | 'stock' | 'discount' | 'cost_price'>[],
) {
  const fields: Record<string, unknown> = {};
  for (const key of FORM_COLUMNS) fields[key] = product[key];
  return {
    ...fields,
    brand: brandName,
    blisters: [...blisterRows]
      .sort((a, b) => a.seed_count - b.seed_count || a.id - b.id)
      .map((b) => ({ id: b.id, seed_count: b.seed_count, price: b.price, stock: b.stock, discount: b.discount, cost_price: b.cost_price })),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads for the answers

/** The staff view of a product (prices and stored values), read after the write committed. */
export async function staffProductDto(ctx: AppContext, db: DbOrTx, id: number): Promise<ProductDto> {
  const [row] = await db.select().from(products).innerJoin(brands, eq(brands.id, products.brand_id)).where(eq(products.id, id));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  const blisterRows = await db.select().from(blisters).where(eq(blisters.product_id, id));
  const dollarRate = await getDollarRateValue(db);
  return toProductDto(row.products, row.brands, blisterRows, {
    dollarRate,
    now: ctx.now(),
    showPrices: true,
    staff: true,
    costs: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Rules

async function assertSkuFree(tx: Tx, sku: string | null | undefined, exceptId?: number) {
  if (!sku) return;
  const conditions = [eq(products.sku, sku), isNull(products.deleted_at)];
  if (exceptId !== undefined) conditions.push(ne(products.id, exceptId));
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw skuTaken();
}

/** 409 naming the field, so the form marks the SKU itself. */
const skuTaken = () => new AppError(409, SKU_EXISTS, 'SKU_EXISTS', { sku: [SKU_EXISTS] });

/** Runs a write; a race on the SKU's unique index answers like the check before it. */
async function withSkuGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'products_sku_idx')) throw skuTaken();
    throw error;
  }
}

/**
 * Makes the product's blisters match `list`: items with an id are edited, items without are
 * created, and blisters missing from the list are deleted. Deleting is safe for orders: an
 * order line keeps its own snapshot (seed_count, price_at_time) and its blister_id becomes null
 * (FK on delete set null), and the order module returns no stock to a missing blister. So
 * removed blisters are really removed, never left behind as stock-0 ghosts in the shop.
 */
async function syncBlisters(tx: Tx, productId: number, current: BlisterRow[], list: BlisterInput[], now: Date) {
  const byId = new Map(current.map((b) => [b.id, b]));
  list.forEach((item, index) => {
    if (item.id != null && !byId.has(item.id)) {
      throw badRequest('La presentación no pertenece a este producto', {
        [`blisters.${index}.id`]: ['La presentación no pertenece a este producto'],
      });
    }
  });
  const kept = new Set(list.flatMap((item) => (item.id != null ? [item.id] : [])));
  const removed = current.filter((b) => !kept.has(b.id)).map((b) => b.id);
  if (removed.length) await tx.delete(blisters).where(inArray(blisters.id, removed));
  for (const item of list) {
    const values = {
      seed_count: item.seed_count,
      price: item.price,
      stock: item.stock,
      discount: item.discount,
      // Absent keeps the stored cost (a client that does not know costs never clears them).
      ...(item.cost_price !== undefined ? { cost_price: item.cost_price } : {}),
    };
    if (item.id == null) {
      await tx.insert(blisters).values({ ...values, product_id: productId, created_at: now, updated_at: now });
      continue;
    }
    const was = byId.get(item.id)!;
    const changed = (Object.keys(values) as (keyof typeof values)[]).some((key) => was[key] !== values[key]);
    if (changed)
      await tx
        .update(blisters)
        .set({ ...values, updated_at: now })
        .where(eq(blisters.id, item.id));
  }
}

type BrandRow = typeof brands.$inferSelect;

/**
 * The checks a save passes once its blisters are written (in the same transaction, which
 * a refusal rolls back): no blister sold for $ 0 or less by the brand's discount, and no
 * price moved by −50% or more or above +200% unless the owner confirmed it.
 */
async function checkSavedPrices(
  tx: Tx,
  ctx: AppContext,
  product: ProductRow,
  brand: BrandRow,
  before: { rows: BlisterRow[]; currency: Currency } | null,
  confirmed: boolean,
) {
  const saved = await tx.select().from(blisters).where(eq(blisters.product_id, product.id)).orderBy(asc(blisters.seed_count));
  const rate = await getDollarRateValue(tx);
  const currency = product.currency;
  const priced = saved.map((b) => ({ name: product.name, seed_count: b.seed_count, price: b.price, currency }));
  const zeroed = leftWithoutPrice(priced, brand, rate, ctx.now());
  if (zeroed.length) {
    const message = discountLeavesNoPriceMessage(zeroed, rate);
    throw badRequest(message, undefined, DISCOUNT_LEAVES_NO_PRICE);
  }
  if (confirmed) return;
  const inArs = (price: number | null, of: Currency) => (price == null ? null : of === 'USD' ? usdToArs(price, rate) : price);
  // A cost above its price (new, or either of them changed) asks for the same confirmation.
  const costs: CostAbovePrice[] = [];
  for (const b of saved) {
    const was = before?.rows.find((r) => r.id === b.id);
    const price = inArs(b.price, currency);
    const moved = !was || was.cost_price !== b.cost_price || was.price !== b.price || before?.currency !== currency;
    if (moved && isCostAbovePrice(b.cost_price, price))
      costs.push({ name: product.name, seed_count: b.seed_count, cost: b.cost_price!, price: price! });
  }
  if (costs.length) {
    throw conflict(costAbovePriceMessage(costs), PRICE_CHANGE_UNCONFIRMED, { price_changes: [], cost_above_price: costs });
  }
  if (!before) return;
  const flagged: FlaggedPrice[] = [];
  for (const was of before.rows) {
    const now = saved.find((b) => b.id === was.id);
    if (!now) continue;
    const [from, to] = [inArs(was.price, before.currency), inArs(now.price, currency)];
    if (isSuspiciousPriceChange(from, to)) {
      flagged.push({
        product_id: product.id,
        name: product.name,
        seed_count: now.seed_count,
        before: from!,
        after: to!,
        currency: 'ARS',
        change_percent: changePercent(from!, to!),
      });
    }
  }
  if (flagged.length) throw conflict(priceChangeMessage(flagged), PRICE_CHANGE_UNCONFIRMED, { price_changes: flagged });
}

// Locks are taken blisters first, then the product. An order's line locks the product, then
// the blister, through its foreign keys, so a delete and a checkout can still meet crossed:
// PostgreSQL ends one of them and both sides retry it (retryingDeadlocks).
const lockBlisters = (tx: Tx, productId: number) =>
  tx.select().from(blisters).where(eq(blisters.product_id, productId)).orderBy(asc(blisters.id)).for('update');

// ---------------------------------------------------------------------------------------------
// Writes

export async function createProduct(ctx: AppContext, actor: Actor, input: ProductFormValues): Promise<ProductDto> {
  const id = await withSkuGuard(() =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const brand = await linkBrand(tx, actor, input, now);
      const columns = { currency: 'ARS', available: true, ...formColumns(input) } as FormColumns;
      await assertSkuFree(tx, columns.sku);
      const [product] = await tx
        .insert(products)
        .values({
          ...columns,
          brand_id: brand.id,
          search_text: productSearchText(columns.name, brand.brand_name, columns.type),
          created_at: now,
          updated_at: now,
        })
        .returning();
      await syncBlisters(tx, product.id, [], input.blisters ?? [], now);
      await checkSavedPrices(tx, ctx, product, brand, null, !!input.confirm_price_changes);
      const created = await tx.select().from(blisters).where(eq(blisters.product_id, product.id));
      await logActivity(tx, {
        action: 'create',
        description: `Producto "${product.name}" creado`,
        actor,
        entity_type: 'product',
        entity_id: product.id,
        changes: { before: {}, after: snapshot(product, brand.brand_name, created) },
      });
      return product.id;
    }),
  );
  ctx.caches.catalogChanged();
  return staffProductDto(ctx, ctx.db, id);
}

/**
 * PUT sends the whole form and PATCH any part of it (such as `{ available: false }`); absent keys
 * keep their value, and an absent `blisters` keeps the blisters as they are.
 */
export async function updateProduct(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: ProductFormValues | ProductPatchValues,
): Promise<ProductDto> {
  await withSkuGuard(() =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const current = await lockBlisters(tx, id);
      // No-key lock: edits never block an order line referencing the product (its FK key-share).
      const [before] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), isNull(products.deleted_at)))
        .for('no key update');
      if (!before) throw notFound(PRODUCT_NOT_FOUND);
      const [oldBrand] = await tx.select().from(brands).where(eq(brands.id, before.brand_id));

      const brandChanged = input.brand_id != null || input.brand !== undefined;
      const brand = brandChanged ? await linkBrand(tx, actor, input, now) : oldBrand;
      const changes = formColumns(input);
      if (changes.sku !== undefined && changes.sku !== before.sku) await assertSkuFree(tx, changes.sku, id);
      const next = { ...before, ...changes };
      const [after] = await tx
        .update(products)
        .set({ ...changes, brand_id: brand.id, search_text: productSearchText(next.name, brand.brand_name, next.type), updated_at: now })
        .where(eq(products.id, id))
        .returning();
      if (input.blisters !== undefined) await syncBlisters(tx, id, current, input.blisters, now);
      await checkSavedPrices(tx, ctx, after, brand, { rows: current, currency: before.currency }, !!input.confirm_price_changes);
      const blisterRows = input.blisters !== undefined ? await tx.select().from(blisters).where(eq(blisters.product_id, id)) : current;

      const change = diff(snapshot(before, oldBrand.brand_name, current), snapshot(after, brand.brand_name, blisterRows));
      const onlyAvailability = Object.keys(change.after).length === 1 && 'available' in change.after;
      await logActivity(tx, {
        action: 'update',
        description: onlyAvailability
          ? `Producto "${after.name}" marcado como ${after.available ? 'disponible' : 'no disponible'}`
          : `Producto "${after.name}" actualizado`,
        actor,
        entity_type: 'product',
        entity_id: id,
        changes: change,
      });
    }),
  );
  ctx.caches.catalogChanged();
  // A blister taken from 0 units to more had its waiting requests closed in the transaction.
  if (input.blisters !== undefined) sendRestockNoticesSoon(ctx);
  return staffProductDto(ctx, ctx.db, id);
}

/**
 * A product that appears in any order is soft-deleted (deleted_at set, hidden everywhere, its SKU
 * free again) so those orders keep their link to it; one that no order names is removed for good
 * with its blisters.
 */
export async function deleteProduct(ctx: AppContext, actor: Actor, id: number): Promise<{ soft: boolean }> {
  const soft = await retryingDeadlocks(() =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const blisterRows = await lockBlisters(tx, id);
      // FOR UPDATE also waits for any order still inserting a line that references this product,
      // so the check below sees every order that will ever name it.
      const [product] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), isNull(products.deleted_at)))
        .for('update');
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const [brand] = await tx.select({ brand_name: brands.brand_name }).from(brands).where(eq(brands.id, product.brand_id));
      const inOrder = await productInAnyOrder(tx, id);
      if (inOrder) {
        await tx.update(products).set({ deleted_at: now, available: false, updated_at: now }).where(eq(products.id, id));
      } else {
        await tx.delete(products).where(eq(products.id, id));
      }
      await logActivity(tx, {
        action: 'delete',
        description: `Producto "${product.name}" eliminado`,
        actor,
        entity_type: 'product',
        entity_id: id,
        changes: { before: snapshot(product, brand.brand_name, blisterRows), after: {}, soft_delete: inOrder },
      });
      return inOrder;
    }),
  );
  ctx.caches.catalogChanged();
  return { soft };
}

/** Recomputes search_text of every product of a brand (after a rename). */
export async function refreshBrandSearchText(tx: Tx, brandId: number, brandName: string): Promise<void> {
  const rows = await tx
    .select({ id: products.id, name: products.name, type: products.type })
    .from(products)
    .where(eq(products.brand_id, brandId));
  const CHUNK = 500;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map((r) => sql`(${r.id}::int, ${productSearchText(r.name, brandName, r.type)})`);
    await tx.execute(sql`update products p set search_text = v.search_text
      from (values ${sql.join(values, sql`, `)}) as v(id, search_text) where p.id = v.id`);
  }
}
