// Costs (issue 37): a blister's cost_price reaches staff who manage products, and nobody else;
// every order line keeps the cost it was sold at (checkout, manual order, staff edit), and a later
// cost change never rewrites it. The sweep reads the routes from the router, so a new public or
// customer route is checked without being named here.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blisters, mailOutbox, orderProducts } from '../../src/server/db/schema';
import { api, startTestServer, type TestServer } from '../helpers/app';
import { createProduct, createStaffWithRole, createUser } from '../helpers/factories';
import { placeOrder } from '../helpers/orders';
import { collectRoutes, concreteUrl, routeLabel } from '../helpers/routes';

const { result: server, routes } = await collectRoutes<TestServer>(() => startTestServer({ maxPendingOrders: 1000 }));
afterAll(() => server.close());
const db = () => server.ctx.db;

/** A cost no price or id of the fixture can be mistaken for. */
const COST = 4321.57;

let owner: Awaited<ReturnType<typeof createStaffWithRole>>;
let catalog: Awaited<ReturnType<typeof createStaffWithRole>>;
let warehouse: Awaited<ReturnType<typeof createStaffWithRole>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let product: Awaited<ReturnType<typeof createProduct>>;
let orderId: number;
let orderNumber: number;

beforeAll(async () => {
  owner = await createStaffWithRole(db(), 'owner');
  catalog = await createStaffWithRole(db(), 'catalog');
  warehouse = await createStaffWithRole(db(), 'warehouse');
  customer = await createUser(db());
  product = await createProduct(db(), { name: 'Costo Kush', blisters: [{ price: 10000, stock: 50 }] });
  await db().update(blisters).set({ cost_price: COST }).where(eq(blisters.id, product.blisters[0].id));
  server.ctx.caches.catalogChanged();
  const order = await placeOrder(server, customer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }]);
  orderId = order.id;
  orderNumber = order.order_number;
});

const leaks = (text: string) => /cost_price|cost_at_time|4321[.,]57|4\.321,57/.test(text);
/** The API description names every field of every answer (staff's too): only the value must not be there. */
const leaksValue = (text: string) => /4321[.,]57|4\.321,57/.test(text);
/** The API description, and the built code (its schemas name the staff's fields too). */
const isDescription = (url: string) => url.startsWith('/api/openapi') || url.startsWith('/api/docs') || url.startsWith('/assets/');

describe('customers and anonymous visitors never get a cost', () => {
  const readable = () => routes.filter((r) => (r.access === 'public' || r.access === 'user') && r.method === 'GET');

  it('on every public and customer GET route, with the fixture ids in its parameters', async () => {
    const candidates = () => [product.id, product.blisters[0].id, orderId, orderNumber, product.brand.id, product.brand.brand_id];
    const checked: string[] = [];
    for (const route of readable()) {
      const urls = route.url.includes(':') ? candidates().map((v) => concreteUrl(route.url, String(v))) : [route.url];
      for (const url of urls) {
        for (const token of [undefined, customer.token]) {
          const res = await api(server, 'GET', url, { token });
          expect(res.status, `${routeLabel(route)} ${url}`).toBeLessThan(500);
          expect(
            (isDescription(url) ? leaksValue : leaks)(res.text),
            `${routeLabel(route)} ${url} as ${token ? 'customer' : 'anonymous'}: ${res.text.slice(0, 300)}`,
          ).toBe(false);
          if (res.status === 200) checked.push(route.url);
        }
      }
    }
    // The sweep did reach the catalogue, the blister the cart reads, the customer's orders and pages.
    for (const url of [
      '/api/products/',
      '/api/products/:id/',
      '/api/products/blisters/:id/',
      '/api/orders/my-orders/',
      '/api/orders/:id/',
    ]) {
      expect(checked, url).toContain(url);
    }
  });

  it('with the list filters a visitor may send, and in the order e-mails', async () => {
    for (const url of [
      '/api/products/?page_size=50',
      `/api/products/?search=Costo`,
      '/api/products/on-sale/',
      `/api/products/${product.id}/related/`,
    ]) {
      for (const token of [undefined, customer.token]) expect(leaks((await api(server, 'GET', url, { token })).text), url).toBe(false);
    }
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, customer.email));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(leaks(mail.html + mail.text_body)).toBe(false);
  });
});

