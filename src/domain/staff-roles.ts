// Staff roles (issue 24): the permission keys with their Spanish labels, each role's set, what a
// user's stored role grants, and who may change an account (its role, state or existence) and
// when the shop refuses it. Everything that makes or
// changes staff (the role route, the seed admin, the migration's backfill, the test factories)
// goes through here, so `is_staff` and `is_superuser` always follow the role.
import { z } from 'zod';

/**
 * The permission map of GET /api/auth/verify-permissions/. The spec's five keep their names
 * (`can_access_admin`, `can_manage_products`, `can_manage_orders`, `can_manage_users`,
 * `can_manage_settings`); the others split what the roles need.
 */
export const PERMISSION_LABELS = {
  can_access_admin: 'Entrar al panel',
  can_view_dashboard: 'Ver el resumen del panel',
  can_view_orders: 'Ver pedidos, imprimirlos y exportarlos',
  can_ship_orders: 'Registrar envíos',
  can_manage_orders: 'Gestionar pedidos (pagos, cambios, reintegros, borrar)',
  can_manage_products: 'Gestionar productos, marcas, costos e importaciones (incluye compras)',
  can_manage_purchasing: 'Compras a los bancos, reposición y reportes de ventas con márgenes',
  can_manage_users: 'Gestionar clientes',
  can_manage_warranty: 'Gestionar garantías',
  can_manage_settings: 'Cambiar la configuración de la tienda',
  can_view_activity: 'Ver el registro de actividad',
  can_manage_team: 'Gestionar el equipo: dar y quitar roles, activar, desactivar y eliminar sus cuentas',
} as const;

export type Permission = keyof typeof PERMISSION_LABELS;
export const PERMISSIONS = Object.keys(PERMISSION_LABELS) as Permission[];

/**
 * What a custom role may hold: every permission but entering the panel, which any role grants,
 * and managing the team, which is the owner's alone (is_superuser).
 */
export const ASSIGNABLE_PERMISSIONS = PERMISSIONS.filter((p) => p !== 'can_access_admin' && p !== 'can_manage_team');

export type PermissionMap = Record<Permission, boolean>;

export const STAFF_ROLES = ['owner', 'admin', 'warehouse', 'catalog', 'custom'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type NamedRole = Exclude<StaffRole, 'custom'>;

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Dueño',
  admin: 'Administración',
  warehouse: 'Depósito',
  catalog: 'Catálogo',
  custom: 'Personalizado',
};

/** The label of "no role": a customer, without access to the panel. */
export const NO_ROLE_LABEL = 'Cliente (sin acceso)';

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Todo, incluido el equipo y sus roles.',
  admin: 'Pedidos, clientes, garantías y el resumen.',
  warehouse: 'Ve los pedidos con sus importes, registra envíos e imprime. No edita precios, pagos ni configuración.',
  catalog: 'Productos, marcas, precios y costos, importación, edición masiva, compras y reposición.',
  custom: 'Los permisos que elijas.',
};

const NAMED_ROLE_PERMISSIONS: Record<NamedRole, readonly Permission[]> = {
  owner: [...ASSIGNABLE_PERMISSIONS, 'can_manage_team'],
  admin: ['can_view_dashboard', 'can_view_orders', 'can_ship_orders', 'can_manage_orders', 'can_manage_users', 'can_manage_warranty'],
  warehouse: ['can_view_orders', 'can_ship_orders'],
  catalog: ['can_manage_products'],
};

/** A permission that includes others: managing orders includes seeing and shipping them. */
const IMPLIED: Partial<Record<Permission, readonly Permission[]>> = {
  // Whoever manages products (and their costs) also buys them (issue 37).
  can_manage_products: ['can_manage_purchasing'],
  can_manage_orders: ['can_view_orders', 'can_ship_orders'],
  can_ship_orders: ['can_view_orders'],
};

/** How a user's role is stored (users.staff_role, users.staff_permissions). */
export interface StoredRole {
  staff_role: string | null;
  staff_permissions: readonly string[] | null;
}

const isRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);
const isPermission = (value: unknown): value is Permission => PERMISSIONS.includes(value as Permission);

/** The permissions a role grants; `custom` grants the ones stored with it (plus what they imply). */
export function rolePermissions(role: StaffRole | null, custom: readonly string[] | null = null): Set<Permission> {
  if (!role) return new Set();
  const granted = new Set<Permission>(['can_access_admin']);
  const own = role === 'custom' ? (custom ?? []).filter(isPermission) : NAMED_ROLE_PERMISSIONS[role];
  for (const p of own) {
    granted.add(p);
    for (const implied of IMPLIED[p] ?? []) granted.add(implied);
  }
  return granted;
}

/** The user's role as stored, or null for a customer (or an unknown stored value). */
export function roleOf(user: StoredRole): StaffRole | null {
  return isRole(user.staff_role) ? user.staff_role : null;
}

export function permissionsFor(user: StoredRole): Set<Permission> {
  return rolePermissions(roleOf(user), user.staff_permissions);
}

export function permissionMap(user: StoredRole): PermissionMap {
  const granted = permissionsFor(user);
  return Object.fromEntries(PERMISSIONS.map((p) => [p, granted.has(p)])) as PermissionMap;
}

export function hasPermission(user: StoredRole, permission: Permission): boolean {
  return permissionsFor(user).has(permission);
}

/** The columns a role is stored as: is_staff and is_superuser follow it (the table checks this too). */
export function roleColumns(role: StaffRole | null, permissions: readonly Permission[] = []) {
  return {
    staff_role: role,
    staff_permissions: role === 'custom' ? [...new Set(permissions)].sort() : null,
    is_staff: role !== null,
    is_superuser: role === 'owner',
  };
}

