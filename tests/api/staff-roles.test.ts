// Staff roles (issue 24): PUT /api/auth/users/{id}/role/ and what each role may do afterwards.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_PERMISSIONS } from '../../src/domain/staff-roles';
import { sqlRows } from '../../src/server/db/client';
import { activityLogs, refreshTokens, users } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createStaff, createStaffWithRole, createUser, TEST_PASSWORD } from '../helpers/factories';
import { simpleOrder } from '../helpers/orders';

const server = useTestServer();
const db = () => server.database.db;

const setRole = (id: number, body: unknown, token: string) => api(server, 'PUT', `/api/auth/users/${id}/role/`, { token, body });
const login = async (username: string) => {
  const res = await api(server, 'POST', '/api/auth/login/', { body: { username_or_email: username, password: TEST_PASSWORD } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { access: string; user: Record<string, unknown> };
};
const openSessions = async (userId: number) =>
  (
    await db()
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.user_id, userId), sql`${refreshTokens.revoked_at} is null`))
  ).length;

describe('PUT /api/auth/users/{id}/role/', () => {
  it('makes a customer Depósito: the change is logged, their sessions end, and a new login has the role', async () => {
    const owner = await createStaff(db(), { is_superuser: true });
    const employee = await createUser(db());
    expect(await openSessions(employee.id)).toBe(1);

    const res = await setRole(employee.id, { role: 'warehouse' }, owner.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id: employee.id,
      role: 'warehouse',
      is_staff: true,
      is_superuser: false,
      message: 'Rol actualizado: Depósito',
    });

    // The old token no longer works: its session was revoked.
    expect(await openSessions(employee.id)).toBe(0);
    expect((await api(server, 'GET', '/api/auth/verify-permissions/', { token: employee.token })).status).toBe(401);

    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entity_id, String(employee.id)));
    expect(entry).toMatchObject({
      action: 'update',
      user_id: owner.id,
      entity_type: 'user',
      description: `Rol de ${employee.username}: Cliente (sin acceso) → Depósito`,
    });
    expect(entry.changes).toEqual({ before: { role: null, permissions: null }, after: { role: 'warehouse', permissions: null } });

    const session = await login(employee.username);
    expect(session.user).toMatchObject({ role: 'warehouse', is_staff: true });
    const perms = await api(server, 'GET', '/api/auth/verify-permissions/', { token: session.access });
    expect(perms.json).toMatchObject({ role: 'warehouse' });
    expect(perms.json.permissions).toMatchObject({
      can_access_admin: true,
      can_view_orders: true,
      can_ship_orders: true,
      can_manage_orders: false,
      can_manage_products: false,
      can_manage_settings: false,
      can_manage_users: false,
      can_manage_team: false,
    });

    // Depósito sees and ships orders, and nothing else.
    const { order } = await simpleOrder(server);
    expect((await api(server, 'GET', '/api/orders/', { token: session.access })).status).toBe(200);
    const detail = await api(server, 'GET', `/api/orders/${order.id}/`, { token: session.access });
    expect(detail.status).toBe(200);
    const shipped = await api(server, 'POST', `/api/orders/${order.id}/shipment/`, {
      token: session.access,
      body: { carrier: 'andreani' },
    });
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    expect(shipped.json.shipment).toMatchObject({ carrier: 'andreani' });
    const paid = await api(server, 'POST', `/api/orders/${order.id}/payment/`, { token: session.access, body: { method: 'efectivo' } });
    expect(paid.status).toBe(403);
    const bulkPaid = await api(server, 'POST', '/api/orders/bulk/', {
      token: session.access,
      body: { ids: [order.id], action: 'mark_paid' },
    });
    expect(bulkPaid.status).toBe(403);
    const bulkShipped = await api(server, 'POST', '/api/orders/bulk/', {
      token: session.access,
      body: { ids: [order.id], action: 'mark_shipped', carrier: 'oca' },
    });
    expect(bulkShipped.status).toBe(200);
    // A staff edit of the order is the managers': Depósito's PUT is read as a customer's, so
    // someone else's order is not found.
    const edit = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: session.access, body: { internal_notes: 'x' } });
    expect([400, 404]).toContain(edit.status);
    expect((await api(server, 'GET', '/api/core/payment-settings/', { token: session.access })).status).toBe(403);
    expect((await api(server, 'POST', '/api/products/', { token: session.access, body: {} })).status).toBe(403);
  });

  it('reads a customer-facing order as a customer for a role without orders', async () => {
    const catalog = await createStaffWithRole(db(), 'catalog');
    const { order } = await simpleOrder(server);
    expect((await api(server, 'GET', `/api/orders/${order.id}/`, { token: catalog.token })).status).toBe(404);
  });

  it('stores a custom role with its permissions, shows the role in the user list and detail, and removes it with null', async () => {
    const owner = await createStaff(db(), { is_superuser: true });
    const target = await createUser(db());
    const res = await setRole(
      target.id,
      { role: 'custom', permissions: ['can_manage_warranty', 'can_view_orders', 'can_view_orders'] },
      owner.token,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({
      staff_role: 'custom',
      staff_permissions: ['can_manage_warranty', 'can_view_orders'],
      is_staff: true,
      is_superuser: false,
    });

    const detail = await api(server, 'GET', `/api/auth/users/${target.id}/`, { token: owner.token });
    expect(detail.json.user.role).toBe('custom');
    const list = await api(server, 'GET', `/api/auth/users/?user_type=staff&username=${target.username}`, { token: owner.token });
    expect(list.json.results.map((u: { id: number; role: string }) => [u.id, u.role])).toEqual([[target.id, 'custom']]);

    const removed = await setRole(target.id, { role: null }, owner.token);
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({
      role: null,
      is_staff: false,
      is_superuser: false,
      message: 'El usuario ya no es parte del equipo',
    });
    const [after] = await db().select().from(users).where(eq(users.id, target.id));
    expect(after).toMatchObject({ staff_role: null, staff_permissions: null, is_staff: false });
  });

  it('answers 400 with a Spanish message for a bad body', async () => {
    const owner = await createStaff(db(), { is_superuser: true });
    const target = await createUser(db());
    const cases: [unknown, RegExp][] = [
      [{ role: 'jefe' }, /Rol inválido/],
      [{}, /Rol inválido/],
      [{ role: 'custom' }, /al menos un permiso/],
      [{ role: 'custom', permissions: [] }, /al menos un permiso/],
      [{ role: 'custom', permissions: ['can_fly'] }, /Permiso desconocido/],
      [{ role: 'custom', permissions: ['can_manage_team'] }, /Permiso desconocido/],
      [{ role: 'catalog', permissions: ['can_view_orders'] }, /Solo el rol personalizado/],
      [{ role: null, permissions: ['can_view_orders'] }, /Solo el rol personalizado/],
    ];
    for (const [body, message] of cases) {
      const res = await setRole(target.id, body, owner.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json), JSON.stringify(body)).toMatch(message);
    }
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row.staff_role).toBeNull();
  });

  it('answers 403 to staff who are not owners, even with every other permission', async () => {
    const target = await createUser(db());
    const fullStaff = await createStaffWithRole(db(), 'custom', ASSIGNABLE_PERMISSIONS);
    const admin = await createStaffWithRole(db(), 'admin');
    for (const caller of [fullStaff, admin]) {
      const res = await setRole(target.id, { role: 'owner' }, caller.token);
      expect(res.status).toBe(403);
      expect(res.json.error).toMatch(/permiso/);
    }
    // Nor can they give themselves the owner role.
    expect((await setRole(fullStaff.id, { role: 'owner' }, fullStaff.token)).status).toBe(403);
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row.staff_role).toBeNull();
  });

  it('answers 404 for an unknown user', async () => {
    const owner = await createStaff(db(), { is_superuser: true });
    const res = await setRole(999_999, { role: 'warehouse' }, owner.token);
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Usuario no encontrado');
  });

  it("never changes one's own role, the last owner's included (403), and lets one owner demote another", async () => {
    // Only the owners made here: earlier tests' owners are demoted first.
    await db()
      .update(users)
      .set({ staff_role: 'custom', staff_permissions: [...ASSIGNABLE_PERMISSIONS], is_superuser: false })
      .where(eq(users.staff_role, 'owner'));
    const first = await createStaff(db(), { is_superuser: true });
    for (const body of [{ role: 'admin' }, { role: null }, { role: 'owner' }]) {
      const own = await setRole(first.id, body, first.token);
      expect(own.status, JSON.stringify(body)).toBe(403);
      expect(own.json.error).toBe('No puedes modificar tu propia cuenta');
    }

    const second = await createStaff(db(), { is_superuser: true });
    // An inactive owner does not count: the shop needs someone who can log in.
    const inactive = await createStaff(db(), { is_superuser: true, is_active: false });
    const stepDown = await setRole(second.id, { role: 'warehouse' }, first.token);
    expect(stepDown.status, JSON.stringify(stepDown.json)).toBe(200);
    // The inactive owner can be demoted: the active one remains.
    expect((await setRole(inactive.id, { role: null }, first.token)).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, first.id));
    expect(row).toMatchObject({ staff_role: 'owner', is_active: true });
  });

  // Two owners removing each other at the same moment, each way an owner can be removed, several
  // rounds: one change wins, the other is refused (409, or 401 once its own session ended with
  // the first change), never a 500, and the shop keeps exactly one active owner. On PGlite the
  // transactions take turns; on PostgreSQL they truly overlap.
  describe('at the same time', () => {
    type Removal = (target: number, token: string) => ReturnType<typeof api>;
    const removals: Record<string, Removal> = {
      'role null': (target, token) => setRole(target, { role: null }, token),
      'role warehouse': (target, token) => setRole(target, { role: 'warehouse' }, token),
      'switch-off': (target, token) => api(server, 'PATCH', `/api/auth/users/${target}/`, { token, body: { is_active: false } }),
      delete: (target, token) => api(server, 'DELETE', `/api/auth/users/${target}/`, { token }),
    };
    const activeOwners = async () =>
      (await sqlRows<{ id: number }>(db(), sql`select id from users where staff_role = 'owner' and is_active order by id`)).map(
        (r) => r.id,
      );
    const pairs: [string, string][] = [
      ['role null', 'role null'],
      ['switch-off', 'switch-off'],
      ['delete', 'delete'],
      ['role warehouse', 'switch-off'],
      ['switch-off', 'delete'],
      ['delete', 'role null'],
    ];

    it.for(pairs)('lets only one of two owners remove the other (%s against %s), round after round', async ([first, second]) => {
      for (let round = 0; round < 4; round++) {
        await db()
          .update(users)
          .set({ staff_role: 'custom', staff_permissions: [...ASSIGNABLE_PERMISSIONS], is_superuser: false })
          .where(eq(users.staff_role, 'owner'));
        const a = await createStaff(db(), { is_superuser: true });
        const b = await createStaff(db(), { is_superuser: true });
        const [byA, byB] = await Promise.all([removals[first](b.id, a.token), removals[second](a.id, b.token)]);
        const results = [byA, byB];
        const label = `round ${round}: ${results.map((r) => `${r.status} ${r.text}`).join(' | ')}`;
        expect(
          results.filter((r) => r.status < 300),
          label,
        ).toHaveLength(1);
        const refused = results.find((r) => r.status >= 300)!;
        expect([401, 409], label).toContain(refused.status);
        if (refused.status === 409) expect(refused.json.error, label).toMatch(/último dueño activo/);
        const winner = byA.status < 300 ? a : b;
        expect(await activeOwners(), label).toEqual([winner.id]);
      }
    });
  });

  it('keeps is_staff and is_superuser in step with the role in the database itself', async () => {
    const user = await createUser(db());
    await expect(db().update(users).set({ is_staff: true }).where(eq(users.id, user.id))).rejects.toThrow();
    await expect(db().update(users).set({ staff_role: 'owner', is_staff: true }).where(eq(users.id, user.id))).rejects.toThrow();
    await expect(db().update(users).set({ staff_role: 'custom', is_staff: true }).where(eq(users.id, user.id))).rejects.toThrow();
    await expect(
      db()
        .update(users)
        .set({ staff_role: 'boss' as never, is_staff: true })
        .where(eq(users.id, user.id)),
    ).rejects.toThrow();
  });
});
