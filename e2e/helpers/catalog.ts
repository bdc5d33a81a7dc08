// The product the render and crawler tests open: Royal Queen Seeds' 'Northern Light Auto', one
// blister of 3 seeds at $45.678 with stock.
import type { Db } from '../../src/server/db/client';
import { createBrand, createProduct } from '../../tests/helpers/factories';

export async function createNorthernLight(db: Db, fields: { description?: string } = {}) {
  const brand = await createBrand(db, { brand_name: 'Royal Queen Seeds' });
  const product = await createProduct(db, {
    name: 'Northern Light Auto',
    brand_id: brand.id,
    blisters: [{ seed_count: 3, price: 45678, stock: 5 }],
    ...fields,
  });
  return { brand, product };
}
