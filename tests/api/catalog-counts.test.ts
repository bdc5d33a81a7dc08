// The list's `count` and a search's ranked matches are kept in memory even with the catalog
// micro-cache off (caches.ts, productLists and productSearches): they must follow every
// catalog and order write at once, and a brand discount's expiry, which no write announces.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff, createUser } from '../helpers/factories';
import { placeOrder } from '../helpers/orders';

const server = useTestServer({ catalogCacheMs: 0 });
let admin: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createStaff(server.database.db, { username: 'admin_conteos' });
  customer = await createUser(server.database.db);
});

const countOf = async (query: string) => {
  const res = await api(server, 'GET', `/api/products/?${query}`);
  expect(res.status).toBe(200);
  return res.json.count as number;
};

/** A product the staff create through the API: 3 seeds at $1.000, 2 in stock. */
const postProduct = async (brandId: number, name: string, description: string) => {
  const created = await api(server, 'POST', '/api/products/', {
    token: admin.token,
    body: {
      brand_id: brandId,
      name,
      type: 'fem',
      description,
      currency: 'ARS',
      blisters: [{ seed_count: 3, price: 1000, stock: 2, discount: 0 }],
    },
  });
  expect(created.status).toBe(201);
  return created;
};

describe('catalog list counts', () => {
  it('count a new product, the stock an order takes and returns, and a deleted product at once', async () => {
    const brand = await createBrand(server.database.db, { brand_name: 'Banco Contado' });
    const inStock = `brand=${brand.brand_id}&has_stock=true`;
    const outOfStock = `brand=${brand.brand_id}&stockFilter=out-of-stock`;
    expect(await countOf(inStock)).toBe(0);
    expect(await countOf(`brand=${brand.brand_id}`)).toBe(0);

    const created = await postProduct(brand.id, 'Contada Kush', 'Para contar.');
    expect(await countOf(inStock)).toBe(1);
    expect(await countOf(`${inStock}&page=2`)).toBe(1);
    expect(await countOf(outOfStock)).toBe(0);

    const order = await placeOrder(server, customer, [
      { product_id: created.json.id, blister_id: created.json.blisters[0].id, quantity: 2 },
    ]);
    expect(await countOf(inStock)).toBe(0);
    expect(await countOf(outOfStock)).toBe(1);

    const cancel = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: customer.token, body: { status: 'cancelled' } });
    expect(cancel.status).toBe(200);
    expect(await countOf(inStock)).toBe(1);

    const removed = await api(server, 'DELETE', `/api/products/${created.json.id}/`, { token: admin.token });
    expect(removed.status).toBeLessThan(300);
    expect(await countOf(inStock)).toBe(0);
    expect(await countOf(`brand=${brand.brand_id}`)).toBe(0);
  });

  it('stop counting a product on sale once its brand discount expires', async () => {
    const expires = new Date(Date.now() + 60 * 60_000);
    const brand = await createBrand(server.database.db, {
      brand_name: 'Banco Oferta Breve',
      discount_active: true,
      discount_type: 'percentage',
      discount_value: 10,
      discount_expires_at: expires,
    });
    await createProduct(server.database.db, { brand_id: brand.id, blisters: [{ price: 1000, stock: 5 }] });
    const onSale = `brand=${brand.brand_id}&discount=true`;
    try {
      server.setNow(new Date(expires.getTime() - 1000));
      expect(await countOf(onSale)).toBe(1);
      expect((await api(server, 'GET', `/api/products/?${onSale}`)).json.results).toHaveLength(1);
      server.setNow(new Date(expires.getTime() + 1000));
      expect((await api(server, 'GET', `/api/products/?${onSale}`)).json.results).toHaveLength(0);
      expect(await countOf(onSale)).toBe(0);
    } finally {
      server.setNow(null);
    }
  });

  it('order by price as prices are once a brand discount expires', async () => {
    const expires = new Date(Date.now() + 60 * 60_000);
    const national = await createBrand(server.database.db, { brand_name: 'Banco Precio Fijo', is_national: true });
    const onSale = await createBrand(server.database.db, {
      brand_name: 'Banco Precio Rebajado',
      discount_active: true,
      discount_type: 'percentage',
      discount_value: 50,
      discount_expires_at: expires,
    });
    const steady = await createProduct(server.database.db, { brand_id: national.id, blisters: [{ price: 1500, stock: 5 }] });
    const cheaper = await createProduct(server.database.db, { brand_id: onSale.id, blisters: [{ price: 2000, stock: 5 }] });
    const byPrice = async () =>
      (
        await api(server, 'GET', `/api/products/?brand=${national.brand_id},${onSale.brand_id}&ordering=min_price`, {
          token: customer.token,
        })
      ).json.results.map((p: { id: number }) => p.id);
    try {
      server.setNow(new Date(expires.getTime() - 1000));
      expect(await byPrice()).toEqual([cheaper.id, steady.id]);
      server.setNow(new Date(expires.getTime() + 1000));
      expect(await byPrice()).toEqual([steady.id, cheaper.id]);
    } finally {
      server.setNow(null);
    }
  });

  it('find a new product by search at once, with its live stock, and no longer once deleted', async () => {
    const brand = await createBrand(server.database.db, { brand_name: 'Banco Buscado' });
    const search = async (term: string) => (await api(server, 'GET', `/api/products/?search=${encodeURIComponent(term)}`)).json;
    expect((await search('zorzal dorado')).count).toBe(0);
    expect((await search('zorzall')).count).toBe(0);

    const created = await postProduct(brand.id, 'Zorzal Dorado', 'Para buscar.');
    const found = await search('zorzal dorado');
    expect(found.count).toBe(1);
    expect(found.results[0]).toMatchObject({ id: created.json.id, blisters: [{ stock: 2 }] });
    // A typo finds it too, by similarity.
    expect((await search('zorzall')).results.map((p: { id: number }) => p.id)).toEqual([created.json.id]);

    await placeOrder(server, customer, [{ product_id: created.json.id, blister_id: created.json.blisters[0].id, quantity: 1 }]);
    expect((await search('zorzal dorado')).results[0].blisters[0].stock).toBe(1);

    const removed = await api(server, 'DELETE', `/api/products/${created.json.id}/`, { token: admin.token });
    expect(removed.status).toBeLessThan(300);
    expect(await search('zorzal dorado')).toMatchObject({ count: 0, results: [] });
    expect((await search('zorzall')).count).toBe(0);
  });
});
