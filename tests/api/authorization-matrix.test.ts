// Every route the app registers, read from the router as it is built, against every kind of
// caller: a staff route ('config.access' = 'staff') answers 401 to anonymous callers and bad
// tokens and 403 to customers, whatever the method; a new route cannot be forgotten because the
// list comes from the app itself. Known admin calls of the spec must be staff routes whenever
// their module is registered, so none can be left public by mistake. Every staff route declares
// the permission it needs (issue 24), and each role is tried against each staff route: a role
// without the route's permission gets 403, a role with it passes the gate.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import authPlugin from '../../src/server/modules/auth/plugin';
import { api, startTestServer, type TestServer } from '../helpers/app';
import {
  ASSIGNABLE_PERMISSIONS,
  PERMISSIONS,
  rolePermissions,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from '../../src/domain/staff-roles';
import { createStaff, createStaffWithRole, createUser } from '../helpers/factories';
import { collectRoutes, concreteUrl as concrete, routeLabel as label, type RegisteredRoute } from '../helpers/routes';

const { result: server, routes } = await collectRoutes<TestServer>(() => startTestServer());
afterAll(() => server.close());

const customer = await createUser(server.database.db);
const staff = await createStaff(server.database.db);
const owner = await createStaff(server.database.db, { is_superuser: true });
const staffRoutes = routes.filter((r) => r.access === 'staff');
const userRoutes = routes.filter((r) => r.access === 'user');

const bodyFor = (method: string) => (['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined);
const call = (r: RegisteredRoute, token?: string) => api(server, r.method, concrete(r.url), { token, body: bodyFor(r.method) });

/** The error body, except for HEAD which has none. */
function expectError(r: RegisteredRoute, res: Awaited<ReturnType<typeof call>>) {
  if (r.method === 'HEAD') return;
  expect(typeof res.json?.error).toBe('string');
  expect(res.json.error.length).toBeGreaterThan(0);
}

describe('the route list', () => {
  it('comes from the app itself', () => {
    expect(routes.length).toBeGreaterThan(0);
    // Each collected route is one the router answers.
    for (const r of routes) expect(server.app.findRoute({ method: r.method as any, url: concrete(r.url) }), label(r)).not.toBeNull();
    expect(staffRoutes.length).toBeGreaterThan(0);
  });
});

describe.each(staffRoutes.map((r) => [label(r), r] as const))('staff route %s', (_name, route) => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await call(route);
    expect(res.status).toBe(401);
    expectError(route, res);
  });

  it('answers 401 to a forged token', async () => {
    const res = await call(route, `${staff.token.slice(0, -4)}AAAA`);
    expect(res.status).toBe(401);
    expectError(route, res);
  });

  it('answers 403 to a customer', async () => {
    const res = await call(route, customer.token);
    expect(res.status).toBe(403);
    expectError(route, res);
  });

  it('lets the owner through the gate', async () => {
    const res = await call(route, owner.token);
    expect([401, 403]).not.toContain(res.status);
  });
});

// Every named role, and a custom role holding each permission alone.
const ROLE_CASES: { name: string; role: StaffRole; permissions: Permission[] }[] = [
  ...STAFF_ROLES.filter((r) => r !== 'custom').map((role) => ({ name: role, role, permissions: [] })),
  ...ASSIGNABLE_PERMISSIONS.map((p) => ({ name: `custom [${p}]`, role: 'custom' as const, permissions: [p] })),
];
const roleCallers = await Promise.all(
  ROLE_CASES.map(async (c) => ({
    ...c,
    granted: rolePermissions(c.role, c.permissions),
    token: (await createStaffWithRole(server.database.db, c.role, c.permissions)).token,
  })),
);

describe('staff route permissions', () => {
  it('every staff route declares a permission of the map', () => {
    for (const r of staffRoutes) {
      expect(r.permission, `${label(r)} declares config.permission`).toBeDefined();
      expect(PERMISSIONS, label(r)).toContain(r.permission);
    }
  });

  it('the app refuses to register a staff route without a permission', async () => {
    const app = Fastify();
    await app.register(authPlugin, { db: server.database.db, jwtSecret: 'x'.repeat(40) });
    expect(() => app.get('/api/forgotten/', { config: { access: 'staff' } }, async () => ({}))).toThrow(/must declare config.permission/);
    await app.close();
  });
});

