import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_PERMISSIONS,
  checkRoleChange,
  legacyRole,
  permissionMap,
  PERMISSIONS,
  roleChangeSchema,
  roleColumns,
  STAFF_ROLES,
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
    for (const p of ['can_manage_products', 'can_manage_settings', 'can_view_activity', 'can_manage_team'])
      expect(map[p as keyof typeof map], p).toBe(false);
  });

  it('gives Catálogo products and prices only', () => {
    expect(granted(mapOf('catalog'))).toEqual(['can_access_admin', 'can_manage_products']);
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
    expect(staff.staff_permissions).toEqual([...ASSIGNABLE_PERMISSIONS].sort());
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

describe('who may change a role', () => {
  const owner = { is_superuser: true, is_active: true };
  const staff = { is_superuser: false, is_active: true };

  it('lets only an owner change roles', () => {
    expect(checkRoleChange({ actor: staff, target: staff, next: 'warehouse', activeOwners: 1 })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(checkRoleChange({ actor: owner, target: staff, next: 'warehouse', activeOwners: 1 })).toEqual({ ok: true });
  });

  it('never takes the owner role from the last active owner, themself included', () => {
    expect(checkRoleChange({ actor: owner, target: owner, next: null, activeOwners: 1 })).toMatchObject({
      ok: false,
      reason: 'last_owner',
    });
    expect(checkRoleChange({ actor: owner, target: owner, next: 'admin', activeOwners: 1 })).toMatchObject({
      ok: false,
      reason: 'last_owner',
    });
    expect(checkRoleChange({ actor: owner, target: owner, next: 'owner', activeOwners: 1 })).toEqual({ ok: true });
    expect(checkRoleChange({ actor: owner, target: owner, next: null, activeOwners: 2 })).toEqual({ ok: true });
    // An inactive owner is not one of the active ones, so demoting them leaves the count as is.
    expect(checkRoleChange({ actor: owner, target: { is_superuser: true, is_active: false }, next: null, activeOwners: 1 })).toEqual({
      ok: true,
    });
  });
});
