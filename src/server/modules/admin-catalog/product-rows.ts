// Products with their brand's name and their blisters, as the staff's catalog sheet (export
// and import) and the bulk edit read them: one statement for the products, one for their
// blisters, both narrowed by the same condition.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blisters, brands, products } from '../../db/schema';

export type CatalogProduct = typeof products.$inferSelect & {
  brand_name: string;
  blisters: (typeof blisters.$inferSelect)[];
};

/**
 * Every product not deleted, or only those of `ids`, with its brand's name and its blisters (by
 * seed count); ordered by brand and name (the sheet) or by name (a bulk edit).
 */
export async function productsWithBlisters(
  db: DbOrTx,
  { ids, order = 'brand' }: { ids?: number[]; order?: 'brand' | 'name' } = {},
): Promise<CatalogProduct[]> {
  const chosen = and(isNull(products.deleted_at), ids ? inArray(products.id, ids) : undefined);
  const [productRows, blisterRows] = await Promise.all([
    db
      .select({ product: products, brand_name: brands.brand_name })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brand_id))
      .where(chosen)
      .orderBy(...(order === 'brand' ? [asc(brands.brand_name)] : []), asc(products.name), asc(products.id)),
    db
      .select({ blister: blisters })
      .from(blisters)
      .innerJoin(products, eq(products.id, blisters.product_id))
      .where(chosen)
      .orderBy(asc(blisters.product_id), asc(blisters.seed_count), asc(blisters.id)),
  ]);
  const byProduct = new Map<number, (typeof blisters.$inferSelect)[]>();
  for (const { blister } of blisterRows) {
    const list = byProduct.get(blister.product_id);
    if (list) list.push(blister);
    else byProduct.set(blister.product_id, [blister]);
  }
  return productRows.map(({ product, brand_name }) => ({ ...product, brand_name, blisters: byProduct.get(product.id) ?? [] }));
}
