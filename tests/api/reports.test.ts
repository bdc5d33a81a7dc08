// Sales reports and the restock planner (issue 37) on a fixture computed by hand: two paid orders
// on either side of midnight in the shop's time zone (Argentina, UTC−3), one with a coupon, a
// refunded one and an unpaid one; a line without a cost. The planner reads the same sales.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters, brands, orders } from '../../src/server/db/schema';
import { shopDate } from '../../src/domain/dates';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaffWithRole, createUser } from '../helpers/factories';
import { placeOrder } from '../helpers/orders';

const server = useTestServer({ maxPendingOrders: 1000 });
const db = () => server.ctx.db;

let owner: Awaited<ReturnType<typeof createStaffWithRole>>;
let p1: Awaited<ReturnType<typeof createProduct>>;
let p2: Awaited<ReturnType<typeof createProduct>>;
let p3: Awaited<ReturnType<typeof createProduct>>;
let uno: number;
let dos: number;

async function order(lines: [Awaited<ReturnType<typeof createProduct>>, number][], set: Partial<typeof orders.$inferInsert>) {
  const customer = await createUser(db());
  const placed = await placeOrder(
    server,
    customer,
    lines.map(([p, quantity]) => ({ product_id: p.id, blister_id: p.blisters[0].id, quantity })),
  );
  await db().update(orders).set(set).where(eq(orders.id, placed.id));
  return placed;
}

beforeAll(async () => {
  owner = await createStaffWithRole(db(), 'owner');
  uno = (await createBrand(db(), { brand_name: 'Banco Uno', lead_time_days: 10 })).id;
  dos = (await createBrand(db(), { brand_name: 'Banco Dos', lead_time_days: 20 })).id;
  p1 = await createProduct(db(), { name: 'Uno Kush', brand_id: uno, blisters: [{ seed_count: 3, price: 1000, stock: 100 }] });
  p2 = await createProduct(db(), { name: 'Dos Haze', brand_id: dos, blisters: [{ seed_count: 5, price: 2000, stock: 100 }] });
  p3 = await createProduct(db(), { name: 'Tres Quieta', brand_id: dos, blisters: [{ seed_count: 3, price: 500, stock: 2 }] });
  await db().update(blisters).set({ cost_price: 400 }).where(eq(blisters.id, p1.blisters[0].id));
  // 23:30 of 28/02 in the shop, with 500 of shipping.
  await order([[p1, 2]], {
    created_at: new Date('2026-03-01T02:30:00Z'),
    paid_at: new Date('2026-03-01T02:40:00Z'),
    shipping_price: 500,
    total: 2500,
    address_province: 'Córdoba',
  });
  // 00:30 of 01/03 in the shop, with a coupon of 300; Dos Haze has no cost.
  await order(
    [
      [p1, 1],
      [p2, 1],
    ],
    {
      created_at: new Date('2026-03-01T03:30:00Z'),
      paid_at: new Date('2026-03-01T04:00:00Z'),
      coupon_discount: 300,
      total: 2700,
      address_province: 'Buenos Aires',
    },
  );
  // Paid, then cancelled and refunded: out of the figures, shown apart.
  await order([[p2, 1]], {
    created_at: new Date('2026-03-02T15:00:00Z'),
    paid_at: new Date('2026-03-02T15:10:00Z'),
    status: 'cancelled',
    refund_status: 'done',
    refund_amount: 2000,
    refunded_at: new Date('2026-03-03T10:00:00Z'),
  });
  // Awaiting payment: apart, and its units reserved.
  await order([[p1, 3]], { created_at: new Date('2026-03-02T16:00:00Z') });
  await db().update(blisters).set({ stock: 0 }).where(eq(blisters.id, p1.blisters[0].id));
  await db().update(blisters).set({ stock: 5 }).where(eq(blisters.id, p2.blisters[0].id));
});

