import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAINTENANCE_MESSAGE } from '../../src/domain/site';
import { sqlRows } from '../../src/server/db/client';
import { siteSettings, users } from '../../src/server/db/schema';
import { api, startTestServer, type TestServer, useTestServer } from '../helpers/app';
import { createStaff, createUser, TEST_PASSWORD } from '../helpers/factories';
import { closeRawAgent, rawRequest } from '../security/raw-http';

type Caller = { token?: string; headers?: Record<string, string> };

const server = useTestServer();
let admin: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createStaff(server.database.db, { username: 'admin_mant' });
  customer = await createUser(server.database.db);
});
afterAll(() => closeRawAgent());

const toggle = (body: unknown, token = admin.token) => api(server, 'POST', '/api/core/toggle-maintenance/', { body, token });
const validate = (password: unknown) => api(server, 'POST', '/api/core/validate-bypass-password/', { body: { password } });

// The calls each kind of visitor makes: the status check, a catalog read and an order call.
const catalogCall = (caller: Caller) => api(server, 'GET', '/api/products/', caller);
const orderCall = (caller: Caller) => api(server, 'GET', '/api/orders/my-orders/', caller);
const statusCall = (caller: Caller) => api(server, 'GET', '/api/core/maintenance-status/', caller);

describe('maintenance status and switch', () => {
  it('starts online with no message and no bypass password', async () => {
    const res = await statusCall({});
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ maintenance_mode: false, maintenance_message: '', has_bypass_password: false });
  });

  it('lets only staff toggle maintenance', async () => {
    expect((await api(server, 'POST', '/api/core/toggle-maintenance/', { body: { maintenance_mode: true } })).status).toBe(401);
    const asCustomer = await toggle({ maintenance_mode: true }, customer.token);
    expect(asCustomer.status).toBe(403);
    expect((await statusCall({})).json.maintenance_mode).toBe(false);
  });

  it('validates the switch payload in Spanish', async () => {
    const missing = await toggle({});
    expect(missing.status).toBe(400);
    expect(missing.json.errors.maintenance_mode).toBeDefined();
    const blank = await toggle({ maintenance_mode: true, bypass_password: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe('La contraseña no puede estar vacía');
    const notJson = await api(server, 'POST', '/api/core/toggle-maintenance/', { body: '{oops', token: admin.token });
    expect(notJson.status).toBe(400);
  });

  it('turns maintenance on with a message and a bypass password stored hashed, and logs it', async () => {
    const res = await toggle({ maintenance_mode: true, maintenance_message: 'Volvemos a las 18 h', bypass_password: 'clave-bypass-1' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      maintenance_mode: true,
      maintenance_message: 'Volvemos a las 18 h',
      has_bypass_password: true,
      message: 'Modo mantenimiento activado correctamente',
    });
    const [row] = await server.database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row.bypass_password_hash).toMatch(/^\$argon2id\$/);
    expect(row.bypass_password_hash).not.toContain('clave-bypass-1');
    expect(row.updated_by).toBe(admin.id);
    const logs = await sqlRows<{ description: string; username: string; changes: any }>(
      server.database.db,
      sql`select description, username, changes from activity_logs where entity_type = 'site_settings' order by id desc limit 1`,
    );
    expect(logs[0].description).toContain('Modo mantenimiento activado');
    expect(logs[0].username).toBe('admin_mant');
    expect(JSON.stringify(logs[0].changes)).not.toContain('argon2');
    expect((await statusCall({})).json).toEqual({
      maintenance_mode: true,
      maintenance_message: 'Volvemos a las 18 h',
      has_bypass_password: true,
    });
  });
});

