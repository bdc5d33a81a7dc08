// Guards against typing slips (issue 21, items 11 and 12): big price moves and dollar rate moves
// need the owner's confirmation (409 until confirmed), and no brand discount may sell a
// blister for $ 0 or less (400 naming it), whichever write would cause it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters, brands, dollarRate } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff } from '../helpers/factories';
import { importSheet } from '../helpers/catalog-sheet';

const server = useTestServer();
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.database.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

const asStaff = (method: string, path: string, body: unknown) => api(server, method, path, { token: staff.token, body });
const priceOf = async (id: number) => (await db().select().from(blisters).where(eq(blisters.id, id)))[0].price;

const importCsv = (content: string, query = '') => importSheet(server, staff.token, content, { query });

async function productWithPrice(price: number, brandId?: number) {
  const brand = brandId ?? (await createBrand(db())).id;
  return createProduct(db(), { brand_id: brand, name: `Guardado ${price}`, blisters: [{ seed_count: 3, price, stock: 5 }] });
}

const formOf = (product: Awaited<ReturnType<typeof productWithPrice>>, price: string) => ({
  name: product.name,
  brand_id: product.brand_id,
  type: 'fem',
  blisters: [{ id: product.blisters[0].id, seed_count: 3, price, stock: 5 }],
});

describe('price changes of more than −50% or +200%', () => {
  it('answers 409 with the flagged blister to a product form that multiplies a price by 1000, and saves it once confirmed', async () => {
    const product = await productWithPrice(22);
    const res = await asStaff('PUT', `/api/products/${product.id}/`, formOf(product, '22.000'));
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('PRICE_CHANGE_UNCONFIRMED');
    expect(res.json.price_changes).toEqual([expect.objectContaining({ product_id: product.id, seed_count: 3, before: 22, after: 22000 })]);
    expect(await priceOf(product.blisters[0].id)).toBe(22);

    const confirmed = await asStaff('PUT', `/api/products/${product.id}/`, { ...formOf(product, '22.000'), confirm_price_changes: true });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(await priceOf(product.blisters[0].id)).toBe(22000);
  });

  it('lets a product form change a price within −50%…+200% without asking', async () => {
    const product = await productWithPrice(1000);
    const res = await asStaff('PUT', `/api/products/${product.id}/`, formOf(product, '2.900'));
    expect(res.status).toBe(200);
    expect(await priceOf(product.blisters[0].id)).toBe(2900);
  });

  it('flags a bulk price change of −60% in the preview and refuses to apply it unconfirmed', async () => {
    const product = await productWithPrice(1000);
    const body = { action: 'price_percent', ids: [product.id], value: '-60' };
    const preview = await asStaff('POST', '/api/products/bulk/', { ...body, dry_run: true });
    expect(preview.status).toBe(200);
    expect(preview.json.confirm_required).toBe(true);
    const refused = await asStaff('POST', '/api/products/bulk/', body);
    expect(refused.status).toBe(409);
    expect(refused.json.price_changes).toEqual([expect.objectContaining({ product_id: product.id, before: 1000, after: 400 })]);
    expect(await priceOf(product.blisters[0].id)).toBe(1000);
    const applied = await asStaff('POST', '/api/products/bulk/', { ...body, confirm_price_changes: true });
    expect(applied.status).toBe(200);
    expect(await priceOf(product.blisters[0].id)).toBe(400);
  });

  it('flags each import row whose price moves 1000× and imports it only when confirmed', async () => {
    const product = await createProduct(db(), { sku: 'GUARD-1', blisters: [{ seed_count: 3, price: 35.5, stock: 5 }] });
    const file = 'SKU;Semillas;Precio\r\nGUARD-1;3;35.500\r\n';
    const preview = await importCsv(file, '?dry_run=true');
    expect(preview.json.price_changes_to_confirm).toBe(1);
    expect(preview.json.changes[0]).toMatchObject({ row: 2, price_change_percent: 99900 });
    const refused = await importCsv(file);
    expect(refused.status).toBe(409);
    expect(refused.json.price_changes).toEqual([expect.objectContaining({ row: 2, sku: 'GUARD-1' })]);
    expect(await priceOf(product.blisters[0].id)).toBe(35.5);
    const applied = await importCsv(file, '?confirm_price_changes=true');
    expect(applied.json).toMatchObject({ applied: true, updated: 1 });
    expect(await priceOf(product.blisters[0].id)).toBe(35500);
  });
});

