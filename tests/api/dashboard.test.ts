// GET /api/dashboard/ over a fixed data set, with the figures computed by hand. The server's clock
// is 2025-06-15 15:00 UTC, 12:00 in Buenos Aires (UTC-3): the shop's "today" began at 03:00 UTC,
// so an order at 02:30 UTC on the 15th belongs to the 14th. One order is cancelled and counts only
// in the status breakdown. Two orders charged shipping: sales leave it out, shipping_total adds it up.
// The low-stock threshold is set in 'Configuración' and logged.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDto } from '../../src/domain/dashboard';
import { activityLogs, blisters, orderProducts, orders } from '../../src/server/db/schema';
import { api, startTestServer, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff, createStaffWithRole, createUser } from '../helpers/factories';
import { placeOrder, simpleOrder } from '../helpers/orders';

const server = useTestServer();
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;
const db = () => server.ctx.db;

const NOW = new Date('2025-06-15T15:00:00Z');
const utc = (iso: string) => new Date(`${iso}Z`);

type Product = Awaited<ReturnType<typeof createProduct>>;
let p1: Product; // auto, brand B1: blisters of 3 (stock 3) and 5 seeds (stock 5)
let p2: Product; // fem, brand B1: sold out
let p3: Product; // reg, brand B2: stock 50 and stock 1
let p4: Product; // fem, brand B2, not on sale: stock 2
let p5: Product; // deleted: stock 1
let b1Id: number;
let b2Id: number;

interface Line {
  product: Product | null;
  blister?: number;
  quantity: number;
  price: number;
  snapshot?: { name: string; brand: string; type: string };
}

