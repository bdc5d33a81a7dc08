// What other areas read of the catalogue's presentations (blisters with their product and brand):
// stock alerts show them, lock one while a request opens, and list those running low.
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { blisters, brands, products } from '../../db/schema';

/** A presentation as a notice or a list names it. */
export interface PresentationSummary {
  blister_id: number;
  seed_count: number;
  product_id: number;
  product_name: string;
  brand_name: string;
  image: string | null;
  available: boolean;
  deleted_at: Date | null;
}

/** The presentations with these ids (deleted products included: the caller decides), by blister id. */
export async function presentationSummaries(db: DbOrTx, blisterIds: number[]): Promise<Map<number, PresentationSummary>> {
  if (blisterIds.length === 0) return new Map();
  const rows = await db
    .select({
      blister_id: blisters.id,
      seed_count: blisters.seed_count,
      product_id: products.id,
      product_name: products.name,
      brand_name: brands.brand_name,
      image: products.image,
      available: products.available,
      deleted_at: products.deleted_at,
    })
    .from(blisters)
    .innerJoin(products, eq(products.id, blisters.product_id))
    .innerJoin(brands, eq(brands.id, products.brand_id))
    .where(inArray(blisters.id, [...new Set(blisterIds)]));
  return new Map(rows.map((row) => [row.blister_id, row]));
}

/**
 * One presentation's stock and whether its product is on sale, its row held FOR SHARE to the
 * commit: a stock write in progress on it (FOR UPDATE or NO KEY UPDATE) finishes first.
 */
export async function sharePresentationStock(tx: Tx, blisterId: number) {
  const [presentation] = await tx
    .select({ stock: blisters.stock, available: products.available, deleted_at: products.deleted_at })
    .from(blisters)
    .innerJoin(products, eq(products.id, blisters.product_id))
    .where(eq(blisters.id, blisterId))
    .for('share', { of: blisters });
  return presentation;
}

/** Presentations of products on sale with fewer units than the threshold, sold out first. */
export async function lowStockPresentations(db: DbOrTx, threshold: number) {
  return db
    .select({
      blister_id: blisters.id,
      stock: blisters.stock,
      seed_count: blisters.seed_count,
      product_id: products.id,
      product_name: products.name,
      brand_name: brands.brand_name,
    })
    .from(blisters)
    .innerJoin(products, eq(products.id, blisters.product_id))
    .innerJoin(brands, eq(brands.id, products.brand_id))
    .where(and(lt(blisters.stock, threshold), eq(products.available, true), sql`${products.deleted_at} is null`))
    .orderBy(asc(blisters.stock), asc(products.name), asc(blisters.seed_count), asc(blisters.id));
}
