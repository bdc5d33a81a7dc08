// The blisters as orders read, lock and move them: the one join of a blister with its product
// and brand (selectBlisterLines, which the catalog's other readers in blisters.ts narrow too), and
// their stock. An active order (pending or completed) holds its lines' units; a cancelled order
// holds none. Every change moves stock from what an order held to what it holds after, with the
// blisters locked in id order so concurrent orders never deadlock or oversell. The catalog owns
// these rows; orders call these functions with their own transaction (`tx`), so the prices they
// read, the locks and the stock change belong to the order's transaction, in one file.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { insufficientStockMessage } from '../../../domain/orders';
import type { DbOrTx, Tx } from '../../db/client';
import { blisters, brands, products } from '../../db/schema';
import { conflict } from '../../errors';

/** A blister with what pricing, stock moves, notices and lists need of its product and brand. */
const BLISTER_LINE = {
  id: blisters.id,
  product_id: blisters.product_id,
  seed_count: blisters.seed_count,
  price: blisters.price,
  stock: blisters.stock,
  discount: blisters.discount,
  cost_price: blisters.cost_price,
  product_name: products.name,
  product_image: products.image,
  product_type: products.type,
  currency: products.currency,
  available: products.available,
  deleted_at: products.deleted_at,
  brand_id: brands.id,
  brand_name: brands.brand_name,
  discount_active: brands.discount_active,
  discount_type: brands.discount_type,
  discount_value: brands.discount_value,
  discount_expires_at: brands.discount_expires_at,
};

/** Blisters with their product and brand: the one join of the three, for a `where` to narrow. */
export function selectBlisterLines(db: DbOrTx) {
  return db
    .select(BLISTER_LINE)
    .from(blisters)
    .innerJoin(products, eq(products.id, blisters.product_id))
    .innerJoin(brands, eq(brands.id, products.brand_id));
}

export type BlisterLine = Awaited<ReturnType<typeof selectBlisterLines>>[number];

/** Units per blister (blister id). */
export type Held = Map<number, number>;

export function heldBy(lines: { blister_id: number | null; quantity: number }[]): Held {
  const held: Held = new Map();
  for (const line of lines) {
    if (line.blister_id == null) continue; // the blister was deleted: nothing to hold
    held.set(line.blister_id, (held.get(line.blister_id) ?? 0) + line.quantity);
  }
  return held;
}

export const NOTHING_HELD: Held = new Map();

function selectBlisters(db: DbOrTx, ids: number[]) {
  return selectBlisterLines(db).where(inArray(blisters.id, ids)).orderBy(asc(blisters.id));
}

const uniqueSorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Locks blisters (ascending id, so concurrent orders take the locks in the same order and
 * cannot deadlock) and returns them with what pricing and messages need. Missing rows are absent.
 * FOR NO KEY UPDATE is the row lock a stock UPDATE takes anyway: it serialises every stock change
 * but, unlike FOR UPDATE, lets other transactions insert order lines that reference the row.
 */
export async function lockBlisters(tx: Tx, blisterIds: number[]): Promise<BlisterLine[]> {
  const ids = uniqueSorted(blisterIds);
  if (ids.length === 0) return [];
  return selectBlisters(tx, ids).for('no key update', { of: blisters });
}

/** The same rows without locking them (for reading snapshots before the stock move locks). */
export async function readBlisters(db: DbOrTx, blisterIds: number[]): Promise<BlisterLine[]> {
  const ids = uniqueSorted(blisterIds);
  if (ids.length === 0) return [];
  return selectBlisters(db, ids);
}

/** Units to take (positive) or give back (negative) per blister to go from `before` to `after`. */
export function stockDelta(before: Held, after: Held): Held {
  const delta: Held = new Map();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const change = (after.get(id) ?? 0) - (before.get(id) ?? 0);
    if (change !== 0) delta.set(id, change);
  }
  return delta;
}

/**
 * Applies a delta to blisters the transaction has already locked, in one UPDATE. Refuses
 * with 409 (naming the product and the units available) when one is short; the caller's
 * transaction then rolls everything back.
 */
export async function applyStockDelta(tx: Tx, locked: BlisterLine[], delta: Held, now: Date): Promise<void> {
  const byId = new Map(locked.map((row) => [row.id, row]));
  const changes: [number, number][] = [];
  for (const [id, change] of [...delta].sort(([a], [b]) => a - b)) {
    const row = byId.get(id);
    if (!row) {
      // Deleted since: units cannot go back to a blister that no longer exists.
      if (change > 0) throw conflict('Una de las presentaciones del pedido ya no existe', 'PRODUCT_UNAVAILABLE', { blister_id: id });
      continue;
    }
    if (change > 0 && row.stock < change) {
      throw conflict(insufficientStockMessage(row.product_name, row.seed_count, row.stock), 'INSUFFICIENT_STOCK', {
        product_id: row.product_id,
        blister_id: row.id,
        available: row.stock,
      });
    }
    changes.push([id, change]);
  }
  if (changes.length === 0) return;
  const cases = sql.join(
    changes.map(([id, change]) => sql`when ${id}::int then ${change}::int`),
    sql` `,
  );
  await tx
    .update(blisters)
    .set({ stock: sql`${blisters.stock} - (case ${blisters.id} ${cases} end)`, updated_at: now })
    .where(
      inArray(
        blisters.id,
        changes.map(([id]) => id),
      ),
    );
}

/** Takes and returns stock so that the order goes from holding `before` to holding `after`. */
export async function moveStock(tx: Tx, before: Held, after: Held, now: Date): Promise<void> {
  const delta = stockDelta(before, after);
  if (delta.size === 0) return;
  await applyStockDelta(tx, await lockBlisters(tx, [...delta.keys()]), delta, now);
}

/**
 * Stock received from a seed bank (purchase orders, issue 37): each blister rises by its units
 * and takes the unit cost given (when one is), under the same locks in id order as orders take.
 * Returns the blisters as they were before, so the caller can tell which were sold out.
 */
export async function receiveStock(tx: Tx, units: Held, costs: Map<number, number>, now: Date): Promise<BlisterLine[]> {
  const locked = await lockBlisters(tx, [...units.keys()]);
  const changes = [...units].filter(([id, n]) => n > 0 && locked.some((b) => b.id === id));
  if (changes.length === 0) return locked;
  const stockCases = sql.join(
    changes.map(([id, n]) => sql`when ${id}::int then ${n}::int`),
    sql` `,
  );
  const withCost = changes.filter(([id]) => costs.has(id));
  const costCases = sql.join(
    withCost.map(([id]) => sql`when ${id}::int then ${costs.get(id)}::numeric`),
    sql` `,
  );
  await tx
    .update(blisters)
    .set({
      stock: sql`${blisters.stock} + (case ${blisters.id} ${stockCases} end)`,
      ...(withCost.length ? { cost_price: sql`case ${blisters.id} ${costCases} else ${blisters.cost_price} end` } : {}),
      updated_at: now,
    })
    .where(
      inArray(
        blisters.id,
        changes.map(([id]) => id),
      ),
    );
  return locked;
}
