// The cap of orders awaiting payment per customer (site_settings row 1; null: MAX_PENDING_ORDERS).
// Staff change it in 'Configuración'; the change is logged.
import { eq } from 'drizzle-orm';
import { COUPON_COMBINATION_LABELS, type CouponCombination } from '../../../domain/coupons';
import type { OrderSettingsDto, OrderSettingsUpdate } from '../../../domain/order-settings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { type Actor, diff, logActivity } from '../activity/log';

export async function getOrderSettings(ctx: AppContext, db: DbOrTx = ctx.db): Promise<OrderSettingsDto> {
  const [row] = await db
    .select({ max_pending_orders: siteSettings.max_pending_orders, coupon_combination: siteSettings.coupon_combination })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  const stored = row?.max_pending_orders ?? null;
  return {
    max_pending_orders: stored ?? ctx.config.maxPendingOrders,
    is_default: stored === null,
    coupon_combination: row?.coupon_combination ?? 'best',
  };
}

/** How coupons combine with the brands' discounts (domain/coupons.ts): 'best' until staff choose. */
export async function getCouponCombination(db: DbOrTx): Promise<CouponCombination> {
  const [row] = await db.select({ coupon_combination: siteSettings.coupon_combination }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.coupon_combination ?? 'best';
}

export async function updateOrderSettings(
  ctx: AppContext,
  actor: Actor,
  input: OrderSettingsUpdate,
): Promise<OrderSettingsDto & { message: string }> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    await tx.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    const before = await getOrderSettings(ctx, tx);
    const combination = input.coupon_combination ?? before.coupon_combination;
    const capSame = !before.is_default && before.max_pending_orders === input.max_pending_orders;
    if (capSame && combination === before.coupon_combination) return;
    await tx
      .update(siteSettings)
      .set({ max_pending_orders: input.max_pending_orders, coupon_combination: combination, updated_by: actor.id, updated_at: ctx.now() })
      .where(eq(siteSettings.id, 1));
    await logActivity(tx, {
      action: 'update',
      description: capSame
        ? `Combinación de cupones y descuentos de bancos cambiada a: ${COUPON_COMBINATION_LABELS[combination]}`
        : `Máximo de pedidos sin pagar por cliente cambiado de ${before.max_pending_orders} a ${input.max_pending_orders}`,
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes: diff(
        { max_pending_orders: before.max_pending_orders, coupon_combination: before.coupon_combination },
        { max_pending_orders: input.max_pending_orders, coupon_combination: combination },
      ),
    });
  });
  return { ...(await getOrderSettings(ctx)), message: 'Máximo de pedidos sin pagar guardado correctamente' };
}
