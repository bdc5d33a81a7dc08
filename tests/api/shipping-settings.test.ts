// Shipping (issue 23): staff set up the methods in 'Configuración → Envíos' (each rule with a
// Spanish message on its field), customers are offered what reaches their province, and the
// checkout charges the server's own quote, whatever the client sends.
import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, blisters } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { saveShippingMethods, shippingMethod } from '../helpers/shipping';

const server = useTestServer({ maxPendingOrders: 1000 });
const db = () => server.ctx.db;
const PATH = '/api/core/shipping-settings/';
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;

const put = (body: unknown, token = staff.token) => api(server, 'PUT', PATH, { token, body });
const options = (query: string, token = customer.token) => api(server, 'GET', `/api/shipping/options/?${query}`, { token });

const AMBA = { provinces: ['AR-C', 'AR-B'], price: 6000 };
const CENTRO = { provinces: ['AR-X', 'AR-S', 'AR-E'], price: 8000 };
const ADDRESS = { street: 'Av. Colón', number: '1200', zip_code: '5000', city: 'Córdoba', province: 'AR-X', details: '' };

beforeAll(async () => {
  staff = await createStaff(db(), { username: 'duena' });
  customer = await createUser(db());
});
beforeEach(async () => {
  expect((await put({ methods: [] })).status).toBe(200);
});

describe('who may read and change them', () => {
  it('answers 401 to anonymous callers and 403 to customers; the options need a session', async () => {
    expect((await api(server, 'GET', PATH)).status).toBe(401);
    expect((await api(server, 'PUT', PATH, { body: { methods: [] } })).status).toBe(401);
    expect((await api(server, 'GET', PATH, { token: customer.token })).status).toBe(403);
    expect((await put({ methods: [] }, customer.token)).status).toBe(403);
    expect((await api(server, 'GET', '/api/shipping/options/?province=AR-C')).status).toBe(401);
  });
});

