// The customer's delivery data on the profile: saved by a checkout with home delivery, edited in
// Mi cuenta, and what the checkout prefills.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, users } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { saveShippingMethods } from '../helpers/shipping';

type User = Awaited<ReturnType<typeof createUser>>;

const server = useTestServer();
let staff: User;

const HOME = {
  street: 'Av. Colón',
  number: '1234',
  zip_code: 'X5000',
  city: 'Córdoba',
  province: 'AR-X' as const,
  details: 'Piso 3, depto B',
};

beforeAll(async () => {
  staff = await createStaff(server.database.db);
  await saveShippingMethods(server, staff.token, [
    {
      name: 'Correo Argentino a domicilio',
      zones: [{ provinces: ['AR-C', 'AR-B'], price: 5000 }],
      rest_of_country_price: 8000,
      free_from: 100000,
      days_min: 3,
    },
  ]);
});

const profileOf = async (user: User) => (await api(server, 'GET', '/api/auth/profile/', { token: user.token })).json;

async function homeOrder(buyer: User, phone: string, address = HOME) {
  const product = await createProduct(server.database.db, { blisters: [{ price: 20000, stock: 5 }] });
  const options = await api(server, 'GET', '/api/shipping/options/?province=AR-X&subtotal=20000', { token: buyer.token });
  expect(options.status).toBe(200);
  const [option] = options.json as { method_id: number; price: number }[];
  expect(option.price).toBe(8000);
  return api(server, 'POST', '/api/orders/', {
    token: buyer.token,
    body: {
      recipient_name: 'Lucía Gómez',
      customer_phone: phone,
      delivery_type: 'address',
      shipping_method_id: option.method_id,
      address,
      products: [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }],
      expected_total: 28000,
    },
  });
}

