import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/server/db/client';
import { dollarRate, dollarRateHistory } from '../../src/server/db/schema';
import { getDollarRateValue, refreshDollarRateIfDue } from '../../src/server/modules/site/dollar-rate';
import { api, startTestServer, type TestServer, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { placeOrder } from '../helpers/orders';

// A stand-in for the public provider (https://dolarapi.com/v1/dolares) on loopback.
type Mode = 'ok' | 'error500' | 'badJson' | 'noBlue' | 'notArray' | 'hang';
const provider = {
  mode: 'ok' as Mode,
  blue: 1200,
  oficial: 950.5,
  requests: 0,
  server: null as Server | null,
  url: '',
};

function providerBody() {
  const stamp = '2025-11-20T15:00:00.000Z';
  const rows = [
    {
      moneda: 'USD',
      casa: 'oficial',
      nombre: 'Oficial',
      compra: provider.oficial - 40,
      venta: provider.oficial,
      fechaActualizacion: stamp,
    },
    { moneda: 'USD', casa: 'blue', nombre: 'Blue', compra: provider.blue - 20, venta: provider.blue, fechaActualizacion: stamp },
    { moneda: 'USD', casa: 'bolsa', nombre: 'Bolsa', compra: 1300, venta: 1310, fechaActualizacion: stamp },
  ];
  return provider.mode === 'noBlue' ? rows.filter((r) => r.casa !== 'blue') : rows;
}

beforeAll(async () => {
  provider.server = createServer((request, response) => {
    provider.requests++;
    if (provider.mode === 'hang') return; // never answers: the shop must give up on its own
    if (provider.mode === 'error500') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    if (provider.mode === 'badJson') response.end('{"casa": "blue", "venta": ');
    else if (provider.mode === 'notArray') response.end(JSON.stringify({ casa: 'blue', venta: 1 }));
    else response.end(JSON.stringify(providerBody()));
  });
  await new Promise<void>((resolve) => provider.server!.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}/v1/dolares`;
});
afterAll(async () => {
  provider.server?.closeAllConnections();
  await new Promise((resolve) => provider.server?.close(resolve));
});

const server = useTestServer(() => ({ dollarRateUrl: provider.url }));
let admin: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createStaff(server.database.db, { username: 'admin_dolar' });
  customer = await createUser(server.database.db);
});
beforeEach(() => {
  provider.mode = 'ok';
  provider.requests = 0;
});

const post = (body: unknown, token = admin.token) => api(server, 'POST', '/api/core/dollar-rate/', { body, token });
const history = () => server.database.db.select().from(dollarRateHistory).orderBy(dollarRateHistory.id);
const rateRow = async () => (await server.database.db.select().from(dollarRate).where(eq(dollarRate.id, 1)))[0];

describe('GET /api/core/dollar-rate/', () => {
  it('answers the default rate of 1000, never updated, to anyone', async () => {
    const res = await api(server, 'GET', '/api/core/dollar-rate/');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      rate_type: 'blue',
      value: 1000,
      last_update: null,
      last_update_display: 'Nunca',
      auto_update: false,
      is_manual: false,
    });
    expect(await getDollarRateValue(server.database.db)).toBe(1000);
  });
});

describe('POST /api/core/dollar-rate/ rules', () => {
  it('is for staff only', async () => {
    expect((await api(server, 'POST', '/api/core/dollar-rate/', { body: { force_update: true } })).status).toBe(401);
    expect((await post({ force_update: true }, customer.token)).status).toBe(403);
    expect(provider.requests).toBe(0);
  });

  it('refuses a manual value that is not a number above zero', async () => {
    for (const manual_value of [0, -5, 'abc', '', null, '0,00', 1e12]) {
      const res = await post({ manual_value, is_manual: true });
      expect(res.status, String(manual_value)).toBe(400);
      expect(res.json.error).toBe('Debe ingresar un valor válido mayor que cero');
    }
    const missing = await post({ is_manual: true });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('Debe ingresar un valor válido mayor que cero');
    expect(await history()).toHaveLength(0);
  });

  it('refuses unknown shapes and rate types', async () => {
    expect((await post({})).json.error).toBe('Datos de cotización inválidos');
    expect((await post({ rate_type: 'euro' })).json.error).toBe('Tipo de cotización inválido');
    const forceManual = await post({ force_update: true, rate_type: 'manual' });
    expect(forceManual.status).toBe(400);
    expect(forceManual.json.error).toBe('Elige Dólar Blue u Oficial para actualizar la cotización');
  });
});

describe('manual value', () => {
  it('applies a manual value, accepting a decimal comma, and records who set it', async () => {
    const res = await post({ manual_value: '1234,5', is_manual: true, confirm_rate_change: true });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ rate_type: 'manual', value: 1234.5, is_manual: true, auto_update: false, last_error: null });
    expect(res.json.data.last_update_display).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(provider.requests).toBe(0);
    const rows = await history();
    expect(rows.at(-1)).toMatchObject({ rate_type: 'manual', value: 1234.5, source: 'manual', user_id: admin.id });
    expect(await getDollarRateValue(server.database.db)).toBe(1234.5);
    const publicView = await api(server, 'GET', '/api/core/dollar-rate/');
    expect(publicView.json).toMatchObject({ value: 1234.5, is_manual: true });
    expect(publicView.json.last_error).toBeUndefined();
  });

  it('logs the change in the activity log', async () => {
    const [entry] = await sqlRows<{ username: string; description: string }>(
      server.database.db,
      sql`select username, description from activity_logs where entity_type = 'dollar_rate' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ username: 'admin_dolar' });
    expect(entry.description).toBe('Cotización del dólar actualizada a $\u00a01.234,50 (Valor Manual)');
  });
});

