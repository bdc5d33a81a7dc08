// Purchase orders ('Compras', issue 37): drafts for one brand, sent, received in parts; every
// refusal by state answers 409 PURCHASE_ORDER_STATE; receiving adds stock exactly once, even
// under ten simultaneous requests (run with TEST_DATABASE_URL to see real races), sets the cost,
// logs it, and mails the customers waiting on a sold-out blister.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../src/server/background';
import { activityLogs, blisters, mailOutbox } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaffWithRole, createUser } from '../helpers/factories';

const server = useTestServer();
const db = () => server.ctx.db;

let buyer: Awaited<ReturnType<typeof createStaffWithRole>>;
let brandId: number;
let product: Awaited<ReturnType<typeof createProduct>>;
let other: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  buyer = await createStaffWithRole(db(), 'custom', ['can_manage_purchasing']);
  brandId = (await createBrand(db(), { brand_name: 'Banco Compras' })).id;
  product = await createProduct(db(), {
    name: 'Compra Haze',
    brand_id: brandId,
    blisters: [
      { seed_count: 3, price: 10000, stock: 0 },
      { seed_count: 5, price: 15000, stock: 4 },
    ],
  });
  await db().update(blisters).set({ cost_price: 3000 }).where(eq(blisters.id, product.blisters[0].id));
  other = await createProduct(db(), { name: 'De Otro Banco' });
});

const call = (method: string, url: string, body?: unknown, token = buyer.token) => api(server, method, url, { token, body });
const stockOf = async (id: number) => (await db().select().from(blisters).where(eq(blisters.id, id)))[0];

