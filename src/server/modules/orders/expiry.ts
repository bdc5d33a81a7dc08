// The expiry job (README: PENDING_ORDER_DAYS): orders still awaiting payment after the limit are
// cancelled, their stock and coupon use given back, and the customer told.
import { and, asc, lt } from 'drizzle-orm';
import { EXPIRED_ORDER_REASON } from '../../../domain/orders';
import { refusal, UNPAID_STAGES } from '../../../domain/order-lifecycle';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import type { Logger } from '../../logger';
import { cancelOrder } from './change';
import { notifyStatusChanged } from './emails';
import { findOrderDto } from './queries';
import { afterOrderWrites, currentLines, lockOrder } from './records';
import { inStages } from './stages';

/** Cancels one order awaiting payment created before `cutoff`, checked again under its lock, and e-mails the customer. */
async function expireOrder(ctx: AppContext, id: number, cutoff: Date, log?: Logger): Promise<boolean> {
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || refusal(order, 'expire') || order.created_at >= cutoff) return false;
    await cancelOrder(tx, null, order, await currentLines(tx, id), EXPIRED_ORDER_REASON, now);
    return true;
  });
  if (!done) return false;
  const dto = await findOrderDto(ctx.db, id);
  if (dto) await notifyStatusChanged(ctx, dto, log);
  return true;
}

/**
 * Background job (README: PENDING_ORDER_DAYS): cancels orders still awaiting payment after the
 * limit and gives their stock back; paid and shipped orders never expire. Safe with several
 * processes: each order is re-checked under its lock.
 */
export async function expireStalePendingOrders(ctx: AppContext, log?: Logger): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.pendingOrderDays * 24 * 60 * 60 * 1000);
  let expired = 0;
  for (;;) {
    const stale = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inStages(UNPAID_STAGES), lt(orders.created_at, cutoff)))
      .orderBy(asc(orders.created_at))
      .limit(100);
    // Each order in its own transaction, the caches dropped once for the batch: each drop reaches
    // every process, which a backlog of expired orders would otherwise do a hundred times.
    if (stale.length) {
      await afterOrderWrites(ctx, async () => {
        for (const { id } of stale) if (await expireOrder(ctx, id, cutoff, log)) expired++;
      });
    }
    // Every order of a batch leaves the awaiting-payment stage, so the next query finds the next ones.
    if (stale.length < 100) return expired;
  }
}
