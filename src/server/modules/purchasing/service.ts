// Purchase orders to the seed banks ('Compras', issue 37): staff write a draft for one brand,
// send it, and receive it in one or more deliveries. Every change locks the order row first and
// asks the domain's transition table (domain/purchasing.ts) whether it may happen; a receipt
// raises stock through the catalog (catalog/stock.ts receiveStock, blisters in id order), so
// concurrent receipts of the same delivery add stock once.
import { and, eq } from 'drizzle-orm';
import {
  BLISTER_NOT_OF_BRAND,
  nextStatus,
  planReceipt,
  PURCHASE_ORDER_STATE,
  PURCHASE_ORDER_STATUS_LABELS,
  purchaseOrderLabel,
  refusal,
  type PurchaseOrderAction,
  type PurchaseOrderDto,
  type PurchaseOrderInput,
  type PurchaseOrderStatus,
  type ReceiveInput,
} from '../../../domain/purchasing';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { purchaseOrderLines, purchaseOrderReceipts, purchaseOrders } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import { logActivity, type Actor } from '../../shared/activity-log';
import { brandLeadTime, readBlisters, receiveStock } from '../catalog';
import { sendRestockNoticesSoon } from '../stock-alerts';
import { linesOf, listPurchaseOrders, lockPurchaseOrder, readPurchaseOrder, type PurchaseOrderRow } from './queries';

const NOT_FOUND = 'Compra no encontrada';

export { listPurchaseOrders };

export async function getPurchaseOrder(ctx: AppContext, id: number): Promise<PurchaseOrderDto> {
  const po = await readPurchaseOrder(ctx.db, id);
  if (!po) throw notFound(NOT_FOUND);
  return po;
}

function assertCan(po: PurchaseOrderRow, action: PurchaseOrderAction) {
  const why = refusal(po.status, action);
  if (why) throw conflict(why, PURCHASE_ORDER_STATE, { status: po.status });
}

async function lockOrThrow(tx: Tx, id: number): Promise<PurchaseOrderRow> {
  const po = await lockPurchaseOrder(tx, id);
  if (!po) throw notFound(NOT_FOUND);
  return po;
}

/** The lines as stored: every blister must be the brand's; the cost defaults to the blister's. */
async function lineValues(tx: Tx, input: PurchaseOrderInput) {
  const brand = await brandLeadTime(tx, input.brand_id);
  if (!brand) throw notFound('Marca no encontrada');
  const found = new Map(
    (
      await readBlisters(
        tx,
        input.lines.map((l) => l.blister_id),
      )
    ).map((b) => [b.id, b]),
  );
  return {
    brand,
    lines: input.lines.map((line) => {
      const blister = found.get(line.blister_id);
      if (!blister || blister.brand_id !== input.brand_id || blister.deleted_at) {
        throw conflict(`Esa presentación no es de ${brand.name}: una compra es de un solo banco`, BLISTER_NOT_OF_BRAND, {
          blister_id: line.blister_id,
        });
      }
      return {
        blister_id: blister.id,
        product_id: blister.product_id,
        product_name: blister.product_name,
        seed_count: blister.seed_count,
        quantity: line.quantity,
        unit_cost: line.unit_cost === undefined ? blister.cost_price : line.unit_cost,
      };
    }),
  };
}

export async function createPurchaseOrder(ctx: AppContext, actor: Actor, input: PurchaseOrderInput): Promise<PurchaseOrderDto> {
  const id = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { brand, lines } = await lineValues(tx, input);
    const [po] = await tx
      .insert(purchaseOrders)
      .values({ brand_id: input.brand_id, note: input.note, created_by: actor.id, created_at: now, updated_at: now })
      .returning();
    await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, purchase_order_id: po.id })));
    await logActivity(tx, {
      action: 'create',
      description: `Compra ${purchaseOrderLabel(po.number)} a ${brand.name} creada`,
      actor,
      entity_type: 'purchase_order',
      entity_id: po.id,
      changes: { brand: brand.name, lines: lines.map((l) => ({ blister_id: l.blister_id, quantity: l.quantity, unit_cost: l.unit_cost })) },
    });
    return po.id;
  });
  return getPurchaseOrder(ctx, id);
}

export async function updatePurchaseOrder(ctx: AppContext, actor: Actor, id: number, input: PurchaseOrderInput): Promise<PurchaseOrderDto> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const po = await lockOrThrow(tx, id);
    assertCan(po, 'edit');
    const { brand, lines } = await lineValues(tx, input);
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchase_order_id, id));
    await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, purchase_order_id: id })));
    await tx.update(purchaseOrders).set({ brand_id: input.brand_id, note: input.note, updated_at: now }).where(eq(purchaseOrders.id, id));
    await logActivity(tx, {
      action: 'update',
      description: `Compra ${purchaseOrderLabel(po.number)} a ${brand.name} actualizada`,
      actor,
      entity_type: 'purchase_order',
      entity_id: id,
      changes: { lines: lines.map((l) => ({ blister_id: l.blister_id, quantity: l.quantity, unit_cost: l.unit_cost })), note: input.note },
    });
  });
  return getPurchaseOrder(ctx, id);
}

