// Reads of purchase orders: one order with its brand and lines, and the staff list.
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { purchaseOrderText, totalCost, type PurchaseOrderDto, type PurchaseOrderStatus } from '../../../domain/purchasing';
import type { DbOrTx, Tx } from '../../db/client';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema';
import { brandNames, toIso } from '../catalog';

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;

/** The order row held FOR UPDATE to the commit: every change to an order takes it first (decision 0006). */
export async function lockPurchaseOrder(tx: Tx, id: number): Promise<PurchaseOrderRow | undefined> {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  return row;
}

export function linesOf(db: DbOrTx, ids: number[]): Promise<PurchaseOrderLineRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.purchase_order_id, ids))
    .orderBy(asc(purchaseOrderLines.product_name), asc(purchaseOrderLines.seed_count), asc(purchaseOrderLines.id));
}

export function toPurchaseOrderDto(row: PurchaseOrderRow, brandName: string, lines: PurchaseOrderLineRow[]): PurchaseOrderDto {
  const dtoLines = lines.map((l) => ({
    blister_id: l.blister_id ?? 0,
    product_id: l.product_id ?? 0,
    name: l.product_name,
    seed_count: l.seed_count,
    quantity: l.quantity,
    received: l.received,
    unit_cost: l.unit_cost,
  }));
  return {
    id: row.id,
    number: row.number,
    brand_id: row.brand_id,
    brand_name: brandName,
    status: row.status,
    note: row.note,
    created_at: toIso(row.created_at)!,
    sent_at: toIso(row.sent_at),
    received_at: toIso(row.received_at),
    lines: dtoLines,
    total_cost: totalCost(dtoLines),
    text: purchaseOrderText({ number: row.number, brand_name: brandName, note: row.note, lines: dtoLines }),
  };
}

export async function readPurchaseOrder(db: DbOrTx, id: number): Promise<PurchaseOrderDto | null> {
  const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  if (!row) return null;
  const [lines, names] = await Promise.all([linesOf(db, [id]), brandNames(db, [row.brand_id])]);
  return toPurchaseOrderDto(row, names.get(row.brand_id) ?? '', lines);
}

export async function listPurchaseOrders(
  db: DbOrTx,
  filters: { status?: PurchaseOrderStatus; brand_id?: number },
  limit: number,
  offset: number,
): Promise<{ results: PurchaseOrderDto[]; count: number }> {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(purchaseOrders.status, filters.status));
  if (filters.brand_id) conditions.push(eq(purchaseOrders.brand_id, filters.brand_id));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(purchaseOrders)
      .where(where)
      .orderBy(desc(purchaseOrders.created_at), desc(purchaseOrders.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(purchaseOrders).where(where),
  ]);
  const [lines, names] = await Promise.all([
    linesOf(
      db,
      rows.map((r) => r.id),
    ),
    brandNames(db, [...new Set(rows.map((r) => r.brand_id))]),
  ]);
  const results = rows.map((row) =>
    toPurchaseOrderDto(
      row,
      names.get(row.brand_id) ?? '',
      lines.filter((l) => l.purchase_order_id === row.id),
    ),
  );
  return { results, count: Number(total) };
}