/** The assignable keys there were when roles came (migration 0016); later ones follow from them (IMPLIED). */
export const LEGACY_PERMISSIONS = ASSIGNABLE_PERMISSIONS.filter((p) => p !== 'can_manage_purchasing');

/**
 * The role a staff account made before roles had: a superuser is the owner; other staff keep
 * every permission they had (all but the owner's), as a custom role.
 */
export function legacyRole(flags: { is_staff: boolean; is_superuser: boolean }) {
  if (flags.is_superuser) return roleColumns('owner');
  if (flags.is_staff) return roleColumns('custom', LEGACY_PERMISSIONS);
  return roleColumns(null);
}

// ─── Changing an account ────────────────────────────────────────────────────────────────────

export const OWN_ACCOUNT_MESSAGE = 'No puedes modificar tu propia cuenta';
export const ROLE_CHANGE_FORBIDDEN_MESSAGE = 'Solo un dueño puede cambiar los roles del equipo';
export const TEAM_ACCOUNT_FORBIDDEN_MESSAGE = 'Solo un dueño puede activar, desactivar o eliminar cuentas del equipo';

/** PUT /api/auth/users/{id}/role/ */
export const roleChangeSchema = z
  .object({
    role: z.enum(STAFF_ROLES, { error: 'Rol inválido: usa owner, admin, warehouse, catalog, custom o null' }).nullable(),
    permissions: z
      .array(z.enum(ASSIGNABLE_PERMISSIONS as [Permission, ...Permission[]], { error: 'Permiso desconocido' }), {
        error: 'Los permisos deben ser una lista',
      })
      .max(ASSIGNABLE_PERMISSIONS.length * 2, 'Demasiados permisos')
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.role === 'custom' && (!body.permissions || body.permissions.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['permissions'], message: 'Elige al menos un permiso para el rol personalizado' });
    }
    if (body.role !== 'custom' && body.permissions !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['permissions'], message: 'Solo el rol personalizado lleva permisos' });
    }
  });
export type RoleChangeInput = z.infer<typeof roleChangeSchema>;

/** What staff do to an account: change its role, switch it on or off, or delete it. */
export type AccountChange = { kind: 'role'; role: StaffRole | null } | { kind: 'active'; active: boolean } | { kind: 'delete' };

/** Refused when it would leave the shop without an active owner (someone who can log in and hire). */
export const LAST_OWNER_MESSAGES: Record<AccountChange['kind'], string> = {
  role: 'No se puede quitar el rol de Dueño al último dueño activo de la tienda',
  active: 'No se puede desactivar al último dueño activo de la tienda',
  delete: 'No se puede eliminar al último dueño activo de la tienda',
};

export type AccountChangeCheck = { ok: true } | { ok: false; reason: 'forbidden' | 'last_owner'; message: string };

/** Whether the change takes an active owner away: a new role, switched off or deleted. */
function removesActiveOwner(target: StoredRole & { is_active: boolean }, change: AccountChange): boolean {
  if (roleOf(target) !== 'owner' || !target.is_active) return false;
  if (change.kind === 'role') return change.role !== 'owner';
  if (change.kind === 'active') return !change.active;
  return true;
}

/** Who changes an account: their id, and whether their role grants a permission. */
export interface AccountActor {
  id: number;
  can: (permission: Permission) => boolean;
}

/**
 * Why the actor may not make this kind of change to the target (spec accounts-admin §6, issue
 * 24), or null: nobody changes their own account; a role, and any staff account, only with
 * `can_manage_team` (the owner); a customer's state or existence with `can_manage_users`. The
 * server refuses with it (403) and the user list disables the buttons with it.
 */
export function accountChangeForbidden(
  actor: AccountActor,
  target: { id: number; staff_role: string | null },
  kind: AccountChange['kind'],
): string | null {
  if (actor.id === target.id) return OWN_ACCOUNT_MESSAGE;
  if (kind === 'role') return actor.can('can_manage_team') ? null : ROLE_CHANGE_FORBIDDEN_MESSAGE;
  if (isRole(target.staff_role)) return actor.can('can_manage_team') ? null : TEAM_ACCOUNT_FORBIDDEN_MESSAGE;
  return actor.can('can_manage_users') ? null : 'No tienes permisos para realizar esta acción';
}

/**
 * The whole rule for a change to an account: accountChangeForbidden (403), then never the last
 * active owner away, by role, switch-off or deletion (409). `activeOwners` (the target included)
 * is counted under the lock every such change takes, so two owners removing each other cannot
 * both succeed.
 */
export function checkAccountChange(input: {
  actor: AccountActor;
  target: StoredRole & { id: number; is_active: boolean };
  change: AccountChange;
  activeOwners: number;
}): AccountChangeCheck {
  const { target, change } = input;
  const forbidden = accountChangeForbidden(input.actor, target, change.kind);
  if (forbidden) return { ok: false, reason: 'forbidden', message: forbidden };
  if (removesActiveOwner(target, change) && input.activeOwners <= 1) {
    return { ok: false, reason: 'last_owner', message: LAST_OWNER_MESSAGES[change.kind] };
  }
  return { ok: true };
}

/** Bulk order actions: marking shipped is the warehouse's; the others change payments and states. */
export const BULK_ACTION_PERMISSION: Record<'mark_paid' | 'mark_shipped' | 'complete' | 'cancel', Permission> = {
  mark_paid: 'can_manage_orders',
  mark_shipped: 'can_ship_orders',
  complete: 'can_manage_orders',
  cancel: 'can_manage_orders',
};

/** The label shown for a stored role. */
export function roleLabel(role: StaffRole | null): string {
  return role ? ROLE_LABELS[role] : NO_ROLE_LABEL;
}
