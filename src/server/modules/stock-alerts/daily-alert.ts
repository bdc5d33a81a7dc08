// The shop's daily stock e-mail (issue 14): from the configured Argentina hour, once a day, the
// blisters that fell under the low-stock threshold or sold out since the last check. The
// day is claimed with one conditional UPDATE, so with several processes exactly one runs it.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { shopDate } from '../../../domain/dates';
import {
  DEFAULT_STOCK_ALERT_HOUR,
  lowStockSeen,
  newlyLowStock,
  shopHour,
  type StockAlertSettingsDto,
  type StockAlertSettingsUpdate,
} from '../../../domain/stock-alerts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { stockAlertSettings } from '../../db/schema';
import { blistersToRestock } from '../catalog';
import { type Actor, diff, logActivity } from '../../shared/activity-log';
import { deliverMail, queueMail } from '../mail';
import { readShopSettings } from '../site';
import { lowStockAlertEmail } from './emails';

type SettingsRow = typeof stockAlertSettings.$inferSelect;

export interface DailyAlertOutcome {
  /** Blisters the e-mail listed (0: nothing new, no e-mail). */
  reported: number;
  mailId: number | null;
}

/**
 * Background job, every minute: null when it is not time (switched off, before the hour, or
 * today's check already ran here or in another process).
 */
export async function runDailyStockAlert(ctx: AppContext, log?: Logger): Promise<DailyAlertOutcome | null> {
  const now = ctx.now();
  const today = shopDate(now);
  // The shop's low-stock threshold, as the dashboard reads it; read before the transaction.
  const { low_stock_threshold: threshold } = await readShopSettings(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    // The claim keeps the row locked until commit: another process's claim waits, then finds
    // today already taken. A failure below rolls the claim back, and the next minute retries.
    const [claimed] = await tx
      .update(stockAlertSettings)
      .set({ last_run_on: today })
      .where(
        and(
          eq(stockAlertSettings.id, 1),
          eq(stockAlertSettings.enabled, true),
          lte(stockAlertSettings.hour, shopHour(now)),
          sql`${stockAlertSettings.last_run_on} is distinct from ${today}::date`,
        ),
      )
      .returning();
    if (!claimed) return null;
    const current = await blistersToRestock(tx, threshold);
    const report = newlyLowStock(claimed.low_stock_seen, current);
    const to = ctx.config.shopEmail;
    if (report.length > 0 && !to) log?.warn({ presentations: report.length }, 'stock alert has no recipient: set SHOP_EMAIL');
    const mailId = report.length > 0 && to ? await queueMail(tx, lowStockAlertEmail(ctx, report, threshold, to)) : null;
    await tx
      .update(stockAlertSettings)
      .set({
        low_stock_seen: lowStockSeen(current),
        ...(mailId !== null ? { last_alert_at: now, last_alert_items: report } : {}),
      })
      .where(eq(stockAlertSettings.id, 1));
    return { reported: mailId !== null ? report.length : 0, mailId };
  });
  if (outcome?.mailId != null) await deliverMail(ctx, outcome.mailId, log);
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Settings (staff)

const DEFAULT_ROW: SettingsRow = {
  id: 1,
  enabled: true,
  hour: DEFAULT_STOCK_ALERT_HOUR,
  last_run_on: null,
  low_stock_seen: {},
  last_alert_at: null,
  last_alert_items: [],
  updated_by: null,
  updated_at: new Date(0),
};

async function readSettings(db: DbOrTx): Promise<SettingsRow> {
  const [row] = await db.select().from(stockAlertSettings).where(eq(stockAlertSettings.id, 1));
  return row ?? DEFAULT_ROW;
}

async function toDto(ctx: AppContext, row: SettingsRow): Promise<StockAlertSettingsDto> {
  return {
    enabled: row.enabled,
    hour: row.hour,
    threshold: (await readShopSettings(ctx)).low_stock_threshold,
    recipient: ctx.config.shopEmail ?? null,
    last_alert_at: row.last_alert_at ? row.last_alert_at.toISOString() : null,
    last_alert_count: row.last_alert_items.length,
    last_run_on: row.last_run_on,
  };
}

export async function getStockAlertSettings(ctx: AppContext): Promise<StockAlertSettingsDto> {
  return toDto(ctx, await readSettings(ctx.db));
}

export async function updateStockAlertSettings(
  ctx: AppContext,
  actor: Actor,
  input: StockAlertSettingsUpdate,
): Promise<StockAlertSettingsDto & { message: string }> {
  const row = await ctx.db.transaction(async (tx) => {
    await tx.insert(stockAlertSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select().from(stockAlertSettings).where(eq(stockAlertSettings.id, 1)).for('update');
    const [after] = await tx
      .update(stockAlertSettings)
      .set({
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.hour !== undefined ? { hour: input.hour } : {}),
        updated_by: actor.id,
        updated_at: ctx.now(),
      })
      .where(eq(stockAlertSettings.id, 1))
      .returning();
    const change = diff({ enabled: before.enabled, hour: before.hour }, { enabled: after.enabled, hour: after.hour });
    if (Object.keys(change.after).length > 0) {
      await logActivity(tx, {
        action: 'update',
        description: after.enabled ? `Alerta diaria de stock activada a las ${after.hour}:00` : 'Alerta diaria de stock desactivada',
        actor,
        entity_type: 'stock_alert_settings',
        entity_id: 1,
        changes: change,
      });
    }
    return after;
  });
  return { ...(await toDto(ctx, row)), message: 'Configuración actualizada correctamente' };
}