describe('staff', () => {
  /** POST /api/products/ by the catalog staff: a 'fem' product of the fixture's brand with one blister. */
  const postProduct = (name: string, blister: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    api(server, 'POST', '/api/products/', {
      token: catalog.token,
      body: { brand_id: product.brand.id, name, type: 'fem', blisters: [blister], ...extra },
    });

  it('who manage products read and write cost_price; other staff never see it', async () => {
    for (const who of [owner, catalog]) {
      const detail = await api(server, 'GET', `/api/products/${product.id}/`, { token: who.token });
      expect(detail.json.blisters[0].cost_price).toBe(COST);
      const list = await api(server, 'GET', '/api/products/?search=Costo', { token: who.token });
      expect(list.json.results[0].blisters[0].cost_price).toBe(COST);
    }
    const seen = await api(server, 'GET', `/api/products/${product.id}/`, { token: warehouse.token });
    expect(seen.status).toBe(200);
    expect(leaks(seen.text)).toBe(false);
    expect(leaks((await api(server, 'GET', '/api/products/?search=Costo', { token: warehouse.token })).text)).toBe(false);
  });

  it('POST and PUT take the cost in es-AR or as a number; leaving it out keeps it; null clears it', async () => {
    const created = await postProduct('Nueva Costo', { seed_count: 3, price: '20.000', stock: 5, cost_price: '8.500,50' });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const blister = created.json.blisters[0];
    expect(blister.cost_price).toBe(8500.5);

    const base = { seed_count: 3, price: 20000, stock: 5, discount: 0, id: blister.id };
    const kept = await api(server, 'PATCH', `/api/products/${created.json.id}/`, { token: catalog.token, body: { blisters: [base] } });
    expect(kept.json.blisters[0].cost_price).toBe(8500.5);
    const changed = await api(server, 'PATCH', `/api/products/${created.json.id}/`, {
      token: catalog.token,
      body: { blisters: [{ ...base, cost_price: 9000 }] },
    });
    expect(changed.json.blisters[0].cost_price).toBe(9000);
    const cleared = await api(server, 'PATCH', `/api/products/${created.json.id}/`, {
      token: catalog.token,
      body: { blisters: [{ ...base, cost_price: null }] },
    });
    expect(cleared.json.blisters[0].cost_price).toBeNull();
    const bad = await api(server, 'PATCH', `/api/products/${created.json.id}/`, {
      token: catalog.token,
      body: { blisters: [{ ...base, cost_price: -1 }] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('El costo no puede ser negativo');
  });

  it('asks to confirm a cost above the price, like a price slip', async () => {
    const blister = { seed_count: 3, price: 1000, stock: 5, cost_price: 1500 };
    const created = await postProduct('Caro Costo', blister);
    expect(created.status).toBe(409);
    expect(created.json.code).toBe('PRICE_CHANGE_UNCONFIRMED');
    expect(created.json.error).toMatch(/costos: son mayores que el precio de venta/);
    expect(created.json.cost_above_price).toEqual([{ name: 'Caro Costo', seed_count: 3, cost: 1500, price: 1000 }]);
    const confirmed = await postProduct('Caro Costo', blister, { confirm_price_changes: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.json.blisters[0].cost_price).toBe(1500);
  });
});

describe('cost_at_time', () => {
  const costsOf = async (id: number) =>
    (await db().select().from(orderProducts).where(eq(orderProducts.order_id, id))).map((l) => [l.blister_id, l.cost_at_time]);

  it('is the cost when sold, at checkout, in a manual order and on a line staff add; a new cost leaves it', async () => {
    expect(await costsOf(orderId)).toEqual([[product.blisters[0].id, COST]]);

    const other = await createProduct(db(), { name: 'Otro Costo', blisters: [{ price: 5000, stock: 20 }] });
    await db().update(blisters).set({ cost_price: 1200 }).where(eq(blisters.id, other.blisters[0].id));
    const manual = await api(server, 'POST', '/api/orders/manual/', {
      token: owner.token,
      body: {
        customer_email: 'manual.costo@correo.test',
        phone: '3515551234',
        delivery_type: 'coordinate',
        products: [{ product_id: other.id, blister_id: other.blisters[0].id, quantity: 1 }],
      },
    });
    expect(manual.status, JSON.stringify(manual.json)).toBe(201);
    expect(await costsOf(manual.json.id)).toEqual([[other.blisters[0].id, 1200]]);

    await db().update(blisters).set({ cost_price: 9999 }).where(eq(blisters.id, product.blisters[0].id));
    const edited = await api(server, 'PUT', `/api/orders/${manual.json.id}/`, {
      token: owner.token,
      body: {
        order_products: [
          { id: manual.json.order_products[0].id, quantity: 1 },
          { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 },
        ],
      },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(new Map((await costsOf(manual.json.id)) as [number, number][])).toEqual(
      new Map([
        [other.blisters[0].id, 1200],
        [product.blisters[0].id, 9999],
      ]),
    );
    // The first order kept the cost it was sold at.
    expect(await costsOf(orderId)).toEqual([[product.blisters[0].id, COST]]);
    await db().update(blisters).set({ cost_price: COST }).where(eq(blisters.id, product.blisters[0].id));
  });
});
