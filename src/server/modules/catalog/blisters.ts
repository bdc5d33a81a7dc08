// What other areas read of the catalog's blisters (blisters with their product and brand), for
// notices and lists: summaries, the blisters to restock, a cart's lines, all narrowing the one
// join of the three (stock.ts's selectBlisterLines, which orders price and lock through); the
// order read model joins lineProducts and lineBlisters to its lines, so one statement still
// answers a page of orders.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { blisters, brands, products } from '../../db/schema';
import { RESTOCK_STATES } from '../../../domain/inventory';
import { selectBlisterLines, type BlisterLine } from './stock';
import { stockStatesSql } from './stock-state';

const subquery = new QueryBuilder();

/**
 * A product as another area's line shows it today, with its brand's name; left-join it on the
 * line's product id (`lineProducts.id`): a plain subquery, which PostgreSQL folds into the join.
 */
export const lineProducts = subquery
  .select({
    id: products.id,
    name: products.name,
    image: products.image,
    description: products.description,
    brand: brands.brand_name,
    type: products.type,
    genotype: products.genotype,
    effects: products.effects,
    thc: products.thc,
    cbd: products.cbd,
    sativa: products.sativa,
    indica: products.indica,
    flavors: products.flavors,
  })
  .from(products)
  .innerJoin(brands, eq(brands.id, products.brand_id))
  .as('line_products');

/** A blister as another area's line shows it today; left-join it on the line's blister id. */
export const lineBlisters = subquery.select({ id: blisters.id, seed_count: blisters.seed_count }).from(blisters).as('line_blisters');

/** A blister as a notice or a list names it. */
export interface BlisterSummary {
  blister_id: number;
  seed_count: number;
  product_id: number;
  product_name: string;
  brand_name: string;
  image: string | null;
  available: boolean;
  deleted_at: Date | null;
}

/** The blisters with these ids (deleted products included: the caller decides), by blister id. */
export async function blisterSummaries(db: DbOrTx, blisterIds: number[]): Promise<Map<number, BlisterSummary>> {
  if (blisterIds.length === 0) return new Map();
  const rows = await selectBlisterLines(db).where(inArray(blisters.id, [...new Set(blisterIds)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        blister_id: row.id,
        seed_count: row.seed_count,
        product_id: row.product_id,
        product_name: row.product_name,
        brand_name: row.brand_name,
        image: row.product_image,
        available: row.available,
        deleted_at: row.deleted_at,
      },
    ]),
  );
}

/**
 * One blister's stock and whether its product is on sale, its row held FOR SHARE to the
 * commit: a stock write in progress on it (FOR UPDATE or NO KEY UPDATE) finishes first.
 */
export async function shareBlisterStock(tx: Tx, blisterId: number) {
  const [blister] = await tx
    .select({ stock: blisters.stock, available: products.available, deleted_at: products.deleted_at })
    .from(blisters)
    .innerJoin(products, eq(products.id, blisters.product_id))
    .where(eq(blisters.id, blisterId))
    .for('share', { of: blisters });
  return blister;
}

/** Blisters of products on sale to restock (low stock or sold out, `RESTOCK_STATES`), sold out first. */
export async function blistersToRestock(db: DbOrTx, threshold: number) {
  const rows = await selectBlisterLines(db)
    .where(
      and(stockStatesSql(blisters.stock, RESTOCK_STATES, threshold), eq(products.available, true), sql`${products.deleted_at} is null`),
    )
    .orderBy(asc(blisters.stock), asc(products.name), asc(blisters.seed_count), asc(blisters.id));
  return rows.map(({ id, stock, seed_count, product_id, product_name, brand_name }) => ({
    blister_id: id,
    stock,
    seed_count,
    product_id,
    product_name,
    brand_name,
  }));
}

/** The blisters with these ids with their product and brand (deleted products included), by blister id. */
export async function blisterLinesByIds(db: DbOrTx, blisterIds: number[]): Promise<Map<number, BlisterLine>> {
  if (blisterIds.length === 0) return new Map();
  const rows = await selectBlisterLines(db).where(inArray(blisters.id, [...new Set(blisterIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Products by id with their brand's name: what a line whose blister was removed still shows. */
export async function productNamesByIds(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, { name: string; brand: string; image: string | null }>();
  const rows = await db
    .select({ id: products.id, name: products.name, brand: brands.brand_name, image: products.image })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brand_id))
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}