describe('a manual dollar rate more than 20% away from the current one', () => {
  it('asks "¿Seguro?" with both values (409) and applies it once confirmed; a small move applies at once', async () => {
    await db().update(dollarRate).set({ value: 1450 });
    const refused = await asStaff('POST', '/api/core/dollar-rate/', { manual_value: '1,45', is_manual: true });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'RATE_CHANGE_UNCONFIRMED', current_value: 1450, requested_value: 1.45 });
    expect(refused.json.error).toMatch(/^¿Seguro\? La cotización pasa de \$\s1\.450 a \$\s1,45/);
    expect((await db().select().from(dollarRate))[0].value).toBe(1450);

    const small = await asStaff('POST', '/api/core/dollar-rate/', { manual_value: '1.500', is_manual: true });
    expect(small.status).toBe(200);
    const confirmed = await asStaff('POST', '/api/core/dollar-rate/', {
      manual_value: '145.050',
      is_manual: true,
      confirm_rate_change: true,
    });
    expect(confirmed.status).toBe(200);
    expect((await db().select().from(dollarRate))[0].value).toBe(145050);
    await db().update(dollarRate).set({ value: 1000 });
  });
});

describe('brand discounts that would sell a blister for $ 0 or less', () => {
  it('refuses a fixed discount larger than a price, naming the blister, and leaves the brand as it was', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Caro' });
    await createProduct(db(), { brand_id: brand.id, name: 'Barata', blisters: [{ seed_count: 1, price: 1500, stock: 5 }] });
    await createProduct(db(), { brand_id: brand.id, name: 'Cara', blisters: [{ seed_count: 3, price: 9000, stock: 5 }] });
    const res = await asStaff('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'fixed', discount_value: '2.000' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('DISCOUNT_LEAVES_NO_PRICE');
    expect(res.json.error).toContain('Barata x1');
    expect(res.json.error).not.toContain('Cara');
    expect((await db().select().from(brands).where(eq(brands.id, brand.id)))[0].discount_active).toBe(false);
    const percent = await asStaff('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'percentage', discount_value: 100 });
    expect(percent.status).toBe(400);
    const fits = await asStaff('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'fixed', discount_value: '1.000' });
    expect(fits.status).toBe(200);
  });

  it('refuses a price edit, a bulk price cut and an import row that the running discount would bring to $ 0', async () => {
    const brand = await createBrand(db());
    const product = await createProduct(db(), { brand_id: brand.id, sku: 'DISC-1', blisters: [{ seed_count: 3, price: 3000, stock: 5 }] });
    expect(
      (await asStaff('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'fixed', discount_value: 1000 })).status,
    ).toBe(200);

    const form = await asStaff('PUT', `/api/products/${product.id}/`, {
      name: product.name,
      brand_id: brand.id,
      type: 'fem',
      blisters: [{ id: product.blisters[0].id, seed_count: 3, price: '900', stock: 5 }],
      confirm_price_changes: true,
    });
    expect(form.status).toBe(400);
    expect(form.json.code).toBe('DISCOUNT_LEAVES_NO_PRICE');
    expect(form.json.error).toContain(`${product.name} x3`);

    const bulk = await asStaff('POST', '/api/products/bulk/', {
      action: 'price_percent',
      ids: [product.id],
      value: -70,
      confirm_price_changes: true,
    });
    expect(bulk.status).toBe(400);
    expect(bulk.json.code).toBe('DISCOUNT_LEAVES_NO_PRICE');

    const imported = await importCsv('SKU;Semillas;Precio\r\nDISC-1;3;1.000\r\n', '?confirm_price_changes=true');
    expect(imported.json.applied).toBe(false);
    expect(imported.json.errors[0]).toMatchObject({ row: 2, column: 'Precio' });
    expect(imported.json.errors[0].message).toContain('$ 0 o menos');
    expect(await priceOf(product.blisters[0].id)).toBe(3000);
  });
});