describe('while in maintenance', () => {
  let bypassToken: string;
  let bypassCookie: string;

  beforeAll(async () => {
    await toggle({ maintenance_mode: true, maintenance_message: 'Volvemos a las 18 h', bypass_password: 'clave-bypass-1' });
    const res = await validate('clave-bypass-1');
    bypassToken = res.json.bypass_token;
    bypassCookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  });

  it('answers 503 with the message to anonymous visitors, but the status call still answers', async () => {
    const catalog = await catalogCall({});
    expect(catalog.status).toBe(503);
    expect(catalog.json).toEqual({ error: 'Volvemos a las 18 h', code: 'MAINTENANCE', maintenance_message: 'Volvemos a las 18 h' });
    expect(catalog.headers.get('cache-control')).toBe('no-store');
    const order = await orderCall({});
    expect(order.status).toBe(503);
    expect(order.json.code).toBe('MAINTENANCE');
    const status = await statusCall({});
    expect(status.status).toBe(200);
    expect(status.json.maintenance_mode).toBe(true);
  });

  it('answers 503 to a logged-in customer without a bypass, even on order routes that need login', async () => {
    expect((await catalogCall({ token: customer.token })).status).toBe(503);
    const order = await orderCall({ token: customer.token });
    expect(order.status).toBe(503);
    expect(order.json.error).toBe('Volvemos a las 18 h');
    expect((await statusCall({ token: customer.token })).status).toBe(200);
  });

  it('lets a customer with a valid bypass token through, by header or by cookie', async () => {
    const callers: Caller[] = [
      { token: customer.token, headers: { 'x-maintenance-bypass': bypassToken } },
      { token: customer.token, headers: { cookie: bypassCookie } },
      { headers: { cookie: bypassCookie } },
    ];
    for (const caller of callers) {
      const catalog = await catalogCall(caller);
      expect(catalog.status).toBe(200);
      const order = await orderCall(caller);
      expect(order.status).toBe(caller.token ? 200 : 401);
      expect((await statusCall(caller)).status).toBe(200);
    }
    // Anonymous with a bypass reaches the order route, whose own login check answers.
    const anonymousOrder = await orderCall({ headers: { 'x-maintenance-bypass': bypassToken } });
    expect(anonymousOrder.status).toBe(401);
    expect((await api(server, 'GET', '/api/core/dollar-rate/', { headers: { 'x-maintenance-bypass': bypassToken } })).status).toBe(200);
  });

  it('refuses an expired bypass token (after 12 hours) and a forged one', async () => {
    server.setNow(new Date(Date.now() + 12 * 3600 * 1000 + 60_000));
    try {
      const caller = { token: customer.token, headers: { 'x-maintenance-bypass': bypassToken } };
      expect((await catalogCall(caller)).status).toBe(503);
      expect((await orderCall(caller)).status).toBe(503);
      expect((await statusCall(caller)).status).toBe(200);
    } finally {
      server.setNow(null);
    }
    // Still valid just before the 12 hours end.
    server.setNow(new Date(Date.now() + 12 * 3600 * 1000 - 60_000));
    try {
      expect((await catalogCall({ headers: { 'x-maintenance-bypass': bypassToken } })).status).toBe(200);
    } finally {
      server.setNow(null);
    }
    const forged = `${bypassToken.slice(0, -4)}AAAA`;
    expect((await catalogCall({ headers: { 'x-maintenance-bypass': forged } })).status).toBe(503);
    // An access token is not a bypass token.
    expect((await catalogCall({ headers: { 'x-maintenance-bypass': customer.token } })).status).toBe(503);
  });

  it('lets staff through everything', async () => {
    expect((await catalogCall({ token: admin.token })).status).toBe(200);
    expect((await orderCall({ token: admin.token })).status).toBe(200);
    const adminOrders = await api(server, 'GET', '/api/orders/', { token: admin.token });
    expect(adminOrders.status).toBe(200);
    // A staff account that was deactivated is nobody special.
    const former = await createStaff(server.database.db);
    await server.database.db.update(users).set({ is_active: false }).where(eq(users.id, former.id));
    expect((await catalogCall({ token: former.token })).status).toBe(503);
    expect((await statusCall({ token: admin.token })).status).toBe(200);
    expect((await api(server, 'GET', '/api/core/dollar-rate/', { token: admin.token })).json.last_error).toBeDefined();
  });

  it('keeps login, refresh, logout, health and the bypass check open to everyone', async () => {
    for (const path of ['/api/auth/login/', '/api/auth/refresh/', '/api/auth/logout/']) {
      const res = await api(server, 'POST', path, { body: {} });
      expect(res.status, path).not.toBe(503);
    }
    // A customer can log in during maintenance, but the session alone opens nothing else.
    const session = await api(server, 'POST', '/api/auth/login/', {
      body: { username_or_email: customer.username, password: TEST_PASSWORD },
    });
    expect(session.status).toBe(200);
    expect((await orderCall({ token: session.json.access })).status).toBe(503);
    const refreshed = await api(server, 'POST', '/api/auth/refresh/', { body: { refresh: session.json.refresh } });
    expect(refreshed.status).toBe(200);
    // Registration is not one of the open calls.
    expect((await api(server, 'POST', '/api/auth/register/', { body: {} })).status).toBe(503);
    expect((await api(server, 'GET', '/api/health/')).status).toBe(200);
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
    expect((await validate('otra-clave')).status).toBe(400);
  });

  it('does not let a path spelled like an open one slip through', async () => {
    expect((await api(server, 'GET', '/api/health/../core/dollar-rate/')).status).toBe(503);
    expect((await api(server, 'GET', '/api/core/dollar-rate/?x=/api/health/')).status).toBe(503);
  });

  it('answers 503 to every spelling of a path that reaches an API route', async () => {
    const auth = { authorization: `Bearer ${customer.token}` };
    const closed = [
      ['GET', '/%61pi/orders/my-orders/'],
      ['GET', '/%61%70%69/products/'],
      ['GET', '/api/%6frders/my-orders/'],
      ['GET', '/api/./orders/my-orders/'],
      ['GET', '/api/%2e/orders/my-orders/'],
      ['GET', '/%61pi/no-existe/'],
      ['POST', '/%61pi/auth/register/'],
    ];
    for (const [method, path] of closed) {
      const res = await rawRequest(server.url, {
        method,
        path,
        headers: { ...auth, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.json?.code, `${method} ${path}`).toBe('MAINTENANCE');
    }
    // Spellings the router does not take for an API path get the storefront page, never API data.
    for (const path of ['//api/orders/my-orders/', '/API/orders/my-orders/']) {
      const res = await rawRequest(server.url, { method: 'GET', path, headers: auth });
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.json, path).toBeNull();
    }
    // The open calls stay open only under their own route.
    expect((await rawRequest(server.url, { method: 'GET', path: '/%61pi/health/' })).status).toBe(200);
    expect((await rawRequest(server.url, { method: 'GET', path: '/api/health%2f' })).status).toBe(503);
  });

  it('ends every bypass when the bypass password changes', async () => {
    const caller = { headers: { 'x-maintenance-bypass': bypassToken } };
    expect((await catalogCall(caller)).status).toBe(200);
    const changed = await toggle({ maintenance_mode: true, bypass_password: 'clave-bypass-2' });
    expect(changed.json.message).toBe('Contraseña de bypass configurada correctamente');
    expect((await catalogCall(caller)).status).toBe(503);
    const fresh = await validate('clave-bypass-2');
    expect((await catalogCall({ headers: { 'x-maintenance-bypass': fresh.json.bypass_token } })).status).toBe(200);
  });

  it('uses the default message when none is set', async () => {
    const cleared = await toggle({ maintenance_mode: true, maintenance_message: '' });
    expect(cleared.json).toMatchObject({ maintenance_message: '', message: 'Mensaje actualizado correctamente' });
    const res = await catalogCall({});
    expect(res.status).toBe(503);
    expect(res.json.error).toBe(DEFAULT_MAINTENANCE_MESSAGE);
    expect(res.json.maintenance_message).toBeNull();
  });

  it('removes the bypass password with an empty string', async () => {
    const res = await toggle({ maintenance_mode: true, bypass_password: '' });
    expect(res.json).toMatchObject({ has_bypass_password: false, message: 'Contraseña de bypass eliminada correctamente' });
    const [row] = await server.database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row.bypass_password_hash).toBeNull();
    const attempt = await validate('clave-bypass-2');
    expect(attempt.status).toBe(400);
    expect(attempt.json.valid).toBe(false);
  });

  it('opens the shop again at once in this process when turned off', async () => {
    expect((await catalogCall({})).status).toBe(503);
    const res = await toggle({ maintenance_mode: false });
    expect(res.json).toMatchObject({ maintenance_mode: false, message: 'Modo mantenimiento desactivado correctamente' });
    expect((await catalogCall({})).status).toBe(200);
    expect((await orderCall({})).status).toBe(401);
    expect((await orderCall({ token: customer.token })).status).toBe(200);
  });
});

