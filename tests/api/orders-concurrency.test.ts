// Concurrent orders on PostgreSQL (PGlite has a single connection, so nothing runs at once there):
// stock is never oversold, multi-line orders are all or nothing, and cancelling or removing lines
// gives stock back exactly once even when the same request arrives twice at the same time, and
// a customer's simultaneous checkouts never pass the cap on pending orders.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blisters, orderProducts, orders } from '../../src/server/db/schema';
import { api, startTestServer, type TestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';

const onPostgres = !!process.env.TEST_DATABASE_URL;

let server: TestServer;
const db = () => server.ctx.db;

beforeAll(async () => {
  // Customers here order many times over; the cap on pending orders has a server of its own below.
  if (onPostgres) server = await startTestServer({ maxPendingOrders: 1000 });
});
afterAll(async () => {
  if (onPostgres) await server.close();
});

type Line = { product_id: number; blister_id: number; quantity: number };

const order = (token: string, lines: Line[], on: TestServer = server) =>
  api(on, 'POST', '/api/orders/', {
    token,
    body: { recipient_name: 'Compra Simultánea', customer_phone: '1199887766', delivery_type: 'coordinate', products: lines },
  });

async function stockOf(blisterId: number) {
  const [row] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blisterId));
  return row.stock;
}

/** Units held by active orders per blister. */
async function unitsHeld(blisterIds: number[]) {
  const rows = await db()
    .select({ blister_id: orderProducts.blister_id, units: sql<number>`sum(${orderProducts.quantity})`.mapWith(Number) })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.order_id))
    .where(sql`${orders.status} <> 'cancelled' and ${inArray(orderProducts.blister_id, blisterIds)}`)
    .groupBy(orderProducts.blister_id);
  return Object.fromEntries(rows.map((r) => [r.blister_id, r.units]));
}

const customers = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(db())));

