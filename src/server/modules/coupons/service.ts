// Coupons staff create and edit (GET/POST /api/coupons/, PUT /api/coupons/{id}/), with their uses
// and the revenue of the orders that carry them (the orders' figure, handed in as `revenueOf`: the
// coupons know no orders); a coupon is deactivated, never deleted. The rules (states, refusals,
// discounts) are domain/coupons.ts; the uses move in ./uses.ts.
import { desc, eq } from 'drizzle-orm';
import {
  COUPON_STATE_LABELS,
  couponState,
  couponValueLabel,
  normalizeCouponCode,
  type CouponDto,
  type CouponInput,
} from '../../../domain/coupons';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { coupons } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { diff, logActivity, type Actor } from '../../shared/activity-log';
import { couponRules, type CouponRow } from './redeem';

export const COUPON_NOT_FOUND = 'Cupón no encontrado';

/** Revenue per coupon id (the totals of the orders that carry it and are not cancelled); with `id`, that coupon's alone. */
export type CouponRevenue = (db: DbOrTx, id?: number) => Promise<Map<number, number>>;
const duplicate = (code: string) => conflict(`Ya existe un cupón con el código ${normalizeCouponCode(code)}`, 'DUPLICATE_COUPON');

function couponDto(row: CouponRow, revenue: number, now: Date): CouponDto {
  const state = couponState(couponRules(row), now);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    min_subtotal: row.min_subtotal,
    starts_at: row.starts_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    max_uses: row.max_uses,
    max_uses_per_customer: row.max_uses_per_customer,
    first_order_only: row.first_order_only,
    brand_ids: row.brand_ids ?? [],
    types: (row.types ?? []) as CouponDto['types'],
    active: row.active,
    uses: row.uses,
    revenue,
    state,
    state_display: COUPON_STATE_LABELS[state],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listCoupons(ctx: AppContext, revenueOf: CouponRevenue): Promise<{ count: number; results: CouponDto[] }> {
  const rows = await ctx.db.select().from(coupons).orderBy(desc(coupons.created_at), desc(coupons.id));
  const revenue = await revenueOf(ctx.db);
  const now = ctx.now();
  const results = rows.map((row) => couponDto(row, revenue.get(row.id) ?? 0, now));
  return { count: results.length, results };
}

export async function getCoupon(ctx: AppContext, revenueOf: CouponRevenue, id: number): Promise<CouponDto> {
  const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound(COUPON_NOT_FOUND);
  return couponDto(row, (await revenueOf(ctx.db, id)).get(id) ?? 0, ctx.now());
}

const stored = (input: CouponInput) => ({
  code: input.code,
  code_key: normalizeCouponCode(input.code),
  kind: input.kind,
  value: input.value,
  min_subtotal: input.min_subtotal,
  starts_at: input.starts_at ? new Date(input.starts_at) : null,
  ends_at: input.ends_at ? new Date(input.ends_at) : null,
  max_uses: input.max_uses,
  max_uses_per_customer: input.max_uses_per_customer,
  first_order_only: input.first_order_only,
  brand_ids: input.brand_ids,
  types: input.types,
  active: input.active,
});

const summary = (row: Pick<CouponRow, 'code' | 'kind' | 'value'> & Record<string, unknown>) => ({
  ...row,
  value_label: couponValueLabel(row),
});

export async function createCoupon(ctx: AppContext, revenueOf: CouponRevenue, actor: Actor, input: CouponInput): Promise<CouponDto> {
  const now = ctx.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({ ...stored(input), created_by: actor.id, created_at: now, updated_at: now })
        .returning();
      await logActivity(tx, {
        action: 'create',
        description: `Cupón ${row.code} creado (${couponValueLabel(row)})`,
        actor,
        entity_type: 'coupon',
        entity_id: row.id,
        changes: { after: summary(stored(input)) },
      });
      return row.id;
    });
    return await getCoupon(ctx, revenueOf, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.code);
    throw error;
  }
}

/**
 * Staff change a coupon. Uses already taken stay (an order keeps the discount it was confirmed
 * with); a maximum below the uses taken is refused, since the uses cannot be taken back.
 */
export async function updateCoupon(
  ctx: AppContext,
  revenueOf: CouponRevenue,
  actor: Actor,
  id: number,
  input: CouponInput,
): Promise<CouponDto> {
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!before) throw notFound(COUPON_NOT_FOUND);
      if (input.max_uses !== null && input.max_uses < before.uses) {
        throw conflict(`El cupón ya tiene ${before.uses} usos: el máximo no puede ser menor`, 'COUPON_MAX_BELOW_USES');
      }
      const next = stored(input);
      await tx
        .update(coupons)
        .set({ ...next, updated_at: now })
        .where(eq(coupons.id, id));
      const { code: _c, code_key: _k, ...rest } = next;
      const was = {
        code: before.code,
        kind: before.kind,
        value: before.value,
        min_subtotal: before.min_subtotal,
        starts_at: before.starts_at?.toISOString() ?? null,
        ends_at: before.ends_at?.toISOString() ?? null,
        max_uses: before.max_uses,
        max_uses_per_customer: before.max_uses_per_customer,
        first_order_only: before.first_order_only,
        brand_ids: before.brand_ids,
        types: before.types,
        active: before.active,
      };
      const now_ = { code: next.code, ...rest, starts_at: input.starts_at, ends_at: input.ends_at };
      const deactivated = before.active && !input.active;
      await logActivity(tx, {
        action: 'update',
        description: deactivated ? `Cupón ${next.code} desactivado` : `Cupón ${next.code} modificado`,
        actor,
        entity_type: 'coupon',
        entity_id: id,
        changes: diff(was, now_),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.code);
    throw error;
  }
  return getCoupon(ctx, revenueOf, id);
}