const report = async (query: string) => {
  const res = await api(server, 'GET', `/api/reports/sales/?${query}`, { token: owner.token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};

const figures = (
  orders: number,
  units: number,
  revenue: number,
  shipping: number,
  cost: number,
  margin: number,
  margin_percent: number | null,
  lines_without_cost: number,
) => ({
  orders,
  units,
  revenue,
  shipping,
  cost,
  margin,
  margin_percent,
  lines_without_cost,
});

describe('GET /api/reports/sales/', () => {
  it('counts paid orders by the shop day, the coupon off the lines, costless lines out of the margin', async () => {
    const march = await report('from=2026-03-01&to=2026-03-31&group=day');
    expect(march.rows).toEqual([{ key: '2026-03-01', label: '01/03/2026', ...figures(1, 2, 2700, 0, 400, 500, 55.6, 1) }]);
    expect(march.totals).toEqual(figures(1, 2, 2700, 0, 400, 500, 55.6, 1));
    expect(march.apart).toEqual({ unpaid: { orders: 1, total: 3000 }, cancelled: { orders: 1, total: 2000 } });

    const both = await report('from=2026-02-28&to=2026-03-01&group=day');
    expect(both.rows).toEqual([
      { key: '2026-02-28', label: '28/02/2026', ...figures(1, 2, 2000, 500, 800, 1200, 60, 0) },
      { key: '2026-03-01', label: '01/03/2026', ...figures(1, 2, 2700, 0, 400, 500, 55.6, 1) },
    ]);
    expect(both.totals).toEqual(figures(2, 4, 4700, 500, 1200, 1700, 58.6, 1));
  });

  it('groups by week, month, brand, product and province with the same totals', async () => {
    const totals = figures(2, 4, 4700, 500, 1200, 1700, 58.6, 1);
    const by = async (group: string) => {
      const r = await report(`from=2026-02-28&to=2026-03-01&group=${group}`);
      expect(r.totals, group).toEqual(totals);
      return r.rows.map((row: { key: string; label: string }) => ({ ...row }));
    };
    expect(await by('week')).toEqual([{ key: '2026-02-23', label: 'Semana del 23/02/2026', ...totals }]);
    expect((await by('month')).map((r: { label: string; revenue: number }) => [r.label, r.revenue])).toEqual([
      ['febrero 2026', 2000],
      ['marzo 2026', 2700],
    ]);
    expect(await by('brand')).toEqual([
      { key: 'Banco Dos', label: 'Banco Dos', ...figures(1, 1, 1800, 0, 0, 0, null, 1) },
      { key: 'Banco Uno', label: 'Banco Uno', ...figures(2, 3, 2900, 500, 1200, 1700, 58.6, 0) },
    ]);
    const products = await by('product');
    expect(products.map((r: { label: string; revenue: number; orders: number }) => [r.label, r.orders, r.revenue])).toEqual(
      expect.arrayContaining([
        ['Uno Kush', 2, 2900],
        ['Dos Haze', 1, 1800],
      ]),
    );
    expect(await by('province')).toEqual([
      { key: 'Buenos Aires', label: 'Buenos Aires', ...figures(1, 2, 2700, 0, 400, 500, 55.6, 1) },
      { key: 'Córdoba', label: 'Córdoba', ...figures(1, 2, 2000, 500, 800, 1200, 60, 0) },
    ]);
  });

  it('answers a period without sales with no rows and zero totals', async () => {
    for (const group of ['day', 'product']) {
      const empty = await report(`from=2025-01-01&to=2025-01-31&group=${group}`);
      expect(empty.rows).toEqual([]);
      expect(empty.totals).toEqual(figures(0, 0, 0, 0, 0, 0, null, 0));
      expect(empty.apart).toEqual({ unpaid: { orders: 0, total: 0 }, cancelled: { orders: 0, total: 0 } });
    }
  });

  it('answers the same table as CSV, and refuses bad periods', async () => {
    const res = await api(server, 'GET', '/api/reports/sales.csv?from=2026-02-28&to=2026-03-01&group=brand', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Banco;Pedidos;Unidades;Ingresos;Envíos;Costo;Margen;Margen %;Líneas sin costo',
      'Banco Dos;1;1;1800,00;0,00;0,00;0,00;sin costo;1',
      'Banco Uno;2;3;2900,00;500,00;1200,00;1700,00;58,6;0',
      'Total;2;4;4700,00;500,00;1200,00;1700,00;58,6;1',
    ]);
    const backwards = await api(server, 'GET', '/api/reports/sales/?from=2026-03-02&to=2026-03-01', { token: owner.token });
    expect(backwards.status).toBe(400);
    const bad = await api(server, 'GET', '/api/reports/sales/?from=2026-02-30&to=2026-03-01', { token: owner.token });
    expect(bad.status).toBe(400);
    const warehouse = await createStaffWithRole(db(), 'warehouse');
    expect((await api(server, 'GET', '/api/reports/sales/?from=2026-03-01&to=2026-03-01', { token: warehouse.token })).status).toBe(403);
  });
});

describe('GET /api/restock/', () => {
  it('gives each blister its sales, rate, days left and suggestion; sold-out best-sellers first', async () => {
    server.setNow(new Date('2026-03-10T12:00:00Z'));
    const res = await api(server, 'GET', '/api/restock/', { token: owner.token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.cover_days).toBe(45);
    const mine = res.json.rows.filter((r: { brand_id: number }) => [uno, dos].includes(r.brand_id));
    expect(mine).toEqual([
      {
        product_id: p1.id,
        blister_id: p1.blisters[0].id,
        brand_id: uno,
        brand_name: 'Banco Uno',
        name: 'Uno Kush',
        seed_count: 3,
        stock: 0,
        reserved: 3,
        sold_30: 3,
        sold_90: 3,
        daily_rate: 0.1,
        days_left: 0,
        lead_time_days: 10,
        suggested: 6,
        cost_price: 400,
      },
      expect.objectContaining({
        blister_id: p2.blisters[0].id,
        stock: 5,
        reserved: 0,
        sold_30: 1,
        sold_90: 1,
        daily_rate: 0.03,
        days_left: 150,
        suggested: 0,
      }),
      expect.objectContaining({ blister_id: p3.blisters[0].id, sold_90: 0, daily_rate: 0, days_left: null, suggested: 0 }),
    ]);

    const needed = await api(server, 'GET', `/api/restock/?only_needed=true&brand_id=${dos}&cover_days=100`, { token: owner.token });
    expect(needed.json).toEqual({ cover_days: 100, rows: [] });
    const longer = await api(server, 'GET', `/api/restock/?only_needed=true&brand_id=${uno}&cover_days=100`, { token: owner.token });
    expect(longer.json.rows.map((r: { suggested: number }) => r.suggested)).toEqual([11]);

    const saved = await api(server, 'PUT', '/api/restock/settings/', { token: owner.token, body: { cover_days: 60 } });
    expect(saved.json).toEqual({ cover_days: 60 });
    expect((await api(server, 'GET', `/api/restock/?brand_id=${uno}`, { token: owner.token })).json.cover_days).toBe(60);
    expect((await api(server, 'PUT', '/api/restock/settings/', { token: owner.token, body: { cover_days: -1 } })).status).toBe(400);
  });

  it('takes each brand lead time from the brand form (default 14)', async () => {
    const brand = await api(server, 'POST', '/api/brands/', { token: owner.token, body: { brand_name: 'Banco Nuevo' } });
    expect(brand.json.lead_time_days).toBe(14);
    const changed = await api(server, 'PATCH', `/api/brands/${brand.json.id}/`, { token: owner.token, body: { lead_time_days: '21' } });
    expect(changed.json.lead_time_days).toBe(21);
    const bad = await api(server, 'PATCH', `/api/brands/${brand.json.id}/`, { token: owner.token, body: { lead_time_days: -3 } });
    expect(bad.status).toBe(400);
    const [row] = await db()
      .select()
      .from(brands)
      .where(inArray(brands.id, [brand.json.id]));
    expect(row.lead_time_days).toBe(21);
  });
});

describe('the reports kept between requests', () => {
  it('answer at once what a new order, its payment and a bank’s lead time move', async () => {
    const today = shopDate(server.ctx.now());
    const todays = async () => report(`from=${today}&to=${today}&group=product`);
    const cuatro = (await createBrand(db(), { brand_name: 'Banco Cuatro', lead_time_days: 10 })).id;
    const product = await createProduct(db(), {
      name: 'Cuatro Rápida',
      brand_id: cuatro,
      blisters: [{ seed_count: 3, price: 800, stock: 10 }],
    });
    const planned = async () => {
      const res = await api(server, 'GET', `/api/restock/?brand_id=${cuatro}`, { token: owner.token });
      expect(res.status).toBe(200);
      return res.json.rows[0];
    };
    const before = await todays();
    expect(await planned()).toMatchObject({ stock: 10, reserved: 0, sold_30: 0, lead_time_days: 10 });

    const blister_id = product.blisters[0].id;
    const placed = await placeOrder(server, await createUser(db()), [{ product_id: product.id, blister_id, quantity: 2 }]);
    expect((await todays()).apart.unpaid.orders).toBe(before.apart.unpaid.orders + 1);
    expect(await planned()).toMatchObject({ stock: 8, reserved: 2, sold_30: 0 });

    const paid = await api(server, 'POST', `/api/orders/${placed.id}/payment/`, { token: owner.token, body: { method: 'efectivo' } });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect((await todays()).totals.orders).toBe(before.totals.orders + 1);
    expect(await planned()).toMatchObject({ stock: 8, reserved: 0, sold_30: 2 });

    const slower = await api(server, 'PATCH', `/api/brands/${cuatro}/`, { token: owner.token, body: { lead_time_days: 30 } });
    expect(slower.status).toBe(200);
    expect((await planned()).lead_time_days).toBe(30);
  });
});
