// The reminder of a cart left waiting (issue 38): when the shop set `abandoned_cart_hours`, a cart
// unchanged that long gets one e-mail, if its customer consented, has ordered nothing since and
// some line can still be bought. Each cart is claimed by setting `reminded_at` in the transaction
// that queues its mail (rows another process holds are skipped), so two processes send it once;
// the mark stays until the cart empties. Nothing is sent while the shop is in maintenance.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from '../../logger';
import type { AppContext } from '../../context';
import { cartLines, cartReminders, carts } from '../../db/schema';
import { accountConsents, unsubscribeUrl } from '../auth';
import { deliverMail, queueMail } from '../mail';
import { orderedSince } from '../orders';
import { readShopSettings } from '../site';
import { cartReminderEmail } from './emails';
import { currentDollarRate, priceCartLines } from './service';

const BATCH = 50;
const HOUR_MS = 3_600_000;

/** Sends the reminders due now; returns how many were queued. */
export async function sendCartReminders(ctx: AppContext, log?: Logger): Promise<number> {
  const settings = await readShopSettings(ctx);
  if (settings.abandoned_cart_hours === null || settings.maintenance_mode) return 0;
  const due = new Date(ctx.now().getTime() - settings.abandoned_cart_hours * HOUR_MS);
  let queued = 0;
  for (;;) {
    // Read before the transaction, which prices the lines (priceCartLines).
    const dollarRate = await currentDollarRate(ctx);
    const batch = await ctx.db.transaction(async (tx) => {
      const waiting = tx
        .select({ user_id: carts.user_id })
        .from(carts)
        .where(and(isNull(carts.reminded_at), sql`${carts.updated_at} <= ${due.toISOString()}::timestamptz`))
        .orderBy(asc(carts.updated_at))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const now = ctx.now();
      const claimed = await tx
        .update(carts)
        .set({ reminded_at: now })
        .where(inArray(carts.user_id, waiting))
        .returning({ user_id: carts.user_id, updated_at: carts.updated_at });
      if (claimed.length === 0) return null;
      const consents = await accountConsents(
        tx,
        claimed.map((c) => c.user_id),
      );
      const mailIds: number[] = [];
      for (const cart of claimed) {
        const consent = consents.get(cart.user_id);
        if (!consent?.marketing_opt_in || !consent.is_active) continue;
        if (await orderedSince(tx, cart.user_id, cart.updated_at)) continue;
        const stored = await tx
          .select({ product_id: cartLines.product_id, blister_id: cartLines.blister_id, quantity: cartLines.quantity })
          .from(cartLines)
          .where(eq(cartLines.user_id, cart.user_id))
          .orderBy(asc(cartLines.position));
        const lines = await priceCartLines(ctx, tx, stored, dollarRate);
        if (!lines.some((l) => l.available)) continue;
        const message = cartReminderEmail(ctx, {
          ...consent,
          to: consent.email,
          lines,
          unsubscribe_url: unsubscribeUrl(ctx, cart.user_id),
        });
        mailIds.push(await queueMail(tx, message));
        await tx.insert(cartReminders).values({ user_id: cart.user_id, sent_at: now });
      }
      return { claimed: claimed.length, mailIds };
    });
    if (!batch) return queued;
    for (const id of batch.mailIds) await deliverMail(ctx, id, log);
    queued += batch.mailIds.length;
    if (batch.claimed < BATCH) return queued;
  }
}