async function draft(lines: { blister_id: number; quantity: number | string; unit_cost?: string }[]) {
  const res = await call('POST', '/api/purchase-orders/', { brand_id: brandId, note: 'Entrega en el local', lines });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

const twoLines = () => [
  { blister_id: product.blisters[0].id, quantity: 10 },
  { blister_id: product.blisters[1].id, quantity: '4', unit_cost: '5.200,50' },
];

describe('drafts', () => {
  it('are created for one brand, the cost taken from the blister unless given, and edited while drafts', async () => {
    const po = await draft(twoLines());
    expect(po).toMatchObject({
      brand_id: brandId,
      brand_name: 'Banco Compras',
      status: 'draft',
      note: 'Entrega en el local',
      sent_at: null,
    });
    expect(po.lines).toEqual([
      {
        blister_id: product.blisters[0].id,
        product_id: product.id,
        name: 'Compra Haze',
        seed_count: 3,
        quantity: 10,
        received: 0,
        unit_cost: 3000,
      },
      {
        blister_id: product.blisters[1].id,
        product_id: product.id,
        name: 'Compra Haze',
        seed_count: 5,
        quantity: 4,
        received: 0,
        unit_cost: 5200.5,
      },
    ]);
    expect(po.total_cost).toBe(30000 + 20802);
    expect(po.text).toContain(`orden de compra OC-${po.number}`);
    expect(po.text).toContain('• 10 × Compra Haze (3 semillas)');

    const edited = await call('PUT', `/api/purchase-orders/${po.id}/`, {
      brand_id: brandId,
      note: '',
      lines: [{ blister_id: product.blisters[0].id, quantity: 2 }],
    });
    expect(edited.status).toBe(200);
    expect(edited.json.lines).toHaveLength(1);
    expect((await call('GET', `/api/purchase-orders/${po.id}/`)).json.lines[0].quantity).toBe(2);
    const list = await call('GET', `/api/purchase-orders/?brand_id=${brandId}&status=draft`);
    expect(list.json.results.map((p: { id: number }) => p.id)).toContain(po.id);
    expect((await call('DELETE', `/api/purchase-orders/${po.id}/`)).status).toBe(204);
    expect((await call('GET', `/api/purchase-orders/${po.id}/`)).status).toBe(404);
  });

  it('refuse a blister of another brand (409 BLISTER_NOT_OF_BRAND) and bad payloads (400)', async () => {
    const res = await call('POST', '/api/purchase-orders/', {
      brand_id: brandId,
      lines: [{ blister_id: other.blisters[0].id, quantity: 1 }],
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'BLISTER_NOT_OF_BRAND', error: expect.stringContaining('Banco Compras') });
    const empty = await call('POST', '/api/purchase-orders/', { brand_id: brandId, lines: [] });
    expect(empty.status).toBe(400);
    const zero = await call('POST', '/api/purchase-orders/', {
      brand_id: brandId,
      lines: [{ blister_id: product.blisters[0].id, quantity: 0 }],
    });
    expect(zero.status).toBe(400);
  });

  it('are for staff who buy: other staff get 403, customers 403', async () => {
    const warehouse = await createStaffWithRole(db(), 'warehouse');
    expect((await call('GET', '/api/purchase-orders/', undefined, warehouse.token)).status).toBe(403);
    expect((await call('GET', '/api/purchase-orders/', undefined, (await createUser(db())).token)).status).toBe(403);
    const catalog = await createStaffWithRole(db(), 'catalog');
    expect((await call('GET', '/api/purchase-orders/', undefined, catalog.token)).status).toBe(200);
  });
});

describe('states', () => {
  it('refuse what the state does not allow with 409 PURCHASE_ORDER_STATE', async () => {
    const po = await draft(twoLines());
    const refuse = async (method: string, url: string, body?: unknown) => {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(409);
      expect(res.json.code).toBe('PURCHASE_ORDER_STATE');
      expect(res.json.error).toMatch(/^Solo se puede/);
    };
    await refuse('POST', `/api/purchase-orders/${po.id}/receive/`, { lines: [{ blister_id: product.blisters[0].id, quantity: 1 }] });
    expect((await call('POST', `/api/purchase-orders/${po.id}/send/`)).json).toMatchObject({ status: 'sent', sent_at: expect.any(String) });
    await refuse('POST', `/api/purchase-orders/${po.id}/send/`);
    await refuse('PUT', `/api/purchase-orders/${po.id}/`, { brand_id: brandId, lines: twoLines() });
    await refuse('DELETE', `/api/purchase-orders/${po.id}/`);
    expect((await call('POST', `/api/purchase-orders/${po.id}/cancel/`)).json.status).toBe('cancelled');
    await refuse('POST', `/api/purchase-orders/${po.id}/cancel/`);
    await refuse('POST', `/api/purchase-orders/${po.id}/receive/`, { lines: [{ blister_id: product.blisters[0].id, quantity: 1 }] });
  });
});

describe('receiving', () => {
  it('adds exactly what arrived, records it, moves the state, takes the cost and logs it; never more than ordered', async () => {
    const before = [await stockOf(product.blisters[0].id), await stockOf(product.blisters[1].id)];
    const po = await draft(twoLines());
    await call('POST', `/api/purchase-orders/${po.id}/send/`);
    const half = await call('POST', `/api/purchase-orders/${po.id}/receive/`, {
      lines: [{ blister_id: product.blisters[0].id, quantity: 5, unit_cost: '3.100' }],
    });
    expect(half.status, JSON.stringify(half.json)).toBe(200);
    expect(half.json.status).toBe('partially_received');
    expect(half.json.lines.map((l: { received: number }) => l.received)).toEqual([5, 0]);
    const after = await stockOf(product.blisters[0].id);
    expect(after.stock).toBe(before[0].stock + 5);
    expect(after.cost_price).toBe(3100);

    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'purchase_order'), eq(activityLogs.entity_id, String(po.id))))
      .orderBy(desc(activityLogs.id))
      .limit(1);
    expect(entry.description).toBe(`Compra OC-${po.number}: recibidas 5 unidades (recibida en parte)`);

    const tooMuch = await call('POST', `/api/purchase-orders/${po.id}/receive/`, {
      lines: [{ blister_id: product.blisters[0].id, quantity: 6 }],
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.code).toBe('RECEIVE_EXCEEDS_ORDERED');
    expect(tooMuch.json.error).toContain('quedan por recibir 5');
    const notInIt = await call('POST', `/api/purchase-orders/${po.id}/receive/`, {
      lines: [{ blister_id: other.blisters[0].id, quantity: 1 }],
    });
    expect(notInIt.json.code).toBe('BLISTER_NOT_OF_BRAND');
    expect((await stockOf(product.blisters[0].id)).stock).toBe(before[0].stock + 5);

    const rest = await call('POST', `/api/purchase-orders/${po.id}/receive/`, {
      lines: [
        { blister_id: product.blisters[0].id, quantity: 5 },
        { blister_id: product.blisters[1].id, quantity: 4 },
      ],
    });
    expect(rest.json).toMatchObject({ status: 'received', received_at: expect.any(String) });
    expect((await stockOf(product.blisters[0].id)).stock).toBe(before[0].stock + 10);
    expect(await stockOf(product.blisters[1].id)).toMatchObject({ stock: before[1].stock + 4, cost_price: 5200.5 });
  });

  it('adds stock once for ten simultaneous receipts, with the same receipt_key or none', async () => {
    const po = await draft([{ blister_id: product.blisters[1].id, quantity: 6 }]);
    await call('POST', `/api/purchase-orders/${po.id}/send/`);
    const start = (await stockOf(product.blisters[1].id)).stock;
    const keyed = { lines: [{ blister_id: product.blisters[1].id, quantity: 3 }], receipt_key: 'remito-0001' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/purchase-orders/${po.id}/receive/`, keyed)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await stockOf(product.blisters[1].id)).stock).toBe(start + 3);
    expect(answers.every((a) => a.json.lines[0].received === 3)).toBe(true);

    const unkeyed = { lines: [{ blister_id: product.blisters[1].id, quantity: 3 }] };
    const rest = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/purchase-orders/${po.id}/receive/`, unkeyed)));
    expect(rest.filter((a) => a.status === 200)).toHaveLength(1);
    expect(
      rest.filter((a) => a.status === 409).every((a) => ['RECEIVE_EXCEEDS_ORDERED', 'PURCHASE_ORDER_STATE'].includes(a.json.code)),
    ).toBe(true);
    expect((await stockOf(product.blisters[1].id)).stock).toBe(start + 6);
    expect((await call('GET', `/api/purchase-orders/${po.id}/`)).json.status).toBe('received');
  });

  it('mails the customers waiting on a sold-out blister ("Avisarme")', async () => {
    const sold = await createProduct(db(), { name: 'Agotada Kush', brand_id: brandId, blisters: [{ seed_count: 3, stock: 0 }] });
    const customer = await createUser(db());
    const asked = await api(server, 'POST', '/api/stock-notifications/', {
      token: customer.token,
      body: { blister_id: sold.blisters[0].id },
    });
    expect(asked.status).toBe(201);
    const po = await draft([{ blister_id: sold.blisters[0].id, quantity: 2 }]);
    await call('POST', `/api/purchase-orders/${po.id}/send/`);
    await call('POST', `/api/purchase-orders/${po.id}/receive/`, { lines: [{ blister_id: sold.blisters[0].id, quantity: 1 }] });
    await backgroundSettled();
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, customer.email));
    expect(mails.map((m) => m.subject)).toEqual(['Volvió el stock de Agotada Kush (3 semillas)']);
  });
});
