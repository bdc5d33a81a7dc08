// The dashboard's figure of the cart reminders (issue 38): how many went out in the last 30 days
// and how many of those customers placed an order within 7 days of theirs. Raw SQL across the
// cart and orders tables, as the dashboard's reports do (table-owners.js).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DAY_MS } from '../../../domain/dates';
import type { AppContext } from '../../context';
import { sqlRows } from '../../db/client';

export const cartReminderStatsSchema = z.object({
  days: z.number().int(),
  sent: z.number().int(),
  ordered_within_7_days: z.number().int(),
});

const DAYS = 30;

export async function cartReminderStats(ctx: AppContext): Promise<z.infer<typeof cartReminderStatsSchema>> {
  const since = new Date(ctx.now().getTime() - DAYS * DAY_MS).toISOString();
  const [row] = await sqlRows<{ sent: string; ordered: string }>(
    ctx.db,
    sql`
    select count(*) as sent,
           count(*) filter (where exists (
             select 1 from orders o
             where o.user_id = r.user_id and o.created_at >= r.sent_at and o.created_at < r.sent_at + interval '7 days'
           )) as ordered
    from cart_reminders r
    where r.sent_at >= ${since}::timestamptz`,
  );
  return { days: DAYS, sent: Number(row?.sent ?? 0), ordered_within_7_days: Number(row?.ordered ?? 0) };
}