describe('the maintenance flag cache', () => {
  it('sees a switch another process wrote without notice within a second (the TTL fallback)', async () => {
    expect((await catalogCall({})).status).toBe(200);
    // Another process writes the flag straight to the database; this one has it cached.
    await server.database.db.update(siteSettings).set({ maintenance_mode: true }).where(eq(siteSettings.id, 1));
    expect((await catalogCall({})).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await catalogCall({})).status).toBe(503);
    await toggle({ maintenance_mode: false });
    expect((await catalogCall({})).status).toBe(200);
  });
});

describe('POST /api/core/validate-bypass-password/', () => {
  it('asks for a password and refuses a wrong one in Spanish', async () => {
    await toggle({ maintenance_mode: true, bypass_password: 'clave-bypass-3' });
    const empty = await validate('');
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe('Por favor ingrese una contraseña');
    const missing = await api(server, 'POST', '/api/core/validate-bypass-password/', { body: {} });
    expect(missing.status).toBe(400);
    const wrong = await validate('no-es');
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      error: 'Contraseña incorrecta',
      valid: false,
      message: 'Contraseña incorrecta',
      bypass_token: null,
    });
  });

  it('grants a 12-hour bypass with a token and an httpOnly cookie', async () => {
    const before = Date.now();
    const res = await validate('clave-bypass-3');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ valid: true, message: 'Acceso concedido. Bypass válido por 12 horas' });
    expect(res.json.bypass_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const expires = new Date(res.json.expires_at).getTime();
    expect(expires - before).toBeGreaterThan(12 * 3600 * 1000 - 5000);
    expect(expires - before).toBeLessThanOrEqual(12 * 3600 * 1000 + 5000);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^maintenance_bypass=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=43200/);
    await toggle({ maintenance_mode: false });
  });
});

