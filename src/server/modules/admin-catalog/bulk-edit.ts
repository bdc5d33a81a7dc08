// POST /api/products/bulk/: one change for many products (issue 14, bulk edit): prices by a
// percentage, the blisters' cost by a percentage or as a share of the price (issue 37), the
// blisters' own discount, availability, or the brand. A dry run answers the before/after of each
// product; applying writes them in one transaction, logged once.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_PRICE } from '../../../domain/admin-catalog';
import { countOf } from '../../../domain/plural';
import type { BulkEditResultDto, BulkEditValues, BulkState } from '../../../domain/catalog-sheet';
import { productSearchText } from '../../../domain/catalog';
import { formatAmount, roundCents, usdToArs, type Currency } from '../../../domain/money';
import {
  changePercent,
  costAbovePriceMessage,
  isCostAbovePrice,
  type CostAbovePrice,
  DISCOUNT_LEAVES_NO_PRICE,
  discountLeavesNoPriceMessage,
  isSuspiciousPercent,
  leftWithoutPrice,
  PRICE_CHANGE_UNCONFIRMED,
  priceChangeMessage,
  type FlaggedPrice,
} from '../../../domain/price-guards';
import { getDollarRateValue } from '../site';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { blisters, brands, products } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { logActivity, type Actor } from '../../shared/activity-log';
import { productsWithBlisters } from './product-rows';

type Item = BulkEditResultDto['items'][number];
type BrandRow = typeof brands.$inferSelect;

async function loadSelection(tx: Tx, ids: number[]) {
  const rows = await productsWithBlisters(tx, { ids, order: 'name' });
  return rows.map((product) => ({
    product,
    state: {
      brand_id: product.brand_id,
      brand: product.brand_name,
      available: product.available,
      presentations: product.blisters.map((b) => ({
        id: b.id,
        seed_count: b.seed_count,
        price: b.price,
        discount: b.discount,
        cost_price: b.cost_price,
      })),
    } satisfies BulkState,
  }));
}

/** A price in ARS (a USD price at the shop's dollar rate), as costs are kept. */
const priceInArs = (price: number | null, currency: string, rate: number) =>
  price == null ? null : currency === 'USD' ? usdToArs(price, rate) : price;

function checkedCost(cost: number, productName: string, seedCount: number): number {
  if (cost > MAX_PRICE) {
    throw badRequest(`El costo de ${productName} (${seedCount} semillas) superaría el máximo permitido`, {
      value: ['El costo resultante es demasiado alto'],
    });
  }
  return cost;
}

function nextState(
  input: BulkEditValues,
  before: BulkState,
  brand: BrandRow | null,
  product: { name: string; currency: string },
  rate: number,
): BulkState {
  const productName = product.name;
  switch (input.action) {
    case 'price_percent':
      return {
        ...before,
        presentations: before.presentations.map((b) => {
          if (b.price == null) return b;
          const price = roundCents(b.price * (1 + input.value / 100));
          if (price > MAX_PRICE) {
            throw badRequest(`El precio de ${productName} (${b.seed_count} semillas) superaría el máximo permitido`, {
              value: ['El precio resultante es demasiado alto'],
            });
          }
          return { ...b, price };
        }),
      };
    case 'cost_percent':
      return {
        ...before,
        presentations: before.presentations.map((b) =>
          b.cost_price == null
            ? b
            : { ...b, cost_price: checkedCost(roundCents(b.cost_price * (1 + input.value / 100)), productName, b.seed_count) },
        ),
      };
    case 'cost_of_price':
      return {
        ...before,
        presentations: before.presentations.map((b) => {
          const price = priceInArs(b.price, product.currency, rate);
          if (price == null) return b;
          return { ...b, cost_price: checkedCost(roundCents((price * input.value) / 100), productName, b.seed_count) };
        }),
      };
    case 'discount':
      return { ...before, presentations: before.presentations.map((b) => ({ ...b, discount: roundCents(input.value) })) };
    case 'availability':
      return { ...before, available: input.value };
    case 'brand':
      return { ...before, brand_id: brand!.id, brand: brand!.brand_name };
  }
}