describe('blue and oficial from the provider', () => {
  it('switches to blue with auto-update and takes the venta value at once', async () => {
    const res = await post({ rate_type: 'blue', auto_update: true });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ rate_type: 'blue', value: 1200, is_manual: false, auto_update: true, last_error: null });
    expect(provider.requests).toBe(1);
    expect((await history()).at(-1)).toMatchObject({ rate_type: 'blue', value: 1200, source: 'settings', user_id: admin.id });
  });

  it('toggles auto-update alone without fetching or recording a new rate', async () => {
    const before = (await history()).length;
    const res = await post({ rate_type: 'blue', auto_update: false });
    expect(res.json.data).toMatchObject({ rate_type: 'blue', value: 1200, auto_update: false });
    expect(provider.requests).toBe(0);
    expect(await history()).toHaveLength(before);
  });

  it('updates now on force_update and records it', async () => {
    provider.blue = 1250.75;
    const res = await post({ force_update: true });
    expect(res.status).toBe(200);
    expect(res.json.data.value).toBe(1250.75);
    expect((await history()).at(-1)).toMatchObject({ value: 1250.75, source: 'force', user_id: admin.id });
  });

  it('does not record a history row when the value did not change', async () => {
    const before = (await history()).length;
    const res = await post({ force_update: true });
    expect(res.json.data.value).toBe(1250.75);
    expect(await history()).toHaveLength(before);
  });

  it('reads the oficial rate when that type is chosen', async () => {
    const res = await post({ rate_type: 'oficial' });
    expect(res.json.data).toMatchObject({ rate_type: 'oficial', value: 950.5 });
    const back = await post({ force_update: true, rate_type: 'blue' });
    expect(back.json.data).toMatchObject({ rate_type: 'blue', value: 1250.75 });
  });
});

describe('provider failures keep the last good value', () => {
  const failures: [Mode, RegExp][] = [
    ['error500', /respondió 500/],
    ['badJson', /Respuesta inválida/],
    ['notArray', /Respuesta inválida/],
    ['noBlue', /no informó la cotización blue/],
  ];
  for (const [mode, reason] of failures) {
    it(`keeps the value and stores the error when the provider answers ${mode}`, async () => {
      const before = (await rateRow()).value;
      provider.mode = mode;
      const res = await post({ force_update: true });
      expect(res.status).toBe(502);
      expect(res.json.error).toBe('No se pudo obtener la cotización del dólar. Se mantiene el último valor.');
      expect(res.json.code).toBe('DOLLAR_RATE_UNAVAILABLE');
      expect(res.json.data.value).toBe(before);
      expect(res.json.data.last_error).toMatch(reason);
      const row = await rateRow();
      expect(row.value).toBe(before);
      expect(row.last_error).toMatch(reason);
      const staffView = await api(server, 'GET', '/api/core/dollar-rate/', { token: admin.token });
      expect(staffView.json.last_error).toMatch(reason);
    });
  }

  it('gives up after 5 seconds when the provider does not answer', async () => {
    provider.mode = 'hang';
    const started = performance.now();
    const res = await post({ force_update: true });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(502);
    expect(res.json.data.last_error).toMatch(/Tiempo de espera agotado/);
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(9000);
    expect(res.json.data.value).toBe(1250.75);
  });

  it('clears the stored error after the next good fetch', async () => {
    const res = await post({ force_update: true });
    expect(res.status).toBe(200);
    expect(res.json.data.last_error).toBeNull();
  });

  it('saves a type change even when its first fetch fails, with a warning', async () => {
    provider.mode = 'error500';
    const res = await post({ rate_type: 'oficial', auto_update: true });
    expect(res.status).toBe(200);
    expect(res.json.warning).toBe('No se pudo obtener la cotización del dólar. Se mantiene el último valor.');
    expect(res.json.data).toMatchObject({ rate_type: 'oficial', value: 1250.75, auto_update: true });
  });

  it('falls back to 1000 when no value was ever fetched', async () => {
    const fresh = await startTestServer({ dollarRateUrl: 'http://127.0.0.1:9/nada' });
    try {
      const staff = await createStaff(fresh.database.db);
      const res = await api(fresh, 'POST', '/api/core/dollar-rate/', { token: staff.token, body: { force_update: true } });
      expect(res.status).toBe(502);
      expect(res.json.data).toMatchObject({ value: 1000, last_update_display: 'Nunca' });
      expect(res.json.data.last_error).toMatch(/No se pudo conectar/);
      expect((await api(fresh, 'GET', '/api/core/dollar-rate/')).json.value).toBe(1000);
    } finally {
      await fresh.close();
    }
  });
});