export async function deletePurchaseOrder(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const po = await lockOrThrow(tx, id);
    assertCan(po, 'delete');
    await tx.delete(purchaseOrders).where(eq(purchaseOrders.id, id));
    await logActivity(tx, {
      action: 'delete',
      description: `Compra ${purchaseOrderLabel(po.number)} eliminada`,
      actor,
      entity_type: 'purchase_order',
      entity_id: id,
    });
  });
}

/** Send or cancel: the table's one move from the current state. */
export async function movePurchaseOrder(ctx: AppContext, actor: Actor, id: number, action: 'send' | 'cancel'): Promise<PurchaseOrderDto> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const po = await lockOrThrow(tx, id);
    assertCan(po, action);
    const status = nextStatus(po.status, action);
    await tx
      .update(purchaseOrders)
      .set({ status, updated_at: now, ...(action === 'send' ? { sent_at: now } : { cancelled_at: now }) })
      .where(eq(purchaseOrders.id, id));
    await logActivity(tx, {
      action: 'status_change',
      description: `Compra ${purchaseOrderLabel(po.number)}: ${PURCHASE_ORDER_STATUS_LABELS[po.status]} → ${PURCHASE_ORDER_STATUS_LABELS[status]}`,
      actor,
      entity_type: 'purchase_order',
      entity_id: id,
      changes: { before: { status: po.status }, after: { status } },
    });
  });
  return getPurchaseOrder(ctx, id);
}

/**
 * A delivery: in one transaction the blisters' stock rises by exactly what arrived, the lines
 * record it, the state moves, the blisters take the received unit cost and the log says so. The
 * order row's lock makes simultaneous receipts take turns; a `receipt_key` already recorded
 * answers the order as it is (a retry, a double click), and without one a second receipt of
 * everything finds nothing left to receive (409).
 */
export async function receivePurchaseOrder(ctx: AppContext, actor: Actor, id: number, input: ReceiveInput): Promise<PurchaseOrderDto> {
  let restocked = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const po = await lockOrThrow(tx, id);
      if (input.receipt_key) {
        const [done] = await tx
          .select({ id: purchaseOrderReceipts.id })
          .from(purchaseOrderReceipts)
          .where(and(eq(purchaseOrderReceipts.purchase_order_id, id), eq(purchaseOrderReceipts.receipt_key, input.receipt_key)));
        if (done) return;
      }
      assertCan(po, 'receive');
      const lines = await linesOf(tx, [id]);
      const live = lines.filter((l) => l.blister_id !== null);
      const plan = planReceipt(
        live.map((l) => ({ ...l, blister_id: l.blister_id!, name: l.product_name })),
        input.lines,
      );
      if (!plan.ok) throw conflict(plan.message, plan.code, { blister_id: plan.blister_id });
      const status: PurchaseOrderStatus = plan.status;
      const units = new Map(plan.lines.map((l) => [l.blister_id, l.quantity]));
      const costs = new Map(plan.lines.flatMap((l) => (l.unit_cost == null ? [] : [[l.blister_id, l.unit_cost] as const])));
      const before = await receiveStock(tx, units, costs, now);
      restocked = before.some((b) => b.stock <= 0);
      for (const line of live) {
        const received = plan.received.get(line.blister_id!)!;
        if (received === line.received) continue;
        await tx.update(purchaseOrderLines).set({ received }).where(eq(purchaseOrderLines.id, line.id));
      }
      await tx.insert(purchaseOrderReceipts).values({
        purchase_order_id: id,
        receipt_key: input.receipt_key ?? null,
        lines: plan.lines,
        received_by: actor.id,
        created_at: now,
      });
      await tx
        .update(purchaseOrders)
        .set({ status, updated_at: now, ...(status === 'received' ? { received_at: now } : {}) })
        .where(eq(purchaseOrders.id, id));
      const byBlister = new Map(live.map((l) => [l.blister_id!, l]));
      await logActivity(tx, {
        action: 'update',
        description: `Compra ${purchaseOrderLabel(po.number)}: recibidas ${plan.lines.reduce((n, l) => n + l.quantity, 0)} unidades (${PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase()})`,
        actor,
        entity_type: 'purchase_order',
        entity_id: id,
        changes: {
          before: { status: po.status },
          after: { status },
          received: plan.lines.map((l) => ({
            blister_id: l.blister_id,
            name: byBlister.get(l.blister_id)?.product_name,
            seed_count: byBlister.get(l.blister_id)?.seed_count,
            quantity: l.quantity,
            unit_cost: l.unit_cost,
          })),
        },
      });
    });
  } catch (error) {
    // Two receipts with the same key that both found none: the second one's insert loses, and
    // its transaction (stock included) rolled back. It is the same delivery: answer as a retry.
    if (!isUniqueViolation(error, 'purchase_order_receipts_key_idx')) throw error;
  }
  ctx.caches.catalogChanged();
  // A blister taken from 0 units to more had its waiting requests closed in the transaction.
  if (restocked) sendRestockNoticesSoon(ctx);
  return getPurchaseOrder(ctx, id);
}