describe('delivery data on the profile', () => {
  it('starts empty and keeps the address and phone of the last order with home delivery', async () => {
    const buyer = await createUser(server.database.db);
    expect(await profileOf(buyer)).toMatchObject({ phone: null, last_address: null });

    const order = await homeOrder(buyer, '+54 9 351 15 123-4567');
    expect(order.status).toBe(201);
    expect(order.json).toMatchObject({ subtotal: 20000, total: 28000, shipping: { name: 'Correo Argentino a domicilio', price: 8000 } });

    expect(await profileOf(buyer)).toMatchObject({ phone: '3511234567', last_address: HOME });

    // The next order to another place in the same province, then with another phone: each is remembered.
    const office = { ...HOME, street: 'Bv. San Juan', number: '500', details: '' };
    expect((await homeOrder(buyer, '+54 9 351 15 123-4567', office)).status).toBe(201);
    expect(await profileOf(buyer)).toMatchObject({ phone: '3511234567', last_address: office });
    expect((await homeOrder(buyer, '351 765-4321', office)).status).toBe(201);
    expect(await profileOf(buyer)).toMatchObject({ phone: '3517654321', last_address: office });
  });

  it('lets the customer edit the phone and the address, and clear them', async () => {
    const buyer = await createUser(server.database.db);
    const address = { ...HOME, street: 'San Martín', number: '50', details: '' };
    const saved = await api(server, 'PUT', '/api/auth/profile/', {
      token: buyer.token,
      body: { phone: '11 2345-6789', last_address: address },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.user).toMatchObject({ phone: '1123456789', last_address: address });
    expect(await profileOf(buyer)).toMatchObject({ phone: '1123456789', last_address: address });

    const cleared = await api(server, 'PUT', '/api/auth/profile/', { token: buyer.token, body: { phone: '', last_address: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.json.user).toMatchObject({ phone: null, last_address: null });

    // Each change is in the activity log, with what it was before.
    const logged = await server.database.db
      .select({ changes: activityLogs.changes })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'user'), eq(activityLogs.entity_id, String(buyer.id)), eq(activityLogs.action, 'update')))
      .orderBy(desc(activityLogs.id));
    expect(logged.map((l) => l.changes)).toEqual([
      { before: { phone: '1123456789', last_address: address }, after: { phone: null, last_address: null } },
      { before: { phone: null, last_address: null }, after: { phone: '1123456789', last_address: address } },
    ]);
  });

  it('refuses an incomplete address or a wrong phone with Spanish messages per field', async () => {
    const buyer = await createUser(server.database.db);
    const res = await api(server, 'PUT', '/api/auth/profile/', {
      token: buyer.token,
      body: { phone: '1234', last_address: { ...HOME, street: '', zip_code: '12', province: 'AR-ZZ' } },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      phone: ['Ingresa un teléfono válido'],
      'last_address.province': ['Elige la provincia'],
    });

    const incomplete = await api(server, 'PUT', '/api/auth/profile/', {
      token: buyer.token,
      body: { last_address: { ...HOME, street: '', zip_code: '12' } },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.json.errors).toEqual({
      'last_address.street': ['La calle es requerida'],
      'last_address.zip_code': ['Código postal inválido'],
    });
    expect(await profileOf(buyer)).toMatchObject({ phone: null, last_address: null });
  });

  it("never writes another customer's data: the profile is always the caller's own", async () => {
    const buyer = await createUser(server.database.db);
    const other = await createUser(server.database.db, { phone: '3517654321', last_address: HOME });

    const res = await api(server, 'PUT', '/api/auth/profile/', {
      token: buyer.token,
      body: { id: other.id, user_id: other.id, phone: '1123456789', last_address: null },
    });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(buyer.id);

    const [row] = await server.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row).toMatchObject({ phone: '3517654321', last_address: HOME });
    // The staff's user detail is not a way in either.
    const detail = await api(server, 'GET', `/api/auth/users/${other.id}/`, { token: buyer.token });
    expect(detail.status).toBe(403);
    expect(await profileOf(other)).toMatchObject({ phone: '3517654321', last_address: HOME });
  });

  it('needs a session', async () => {
    const res = await api(server, 'PUT', '/api/auth/profile/', { body: { phone: '1123456789' } });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/shipping/provinces/', () => {
  const method = (over: Record<string, unknown>) => ({
    name: 'Moto CABA',
    kind: 'home',
    carrier: 'moto',
    zones: [{ provinces: ['AR-C'], price: 3000 }],
    rest_of_country_price: null,
    free_from: null,
    days_min: 0,
    days_max: 1,
    ...over,
  });
  const settings = (methods: unknown[]) => api(server, 'PUT', '/api/core/shipping-settings/', { token: staff.token, body: { methods } });
  const provinces = async (token?: string) => api(server, 'GET', '/api/shipping/provinces/', { token });

  it('names the provinces some active method reaches, all of them with a rest-of-country price, none without methods', async () => {
    const customer = await createUser(server.database.db);
    const before = (await api(server, 'GET', '/api/core/shipping-settings/', { token: staff.token })).json.methods;
    try {
      expect((await provinces()).status).toBe(401);
      expect(
        (await settings([method({}), method({ name: 'Andreani Córdoba', zones: [{ provinces: ['AR-X'], price: 6000 }], active: false })]))
          .status,
      ).toBe(200);
      expect((await provinces(customer.token)).json).toEqual({ provinces: ['AR-C'] });
      expect((await settings([method({}), method({ name: 'Correo', zones: [], rest_of_country_price: 8000 })])).status).toBe(200);
      expect((await provinces(customer.token)).json.provinces).toHaveLength(24);
      // No method: the checkout is the spec's, without a province.
      expect((await settings([])).status).toBe(200);
      expect((await provinces(customer.token)).json).toEqual({ provinces: [] });
    } finally {
      expect((await settings(before.map(({ id: _id, ...m }: { id: number }) => m))).status).toBe(200);
    }
  });
});
