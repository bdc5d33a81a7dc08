import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_PERMISSIONS,
  checkAccountChange,
  hasPermission,
  legacyRole,
  permissionMap,
  PERMISSIONS,
  LAST_OWNER_MESSAGES,
  OWN_ACCOUNT_MESSAGE,
  ROLE_DESCRIPTIONS,
  roleChangeSchema,
  roleColumns,
  STAFF_ROLES,
  TEAM_ACCOUNT_FORBIDDEN_MESSAGE,
  type AccountChange,
} from './staff-roles';

const mapOf = (role: Parameters<typeof roleColumns>[0], permissions: Parameters<typeof roleColumns>[1] = []) =>
  permissionMap(roleColumns(role, permissions));
const granted = (map: Record<string, boolean>) =>
  Object.entries(map)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();

describe('role permissions', () => {
  it('gives a customer nothing and the owner everything', () => {
    expect(granted(mapOf(null))).toEqual([]);
    expect(granted(mapOf('owner'))).toEqual([...PERMISSIONS].sort());
  });

  it('lets Depósito see and ship orders, and nothing about prices, products or settings', () => {
    expect(granted(mapOf('warehouse'))).toEqual(['can_access_admin', 'can_ship_orders', 'can_view_orders']);
  });

  it('gives Administración orders, customers, warranty and the dashboard, but not products or settings', () => {
    const map = mapOf('admin');
    for (const p of [
      'can_manage_orders',
      'can_view_orders',
      'can_ship_orders',
      'can_manage_users',
      'can_manage_warranty',
      'can_view_dashboard',
    ])
      expect(map[p as keyof typeof map], p).toBe(true);
    for (const p of ['can_manage_products', 'can_manage_purchasing', 'can_manage_settings', 'can_view_activity', 'can_manage_team'])
      expect(map[p as keyof typeof map], p).toBe(false);
  });

  it('gives Catálogo products and prices, and the purchasing that comes with them', () => {
    expect(granted(mapOf('catalog'))).toEqual(['can_access_admin', 'can_manage_products', 'can_manage_purchasing']);
  });

  it('lets a custom role buy from the banks without managing products', () => {
    expect(granted(mapOf('custom', ['can_manage_purchasing']))).toEqual(['can_access_admin', 'can_manage_purchasing']);
  });

  it('gives a custom role what it lists plus what that implies', () => {
    expect(granted(mapOf('custom', ['can_manage_orders']))).toEqual([
      'can_access_admin',
      'can_manage_orders',
      'can_ship_orders',
      'can_view_orders',
    ]);
  });

  it('ignores a permission key it does not know in stored data', () => {
    expect(granted(permissionMap({ staff_role: 'custom', staff_permissions: ['can_fly'] }))).toEqual(['can_access_admin']);
    expect(granted(permissionMap({ staff_role: 'pirate', staff_permissions: null }))).toEqual([]);
  });
});

describe('role descriptions', () => {
  // What a description may say, and what the role must then grant or lack. Seeing orders shows
  // every total and unit price, so a role that sees them never claims to be without prices.
  const CLAIMS: [RegExp, (map: ReturnType<typeof mapOf>) => boolean][] = [
    [/sin precios/i, (m) => !m.can_view_orders && !m.can_view_dashboard && !m.can_manage_products],
    [/ve los pedidos/i, (m) => m.can_view_orders],
    [/registra envíos/i, (m) => m.can_ship_orders],
    [/no edita precios/i, (m) => !m.can_manage_products],
    [/no edita[^.]*pagos/i, (m) => !m.can_manage_orders],
    [/no edita[^.]*configuración|sin[^.]*configuración/i, (m) => !m.can_manage_settings],
    [/^pedidos/i, (m) => m.can_manage_orders],
    [/clientes/i, (m) => m.can_manage_users],
    [/garantías/i, (m) => m.can_manage_warranty],
    [/resumen/i, (m) => m.can_view_dashboard],
    [/^productos.*precios/i, (m) => m.can_manage_products],
    [/equipo/i, (m) => m.can_manage_team],
  ];

  it('say only what each named role can and cannot do', () => {
    for (const role of STAFF_ROLES.filter((r) => r !== 'custom')) {
      const map = mapOf(role);
      for (const [claim, holds] of CLAIMS) {
        if (claim.test(ROLE_DESCRIPTIONS[role])) expect(holds(map), `${role}: "${ROLE_DESCRIPTIONS[role]}" ${claim}`).toBe(true);
      }
    }
  });

  it('tell Depósito it sees the orders with their amounts but edits no prices, payments or settings', () => {
    expect(ROLE_DESCRIPTIONS.warehouse).toMatch(/importes/);
    expect(ROLE_DESCRIPTIONS.warehouse).toMatch(/no edita precios, pagos ni configuración/i);
  });
});