async function insertOrder(createdAt: Date, status: 'pending' | 'completed' | 'cancelled', lines: Line[], shipping?: number) {
  const total = lines.reduce((sum, l) => sum + l.quantity * l.price, 0) + (shipping ?? 0);
  const [order] = await db()
    .insert(orders)
    .values({
      user_id: customer.id,
      status,
      total,
      recipient_name: 'Cliente Fijo',
      shipping_address: 'Coordinar entrega',
      customer_email: customer.email,
      customer_phone: '1122334455',
      delivery_type: 'coordinate',
      ...(shipping === undefined
        ? {}
        : { shipping_name: 'Correo a domicilio', shipping_kind: 'home', shipping_carrier: 'correo_argentino', shipping_price: shipping }),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning();
  await db()
    .insert(orderProducts)
    .values(
      lines.map((l) => ({
        order_id: order.id,
        product_id: l.product?.id ?? null,
        blister_id: l.product ? (l.blister ?? l.product.blisters[0].id) : null,
        quantity: l.quantity,
        price_at_time: l.price,
        product_name: l.snapshot?.name ?? l.product!.name,
        product_brand: l.snapshot?.brand ?? l.product!.brand.brand_name,
        product_type: l.snapshot?.type ?? l.product!.type,
        seed_count: 3,
        created_at: createdAt,
      })),
    );
  return order;
}

async function dashboard(): Promise<DashboardDto> {
  const res = await api(server, 'GET', '/api/dashboard/', { token: staff.token });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

beforeAll(async () => {
  server.setNow(NOW);
  staff = await createStaff(db(), { created_at: utc('2025-06-15T05:00:00') });
  customer = await createUser(db(), { created_at: utc('2025-06-15T04:00:00') }); // today
  await createUser(db(), { created_at: utc('2025-06-14T10:00:00') }); // yesterday 07:00, before this time of day
  await createUser(db(), { created_at: utc('2025-05-20T12:00:00') }); // within 30 days
  await createUser(db(), { created_at: utc('2025-04-01T12:00:00') }); // earlier

  const b1 = await createBrand(db(), { brand_name: 'Banco Uno' });
  const b2 = await createBrand(db(), { brand_name: 'Banco Dos' });
  p1 = await createProduct(db(), {
    name: 'Auto Uno',
    type: 'auto',
    brand_id: b1.id,
    // 3 units of the 3-seed pack, 5 of the 5-seed one.
    blisters: [3, 5].map((seeds) => ({ seed_count: seeds, stock: seeds })),
  });
  p2 = await createProduct(db(), { name: 'Fem Dos', type: 'fem', brand_id: b1.id, blisters: [{ seed_count: 3, stock: 0 }] });
  p3 = await createProduct(db(), {
    name: 'Reg Tres',
    type: 'reg',
    brand_id: b2.id,
    blisters: [
      { seed_count: 3, stock: 50 },
      { seed_count: 10, stock: 1 },
    ],
  });
  p4 = await createProduct(db(), { name: 'Fem Oculta', type: 'fem', brand_id: b2.id, available: false, blisters: [{ stock: 2 }] });
  p5 = await createProduct(db(), {
    name: 'Borrada',
    type: 'fem',
    brand_id: b2.id,
    deleted_at: utc('2025-06-01T00:00:00'),
    blisters: [{ stock: 1 }],
  });
  b1Id = p1.blisters[0].id;
  b2Id = p2.blisters[0].id;

  const P1 = (quantity: number): Line => ({ product: p1, quantity, price: 1000 });
  const P2 = (quantity: number): Line => ({ product: p2, quantity, price: 3000 });
  const P3 = (quantity: number): Line => ({ product: p3, quantity, price: 8000 });
  const retired: Line = {
    product: null,
    quantity: 1,
    price: 500,
    snapshot: { name: 'Semilla Retirada', brand: 'Banco Viejo', type: 'auto' },
  };

  await insertOrder(utc('2025-06-15T03:30:00'), 'completed', [P1(2), P2(1)], 1200); // O1 today 00:30: 5000 + 1200 shipping, 3 units
  await insertOrder(utc('2025-06-15T02:30:00'), 'pending', [P2(2)]); // O2 the 14th, 23:30: 6000, 2 units
  await insertOrder(utc('2025-06-15T12:00:00'), 'cancelled', [P1(5)]); // O3 today, cancelled: 5000
  await insertOrder(utc('2025-06-14T13:00:00'), 'completed', [P3(1)]); // O4 yesterday 10:00: 8000, 1 unit
  await insertOrder(utc('2025-06-10T15:00:00'), 'pending', [P1(1), P3(1)], 800); // O5: 9000 + 800 shipping, 2 units
  await insertOrder(utc('2025-06-05T12:00:00'), 'completed', [P2(3)]); // O6: 9000, 3 units
  await insertOrder(utc('2025-05-01T12:00:00'), 'completed', [P1(4)]); // O7: 4000, 4 units
  await insertOrder(utc('2025-03-01T12:00:00'), 'completed', [P2(1)]); // O9: before the 90 days
  await insertOrder(utc('2025-06-13T12:00:00'), 'pending', [P3(2)]); // O10: 16000, 2 units
  await insertOrder(utc('2025-06-09T10:00:00'), 'pending', [P1(1), retired]); // O11 the 9th, 07:00: 1500, 2 units
});

describe('who may read it', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    for (const [method, path] of [
      ['GET', '/api/dashboard/'],
      ['GET', '/api/core/inventory-settings/'],
      ['PUT', '/api/core/inventory-settings/'],
    ]) {
      const body = method === 'PUT' ? { low_stock_threshold: 3 } : undefined;
      expect((await api(server, method, path, { body })).status).toBe(401);
      expect((await api(server, method, path, { body, token: customer.token })).status).toBe(403);
    }
  });
});

