// Brand rows as the catalog reads them: products show their brand, and the brands area adds its
// totals on top of these records.
import { eq, inArray, sql } from 'drizzle-orm';
import { sqlRows, type DbOrTx } from '../../db/client';
import { brands, products } from '../../db/schema';
import type { BrandRecord } from './serialize';

export const BRAND_COLUMNS = sql`b.id, b.brand_id, b.brand_name, b.description, b.image, b.visible, b.is_national,
  b.discount_active, b.discount_type, b.discount_value, b.discount_expires_at, b.created_at, b.lead_time_days`;

export function brandRecordOf(row: Record<string, unknown>): BrandRecord {
  // Raw SQL rows: columns come back with their record types, except ids and numerics (strings).
  const r = row as unknown as BrandRecord;
  return {
    id: Number(row.id),
    brand_id: r.brand_id,
    brand_name: r.brand_name,
    description: r.description,
    image: r.image,
    visible: r.visible,
    is_national: r.is_national,
    discount_active: r.discount_active,
    discount_type: r.discount_type,
    discount_value: row.discount_value == null ? null : Number(row.discount_value),
    discount_expires_at: r.discount_expires_at,
    created_at: r.created_at,
    lead_time_days: row.lead_time_days == null ? undefined : Number(row.lead_time_days),
  };
}

/** Brands ordered by name; hidden ones only when asked (staff). */
export async function listBrandRecords(db: DbOrTx, opts: { includeHidden: boolean }): Promise<BrandRecord[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`
    select ${BRAND_COLUMNS} from brands b ${opts.includeHidden ? sql`` : sql`where b.visible`}
    order by lower(b.brand_name), b.id`,
  );
  return rows.map(brandRecordOf);
}

/** The brand of each product (by id) that still exists; for coupons limited to brands. */
export async function productBrandIds(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.select({ id: products.id, brand_id: products.brand_id }).from(products).where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.brand_id]));
}

/** Brand names by id (purchase orders, reports name their brand). */
export async function brandNames(db: DbOrTx, brandIds: number[]): Promise<Map<number, string>> {
  if (brandIds.length === 0) return new Map();
  const rows = await db.select({ id: brands.id, name: brands.brand_name }).from(brands).where(inArray(brands.id, brandIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A brand's lead time (days from a purchase order sent to the blisters on the shelf); undefined when absent. */
export async function brandLeadTime(db: DbOrTx, brandId: number): Promise<{ name: string; lead_time_days: number } | undefined> {
  const [row] = await db
    .select({ name: brands.brand_name, lead_time_days: brands.lead_time_days })
    .from(brands)
    .where(eq(brands.id, brandId));
  return row;
}
