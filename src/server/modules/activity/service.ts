// Reading the activity log (spec accounts-admin §2 activity panel, §7 activity): the filtered
// timeline and the four counters.
import { and, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import {
  ACTIVITY_ACTION_LABELS,
  type ActivityEntryDto,
  type ActivityListQuery,
  type ActivityStatsDto,
  SYSTEM_USER,
} from '../../../domain/activity';
import { DAY_MS, shopDate, shopDayStart } from '../../../domain/dates';
import type { AppContext } from '../../context';
import { activityLogs } from '../../db/schema';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toDto(row: typeof activityLogs.$inferSelect): ActivityEntryDto {
  return {
    id: row.id,
    action: row.action,
    action_display: ACTIVITY_ACTION_LABELS[row.action],
    description: row.description,
    user: row.username ?? SYSTEM_USER,
    user_id: row.user_id,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    timestamp: row.created_at.toISOString(),
    changes: (row.changes as Record<string, unknown> | null) ?? null,
  };
}

export async function listActivity(ctx: AppContext, query: ActivityListQuery): Promise<{ results: ActivityEntryDto[]; count: number }> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(activityLogs.action, query.action));
  if (query.date_from) conditions.push(gte(activityLogs.created_at, shopDayStart(query.date_from)));
  if (query.search) {
    const pattern = likePattern(query.search);
    // Also the products a bulk edit or an import changed, named inside the entry's changes.
    const named = (key: string) => ilike(sql`(${activityLogs.changes} -> ${key})::text`, pattern);
    conditions.push(
      or(ilike(activityLogs.description, pattern), ilike(activityLogs.username, pattern), named('products'), named('rows_changed'))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(activityLogs)
      .where(where),
  ]);
  return { results: rows.map(toDto), count: total };
}

/** Today since the shop's midnight; last week and month as the last 7 and 30 days. */
export async function activityStats(ctx: AppContext): Promise<ActivityStatsDto> {
  const now = ctx.now();
  const today = shopDayStart(shopDate(now));
  const week = new Date(now.getTime() - 7 * DAY_MS);
  const month = new Date(now.getTime() - 30 * DAY_MS);
  const [row] = await ctx.db
    .select({
      activities_today: sql<number>`count(*) filter (where ${activityLogs.created_at} >= ${today})`.mapWith(Number),
      activities_last_week: sql<number>`count(*) filter (where ${activityLogs.created_at} >= ${week})`.mapWith(Number),
      activities_last_month: sql<number>`count(*) filter (where ${activityLogs.created_at} >= ${month})`.mapWith(Number),
      total_activities: sql<number>`count(*)`.mapWith(Number),
    })
    .from(activityLogs);
  return row;
}
