// Staff writes to brands (seed makers): create, edit, national/visible toggles, delete and the
// brand-wide discount (spec accounts-admin §2 bank list and form, §4 brand, §5 bank and discount).
import { and, count, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import {
  brandExistsMessage,
  isDiscountRemoval,
  type ApplyDiscountResultDto,
  type BrandDiscountValues,
  type BrandFormValues,
  type BrandPatchValues,
} from '../../../domain/admin-catalog';
import type { BrandDto } from '../../../domain/catalog';
import { formatArs } from '../../../domain/money';
import { DISCOUNT_LEAVES_NO_PRICE, discountLeavesNoPriceMessage, leftWithoutPrice } from '../../../domain/price-guards';
import type { BrandDiscount } from '../../../domain/pricing';
import { slugify } from '../../../domain/text';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { blisters, brands, products } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { diff, logActivity, type Actor } from '../../shared/activity-log';
import { toBrandDto } from '../catalog';
import type { BrandRow } from './brand-link';
import { isUniqueViolation } from '../../db/errors';
import { refreshBrandSearchText } from './products';
import { getDollarRateValue } from '../site';

const BRAND_NOT_FOUND = 'Banco no encontrado';

const EDITABLE = ['brand_name', 'brand_id', 'description', 'image', 'visible', 'is_national', 'lead_time_days'] as const;
const DISCOUNT_FIELDS = ['discount_active', 'discount_type', 'discount_value', 'discount_expires_at'] as const;

const pick = (row: BrandRow, keys: readonly (keyof BrandRow)[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]]));

// ---------------------------------------------------------------------------------------------
// Reads for the answers

/** Live products (staff see unavailable ones too) and the stock of their blisters. */
async function brandTotals(db: DbOrTx, brandId: number) {
  const [row] = await db
    .select({
      total_products: sql<number>`count(distinct ${products.id})::int`,
      total_stock: sql<number>`coalesce(sum(${blisters.stock}), 0)::int`,
      total_blisters: sql<number>`count(${blisters.id})::int`,
    })
    .from(products)
    .leftJoin(blisters, eq(blisters.product_id, products.id))
    .where(and(eq(products.brand_id, brandId), isNull(products.deleted_at)));
  return {
    total_products: Number(row?.total_products ?? 0),
    total_stock: Number(row?.total_stock ?? 0),
    total_blisters: Number(row?.total_blisters ?? 0),
  };
}

export async function staffBrandDto(ctx: AppContext, db: DbOrTx, id: number): Promise<BrandDto> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, id));
  if (!brand) throw notFound(BRAND_NOT_FOUND);
  const totals = await brandTotals(db, id);
  return toBrandDto(brand, totals, ctx.now());
}

// ---------------------------------------------------------------------------------------------
// Rules

/** A name or slug already used by another brand is a conflict. */
async function assertBrandFree(tx: Tx, name: string, slug: string, exceptId?: number) {
  const clash = or(sql`lower(${brands.brand_name}) = lower(${name})`, eq(brands.brand_id, slug));
  const [taken] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(exceptId === undefined ? clash : and(clash, ne(brands.id, exceptId)))
    .limit(1);
  if (taken) throw conflict(brandExistsMessage(name), 'BRAND_EXISTS');
}

async function withBrandGuard<T>(name: () => string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(brandExistsMessage(name()), 'BRAND_EXISTS');
    throw error;
  }
}

function slugFor(name: string, given: string | null | undefined): string {
  const slug = given || slugify(name);
  if (!slug) throw badRequest('El nombre del banco no es válido', { brand_name: ['El nombre del banco no es válido'] });
  return slug;
}

