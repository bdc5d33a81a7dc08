// What the sitemap (seo) lists of the catalog: the products an anonymous visitor can open (its
// own visibility rule: available and not deleted), read as ids and dates only.
import { sql } from 'drizzle-orm';
import { sqlRows, type DbOrTx } from '../../db/client';

export interface SitemapProduct {
  id: number;
  updated_at: Date;
}

export async function listPublicProductDates(db: DbOrTx): Promise<SitemapProduct[]> {
  const rows = await sqlRows<{ id: number; updated_at: Date | string }>(
    db,
    sql`
    select p.id, p.updated_at
    from products p
    where p.available and p.deleted_at is null
    order by p.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), updated_at: new Date(r.updated_at) }));
}
