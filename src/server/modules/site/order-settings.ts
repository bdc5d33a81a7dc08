// The cap of orders awaiting payment per customer (site_settings row 1; null: MAX_PENDING_ORDERS)
// and how coupons combine with the brands' discounts. Staff change them in 'Configuración'; the
// change is logged.
import { eq } from 'drizzle-orm';
import { COUPON_COMBINATION_LABELS } from '../../../domain/coupons';
import type { OrderSettingsDto, OrderSettingsUpdate } from '../../../domain/order-settings';
import type { AppContext } from '../../context';
import { siteSettings } from '../../db/schema';
import { type Actor, diff, logActivity } from '../../shared/activity-log';
import { readShopSettings, type ShopSettings } from './settings';

/** The order settings in force: the cap staff set, else the environment's; 'best' until staff choose a combination. */
export function orderSettingsOf(
  settings: Pick<ShopSettings, 'max_pending_orders' | 'coupon_combination' | 'abandoned_cart_hours'>,
  config: AppContext['config'],
): OrderSettingsDto {
  return {
    max_pending_orders: settings.max_pending_orders ?? config.maxPendingOrders,
    is_default: settings.max_pending_orders === null,
    coupon_combination: settings.coupon_combination,
    abandoned_cart_hours: settings.abandoned_cart_hours,
  };
}

export async function getOrderSettings(ctx: AppContext): Promise<OrderSettingsDto> {
  return orderSettingsOf(await readShopSettings(ctx), ctx.config);
}

export async function updateOrderSettings(
  ctx: AppContext,
  actor: Actor,
  input: OrderSettingsUpdate,
): Promise<OrderSettingsDto & { message: string }> {
  const changed = await ctx.db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [stored] = await tx
      .select({
        max_pending_orders: siteSettings.max_pending_orders,
        coupon_combination: siteSettings.coupon_combination,
        abandoned_cart_hours: siteSettings.abandoned_cart_hours,
      })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for('update');
    const before = orderSettingsOf(stored, ctx.config);
    const combination = input.coupon_combination ?? before.coupon_combination;
    const reminderHours = input.abandoned_cart_hours === undefined ? before.abandoned_cart_hours : input.abandoned_cart_hours;
    const capSame = !before.is_default && before.max_pending_orders === input.max_pending_orders;
    const reminderSame = reminderHours === before.abandoned_cart_hours;
    if (capSame && combination === before.coupon_combination && reminderSame) return false;
    await tx
      .update(siteSettings)
      .set({
        max_pending_orders: input.max_pending_orders,
        coupon_combination: combination,
        abandoned_cart_hours: reminderHours,
        updated_by: actor.id,
        updated_at: ctx.now(),
      })
      .where(eq(siteSettings.id, 1));
    await logActivity(tx, {
      action: 'update',
      description: !capSame
        ? `Máximo de pedidos sin pagar por cliente cambiado de ${before.max_pending_orders} a ${input.max_pending_orders}`
        : !reminderSame
          ? reminderHours === null
            ? 'Recordatorio de carritos desactivado'
            : `Recordatorio de carritos a las ${reminderHours} horas`
          : `Combinación de cupones y descuentos de bancos cambiada a: ${COUPON_COMBINATION_LABELS[combination]}`,
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes: diff(
        {
          max_pending_orders: before.max_pending_orders,
          coupon_combination: before.coupon_combination,
          abandoned_cart_hours: before.abandoned_cart_hours,
        },
        { max_pending_orders: input.max_pending_orders, coupon_combination: combination, abandoned_cart_hours: reminderHours },
      ),
    });
    return true;
  });
  if (changed) ctx.caches.settingsChanged();
  return { ...(await getOrderSettings(ctx)), message: 'Máximo de pedidos sin pagar guardado correctamente' };
}
