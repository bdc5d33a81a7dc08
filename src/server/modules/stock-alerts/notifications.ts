// 'Avisarme cuando haya stock': a customer asks for one sold-out blister, sees and cancels
// their open requests. Closing them on restock is the database's job (restock.ts).
import { and, desc, eq, isNull } from 'drizzle-orm';
import { HAS_STOCK_MESSAGE, NOTIFICATION_NOT_FOUND, BLISTER_NOT_FOUND, type StockNotificationDto } from '../../../domain/stock-alerts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { stockNotifications } from '../../db/schema';
import { blisterSummaries, shareBlisterStock } from '../catalog';
import { conflict, notFound } from '../../errors';

/**
 * A customer's open requests (of one blister, if given), newest first, with what the account
 * page shows of each; requests of deleted products are left out.
 */
async function openRequests(db: DbOrTx, userId: number, blisterId?: number): Promise<StockNotificationDto[]> {
  const rows = await db
    .select({ id: stockNotifications.id, blister_id: stockNotifications.blister_id, created_at: stockNotifications.created_at })
    .from(stockNotifications)
    .where(
      and(
        eq(stockNotifications.user_id, userId),
        blisterId === undefined ? undefined : eq(stockNotifications.blister_id, blisterId),
        isNull(stockNotifications.closed_at),
      ),
    )
    .orderBy(desc(stockNotifications.created_at), desc(stockNotifications.id));
  const summaries = await blisterSummaries(
    db,
    rows.map((row) => row.blister_id),
  );
  return rows.flatMap((row) => {
    const shown = summaries.get(row.blister_id);
    if (!shown || shown.deleted_at) return [];
    return [
      {
        id: row.id,
        blister_id: row.blister_id,
        seed_count: shown.seed_count,
        product_id: shown.product_id,
        product_name: shown.product_name,
        brand: shown.brand_name,
        image: shown.image,
        created_at: row.created_at.toISOString(),
      },
    ];
  });
}

export async function listOwnNotifications(ctx: AppContext, userId: number): Promise<StockNotificationDto[]> {
  return openRequests(ctx.db, userId);
}

/**
 * Opens a request, or answers the one already open for the same blister (`created: false`).
 * Only for a blister a customer can see (live, available product) and that is sold out.
 */
export async function requestNotification(
  ctx: AppContext,
  userId: number,
  blisterId: number,
): Promise<{ created: boolean; notification: StockNotificationDto }> {
  return ctx.db.transaction(async (tx) => {
    // FOR SHARE waits for a stock write in progress on the row (it holds FOR UPDATE or NO KEY
    // UPDATE): either this read sees the new stock and refuses, or the write starts after this
    // request committed and its trigger closes it. No request is left open on a stocked row.
    const blister = await shareBlisterStock(tx, blisterId);
    if (!blister || blister.deleted_at || !blister.available) throw notFound(BLISTER_NOT_FOUND);
    if (blister.stock > 0) throw conflict(HAS_STOCK_MESSAGE, 'HAS_STOCK');
    // The partial unique index (one open request per customer and blister) makes a repeat,
    // or two at once, keep the first.
    const [inserted] = await tx
      .insert(stockNotifications)
      .values({ user_id: userId, blister_id: blisterId, created_at: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: stockNotifications.id });
    const [notification] = await openRequests(tx, userId, blisterId);
    return { created: !!inserted, notification };
  });
}

/** Deletes one of the caller's open requests; anyone else's (or a closed one) is a 404. */
export async function cancelNotification(ctx: AppContext, userId: number, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(stockNotifications)
    .where(and(eq(stockNotifications.id, id), eq(stockNotifications.user_id, userId), isNull(stockNotifications.closed_at)))
    .returning({ id: stockNotifications.id });
  if (deleted.length === 0) throw notFound(NOTIFICATION_NOT_FOUND);
}