describe('bypass guessing limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer();
    const staff = await createStaff(limited.database.db);
    await api(limited, 'POST', '/api/core/toggle-maintenance/', {
      token: staff.token,
      body: { maintenance_mode: true, bypass_password: 'la-buena' },
    });
  });
  afterAll(() => limited.close());

  const attempt = async (password: string) => {
    const started = performance.now();
    const res = await api(limited, 'POST', '/api/core/validate-bypass-password/', { body: { password } });
    return { ...res, ms: performance.now() - started };
  };

  it('answers at once for the first 5 failures, then waits 1.5 s on every attempt, then rate limits', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await attempt(`mala-${i}`);
      expect(res.status).toBe(400);
      expect(res.ms).toBeLessThan(1200);
    }
    const sixth = await attempt('mala-5');
    expect(sixth.status).toBe(400);
    expect(sixth.ms).toBeGreaterThanOrEqual(1450);
    // Even the right password waits once failures piled up.
    const right = await attempt('la-buena');
    expect(right.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(1450);
    // 7 attempts so far; the limit is 10 per 10 minutes.
    const more = await Promise.all([attempt('x1'), attempt('x2'), attempt('x3')]);
    expect(more.map((r) => r.status)).toEqual([400, 400, 400]);
    const refused = await attempt('la-buena');
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(/^Demasiados intentos/);
    expect(refused.ms).toBeLessThan(1200);
  });

  it('forgets the attempts when the window has passed', async () => {
    limited.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      const res = await attempt('la-buena');
      expect(res.status).toBe(200);
      expect(res.ms).toBeLessThan(1200);
    } finally {
      limited.setNow(null);
    }
  });
});