describe('GET /api/dashboard/', () => {
  let data: DashboardDto;
  beforeAll(async () => {
    server.ctx.caches.dashboard.clear();
    data = await dashboard();
  });

  it('gives today against yesterday until this time of day', () => {
    expect(data.periods.today).toEqual({
      from: '2025-06-15T03:00:00.000Z',
      to: '2025-06-15T15:00:00.000Z',
      revenue: 5000,
      shipping_total: 1200,
      orders: 1,
      average_order: 5000,
      new_customers: 1,
      units: 3,
      collected: 0,
      previous: {
        from: '2025-06-14T03:00:00.000Z',
        to: '2025-06-14T15:00:00.000Z',
        revenue: 8000,
        shipping_total: 0,
        orders: 1,
        average_order: 8000,
        new_customers: 1,
        units: 1,
        collected: 0,
      },
    });
  });

  it('gives the last 7 and 30 days, today included, against the spans before', () => {
    expect(data.periods.last_7_days).toEqual({
      from: '2025-06-09T03:00:00.000Z',
      to: '2025-06-15T15:00:00.000Z',
      revenue: 45500,
      shipping_total: 2000,
      orders: 6,
      average_order: 7583.33,
      new_customers: 2,
      units: 12,
      collected: 0,
      previous: {
        from: '2025-06-02T03:00:00.000Z',
        to: '2025-06-08T15:00:00.000Z',
        revenue: 9000,
        shipping_total: 0,
        orders: 1,
        average_order: 9000,
        new_customers: 0,
        units: 3,
        collected: 0,
      },
    });
    expect(data.periods.last_30_days).toEqual({
      from: '2025-05-17T03:00:00.000Z',
      to: '2025-06-15T15:00:00.000Z',
      revenue: 54500,
      shipping_total: 2000,
      orders: 7,
      average_order: 7785.71,
      new_customers: 3,
      units: 15,
      collected: 0,
      previous: {
        from: '2025-04-17T03:00:00.000Z',
        to: '2025-05-16T15:00:00.000Z',
        revenue: 4000,
        shipping_total: 0,
        orders: 1,
        average_order: 4000,
        new_customers: 0,
        units: 4,
        collected: 0,
      },
    });
  });

  it('gives 90 Buenos Aires days, empty ones included, with each order on its local day', () => {
    expect(data.daily).toHaveLength(90);
    expect(data.daily[0]).toEqual({ date: '2025-03-18', revenue: 0, shipping_total: 0, orders: 0 });
    expect(data.daily[89].date).toBe('2025-06-15');
    const withOrders = data.daily.filter((d) => d.orders > 0);
    expect(withOrders).toEqual([
      { date: '2025-05-01', revenue: 4000, shipping_total: 0, orders: 1 },
      { date: '2025-06-05', revenue: 9000, shipping_total: 0, orders: 1 },
      { date: '2025-06-09', revenue: 1500, shipping_total: 0, orders: 1 },
      { date: '2025-06-10', revenue: 9000, shipping_total: 800, orders: 1 },
      { date: '2025-06-13', revenue: 16000, shipping_total: 0, orders: 1 },
      { date: '2025-06-14', revenue: 14000, shipping_total: 0, orders: 2 },
      { date: '2025-06-15', revenue: 5000, shipping_total: 1200, orders: 1 },
    ]);
    const days = data.daily.map((d) => d.date);
    expect(new Set(days).size).toBe(90);
    expect([...days].sort()).toEqual(days);
  });

  it('breaks the last 30 days down by status, the cancelled order included, with the totals charged (shipping included)', () => {
    expect(data.breakdown_days).toBe(30);
    expect(data.by_status).toEqual([
      { status: 'pending', orders: 4, amount: 33300 },
      { status: 'completed', orders: 3, amount: 23200 },
      { status: 'cancelled', orders: 1, amount: 5000 },
    ]);
  });

  it('ranks products and brands by units and by amount, naming a removed product by its order lines', () => {
    const product = (p: Product, units: number, revenue: number) => ({
      product_id: p.id,
      name: p.name,
      brand: p.brand.brand_name,
      units,
      revenue,
    });
    const retired = { product_id: null, name: 'Semilla Retirada', brand: 'Banco Viejo', units: 1, revenue: 500 };
    expect(data.top_products.by_units).toEqual([product(p2, 6, 18000), product(p3, 4, 32000), product(p1, 4, 4000), retired]);
    expect(data.top_products.by_revenue).toEqual([product(p3, 4, 32000), product(p2, 6, 18000), product(p1, 4, 4000), retired]);
    const uno = { brand_id: p1.brand_id, name: 'Banco Uno', units: 10, revenue: 22000 };
    const dos = { brand_id: p3.brand_id, name: 'Banco Dos', units: 4, revenue: 32000 };
    const viejo = { brand_id: null, name: 'Banco Viejo', units: 1, revenue: 500 };
    expect(data.top_brands.by_units).toEqual([uno, dos, viejo]);
    expect(data.top_brands.by_revenue).toEqual([dos, uno, viejo]);
  });

  it('gives the sales of each type', () => {
    expect(data.by_type).toEqual([
      { type: 'auto', units: 5, revenue: 4500 },
      { type: 'fem', units: 6, revenue: 18000 },
      { type: 'reg', units: 4, revenue: 32000 },
    ]);
  });

  it('lists blisters on sale under the threshold, fewest first, and sold-out ones that still sell', () => {
    expect(data.low_stock_threshold).toBe(5);
    expect(data.low_stock).toEqual([
      { product_id: p3.id, blister_id: p3.blisters[1].id, name: 'Reg Tres', brand: 'Banco Dos', seed_count: 10, stock: 1 },
      { product_id: p1.id, blister_id: b1Id, name: 'Auto Uno', brand: 'Banco Uno', seed_count: 3, stock: 3 },
    ]);
    expect(data.low_stock_total).toBe(2);
    expect(data.low_stock.map((l) => l.product_id)).not.toContain(p4.id);
    expect(data.low_stock.map((l) => l.product_id)).not.toContain(p5.id);
    expect(data.out_of_stock_selling).toEqual([
      { product_id: p2.id, blister_id: b2Id, name: 'Fem Dos', seed_count: 3, units: 6, last_ordered_at: '2025-06-15T03:30:00.000Z' },
    ]);
  });

  it('groups pending orders by age and counts those the expiry job cancels within a day', () => {
    expect(data.pending_aging).toEqual({
      total: 4,
      under_1_day: 1,
      from_1_to_3_days: 1,
      over_3_days: 2,
      expiring_24h: 1,
      expiry_days: 7,
    });
  });
});