describe('stored columns', () => {
  it('keep is_staff and is_superuser in step with the role', () => {
    for (const role of STAFF_ROLES) {
      const cols = roleColumns(role, ['can_view_orders']);
      expect(cols.is_staff).toBe(true);
      expect(cols.is_superuser).toBe(role === 'owner');
      expect(cols.staff_permissions === null).toBe(role !== 'custom');
    }
    expect(roleColumns(null)).toEqual({ staff_role: null, staff_permissions: null, is_staff: false, is_superuser: false });
  });

  it('gives staff upgraded by the migration the same custom permissions as legacyRole', () => {
    const sql = readFileSync(new URL('../../drizzle/0016_staff_roles.sql', import.meta.url), 'utf8');
    const listed = /"staff_permissions" = ARRAY\[([^\]]*)\]/.exec(sql)?.[1] ?? '';
    expect(listed.split(',').map((p) => p.trim().replace(/'/g, ''))).toEqual(
      legacyRole({ is_staff: true, is_superuser: false }).staff_permissions,
    );
  });

  it('maps staff made before roles to the access they had', () => {
    expect(legacyRole({ is_staff: true, is_superuser: true }).staff_role).toBe('owner');
    const staff = legacyRole({ is_staff: true, is_superuser: false });
    expect(staff.staff_role).toBe('custom');
    expect(staff.staff_permissions).toEqual([...ASSIGNABLE_PERMISSIONS].filter((p) => p !== 'can_manage_purchasing').sort());
    // Purchasing came later: those accounts have it through can_manage_products.
    expect(permissionMap(staff).can_manage_purchasing).toBe(true);
    expect(legacyRole({ is_staff: false, is_superuser: false }).staff_role).toBeNull();
  });
});

describe('the role change body', () => {
  const errorOf = (body: unknown) => {
    const r = roleChangeSchema.safeParse(body);
    return r.success ? null : r.error.issues[0].message;
  };

  it('takes a named role, null, or custom with known permissions', () => {
    expect(errorOf({ role: 'warehouse' })).toBeNull();
    expect(errorOf({ role: null })).toBeNull();
    expect(errorOf({ role: 'custom', permissions: ['can_view_orders'] })).toBeNull();
  });

  it('refuses an unknown role, a custom role without permissions, unknown ones, and permissions for a named role', () => {
    expect(errorOf({ role: 'jefe' })).toMatch(/Rol inválido/);
    expect(errorOf({})).toMatch(/Rol inválido/);
    expect(errorOf({ role: 'custom' })).toMatch(/al menos un permiso/);
    expect(errorOf({ role: 'custom', permissions: [] })).toMatch(/al menos un permiso/);
    expect(errorOf({ role: 'custom', permissions: ['can_fly'] })).toMatch(/Permiso desconocido/);
    expect(errorOf({ role: 'custom', permissions: ['can_access_admin'] })).toMatch(/Permiso desconocido/);
    expect(errorOf({ role: 'catalog', permissions: ['can_view_orders'] })).toMatch(/Solo el rol personalizado/);
  });
});

describe('who may change an account', () => {
  const owner = { id: 1, ...roleColumns('owner'), is_active: true };
  const otherOwner = { id: 2, ...roleColumns('owner'), is_active: true };
  const admin = { id: 3, ...roleColumns('admin'), is_active: true };
  const warehouse = { id: 4, ...roleColumns('warehouse'), is_active: true };
  const customer = { id: 5, ...roleColumns(null), is_active: true };
  const fullCustom = { id: 6, ...roleColumns('custom', ASSIGNABLE_PERMISSIONS), is_active: true };
  const check = (actor: typeof owner, target: typeof owner, change: AccountChange, activeOwners = 2) =>
    checkAccountChange({ actor: { id: actor.id, can: (p) => hasPermission(actor, p) }, target, change, activeOwners });
  const ALL_CHANGES: AccountChange[] = [
    { kind: 'role', role: 'warehouse' },
    { kind: 'active', active: false },
    { kind: 'active', active: true },
    { kind: 'delete' },
  ];

  it('never lets anyone change their own account, role included', () => {
    for (const change of ALL_CHANGES) {
      expect(check(owner, owner, change), change.kind).toEqual({ ok: false, reason: 'forbidden', message: OWN_ACCOUNT_MESSAGE });
    }
  });

  it('lets only an owner (can_manage_team) change roles', () => {
    for (const actor of [admin, fullCustom]) {
      expect(check(actor, customer, { kind: 'role', role: 'warehouse' })).toMatchObject({ ok: false, reason: 'forbidden' });
    }
    expect(check(owner, customer, { kind: 'role', role: 'warehouse' })).toEqual({ ok: true });
  });

  it('lets only an owner switch staff accounts on or off or delete them; customers are can_manage_users', () => {
    for (const change of ALL_CHANGES.filter((c) => c.kind !== 'role')) {
      for (const actor of [admin, fullCustom]) {
        expect(check(actor, warehouse, change), change.kind).toEqual({
          ok: false,
          reason: 'forbidden',
          message: TEAM_ACCOUNT_FORBIDDEN_MESSAGE,
        });
        expect(check(actor, otherOwner, change), change.kind).toMatchObject({ ok: false, reason: 'forbidden' });
        expect(check(actor, customer, change), change.kind).toEqual({ ok: true });
      }
      expect(check(warehouse, customer, change), change.kind).toMatchObject({ ok: false, reason: 'forbidden' });
      expect(check(owner, warehouse, change), change.kind).toEqual({ ok: true });
      expect(check(owner, customer, change), change.kind).toEqual({ ok: true });
    }
  });

  it('never takes the last active owner away, by role, switch-off or deletion', () => {
    const removals: AccountChange[] = [
      { kind: 'role', role: null },
      { kind: 'role', role: 'admin' },
      { kind: 'active', active: false },
      { kind: 'delete' },
    ];
    for (const change of removals) {
      expect(check(owner, otherOwner, change, 1), JSON.stringify(change)).toEqual({
        ok: false,
        reason: 'last_owner',
        message: LAST_OWNER_MESSAGES[change.kind],
      });
      expect(check(owner, otherOwner, change, 2), JSON.stringify(change)).toEqual({ ok: true });
    }
    // Keeping the role, or switching an owner on, takes nobody away.
    expect(check(owner, otherOwner, { kind: 'role', role: 'owner' }, 1)).toEqual({ ok: true });
    expect(check(owner, otherOwner, { kind: 'active', active: true }, 1)).toEqual({ ok: true });
    // An inactive owner is not one of the active ones, so removing them leaves the count as is.
    const inactiveOwner = { ...otherOwner, is_active: false };
    for (const change of removals) expect(check(owner, inactiveOwner, change, 1), JSON.stringify(change)).toEqual({ ok: true });
  });
});