async function lockBrand(tx: Tx, id: number): Promise<BrandRow> {
  const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
  if (!row) throw notFound(BRAND_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function createBrand(ctx: AppContext, actor: Actor, input: BrandFormValues): Promise<BrandDto> {
  const id = await withBrandGuard(
    () => input.brand_name,
    () =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const slug = slugFor(input.brand_name, input.brand_id);
        await assertBrandFree(tx, input.brand_name, slug);
        const [brand] = await tx
          .insert(brands)
          .values({ ...input, brand_id: slug, created_at: now, updated_at: now })
          .returning();
        await logActivity(tx, {
          action: 'create',
          description: `Banco "${brand.brand_name}" creado`,
          actor,
          entity_type: 'brand',
          entity_id: brand.id,
          changes: { before: {}, after: pick(brand, EDITABLE) },
        });
        return brand.id;
      }),
  );
  ctx.caches.catalogChanged();
  return staffBrandDto(ctx, ctx.db, id);
}

/**
 * PUT sends the whole form, PATCH any part (`{ is_national: true }`). The slug follows the name
 * (the one rule of `slugify`) unless a slug is sent; renaming recomputes the products' search text.
 */
export async function updateBrand(ctx: AppContext, actor: Actor, id: number, input: BrandFormValues | BrandPatchValues): Promise<BrandDto> {
  await withBrandGuard(
    () => input.brand_name ?? '',
    () =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const before = await lockBrand(tx, id);
        const changes: Partial<BrandRow> = {};
        for (const key of EDITABLE) if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
        const name = changes.brand_name ?? before.brand_name;
        const renamed = name !== before.brand_name;
        if (changes.brand_id !== undefined || renamed) {
          changes.brand_id = slugFor(name, changes.brand_id ?? (renamed ? null : before.brand_id));
        }
        if (renamed || (changes.brand_id && changes.brand_id !== before.brand_id)) {
          await assertBrandFree(tx, name, changes.brand_id ?? before.brand_id, id);
        }
        const [after] = await tx
          .update(brands)
          .set({ ...changes, updated_at: now })
          .where(eq(brands.id, id))
          .returning();
        if (renamed) await refreshBrandSearchText(tx, id, after.brand_name);
        const change = diff(pick(before, EDITABLE), pick(after, EDITABLE));
        await logActivity(tx, {
          action: 'update',
          description: describeBrandUpdate(after, change.after),
          actor,
          entity_type: 'brand',
          entity_id: id,
          changes: change,
        });
      }),
  );
  ctx.caches.catalogChanged();
  return staffBrandDto(ctx, ctx.db, id);
}

function describeBrandUpdate(brand: BrandRow, changed: Record<string, unknown>): string {
  const keys = Object.keys(changed);
  if (keys.length === 1 && keys[0] === 'is_national') {
    return `Banco "${brand.brand_name}" marcado como ${brand.is_national ? 'nacional' : 'internacional'}`;
  }
  if (keys.length === 1 && keys[0] === 'visible') {
    return `Banco "${brand.brand_name}" ${brand.visible ? 'visible' : 'oculto'}`;
  }
  return `Banco "${brand.brand_name}" actualizado`;
}

/**
 * Refused (409) while the brand has live products, and also while it has soft-deleted products
 * kept for orders: those must keep their brand, so such a brand can be hidden instead.
 */
export async function deleteBrand(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // FOR UPDATE waits for any product being saved with this brand (its FK takes a key-share lock).
    const brand = await lockBrand(tx, id);
    const [live] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.brand_id, id), isNull(products.deleted_at)));
    if (Number(live.n) > 0) {
      const n = Number(live.n);
      throw conflict(
        `No se puede eliminar el banco "${brand.brand_name}" porque tiene ${n} ${n === 1 ? 'producto' : 'productos'}. Primero elimina sus productos o pásalos a otro banco.`,
        'BRAND_HAS_PRODUCTS',
      );
    }
    const [archived] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.brand_id, id), isNotNull(products.deleted_at)));
    if (Number(archived.n) > 0) {
      throw conflict(
        `No se puede eliminar el banco "${brand.brand_name}" porque tiene productos eliminados que figuran en pedidos. Puedes ocultarlo de la tienda desde la edición del banco.`,
        'BRAND_HAS_ORDERS',
      );
    }
    await tx.delete(brands).where(eq(brands.id, id));
    await logActivity(tx, {
      action: 'delete',
      description: `Banco "${brand.brand_name}" eliminado`,
      actor,
      entity_type: 'brand',
      entity_id: id,
      changes: { before: pick(brand, [...EDITABLE, ...DISCOUNT_FIELDS]), after: {} },
    });
  });
  ctx.caches.catalogChanged();
}