function description(input: BulkEditValues, count: number, brand: BrandRow | null): string {
  const products = countOf(count, 'producto', 'productos');
  switch (input.action) {
    case 'price_percent':
      return `Edición masiva: precio ${input.value > 0 ? '+' : ''}${input.value}% en ${products}`;
    case 'cost_percent':
      return `Edición masiva: costo ${input.value > 0 ? '+' : ''}${formatAmount(input.value)}% en ${products}`;
    case 'cost_of_price':
      return `Edición masiva: costo al ${formatAmount(input.value)}% del precio en ${products}`;
    case 'discount':
      return `Edición masiva: descuento de ${input.value}% en ${products}`;
    case 'availability':
      return `Edición masiva: ${products} ${count === 1 ? 'marcado como' : 'marcados como'} ${input.value ? '' : 'no '}${count === 1 ? 'disponible' : 'disponibles'}`;
    case 'brand':
      return `Edición masiva: ${products} ${count === 1 ? 'movido' : 'movidos'} al banco "${brand!.brand_name}"`;
  }
}

async function write(tx: Tx, input: BulkEditValues, changed: Item[], brand: BrandRow | null, now: Date) {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  if (input.action === 'price_percent' || input.action === 'discount') {
    const rows = changed.flatMap((item) =>
      item.after.presentations.map((b) => sql`(${b.id}::int, ${b.price}::numeric, ${b.discount}::numeric)`),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await tx.execute(sql`update blisters as b set price = v.price, discount = v.discount, updated_at = ${stamp}
        from (values ${sql.join(rows.slice(i, i + 500), sql`, `)}) as v(id, price, discount) where b.id = v.id`);
    }
    return;
  }
  if (input.action === 'cost_percent' || input.action === 'cost_of_price') {
    const rows = changed.flatMap((item) => item.after.presentations.map((b) => sql`(${b.id}::int, ${b.cost_price}::numeric)`));
    for (let i = 0; i < rows.length; i += 500) {
      await tx.execute(sql`update blisters as b set cost_price = v.cost_price, updated_at = ${stamp}
        from (values ${sql.join(rows.slice(i, i + 500), sql`, `)}) as v(id, cost_price) where b.id = v.id`);
    }
    return;
  }
  const ids = changed.map((item) => item.product_id);
  if (input.action === 'availability') {
    await tx.update(products).set({ available: input.value, updated_at: now }).where(inArray(products.id, ids));
    return;
  }
  const rows = await tx
    .select({ id: products.id, name: products.name, type: products.type })
    .from(products)
    .where(inArray(products.id, ids));
  const values = rows.map((p) => sql`(${p.id}::int, ${productSearchText(p.name, brand!.brand_name, p.type)}::text)`);
  await tx.execute(sql`update products as p set brand_id = ${brand!.id}::int, search_text = v.search_text, updated_at = ${stamp}
    from (values ${sql.join(values, sql`, `)}) as v(id, search_text) where p.id = v.id`);
}

function suspiciousPrices(changed: Item[]): FlaggedPrice[] {
  return changed.flatMap((item) =>
    item.before.presentations.flatMap((b, i) => {
      const after = item.after.presentations[i]?.price;
      if (b.price == null || after == null || !(b.price > 0)) return [];
      const flag = { product_id: item.product_id, name: item.name, seed_count: b.seed_count, currency: item.currency as Currency };
      return [{ ...flag, before: b.price, after, change_percent: changePercent(b.price, after) }];
    }),
  );
}

/**
 * The changed blisters whose cost ends above their price (domain/price-guards.ts, the rule of the
 * product form and the catalogue sheet): asked when the cost or the price moved.
 */
function costsAbovePrice(changed: Item[], rate: number): CostAbovePrice[] {
  return changed.flatMap((item) =>
    item.after.presentations.flatMap((b, i) => {
      const was = item.before.presentations[i];
      if (was && was.cost_price === b.cost_price && was.price === b.price) return [];
      const price = priceInArs(b.price, item.currency, rate);
      return isCostAbovePrice(b.cost_price, price)
        ? [{ name: item.name, seed_count: b.seed_count, cost: b.cost_price!, price: price! }]
        : [];
    }),
  );
}

