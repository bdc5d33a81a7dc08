// Brand (seed maker) reads with their product and stock totals.
import { sql, type SQL } from 'drizzle-orm';
import type { BrandDto } from '../../../domain/catalog';
import type { AppContext } from '../../context';
import { sqlRows, type DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { BRAND_COLUMNS, type BrandRecord, brandRecordOf, type BrandTotals, toBrandDto } from '../catalog';
import type { Viewer } from '../catalog';

async function brandsWithTotals(db: DbOrTx, viewer: Viewer, where: SQL[]): Promise<(BrandRecord & BrandTotals)[]> {
  const staff = viewer === 'staff';
  // Totals count what the caller can see: customers never see unavailable products.
  const conditions = [...where, ...(staff ? [] : [sql`b.visible`])];
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`
    select ${BRAND_COLUMNS}, coalesce(t.total_products, 0)::int as total_products, coalesce(t.total_stock, 0)::int as total_stock
    from brands b
    left join (
      select p.brand_id, count(*) as total_products, coalesce(sum(s.stock), 0) as total_stock
      from products p
      left join (select product_id, sum(stock) as stock from blisters group by product_id) s on s.product_id = p.id
      where p.deleted_at is null ${staff ? sql`` : sql`and p.available`}
      group by p.brand_id
    ) t on t.brand_id = b.id
    ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    order by lower(b.brand_name), b.id`,
  );
  return rows.map((row) => ({ ...brandRecordOf(row), total_products: Number(row.total_products), total_stock: Number(row.total_stock) }));
}

export async function listBrands(ctx: AppContext, viewer: Viewer, filter: { is_national?: boolean }): Promise<BrandDto[]> {
  const where = filter.is_national === undefined ? [] : [sql`b.is_national = ${filter.is_national}`];
  const now = ctx.now();
  return (await brandsWithTotals(ctx.db, viewer, where)).map((b) => toBrandDto(b, b, now));
}

/** A brand by numeric id or slug; hidden brands exist only for staff. */
export async function getBrand(ctx: AppContext, viewer: Viewer, ref: string): Promise<BrandDto> {
  const byId = /^\d{1,9}$/.test(ref) ? sql` or b.id = ${Number(ref)}` : sql``;
  const found = await brandsWithTotals(ctx.db, viewer, [sql`(b.brand_id = ${ref}${byId})`]);
  // A slug made of digits could name another brand: the id wins.
  const brand = found.find((b) => String(b.id) === ref) ?? found[0];
  if (!brand) throw notFound('Banco no encontrado');
  return toBrandDto(brand, brand, ctx.now());
}
