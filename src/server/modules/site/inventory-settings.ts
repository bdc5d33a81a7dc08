// The low-stock threshold (site_settings row 1): blisters with less stock are listed on the
// dashboard. Staff change it in 'Configuración'; the change is logged.
import { eq } from 'drizzle-orm';
import type { InventorySettingsDto, InventorySettingsUpdate } from '../../../domain/inventory';
import type { AppContext } from '../../context';
import { siteSettings } from '../../db/schema';
import { type Actor, diff, logActivity } from '../../shared/activity-log';
import { readShopSettings } from './settings';

export async function getInventorySettings(ctx: AppContext): Promise<InventorySettingsDto> {
  return { low_stock_threshold: (await readShopSettings(ctx)).low_stock_threshold };
}

export async function updateInventorySettings(
  ctx: AppContext,
  actor: Actor,
  input: InventorySettingsUpdate,
): Promise<InventorySettingsDto & { message: string }> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx
      .select({ low_stock_threshold: siteSettings.low_stock_threshold })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for('update');
    if (before.low_stock_threshold === input.low_stock_threshold) return;
    await tx
      .update(siteSettings)
      .set({ low_stock_threshold: input.low_stock_threshold, updated_by: actor.id, updated_at: ctx.now() })
      .where(eq(siteSettings.id, 1));
    await logActivity(tx, {
      action: 'update',
      description: `Umbral de stock bajo cambiado de ${before.low_stock_threshold} a ${input.low_stock_threshold}`,
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes: diff(before, { low_stock_threshold: input.low_stock_threshold }),
    });
  });
  ctx.caches.settingsChanged();
  return { ...(await getInventorySettings(ctx)), message: 'Umbral de stock bajo guardado correctamente' };
}

/** The restock planner's cover days (issue 37): days of sales a purchase covers beyond the lead time. */
export async function updateRestockCoverDays(ctx: AppContext, actor: Actor, days: number): Promise<number> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx
      .select({ restock_cover_days: siteSettings.restock_cover_days })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for('update');
    if (before.restock_cover_days === days) return;
    await tx
      .update(siteSettings)
      .set({ restock_cover_days: days, updated_by: actor.id, updated_at: ctx.now() })
      .where(eq(siteSettings.id, 1));
    await logActivity(tx, {
      action: 'update',
      description: `Días de cobertura de reposición cambiados de ${before.restock_cover_days} a ${days}`,
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes: diff(before, { restock_cover_days: days }),
    });
  });
  ctx.caches.settingsChanged();
  return (await readShopSettings(ctx)).restock_cover_days;
}