describe('PUT /api/core/shipping-settings/', () => {
  it('refuses each broken rule with 400, a Spanish message and the path of its field', async () => {
    const res = await put({
      methods: [
        shippingMethod({ zones: [{ provinces: [], price: 100 }] }),
        shippingMethod({ zones: [AMBA, { provinces: ['AR-B', 'AR-X'], price: 900 }] }),
        shippingMethod({ days_min: 5, days_max: 2 }),
        shippingMethod({ kind: 'pickup', carrier: 'retiro', pickup_address: '  ' }),
        shippingMethod({ rest_of_country_price: -1, zones: [{ provinces: ['AR-C'], price: -5 }] }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      'methods.0.zones.0.provinces': ['Cada zona necesita al menos una provincia'],
      'methods.1.zones.1.provinces': ['Buenos Aires está en más de una zona'],
      'methods.2.days_max': ['Los días máximos no pueden ser menos que los mínimos'],
      'methods.3.pickup_address': ['Indica la dirección de retiro'],
      'methods.4.zones.0.price': ['El precio de la zona no puede ser negativo'],
      'methods.4.rest_of_country_price': ['El precio para el resto del país no puede ser negativo'],
    });
    expect(res.json.error).toBe('Cada zona necesita al menos una provincia');
    expect((await api(server, 'GET', PATH, { token: staff.token })).json.methods).toEqual([]);
  });

  it('replaces the list: methods with an id are updated, new ones added, missing ones deleted; an unknown id is refused', async () => {
    const [correo, andreani] = await saveShippingMethods(server, staff.token, [
      { name: 'Correo', zones: [AMBA] },
      { name: 'Andreani', carrier: 'andreani' },
    ]);
    const res = await put({
      methods: [
        shippingMethod({ id: andreani.id, name: 'Andreani express', carrier: 'andreani', rest_of_country_price: 7000 }),
        shippingMethod({
          name: 'Retiro',
          kind: 'pickup',
          carrier: 'retiro',
          rest_of_country_price: 0,
          pickup_address: 'Av. Corrientes 1234',
        }),
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const methods = res.json.methods as { id: number; name: string; rest_of_country_price: number }[];
    expect(methods.map((m) => m.name)).toEqual(['Andreani express', 'Retiro']);
    expect(methods[0]).toMatchObject({ id: andreani.id, rest_of_country_price: 7000 });
    expect(methods.map((m) => m.id)).not.toContain(correo.id);
    expect((await api(server, 'GET', PATH, { token: staff.token })).json).toEqual(res.json);

    const unknown = await put({ methods: [shippingMethod({ id: correo.id })] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('Uno de los métodos de envío ya no existe. Recarga la página e intenta de nuevo.');
    expect((await api(server, 'GET', PATH, { token: staff.token })).json).toEqual(res.json);
  });

  it('logs who changed the methods, with the list before and after', async () => {
    await saveShippingMethods(server, staff.token, [{ name: 'Moto CABA', carrier: 'moto', zones: [{ provinces: ['AR-C'], price: 3500 }] }]);
    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.description, 'Métodos de envío actualizados'))
      .orderBy(desc(activityLogs.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'update', username: 'duena', user_id: staff.id });
    const changes = entry.changes as { before: { methods: unknown[] }; after: { methods: { name: string }[] } };
    expect(changes.before.methods).toEqual([]);
    expect(changes.after.methods.map((m) => m.name)).toEqual(['Moto CABA']);
  });
});

describe('GET /api/shipping/options/', () => {
  it('quotes the zone price in a zone, the rest-of-country price elsewhere, and leaves out what does not reach or is inactive', async () => {
    await saveShippingMethods(server, staff.token, [
      { name: 'Correo', zones: [AMBA, CENTRO], rest_of_country_price: 11000 },
      { name: 'Moto', carrier: 'moto', zones: [{ provinces: ['AR-C'], price: 2500 }], rest_of_country_price: null },
      { name: 'Apagado', rest_of_country_price: 1, active: false },
    ]);
    const caba = await options('province=AR-C&subtotal=1000');
    expect(caba.status).toBe(200);
    expect(caba.json.map((o: { name: string; price: number }) => [o.name, o.price])).toEqual([
      ['Moto', 2500],
      ['Correo', 6000],
    ]);
    expect((await options('province=AR-S')).json.map((o: { name: string; price: number }) => [o.name, o.price])).toEqual([
      ['Correo', 8000],
    ]);
    const far = await options('province=AR-V');
    expect(far.json).toEqual([
      {
        method_id: expect.any(Number),
        name: 'Correo',
        kind: 'home',
        carrier: 'correo_argentino',
        price: 11000,
        free: false,
        days_min: 2,
        days_max: 5,
        pickup_address: '',
      },
    ]);
    expect((await options('province=AR-ZZ')).status).toBe(400);
  });

  it('ships free from the threshold on, exactly at it, and lists the cheapest first', async () => {
    await saveShippingMethods(server, staff.token, [
      { name: 'Correo', rest_of_country_price: 9000, free_from: 50000 },
      { name: 'Andreani', carrier: 'andreani', rest_of_country_price: 7000 },
    ]);
    const quote = async (subtotal: number) =>
      (await options(`province=AR-M&subtotal=${subtotal}`)).json.map((o: { name: string; price: number; free: boolean }) => [
        o.name,
        o.price,
        o.free,
      ]);
    expect(await quote(49999.99)).toEqual([
      ['Andreani', 7000, false],
      ['Correo', 9000, false],
    ]);
    expect(await quote(50000)).toEqual([
      ['Correo', 0, true],
      ['Andreani', 7000, false],
    ]);
  });
});

describe('checkout with a shipping method', () => {
  async function checkout(body: Record<string, unknown>, opts: { price?: number; stock?: number; quantity?: number } = {}) {
    const product = await createProduct(db(), { blisters: [{ price: opts.price ?? 10000, stock: opts.stock ?? 10 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: opts.quantity ?? 2 };
    const res = await api(server, 'POST', '/api/orders/', {
      token: customer.token,
      body: { recipient_name: 'Ana Pérez', customer_phone: '1122334455', delivery_type: 'address', products: [line], ...body },
    });
    const [stock] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, line.blister_id));
    return { res, stock: stock.stock };
  }

  it('charges the subtotal plus the zone price, whatever shipping price or total the client sends', async () => {
    const [method] = await saveShippingMethods(server, staff.token, [
      { name: 'Correo', zones: [AMBA, CENTRO], rest_of_country_price: 11000 },
    ]);
    const { res, stock } = await checkout({
      shipping_method_id: method.id,
      address: ADDRESS,
      shipping_price: 1,
      total: 1,
      subtotal: 1,
      shipping: { method_id: method.id, name: 'Gratis', kind: 'home', carrier: 'otro', price: 0 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      subtotal: 20000,
      total: 28000,
      shipping: { method_id: method.id, name: 'Correo', kind: 'home', carrier: 'correo_argentino', price: 8000 },
      address: ADDRESS,
    });
    expect(stock).toBe(8);
  });

  it('refuses a province the method does not reach with 409 SHIPPING_NOT_SERVED, in Spanish, moving no stock', async () => {
    const [method] = await saveShippingMethods(server, staff.token, [
      { name: 'Moto', carrier: 'moto', zones: [AMBA], rest_of_country_price: null },
    ]);
    const { res, stock } = await checkout({ shipping_method_id: method.id, address: ADDRESS });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'SHIPPING_NOT_SERVED',
      error: 'El método de envío elegido no llega a esa provincia. Elige otro.',
    });
    expect(stock).toBe(10);
  });

  it('asks home delivery for the street, on the field address.street', async () => {
    const [method] = await saveShippingMethods(server, staff.token, [{ name: 'Correo' }]);
    const { res, stock } = await checkout({ shipping_method_id: method.id, address: { ...ADDRESS, street: '' } });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({ 'address.street': ['La calle es requerida'] });
    expect(stock).toBe(10);
  });

  it("ships free when the server's subtotal reaches the threshold, not the client's", async () => {
    const [method] = await saveShippingMethods(server, staff.token, [{ name: 'Correo', rest_of_country_price: 9000, free_from: 30000 }]);
    const below = await checkout({ shipping_method_id: method.id, address: ADDRESS, subtotal: 30000 }, { price: 14999.99 });
    expect(below.res.status, JSON.stringify(below.res.json)).toBe(201);
    expect(below.res.json).toMatchObject({ subtotal: 29999.98, total: 38999.98, shipping: { price: 9000 } });
    const at = await checkout({ shipping_method_id: method.id, address: ADDRESS }, { price: 15000 });
    expect(at.res.json).toMatchObject({ subtotal: 30000, total: 30000, shipping: { price: 0 } });
  });
});