describe.skipIf(!onPostgres)('concurrent orders (PostgreSQL)', () => {
  it('sells exactly 10 units when 50 one-unit orders from 10 customers race for a stock of 10', async () => {
    const product = await createProduct(db(), { blisters: [{ price: 5000, stock: 10 }] });
    const blisterId = product.blisters[0].id;
    const buyers = await customers(10);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => order(buyers[i % 10].token, [{ product_id: product.id, blister_id: blisterId, quantity: 1 }])),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.json.error).toBe(`No hay suficiente stock de ${product.name} (3 semillas). Stock disponible: 0`);
    }
    expect(await stockOf(blisterId)).toBe(0);
    // Every unit sold has stock behind it: 10 in orders, none left, none invented.
    expect(await unitsHeld([blisterId])).toEqual({ [blisterId]: 10 });
    const [{ count }] = await db()
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(orderProducts)
      .where(eq(orderProducts.blister_id, blisterId));
    expect(count).toBe(10);
  });

  it('takes two blisters all or nothing, without deadlocks whatever the line order', async () => {
    const a = await createProduct(db(), { blisters: [{ price: 1000, stock: 10 }] });
    const b = await createProduct(db(), { blisters: [{ price: 2000, stock: 5 }] });
    const lineA = { product_id: a.id, blister_id: a.blisters[0].id, quantity: 1 };
    const lineB = { product_id: b.id, blister_id: b.blisters[0].id, quantity: 1 };
    const buyers = await customers(10);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => order(buyers[i % 10].token, i % 2 ? [lineA, lineB] : [lineB, lineA])),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(25);
    for (const created of ok) expect(created.json.order_products).toHaveLength(2);
    expect(await stockOf(lineA.blister_id)).toBe(5);
    expect(await stockOf(lineB.blister_id)).toBe(0);
    expect(await unitsHeld([lineA.blister_id, lineB.blister_id])).toEqual({ [lineA.blister_id]: 5, [lineB.blister_id]: 5 });
  });

  it('returns stock once when the same cancel is sent twice at the same time', async () => {
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 10 }] });
    const [owner] = await customers(1);
    const created = await order(owner.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 4 }]);
    expect(await stockOf(product.blisters[0].id)).toBe(6);
    const put = () => api(server, 'PUT', `/api/orders/${created.json.id}/`, { token: owner.token, body: { status: 'cancelled' } });
    const results = await Promise.all([put(), put(), put()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.json.message).sort()).toEqual([
      'El pedido ya estaba cancelado',
      'El pedido ya estaba cancelado',
      'Pedido cancelado',
    ]);
    expect(await stockOf(product.blisters[0].id)).toBe(10);
  });

  it('records one refund, never more than was paid, when several are sent at the same time', async () => {
    const boss = await createStaff(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const [owner] = await customers(1);
    const created = await order(owner.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]);
    const asBoss = (method: 'POST' | 'PUT', path: string, body: unknown) => api(server, method, path, { token: boss.token, body });
    await asBoss('POST', `/api/orders/${created.json.id}/payment/`, { method: 'transferencia' });
    await asBoss('PUT', `/api/orders/${created.json.id}/`, { status: 'cancelled' });
    const refund = (amount: number) => asBoss('POST', `/api/orders/${created.json.id}/refund/`, { method: 'transferencia', amount });
    const results = await Promise.all([refund(6000), refund(6000), refund(6000), refund(999999)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(results[3].status).toBe(409);
    for (const refused of results.filter((r) => r.status === 409))
      expect(['REFUND_EXCEEDS_PAYMENT', 'REFUND_ALREADY_DONE']).toContain(refused.json.code);
    const [row] = await db().select().from(orders).where(eq(orders.id, created.json.id));
    expect(row).toMatchObject({ refund_status: 'done', refund_amount: 6000 });
  });

  it('returns stock once when the same line removal is sent twice at the same time', async () => {
    const a = await createProduct(db(), { blisters: [{ price: 1000, stock: 10 }] });
    const b = await createProduct(db(), { blisters: [{ price: 1000, stock: 10 }] });
    const [owner] = await customers(1);
    const lineA = { product_id: a.id, blister_id: a.blisters[0].id, quantity: 3 };
    const lineB = { product_id: b.id, blister_id: b.blisters[0].id, quantity: 2 };
    const created = await order(owner.token, [lineA, lineB]);
    const removeB = () => api(server, 'PUT', `/api/orders/${created.json.id}/`, { token: owner.token, body: { products: [lineA] } });
    const results = await Promise.all([removeB(), removeB()]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await stockOf(lineB.blister_id)).toBe(10);
    expect(await stockOf(lineA.blister_id)).toBe(7);

    const removeById = () =>
      api(server, 'PUT', `/api/orders/${created.json.id}/`, {
        token: owner.token,
        body: { remove_line_ids: [created.json.order_products[0].id] },
      });
    const last = await Promise.all([removeById(), removeById()]);
    // The first removes the last line and so cancels the order; the second finds it cancelled.
    expect(last.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(lineA.blister_id)).toBe(10);
    expect(await stockOf(lineB.blister_id)).toBe(10);
  });

  it('returns stock once when staff and the customer cancel at the same time, and a staff delete races a cancel', async () => {
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 10 }] });
    const staff = await createStaff(db());
    const [owner] = await customers(1);
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 5 };
    const first = await order(owner.token, [line]);
    await Promise.all([
      api(server, 'PUT', `/api/orders/${first.json.id}/`, { token: owner.token, body: { status: 'cancelled' } }),
      api(server, 'PUT', `/api/orders/${first.json.id}/`, { token: staff.token, body: { status: 'cancelled' } }),
    ]);
    expect(await stockOf(line.blister_id)).toBe(10);

    const second = await order(owner.token, [line]);
    expect(await stockOf(line.blister_id)).toBe(5);
    await Promise.all([
      api(server, 'PUT', `/api/orders/${second.json.id}/`, { token: owner.token, body: { status: 'cancelled' } }),
      api(server, 'DELETE', `/api/orders/${second.json.id}/`, { token: staff.token }),
    ]);
    expect(await stockOf(line.blister_id)).toBe(10);
  });

  it('never oversells while staff re-activate cancelled orders and customers buy at the same time', async () => {
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 6 }] });
    const blisterId = product.blisters[0].id;
    const staff = await createStaff(db());
    const buyers = await customers(6);
    const line = { product_id: product.id, blister_id: blisterId, quantity: 1 };
    const placed = await Promise.all(buyers.map((b) => order(b.token, [line])));
    await Promise.all(
      placed.map((p) => api(server, 'PUT', `/api/orders/${p.json.id}/`, { token: staff.token, body: { status: 'cancelled' } })),
    );
    expect(await stockOf(blisterId)).toBe(6);
    const results = await Promise.all([
      ...placed.map((p) => api(server, 'PUT', `/api/orders/${p.json.id}/`, { token: staff.token, body: { status: 'completed' } })),
      ...buyers.map((b) => order(b.token, [line])),
    ]);
    expect(results.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(6);
    expect(await stockOf(blisterId)).toBe(0);
    expect(await unitsHeld([blisterId])).toEqual({ [blisterId]: 6 });
  });

  it('lets one of several simultaneous checkouts through when the customer is one order short of the cap', async () => {
    const capped = await startTestServer();
    try {
      const product = await createProduct(capped.ctx.db, { blisters: [{ price: 1000, stock: 50 }] });
      const blisterId = product.blisters[0].id;
      const user = await createUser(capped.ctx.db);
      const line = { product_id: product.id, blister_id: blisterId, quantity: 1 };
      for (let i = 0; i < 2; i++) expect((await order(user.token, [line], capped)).status).toBe(201);
      const results = await Promise.all(Array.from({ length: 8 }, () => order(user.token, [line], capped)));
      expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
      for (const refused of results.filter((r) => r.status === 409)) expect(refused.json.code).toBe('TOO_MANY_PENDING_ORDERS');
      const [{ pending }] = await capped.ctx.db
        .select({ pending: sql<number>`count(*)`.mapWith(Number) })
        .from(orders)
        .where(sql`${orders.user_id} = ${user.id} and ${orders.status} = 'pending'`);
      expect(pending).toBe(3);
      const [row] = await capped.ctx.db.select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blisterId));
      expect(row.stock).toBe(47);
    } finally {
      await capped.close();
    }
  });
});
