// "Repetir pedido" (issue 38): POST /api/orders/{id}/reorder/ puts the customer's own order's
// lines in their server cart at today's prices, and says what it left out and which prices moved.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blisters, products } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createUser } from '../helpers/factories';
import { placeOrder } from '../helpers/orders';

const server = useTestServer({ maxPendingOrders: 100 });
const db = () => server.ctx.db;
const reorder = (token: string | undefined, id: number | string) => api(server, 'POST', `/api/orders/${id}/reorder/`, { token });

describe('POST /api/orders/{id}/reorder/', () => {
  it('adds the lines at today’s prices; sold-out, removed and short lines are reported, repriced ones named', async () => {
    const customer = await createUser(db());
    const same = await createProduct(db(), { name: 'Gorilla Glue', blisters: [{ seed_count: 3, price: 10000, stock: 10 }] });
    const soldOut = await createProduct(db(), { name: 'Gelato 41', blisters: [{ seed_count: 5, price: 8000, stock: 10 }] });
    const removed = await createProduct(db(), { name: 'Amnesia', blisters: [{ seed_count: 1, price: 5000, stock: 10 }] });
    const short = await createProduct(db(), { name: 'Critical', blisters: [{ seed_count: 3, price: 7000, stock: 10 }] });
    const repriced = await createProduct(db(), { name: 'Zkittlez', blisters: [{ seed_count: 3, price: 9000, stock: 10 }] });
    const order = await placeOrder(
      server,
      customer,
      [same, soldOut, removed, short, repriced].map((p, i) => ({
        product_id: p.id,
        blister_id: p.blisters[0].id,
        quantity: i === 3 ? 4 : 2,
      })),
    );
    // Since the order (which took its units): one sold out, one withdrawn, one with 1 left, one repriced.
    await db().update(blisters).set({ stock: 0 }).where(eq(blisters.id, soldOut.blisters[0].id));
    await db().update(products).set({ deleted_at: new Date() }).where(eq(products.id, removed.id));
    await db().update(blisters).set({ stock: 1 }).where(eq(blisters.id, short.blisters[0].id));
    await db().update(blisters).set({ price: 12000 }).where(eq(blisters.id, repriced.blisters[0].id));

    const res = await reorder(customer.token, order.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json.added).toEqual([
      { product_id: same.id, blister_id: same.blisters[0].id, quantity: 2 },
      { product_id: short.id, blister_id: short.blisters[0].id, quantity: 1 },
      { product_id: repriced.id, blister_id: repriced.blisters[0].id, quantity: 2 },
    ]);
    expect(res.json.skipped).toEqual([
      {
        product_id: soldOut.id,
        blister_id: soldOut.blisters[0].id,
        name: 'Gelato 41',
        seed_count: 5,
        reason: 'sold_out',
        quantity: 0,
        ordered: 2,
      },
      {
        product_id: removed.id,
        blister_id: removed.blisters[0].id,
        name: 'Amnesia',
        seed_count: 1,
        reason: 'unavailable',
        quantity: 0,
        ordered: 2,
      },
      {
        product_id: short.id,
        blister_id: short.blisters[0].id,
        name: 'Critical',
        seed_count: 3,
        reason: 'reduced',
        quantity: 1,
        ordered: 4,
      },
    ]);
    expect(res.json.price_changes).toEqual([
      { product_id: repriced.id, blister_id: repriced.blisters[0].id, name: 'Zkittlez', seed_count: 3, before: 9000, now: 12000 },
    ]);
    expect(res.json.cart.lines.map((l: { name: string; quantity: number; price: number }) => [l.name, l.quantity, l.price])).toEqual([
      ['Gorilla Glue', 2, 10000],
      ['Critical', 1, 7000],
      ['Zkittlez', 2, 12000],
    ]);
    // The server cart holds them now, as GET answers on any device.
    const cart = await api(server, 'GET', '/api/cart/', { token: customer.token });
    expect(cart.json).toEqual(res.json.cart);

    // Again: the units add to the cart's, never above the stock (the line with 1 left adds none).
    const again = await reorder(customer.token, order.id);
    expect(again.json.added.map((l: { quantity: number }) => l.quantity)).toEqual([2, 2]);
    expect(again.json.skipped[2]).toMatchObject({ name: 'Critical', reason: 'reduced', quantity: 0, ordered: 4 });
    expect(again.json.cart.lines.map((l: { quantity: number }) => l.quantity)).toEqual([4, 1, 4]);
  });

  it('answers 404 for another customer’s order or none, and 401 without a session', async () => {
    const owner = await createUser(db());
    const other = await createUser(db());
    const product = await createProduct(db());
    const order = await placeOrder(server, owner, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]);
    const foreign = await reorder(other.token, order.id);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe('Pedido no encontrado');
    expect((await api(server, 'GET', '/api/cart/', { token: other.token })).json.lines).toEqual([]);
    expect((await reorder(owner.token, 99999999)).status).toBe(404);
    expect((await reorder(undefined, order.id)).status).toBe(401);
    expect((await reorder(owner.token, 'abc')).status).toBe(400);
  });
});