describe('hourly auto-update job', () => {
  const hours = (n: number) => new Date(Date.now() + n * 3600 * 1000);

  beforeAll(async () => {
    provider.mode = 'ok';
    provider.blue = 1300;
    await post({ rate_type: 'blue', auto_update: true });
  });
  afterAll(() => server.setNow(null));

  it('does nothing while the last update is less than an hour old', async () => {
    server.setNow(hours(0.5));
    expect(await refreshDollarRateIfDue(server.ctx)).toBe(false);
    expect(provider.requests).toBe(0);
  });

  it('fetches once when due, even when several processes run the job at the same time', async () => {
    provider.blue = 1333;
    server.setNow(hours(1.2));
    const results = await Promise.all([1, 2, 3, 4].map(() => refreshDollarRateIfDue(server.ctx)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(provider.requests).toBe(1);
    const row = await rateRow();
    expect(row.value).toBe(1333);
    expect((await history()).at(-1)).toMatchObject({ value: 1333, source: 'auto', user_id: null });
    const [entry] = await sqlRows<{ username: string | null }>(
      server.database.db,
      sql`select username from activity_logs where entity_type = 'dollar_rate' order by id desc limit 1`,
    );
    expect(entry.username).toBeNull();
  });

  it('keeps the value when the provider fails, and tries again only after 5 minutes', async () => {
    provider.mode = 'error500';
    server.setNow(hours(2.4));
    expect(await refreshDollarRateIfDue(server.ctx)).toBe(false);
    expect(provider.requests).toBe(1);
    expect((await rateRow()).value).toBe(1333);
    expect((await rateRow()).last_error).toMatch(/500/);
    server.setNow(new Date(hours(2.4).getTime() + 60_000));
    await refreshDollarRateIfDue(server.ctx);
    expect(provider.requests).toBe(1);
    provider.mode = 'ok';
    provider.blue = 1340;
    server.setNow(new Date(hours(2.4).getTime() + 6 * 60_000));
    expect(await refreshDollarRateIfDue(server.ctx)).toBe(true);
    expect((await rateRow()).value).toBe(1340);
  });

  it('never touches a manual value', async () => {
    server.setNow(null);
    await post({ manual_value: 1500, is_manual: true, confirm_rate_change: true });
    provider.requests = 0;
    server.setNow(hours(10));
    expect(await refreshDollarRateIfDue(server.ctx)).toBe(false);
    expect(provider.requests).toBe(0);
    expect((await rateRow()).value).toBe(1500);
  });
});

describe('prices follow the rate', () => {
  // With the catalog's in-process micro-cache on, as in production.
  let shop: TestServer;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  let buyer: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    shop = await startTestServer({ dollarRateUrl: provider.url, catalogCacheMs: 60_000 });
    staff = await createStaff(shop.database.db);
    buyer = await createUser(shop.database.db);
  });
  afterAll(() => shop.close());

  const setManual = (value: number) =>
    api(shop, 'POST', '/api/core/dollar-rate/', {
      token: staff.token,
      body: { manual_value: value, is_manual: true, confirm_rate_change: true },
    });
  const priceInArs = async (productId: number) =>
    (await api(shop, 'GET', `/api/products/${productId}/`, { token: buyer.token })).json.blisters[0].price_in_ars;

  it('shows USD products at the new ARS price at once, while orders keep the price they were placed at', async () => {
    const product = await createProduct(shop.database.db, { currency: 'USD', blisters: [{ price: 10, stock: 5 }] });
    expect((await setManual(1100)).status).toBe(200);
    expect(await priceInArs(product.id)).toBe(11000);
    const order = await placeOrder(shop, buyer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }], {
      recipient_name: 'Ana Pérez',
    });
    await setManual(1200);
    expect(await priceInArs(product.id)).toBe(12000);
    const [line] = await sqlRows<{ price_at_time: string }>(
      shop.database.db,
      sql`select price_at_time from order_products where order_id = ${order.id}`,
    );
    expect(Number(line.price_at_time)).toBe(11000);
  });
});
