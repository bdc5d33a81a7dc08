// The shipping methods staff set up (GET/PUT /api/core/shipping-settings/), read straight from the
// database wherever a quote is needed, so a change made in one process quotes the same in every
// other at once. Orders copy what they chose; replacing the list never changes an order.
import { asc, eq, inArray } from 'drizzle-orm';
import { isProvince, type ShippingMethod, type ShippingSettings, type ShippingSettingsInput } from '../../../domain/shipping';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { shippingMethods } from '../../db/schema';
import { badRequest } from '../../errors';
import { logActivity, type Actor } from '../../shared/activity-log';

type MethodRow = typeof shippingMethods.$inferSelect;

function toMethod(row: MethodRow): ShippingMethod {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    carrier: row.carrier,
    zones: row.zones.map((z) => ({ provinces: z.provinces.filter(isProvince), price: z.price })),
    rest_of_country_price: row.rest_of_country_price,
    free_from: row.free_from,
    days_min: row.days_min,
    days_max: row.days_max,
    pickup_address: row.pickup_address,
    active: row.active,
  };
}

/** Every method, active or not, in the order staff listed them. */
export async function readShippingMethods(db: DbOrTx): Promise<ShippingMethod[]> {
  const rows = await db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id));
  return rows.map(toMethod);
}

/** One method, active or not (a quote reads only the one chosen). */
export async function readShippingMethod(db: DbOrTx, id: number): Promise<ShippingMethod | undefined> {
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  return row && toMethod(row);
}

export async function getShippingSettings(ctx: AppContext): Promise<ShippingSettings> {
  return { methods: await readShippingMethods(ctx.db) };
}

/**
 * Replaces the list: methods with an id are updated, new ones inserted, the ones left out deleted
 * (orders that used them keep their copy). An id that is not a method here answers 400.
 */
export async function updateShippingSettings(ctx: AppContext, actor: Actor, input: ShippingSettingsInput): Promise<ShippingSettings> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Two staff saving at once: the second waits and replaces the first's list whole.
    await tx.select({ id: shippingMethods.id }).from(shippingMethods).for('update');
    const before = await readShippingMethods(tx);
    const known = new Set(before.map((m) => m.id));
    const ids = input.methods.flatMap((m) => (m.id ? [m.id] : []));
    if (ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) {
      throw badRequest('Uno de los métodos de envío ya no existe. Recarga la página e intenta de nuevo.');
    }
    const removed = before.filter((m) => !ids.includes(m.id)).map((m) => m.id);
    if (removed.length) await tx.delete(shippingMethods).where(inArray(shippingMethods.id, removed));
    for (const [position, method] of input.methods.entries()) {
      const { id, ...values } = method;
      const row = { ...values, position, updated_at: now };
      if (id) await tx.update(shippingMethods).set(row).where(eq(shippingMethods.id, id));
      else await tx.insert(shippingMethods).values({ ...row, created_at: now });
    }
    const after = await readShippingMethods(tx);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await logActivity(tx, {
      action: 'update',
      description: 'Métodos de envío actualizados',
      actor,
      entity_type: 'site_settings',
      entity_id: 1,
      changes: { before: { methods: before }, after: { methods: after } },
    });
  });
  return getShippingSettings(ctx);
}