/**
 * The discount lives on the brand and `priceBlister()` applies it when prices are read, so it
 * reaches every blister at once and stops by itself at `discount_expires_at`. Nothing is
 * written to the blisters; the counts say how many it now applies to.
 */
export async function applyBrandDiscount(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: BrandDiscountValues,
): Promise<ApplyDiscountResultDto> {
  const removal = isDiscountRemoval(input);
  const totals = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const before = await lockBrand(tx, id);
    if (!removal) await assertDiscountLeavesPrices(tx, id, { discount_active: true, ...input, discount_expires_at: null }, now);
    const [after] = await tx
      .update(brands)
      .set(
        removal
          ? { discount_active: false, discount_type: null, discount_value: null, discount_expires_at: null, updated_at: now }
          : {
              discount_active: true,
              discount_type: input.discount_type,
              discount_value: input.discount_value,
              discount_expires_at: input.discount_expires_at === undefined ? runningExpiry(before, now) : input.discount_expires_at,
              updated_at: now,
            },
      )
      .where(eq(brands.id, id))
      .returning();
    await logActivity(tx, {
      action: 'update',
      description: removal
        ? `Descuento removido del banco "${after.brand_name}"`
        : `Descuento de ${discountLabel(input)} aplicado al banco "${after.brand_name}"`,
      actor,
      entity_type: 'brand',
      entity_id: id,
      changes: discountChanges(before, after),
    });
    return { name: after.brand_name, ...(await brandTotals(tx, id)) };
  });
  ctx.caches.catalogChanged();
  const brand = await staffBrandDto(ctx, ctx.db, id);
  const noun = totals.total_products === 1 ? 'producto' : 'productos';
  return {
    message: removal
      ? `Descuento removido de ${totals.total_products} ${noun} del banco ${totals.name}`
      : `Descuento de ${discountLabel(input)} aplicado a ${totals.total_products} ${noun} del banco ${totals.name}`,
    products_updated: totals.total_products,
    blisters_updated: totals.total_blisters,
    brand,
  };
}

/** 400 naming the blisters of the brand that `discount` would sell for $ 0 or less. */
async function assertDiscountLeavesPrices(tx: Tx, brandId: number, discount: BrandDiscount, now: Date) {
  const priced = await tx
    .select({ name: products.name, seed_count: blisters.seed_count, price: blisters.price, currency: products.currency })
    .from(blisters)
    .innerJoin(products, eq(products.id, blisters.product_id))
    .where(and(eq(products.brand_id, brandId), isNull(products.deleted_at)))
    .orderBy(products.name, blisters.seed_count);
  const rate = await getDollarRateValue(tx);
  const zeroed = leftWithoutPrice(priced, discount, rate, now);
  if (zeroed.length === 0) return;
  const message = discountLeavesNoPriceMessage(zeroed, rate);
  throw badRequest(message, { discount_value: [message] }, DISCOUNT_LEAVES_NO_PRICE);
}

/** What changed, with the discount's type even when only its value did: '500' reads as '$ 500' or '500%' by it. */
function discountChanges(before: BrandRow, after: BrandRow) {
  const change = diff(pick(before, DISCOUNT_FIELDS), pick(after, DISCOUNT_FIELDS));
  const sameType = !('discount_type' in change.after);
  return sameType && 'discount_value' in change.after ? { ...change, discount_type: after.discount_type } : change;
}

/** The expiry of the brand's discount while it still runs: what a change that omits it keeps. */
const runningExpiry = (brand: BrandRow, now: Date): Date | null =>
  brand.discount_active && brand.discount_expires_at && brand.discount_expires_at > now ? brand.discount_expires_at : null;

const discountLabel = (input: BrandDiscountValues) =>
  input.discount_type === 'percentage' ? `${String(input.discount_value).replace('.', ',')}%` : formatArs(input.discount_value);
