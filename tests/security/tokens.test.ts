// Forged, expired and misused tokens: every one is refused with 401 and a Spanish error, on a
// customer route, a staff route and a public route alike (a bad token is never read as anonymous).
import { roleColumns } from '../../src/domain/staff-roles';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { api, TEST_JWT_SECRET, useTestServer } from '../helpers/app';
import { createStaff, createUser, TEST_PASSWORD } from '../helpers/factories';
import { isSpanishMessage } from './raw-http';

const server = useTestServer();
let customer: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  customer = await createUser(server.database.db);
  staff = await createStaff(server.database.db);
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An access token's claims as the server issues them, for the given user. */
const claims = (user: { id: number; session_id: string }, extra: Record<string, unknown> = {}) => ({
  typ: 'access',
  sub: String(user.id),
  sid: user.session_id,
  iss: 'semillas-shop',
  iat: nowSeconds(),
  exp: nowSeconds() + 600,
  ...extra,
});

async function sign(payload: Record<string, unknown>, options: { secret?: string; alg?: string } = {}) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

const ROUTES = [
  { name: 'a customer route', method: 'GET', path: '/api/auth/profile/' },
  { name: 'a staff route', method: 'GET', path: '/api/orders/' },
  { name: 'a public route', method: 'GET', path: '/api/products/' },
];

async function expectRefused(token: string) {
  for (const route of ROUTES) {
    const res = await api(server, route.method, route.path, { token });
    expect(res.status, route.name).toBe(401);
    expect(isSpanishMessage(res.json?.error), `${route.name}: ${res.text}`).toBe(true);
  }
}

async function login(user: { username: string }) {
  const res = await api(server, 'POST', '/api/auth/login/', { body: { username_or_email: user.username, password: TEST_PASSWORD } });
  expect(res.status).toBe(200);
  return res.json as { access: string; refresh: string };
}