describe('the cache', () => {
  it('keeps the answer until an order or catalog write of this process clears it', async () => {
    server.ctx.caches.dashboard.clear();
    const before = await dashboard();
    // A write that bypasses the app is not seen while the answer is kept.
    await db().update(blisters).set({ stock: 2 }).where(eq(blisters.id, p3.blisters[0].id));
    expect((await dashboard()).low_stock_total).toBe(before.low_stock_total);

    // A catalog write through the API clears it.
    const edited = await api(server, 'PATCH', `/api/products/${p2.id}/`, { token: staff.token, body: { available: true } });
    expect(edited.status, edited.text).toBe(200);
    expect((await dashboard()).low_stock_total).toBe(before.low_stock_total + 1);
    await db().update(blisters).set({ stock: 50 }).where(eq(blisters.id, p3.blisters[0].id));
    server.ctx.caches.dashboard.clear();

    // An order placed through the API clears it: one more pending order, and its units.
    const kept = await dashboard();
    const buyer = await createUser(db());
    const order = await placeOrder(server, buyer, [{ product_id: p3.id, blister_id: p3.blisters[0].id, quantity: 2 }], {
      recipient_name: 'Cliente Fijo',
    });
    server.setNow(new Date(NOW.getTime() + 60_000));
    try {
      const after = await dashboard();
      expect(after.pending_aging.total).toBe(kept.pending_aging.total + 1);
      expect(after.periods.today.orders).toBe(kept.periods.today.orders + 1);
      expect(after.periods.today.units).toBe(kept.periods.today.units + 2);
    } finally {
      await db().delete(orders).where(eq(orders.id, order.id));
      await db().update(blisters).set({ stock: 50 }).where(eq(blisters.id, p3.blisters[0].id));
      server.setNow(NOW);
      server.ctx.caches.dashboard.clear();
    }
  });
});

describe('the low-stock threshold', () => {
  it('is 5 until staff change it; the change is logged and shows on the dashboard', async () => {
    const read = await api(server, 'GET', '/api/core/inventory-settings/', { token: staff.token });
    expect(read.json).toEqual({ low_stock_threshold: 5 });
    await dashboard(); // kept in the cache

    const saved = await api(server, 'PUT', '/api/core/inventory-settings/', { token: staff.token, body: { low_stock_threshold: 6 } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ low_stock_threshold: 6, message: 'Umbral de stock bajo guardado correctamente' });
    expect((await api(server, 'GET', '/api/core/inventory-settings/', { token: staff.token })).json).toEqual({ low_stock_threshold: 6 });
    // The daily stock alert uses the same threshold.
    expect((await api(server, 'GET', '/api/core/stock-alert-settings/', { token: staff.token })).json).toMatchObject({ threshold: 6 });

    const data = await dashboard();
    expect(data.low_stock_threshold).toBe(6);
    expect(data.low_stock.map((l) => [l.blister_id, l.stock])).toEqual([
      [p3.blisters[1].id, 1],
      [b1Id, 3],
      [p1.blisters[1].id, 5],
    ]);

    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'site_settings'), eq(activityLogs.user_id, staff.id)));
    expect(entry).toMatchObject({
      action: 'update',
      description: 'Umbral de stock bajo cambiado de 5 a 6',
      changes: { before: { low_stock_threshold: 5 }, after: { low_stock_threshold: 6 } },
    });
  });

  it('is read by any staff member, whose product badges follow it, and changed only with the settings permission', async () => {
    const catalogStaff = await createStaffWithRole(db(), 'catalog');
    const read = await api(server, 'GET', '/api/core/inventory-settings/', { token: catalogStaff.token });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({ low_stock_threshold: 6 });
    const put = await api(server, 'PUT', '/api/core/inventory-settings/', { token: catalogStaff.token, body: { low_stock_threshold: 3 } });
    expect(put.status).toBe(403);
  });

  it('refuses what is not a whole number from 1 to 1000, in Spanish', async () => {
    for (const value of [0, -1, 2.5, 1001, 'muchos', null]) {
      const res = await api(server, 'PUT', '/api/core/inventory-settings/', { token: staff.token, body: { low_stock_threshold: value } });
      expect(res.status, String(value)).toBe(400);
      expect(res.json.error).toMatch(/umbral de stock bajo/i);
    }
    expect((await api(server, 'GET', '/api/core/inventory-settings/', { token: staff.token })).json).toEqual({ low_stock_threshold: 6 });
  });
});

