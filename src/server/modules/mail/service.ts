// Outgoing mail goes through the mail_outbox table: queueMail stores the message (inside the
// caller's transaction when given one) and delivery happens after, with retries. A failed send is
// logged and retried; it never fails the order or the registration that caused it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { runInBackground } from '../../background';
import type { Logger } from '../../logger';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createTransport, type MailMessage, type MailTransport } from './transport';

export type { MailMessage };

const MAX_ATTEMPTS = 8;
const transports = new WeakMap<AppContext['config'], MailTransport>();

function transportFor(ctx: AppContext): MailTransport {
  let transport = transports.get(ctx.config);
  if (!transport) {
    transport = createTransport(ctx.config);
    transports.set(ctx.config, transport);
  }
  return transport;
}

/** Stores a message for delivery; returns its outbox id. */
export async function queueMail(db: DbOrTx, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to_address: message.to, subject: message.subject, html: message.html, text_body: message.text })
    .returning({ id: mailOutbox.id });
  return row.id;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims due messages for this process: the claim counts the attempt and moves the next attempt
 * 5 minutes ahead, so another process (or another run of the job) that read the same rows finds
 * them no longer due and skips them; rows being claimed elsewhere are skipped, not waited for.
 */
async function claimDueMail(ctx: AppContext, only: { id?: number; limit: number }): Promise<OutboxRow[]> {
  const due = ctx.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        only.id === undefined ? undefined : eq(mailOutbox.id, only.id),
        eq(mailOutbox.status, 'pending'),
        // The clock of the database or of the process, whichever is ahead: tests move the latter.
        sql`${mailOutbox.next_attempt_at} <= greatest(now(), ${ctx.now().toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(mailOutbox.next_attempt_at)
    .limit(only.limit)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, next_attempt_at: sql`now() + interval '5 minutes'` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Sends one claimed message; on failure schedules a retry with backoff. */
async function send(ctx: AppContext, row: OutboxRow, log?: Logger): Promise<boolean> {
  try {
    await transportFor(ctx).send({ to: row.to_address, subject: row.subject, html: row.html, text: row.text_body });
    await ctx.db.update(mailOutbox).set({ status: 'sent', sent_at: ctx.now(), last_error: null }).where(eq(mailOutbox.id, row.id));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log?.warn({ mailId: row.id, err: message, attempt: row.attempts }, 'mail delivery failed');
    const backoffMinutes = Math.min(2 ** row.attempts, 360);
    await ctx.db
      .update(mailOutbox)
      .set({
        status: row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        last_error: message.slice(0, 1000),
        next_attempt_at: sql`now() + make_interval(mins => ${backoffMinutes})`,
      })
      .where(eq(mailOutbox.id, row.id));
    return false;
  }
}

/** Tries to deliver one queued message now, unless it is not due or another process has it. */
export async function deliverMail(ctx: AppContext, id: number, log?: Logger): Promise<boolean> {
  const [row] = await claimDueMail(ctx, { id, limit: 1 });
  return row ? send(ctx, row, log) : false;
}

/**
 * Starts delivering already queued messages without making the caller wait or fail. Use it after
 * the transaction that queued them (queueMail(tx, …)) has committed.
 */
export function deliverInBackground(ctx: AppContext, ids: number[], log?: Logger): void {
  for (const id of ids) runInBackground(`delivery of mail ${id}`, () => deliverMail(ctx, id, log), log);
}

/** Queues and immediately tries to deliver, without making the caller wait or fail. */
export async function sendMail(ctx: AppContext, message: MailMessage, log?: Logger): Promise<number> {
  const id = await queueMail(ctx.db, message);
  deliverInBackground(ctx, [id], log);
  return id;
}

/** Delivers every message whose retry time has come (run by the background job). */
export async function deliverDueMail(ctx: AppContext, log?: Logger): Promise<number> {
  let sent = 0;
  for (const row of await claimDueMail(ctx, { limit: 50 })) if (await send(ctx, row, log)) sent++;
  return sent;
}

/** Messages still waiting for delivery (first try or a retry): the outbox backlog /metrics shows. */
export async function countUndeliveredMail(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'));
  return Number(row.n);
}