describe('forged access tokens', () => {
  it('accepts the genuine token (the baseline the refusals are measured against)', async () => {
    const token = await sign(claims(staff));
    for (const route of ROUTES) expect((await api(server, route.method, route.path, { token })).status, route.name).toBe(200);
  });

  it('refuses alg "none" in any spelling, with or without a signature', async () => {
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64(claims(staff))}.`;
      await expectRefused(unsigned);
      const genuine = await sign(claims(staff));
      await expectRefused(`${b64({ alg, typ: 'JWT' })}.${b64(claims(staff))}.${genuine.split('.')[2]}`);
    }
  });

  it('refuses a token signed with another key', async () => {
    await expectRefused(await sign(claims(staff), { secret: 'otra-clave-otra-clave-otra-clave-0123456789' }));
    await expectRefused(await sign(claims(staff), { secret: TEST_JWT_SECRET.slice(0, -1) }));
  });

  it('refuses a token signed with the right key but another algorithm', async () => {
    await expectRefused(await sign(claims(staff), { alg: 'HS512' }));
    await expectRefused(await sign(claims(staff), { alg: 'HS384' }));
  });

  it('refuses a genuine token whose claims were edited (a customer promoting itself)', async () => {
    const [header, , signature] = customer.token.split('.');
    await expectRefused(`${header}.${b64(claims(staff))}.${signature}`);
  });

  it('refuses an expired token signed with the real key', async () => {
    await expectRefused(await sign(claims(staff, { iat: nowSeconds() - 3600, exp: nowSeconds() - 60 })));
    await expectRefused(await sign(claims(staff, { nbf: nowSeconds() + 3600 })));
  });

  it('refuses tokens of another issuer, another type, or no usable subject', async () => {
    await expectRefused(await sign(claims(staff, { iss: 'otra-tienda' })));
    await expectRefused(await sign(claims(staff, { typ: 'refresh' })));
    for (const sub of [undefined, '', 'admin', '0', '-1', '1.5', '99999999']) {
      await expectRefused(await sign(claims(staff, { sub })));
    }
  });

  it('refuses malformed bearer values', async () => {
    for (const token of ['a.b.c', 'abc', `${customer.token}x`, `${customer.token}.extra`, '...', 'eyJ.eyJ.']) await expectRefused(token);
  });
});

describe('tokens used for the wrong purpose', () => {
  it('refuses a refresh token used as an access token', async () => {
    const { refresh } = await login(customer);
    await expectRefused(refresh);
  });

  it('refuses an access token used as a refresh token, in the body or in the cookie', async () => {
    const { access } = await login(customer);
    const inBody = await api(server, 'POST', '/api/auth/refresh/', { body: { refresh: access } });
    expect(inBody.status).toBe(401);
    expect(isSpanishMessage(inBody.json?.error), inBody.text).toBe(true);
    const inCookie = await api(server, 'POST', '/api/auth/refresh/', { body: {}, headers: { cookie: `refresh_token=${access}` } });
    expect(inCookie.status).toBe(401);
    expect(isSpanishMessage(inCookie.json?.error), inCookie.text).toBe(true);
  });
});

describe('tokens of accounts that are gone', () => {
  it('refuses the access and refresh tokens of a deactivated user', async () => {
    const user = await createUser(server.database.db);
    const { access, refresh } = await login(user);
    expect((await api(server, 'GET', '/api/auth/profile/', { token: access })).status).toBe(200);
    const off = await api(server, 'PATCH', `/api/auth/users/${user.id}/`, { token: staff.token, body: { is_active: false } });
    expect(off.status).toBe(200);
    await expectRefused(access);
    const refreshed = await api(server, 'POST', '/api/auth/refresh/', { body: { refresh } });
    expect(refreshed.status).toBe(401);
    expect(isSpanishMessage(refreshed.json?.error), refreshed.text).toBe(true);
  });

  it('refuses the access and refresh tokens of a deleted user', async () => {
    const user = await createUser(server.database.db);
    const { access, refresh } = await login(user);
    const gone = await api(server, 'DELETE', `/api/auth/users/${user.id}/`, { token: staff.token });
    expect(gone.status).toBe(204);
    await expectRefused(access);
    const refreshed = await api(server, 'POST', '/api/auth/refresh/', { body: { refresh } });
    expect(refreshed.status).toBe(401);
    expect(isSpanishMessage(refreshed.json?.error), refreshed.text).toBe(true);
  });

  it('stops treating a demoted staff member as staff at once', async () => {
    const boss = await createStaff(server.database.db);
    expect((await api(server, 'GET', '/api/orders/', { token: boss.token })).status).toBe(200);
    // Written straight to the database, without the role route's session revocation: the
    // role is read on every request, so the same token stops opening staff routes at once.
    await server.database.db.update(users).set(roleColumns('catalog')).where(eq(users.id, boss.id));
    const res = await api(server, 'GET', '/api/orders/', { token: boss.token });
    expect(res.status).toBe(403);
    expect(isSpanishMessage(res.json?.error), res.text).toBe(true);
    await server.database.db.update(users).set(roleColumns(null)).where(eq(users.id, boss.id));
    expect((await api(server, 'GET', '/api/products/export.csv', { token: boss.token })).status).toBe(403);
    expect(isSpanishMessage(res.json?.error), res.text).toBe(true);
  });
});

describe('tokens of ended sessions', () => {
  it('refuses an access token as soon as its session is logged out', async () => {
    const user = await createUser(server.database.db);
    const login = await api(server, 'POST', '/api/auth/login/', { body: { username_or_email: user.username, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect((await api(server, 'GET', '/api/auth/profile/', { token: login.json.access })).status).toBe(200);
    expect((await api(server, 'POST', '/api/auth/logout/', { body: { refresh: login.json.refresh } })).status).toBe(200);
    const after = await api(server, 'GET', '/api/auth/profile/', { token: login.json.access });
    expect(after.status).toBe(401);
    expect(after.json.error).toMatch(/Token inválido/);
  });

  it('refuses a well-signed token naming a session that never existed', async () => {
    await expectRefused(await sign(claims({ id: staff.id, session_id: '00000000-0000-4000-8000-000000000000' })));
  });
});