describe('orders by stage', () => {
  it('splits the breakdown by stage, so paid and shipped orders are not counted as pending', async () => {
    const shop = await startTestServer({ maxPendingOrders: 100 });
    try {
      const admin = await createStaff(shop.ctx.db);
      const placed = [];
      for (const price of [1000, 2000, 3000, 4000, 5000]) placed.push((await simpleOrder(shop, { price, quantity: 1 })).order);
      const [, paid, shipped, delivered, cancelled] = placed;
      const call = (method: 'POST' | 'PUT', path: string, body: unknown) => api(shop, method, path, { token: admin.token, body });
      for (const order of [paid, shipped, delivered]) {
        expect((await call('POST', `/api/orders/${order.id}/payment/`, { method: 'efectivo' })).status).toBe(200);
      }
      expect((await call('POST', `/api/orders/${shipped.id}/shipment/`, { carrier: 'oca' })).status).toBe(200);
      expect((await call('PUT', `/api/orders/${delivered.id}/`, { status: 'completed' })).status).toBe(200);
      expect((await call('PUT', `/api/orders/${cancelled.id}/`, { status: 'cancelled' })).status).toBe(200);
      const data: DashboardDto = (await api(shop, 'GET', '/api/dashboard/', { token: admin.token })).json;
      expect(data.by_stage).toEqual([
        { stage: 'awaiting_payment', orders: 1, amount: 1000 },
        { stage: 'paid', orders: 1, amount: 2000 },
        { stage: 'shipped', orders: 1, amount: 3000 },
        { stage: 'delivered', orders: 1, amount: 4000 },
        { stage: 'cancelled', orders: 1, amount: 5000 },
      ]);
      expect(data.by_status).toEqual([
        { status: 'pending', orders: 3, amount: 6000 },
        { status: 'completed', orders: 1, amount: 4000 },
        { status: 'cancelled', orders: 1, amount: 5000 },
      ]);
    } finally {
      await shop.close();
    }
  });
});

describe('with nothing sold', () => {
  it('answers zeros, every status and type, and 90 empty days', async () => {
    const empty = await startTestServer();
    try {
      empty.setNow(NOW);
      const admin = await createStaff(empty.ctx.db);
      const res = await api(empty, 'GET', '/api/dashboard/', { token: admin.token });
      expect(res.status, res.text).toBe(200);
      const data: DashboardDto = res.json;
      expect(data.periods.last_30_days).toMatchObject({ revenue: 0, orders: 0, average_order: 0, units: 0 });
      expect(data.daily).toHaveLength(90);
      expect(data.daily.every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
      expect(data.by_status.map((s) => s.orders)).toEqual([0, 0, 0]);
      expect(data.by_stage.map((s) => s.orders)).toEqual([0, 0, 0, 0, 0]);
      expect(data.by_type.map((t) => t.type)).toEqual(['auto', 'fem', 'reg']);
      expect(data.top_products).toEqual({ by_units: [], by_revenue: [] });
      expect(data.low_stock).toEqual([]);
      expect(data.pending_aging.total).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