/** 400 when a lower price or a move to another brand leaves a blister at $ 0 or less. */
async function assertBrandDiscountsLeavePrices(tx: Tx, now: Date, changed: Item[], rate: number) {
  const brandIds = [...new Set(changed.map((item) => item.after.brand_id))];
  if (brandIds.length === 0) return;
  const brandRows = await tx.select().from(brands).where(inArray(brands.id, brandIds));
  const zeroed = changed.flatMap((item) => {
    const brand = brandRows.find((b) => b.id === item.after.brand_id);
    if (!brand) return [];
    const priced = item.after.presentations.map((b) => ({ ...b, name: item.name, currency: item.currency as Currency }));
    return leftWithoutPrice(priced, brand, rate, now);
  });
  if (zeroed.length === 0) return;
  const message = discountLeavesNoPriceMessage(zeroed, rate);
  throw badRequest(message, { value: [message] }, DISCOUNT_LEAVES_NO_PRICE);
}

export async function bulkEditProducts(ctx: AppContext, actor: Actor, input: BulkEditValues): Promise<BulkEditResultDto> {
  const ids = [...input.ids].sort((a, b) => a - b);
  const result = await ctx.db.transaction(async (tx) => {
    if (!input.dry_run) {
      // The order of the order module and of the product form: blisters, then products.
      await tx
        .select({ id: blisters.id })
        .from(blisters)
        .where(inArray(blisters.product_id, ids))
        .orderBy(asc(blisters.id))
        .for('no key update');
      await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('no key update');
    }
    const selection = await loadSelection(tx, ids);
    if (selection.length !== ids.length) throw notFound('Uno o más productos seleccionados ya no existen. Actualiza la lista.');
    let brand: BrandRow | null = null;
    if (input.action === 'brand') {
      [brand = null] = await tx.select().from(brands).where(eq(brands.id, input.value));
      if (!brand) throw badRequest('El banco seleccionado no existe', { value: ['El banco seleccionado no existe'] });
    }

    const rate = await getDollarRateValue(tx);
    const items: Item[] = selection.map(({ product, state }) => {
      const after = nextState(input, state, brand, product, rate);
      return {
        product_id: product.id,
        name: product.name,
        sku: product.sku,
        currency: product.currency,
        changed: JSON.stringify(after) !== JSON.stringify(state),
        before: state,
        after,
      };
    });
    const changed = items.filter((item) => item.changed);
    await assertBrandDiscountsLeavePrices(tx, ctx.now(), changed, rate);
    const bigPriceChange = input.action === 'price_percent' && isSuspiciousPercent(input.value);
    const costly = costsAbovePrice(changed, rate);
    const confirmRequired = bigPriceChange || costly.length > 0;
    const confirmed = 'confirm_price_changes' in input && input.confirm_price_changes;
    if (confirmRequired && !input.dry_run && !confirmed && changed.length) {
      if (bigPriceChange) {
        const flagged = suspiciousPrices(changed);
        throw conflict(priceChangeMessage(flagged), PRICE_CHANGE_UNCONFIRMED, { price_changes: flagged, cost_above_price: costly });
      }
      throw conflict(costAbovePriceMessage(costly), PRICE_CHANGE_UNCONFIRMED, { price_changes: [], cost_above_price: costly });
    }
    const answer: BulkEditResultDto = {
      action: input.action,
      applied: !input.dry_run,
      confirm_required: confirmRequired,
      cost_above_price: costly,
      changed: changed.length,
      unchanged: items.length - changed.length,
      items,
    };
    if (input.dry_run || changed.length === 0) return answer;

    const now = ctx.now();
    await write(tx, input, changed, brand, now);
    await logActivity(tx, {
      action: 'update',
      description: description(input, changed.length, brand),
      actor,
      entity_type: 'product',
      changes: {
        bulk_action: input.action,
        value: input.value,
        products: changed.map((item) => ({
          id: item.product_id,
          name: item.name,
          currency: item.currency,
          before: item.before,
          after: item.after,
        })),
      },
    });
    return answer;
  });
  if (result.applied && result.changed > 0) ctx.caches.catalogChanged();
  return result;
}
