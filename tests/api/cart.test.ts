// The signed-in customer's cart kept by the server (issue 38): GET/PUT /api/cart/ and
// POST /api/cart/merge/. Lines hold product, blister and quantity; prices and stock are read
// fresh; never above stock; sold-out and withdrawn lines stay, marked.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blisters, products } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createUser } from '../helpers/factories';

const server = useTestServer();
const db = () => server.ctx.db;

type Customer = Awaited<ReturnType<typeof createUser>>;
const getCart = (c: Customer) => api(server, 'GET', '/api/cart/', { token: c.token });
const putCart = (c: Customer, lines: unknown) => api(server, 'PUT', '/api/cart/', { token: c.token, body: { lines } });
const mergeCart = (c: Customer, lines: unknown) => api(server, 'POST', '/api/cart/merge/', { token: c.token, body: { lines } });
const line = (p: Awaited<ReturnType<typeof createProduct>>, quantity: number, i = 0) => ({
  product_id: p.id,
  blister_id: p.blisters[i].id,
  quantity,
});

describe('/api/cart/', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await api(server, 'GET', '/api/cart/')).status).toBe(401);
    expect((await api(server, 'PUT', '/api/cart/', { body: { lines: [] } })).status).toBe(401);
    expect((await api(server, 'POST', '/api/cart/merge/', { body: { lines: [] } })).status).toBe(401);
  });

  it('starts empty, stores the lines and gives them back priced by the server on every device', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), {
      name: 'Gorilla Glue',
      blisters: [{ seed_count: 3, price: 12000, stock: 5, discount: 25 }],
    });
    expect((await getCart(customer)).json).toEqual({ lines: [], updated_at: null });

    const put = await putCart(customer, [{ ...line(product, 2), price: 1 }]);
    expect(put.status, put.text).toBe(200);
    const expected = {
      product_id: product.id,
      blister_id: product.blisters[0].id,
      quantity: 2,
      name: 'Gorilla Glue',
      brand: product.brand.brand_name,
      seed_count: 3,
      price: 9000,
      original_price: 12000,
      discount: 25,
      stock: 5,
      available: true,
      state: 'ok',
      image: null,
    };
    expect(put.json.lines).toEqual([expected]);
    expect(put.json.updated_at).toEqual(expect.any(String));

    // Another device: the same token's account, a new request.
    const read = await getCart(customer);
    expect(read.json).toEqual(put.json);

    // The price changes while the cart waits: the cart shows today's.
    await db().update(blisters).set({ price: 20000 }).where(eq(blisters.id, product.blisters[0].id));
    expect((await getCart(customer)).json.lines[0]).toMatchObject({ price: 15000, original_price: 20000 });
  });

  it('keeps a line above stock at the stock, marked adjusted, and refuses quantities outside 1-99', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ stock: 3 }] });
    const put = await putCart(customer, [line(product, 7)]);
    expect(put.status).toBe(200);
    expect(put.json.lines[0]).toMatchObject({ quantity: 3, adjusted: true, stock: 3 });
    expect((await getCart(customer)).json.lines[0].quantity).toBe(3);

    for (const quantity of [0, 100, 1.5, -1]) {
      const res = await putCart(customer, [line(product, quantity)]);
      expect(res.status).toBe(400);
      expect(res.json.error).toEqual(expect.any(String));
    }
    expect((await putCart(customer, 'x')).status).toBe(400);
  });

  it('keeps sold-out and withdrawn lines visible and marked', async () => {
    const customer = await createUser(db());
    const soldOut = await createProduct(db(), { blisters: [{ stock: 0 }] });
    const withdrawn = await createProduct(db(), { blisters: [{ stock: 4 }] });
    const removed = await createProduct(db(), { name: 'Blister quitado', blisters: [{ stock: 4 }] });
    await putCart(customer, [line(soldOut, 2), line(withdrawn, 1), line(removed, 1)]);
    await db().update(products).set({ available: false }).where(eq(products.id, withdrawn.id));
    await db().delete(blisters).where(eq(blisters.id, removed.blisters[0].id));
    const cart = (await getCart(customer)).json;
    expect(cart.lines.map((l: { state: string; available: boolean; quantity: number }) => [l.state, l.available, l.quantity])).toEqual([
      ['sold_out', false, 2],
      ['unavailable', false, 1],
      ['unavailable', false, 1],
    ]);
    expect(cart.lines[2]).toMatchObject({ name: 'Blister quitado', price: 0, stock: 0 });
  });

  it('empties with no lines, and leaves the same lines untouched (updated_at kept)', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db());
    const first = await putCart(customer, [line(product, 1)]);
    server.setNow(new Date(Date.now() + 60_000));
    try {
      const again = await putCart(customer, [line(product, 1)]);
      expect(again.json.updated_at).toBe(first.json.updated_at);
      const changed = await putCart(customer, [line(product, 2)]);
      expect(changed.json.updated_at).not.toBe(first.json.updated_at);
    } finally {
      server.setNow(null);
    }
    expect((await putCart(customer, [])).json).toEqual({ lines: [], updated_at: null });
    expect((await getCart(customer)).json).toEqual({ lines: [], updated_at: null });
  });

  it('merges the cookie lines: the larger quantity of the same product and blister, never above stock', async () => {
    const customer = await createUser(db());
    const a = await createProduct(db(), { blisters: [{ stock: 10 }, { stock: 10 }] });
    const b = await createProduct(db(), { blisters: [{ stock: 4 }] });
    const c = await createProduct(db(), { blisters: [{ stock: 9 }] });
    await putCart(customer, [line(a, 5), line(b, 1)]);
    const merged = await mergeCart(customer, [line(a, 2), line(a, 3, 1), line(b, 8), line(c, 1)]);
    expect(merged.status, merged.text).toBe(200);
    expect(
      merged.json.lines.map((l: { blister_id: number; quantity: number; adjusted?: boolean }) => [l.blister_id, l.quantity, !!l.adjusted]),
    ).toEqual([
      [a.blisters[0].id, 5, false],
      [b.blisters[0].id, 4, true],
      [a.blisters[1].id, 3, false],
      [c.blisters[0].id, 1, false],
    ]);
    // A second customer's cart is their own.
    const other = await createUser(db());
    expect((await getCart(other)).json.lines).toEqual([]);
  });

  it('keeps every line of merges made at once from two devices, on a first save and on a kept cart', async () => {
    const a = await createProduct(db(), { blisters: [{ stock: 10 }] });
    const b = await createProduct(db(), { blisters: [{ stock: 10 }] });
    const c = await createProduct(db(), { blisters: [{ stock: 10 }] });
    for (let attempt = 0; attempt < 6; attempt++) {
      const customer = await createUser(db());
      const before = attempt % 2 === 0 ? [] : [line(c, 3)];
      if (before.length) await putCart(customer, before);
      const [phone, desktop] = await Promise.all([mergeCart(customer, [line(a, 1)]), mergeCart(customer, [line(b, 2)])]);
      expect([phone.status, desktop.status]).toEqual([200, 200]);
      const after = (await getCart(customer)).json.lines.map((l: { blister_id: number; quantity: number }) => [l.blister_id, l.quantity]);
      const expected = [...before, line(a, 1), line(b, 2)].map((l) => [l.blister_id, l.quantity]);
      expect(after.sort()).toEqual(expected.sort());
    }
  });
});
