// E-mails for requests the restock trigger closed (migration 0007, `blisters_restocked`): each is
// claimed by setting notified_at in the transaction that queues its mail, so every customer gets
// one e-mail per request however many processes send at once, and none is lost to a crash.
import { and, asc, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { runInBackground } from '../../background';
import type { AppContext } from '../../context';
import { stockNotifications } from '../../db/schema';
import { accountContacts } from '../auth';
import { blisterSummaries } from '../catalog';
import { deliverMail, queueMail } from '../mail';
import { restockEmail } from './emails';

const BATCH = 100;

/** Queues and delivers the e-mails of every closed request not yet notified; returns how many were sent. */
export async function sendRestockNotices(ctx: AppContext, log?: Logger): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      // Rows another sender holds are skipped, not waited for; it sends them.
      const unsent = tx
        .select({ id: stockNotifications.id })
        .from(stockNotifications)
        .where(and(isNotNull(stockNotifications.closed_at), isNull(stockNotifications.notified_at)))
        .orderBy(asc(stockNotifications.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const claimed = await tx
        .update(stockNotifications)
        .set({ notified_at: ctx.now() })
        .where(inArray(stockNotifications.id, unsent))
        .returning({ id: stockNotifications.id });
      if (claimed.length === 0) return null;
      const requests = await tx
        .select({ user_id: stockNotifications.user_id, blister_id: stockNotifications.blister_id })
        .from(stockNotifications)
        .where(
          inArray(
            stockNotifications.id,
            claimed.map((c) => c.id),
          ),
        )
        .orderBy(asc(stockNotifications.id));
      const contacts = await accountContacts(
        tx,
        requests.map((r) => r.user_id),
      );
      const summaries = await blisterSummaries(
        tx,
        requests.map((r) => r.blister_id),
      );
      const rows = requests.flatMap((request) => {
        const contact = contacts.get(request.user_id);
        const blister = summaries.get(request.blister_id);
        return contact && blister ? [{ ...blister, ...contact, to: contact.email }] : [];
      });
      const mailIds: number[] = [];
      // A product withdrawn from sale, or an account switched off, closes the request silently.
      for (const row of rows) {
        if (row.is_active && row.available && !row.deleted_at) mailIds.push(await queueMail(tx, restockEmail(ctx, row)));
      }
      return { claimed: claimed.length, mailIds };
    });
    if (!batch) return queued;
    for (const id of batch.mailIds) await deliverMail(ctx, id, log);
    queued += batch.mailIds.length;
    if (batch.claimed < BATCH) return queued;
  }
}

/**
 * After a write that may have raised stock from 0 has committed: sends its notices now instead of
 * at the next run of the job, without making the caller wait.
 */
export function sendRestockNoticesSoon(ctx: AppContext, log?: Logger): void {
  runInBackground('restock notices', () => sendRestockNotices(ctx, log), log);
}