describe.each(staffRoutes.map((r) => [label(r), r] as const))('roles on staff route %s', (_name, route) => {
  it.for(roleCallers.map((c) => [c.name, c] as const))('%s', async ([, caller]) => {
    const res = await call(route, caller.token);
    if (caller.granted.has(route.permission as Permission)) expect([401, 403], `${caller.name} passes`).not.toContain(res.status);
    else {
      expect(res.status, `${caller.name} is refused`).toBe(403);
      expectError(route, res);
    }
  });
});

describe.each(userRoutes.map((r) => [label(r), r] as const))('login route %s', (_name, route) => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await call(route);
    expect(res.status).toBe(401);
    expectError(route, res);
  });
});

// Admin calls of the spec (accounts-admin §7, storefront §7, issue 4). `module` names where each
// lives; a module not registered yet is skipped, never treated as public.
const ADMIN_CALLS: { method: string; url: string; module: string; mustExist?: boolean }[] = [
  { method: 'POST', url: '/api/products/', module: 'admin-catalog', mustExist: true },
  { method: 'PUT', url: '/api/products/:id/', module: 'admin-catalog', mustExist: true },
  { method: 'PATCH', url: '/api/products/:id/', module: 'admin-catalog', mustExist: true },
  { method: 'DELETE', url: '/api/products/:id/', module: 'admin-catalog', mustExist: true },
  { method: 'POST', url: '/api/brands/', module: 'admin-catalog', mustExist: true },
  { method: 'PUT', url: '/api/brands/:id/', module: 'admin-catalog', mustExist: true },
  { method: 'PATCH', url: '/api/brands/:id/', module: 'admin-catalog', mustExist: true },
  { method: 'DELETE', url: '/api/brands/:id/', module: 'admin-catalog', mustExist: true },
  { method: 'POST', url: '/api/brands/:id/apply-discount/', module: 'admin-catalog', mustExist: true },
  { method: 'GET', url: '/api/products/export.csv', module: 'admin-catalog', mustExist: true },
  { method: 'POST', url: '/api/products/import/', module: 'admin-catalog', mustExist: true },
  { method: 'POST', url: '/api/products/bulk/', module: 'admin-catalog', mustExist: true },
  { method: 'GET', url: '/api/orders/', module: 'orders' },
  { method: 'DELETE', url: '/api/orders/:id/', module: 'orders' },
  // Issue 13: the order workflow.
  { method: 'POST', url: '/api/orders/:id/payment/', module: 'orders', mustExist: true },
  { method: 'POST', url: '/api/orders/:id/shipment/', module: 'orders', mustExist: true },
  { method: 'PUT', url: '/api/orders/:id/internal-notes/', module: 'orders', mustExist: true },
  { method: 'POST', url: '/api/orders/bulk/', module: 'orders', mustExist: true },
  { method: 'GET', url: '/api/orders/export.csv', module: 'orders', mustExist: true },
  { method: 'GET', url: '/api/core/payment-settings/', module: 'site', mustExist: true },
  { method: 'PUT', url: '/api/core/payment-settings/', module: 'site', mustExist: true },
  { method: 'POST', url: '/api/core/toggle-maintenance/', module: 'site' },
  { method: 'POST', url: '/api/core/dollar-rate/', module: 'site' },
  { method: 'GET', url: '/api/auth/users/', module: 'users' },
  { method: 'GET', url: '/api/auth/users/:id/', module: 'users' },
  { method: 'PATCH', url: '/api/auth/users/:id/', module: 'users' },
  { method: 'DELETE', url: '/api/auth/users/:id/', module: 'users' },
  { method: 'POST', url: '/api/auth/admin/create-user/', module: 'users' },
  { method: 'GET', url: '/api/activity-logs/', module: 'activity' },
  { method: 'GET', url: '/api/activity-logs/stats/', module: 'activity' },
  { method: 'PATCH', url: '/api/warranty-claims/:id/', module: 'warranty' },
  { method: 'GET', url: '/api/core/stock-alert-settings/', module: 'stock-alerts', mustExist: true },
  { method: 'PUT', url: '/api/core/stock-alert-settings/', module: 'stock-alerts', mustExist: true },
];

describe('admin calls of the spec', () => {
  it.for(ADMIN_CALLS.map((c) => [`${c.method} ${c.url}`, c] as const))('%s is a staff route', ([, adminCall], context) => {
    const found = routes.find((r) => r.method === adminCall.method && concrete(r.url) === concrete(adminCall.url));
    if (!found && !adminCall.mustExist) {
      context.skip(`module ${adminCall.module} not registered`);
      return;
    }
    expect(found, `${adminCall.method} ${adminCall.url} is registered`).toBeDefined();
    expect(found!.access).toBe('staff');
  });
});
