// Staff management of accounts (spec accounts-admin §2 users, §6, §7 /auth/users/): list and
// detail, activate/deactivate, delete, and accounts created by an admin.
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AdminCreateUserInput, AdminUserDetailDto, AdminUserDto, UserListQuery } from '../../../domain/users';
import {
  type AccountChange,
  checkAccountChange,
  hasPermission,
  roleColumns,
  roleLabel,
  type RoleChangeInput,
} from '../../../domain/staff-roles';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { countOrdersOf, keepCustomerOnOrders, listMyOrders, ordersCountColumn } from '../orders';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../errors';
import type { AuthUser } from '../../security/caller';
import { logActivity } from '../../shared/activity-log';
import { insertAccount, revokeUserSessions, toProfile } from '../auth';
import { hashPassword } from '../../security/passwords';

type UserRow = typeof users.$inferSelect;

// Orders a user placed; kept in the list so staff see who buys. The outer column is written out
// qualified: drizzle renders ${users.id} as a bare "id" here, which inside the subquery means the
// order's id and counted one order for nearly everyone.
const ordersCount = ordersCountColumn(sql`"users"."id"`);

function toDto(row: UserRow, orders_count: number): AdminUserDto {
  return { ...toProfile(row), phone: row.phone, is_active: row.is_active, orders_count, staff_permissions: row.staff_permissions };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(ctx: AppContext, query: UserListQuery): Promise<{ results: AdminUserDto[]; count: number }> {
  const conditions: SQL[] = [];
  if (query.username) conditions.push(ilike(users.username, likePattern(query.username)));
  if (query.email) conditions.push(ilike(users.email, likePattern(query.email)));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.first_name, pattern), ilike(users.last_name, pattern))!,
    );
  }
  if (query.status) conditions.push(eq(users.is_active, query.status === 'active'));
  if (query.user_type === 'staff') conditions.push(eq(users.is_staff, true));
  if (query.user_type === 'customer') conditions.push(eq(users.is_staff, false));
  const where = conditions.length ? and(...conditions) : undefined;
  // The detail page looks a user up by e-mail (spec: usuarios?email=): an exact match comes first.
  const exactEmailFirst = query.email ? [sql`(lower(${users.email}) = ${query.email.toLowerCase()}) desc`] : [];
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ user: users, orders_count: ordersCount })
      .from(users)
      .where(where)
      .orderBy(...exactEmailFirst, desc(users.created_at), desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
  ]);
  return { results: rows.map((r) => toDto(r.user, r.orders_count)), count: total };
}

async function findUser(db: DbOrTx, id: number, lock = false): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Usuario no encontrado');
  return row;
}

// The detail page shows every order; a customer with more than this is looked at in the orders list.
const DETAIL_ORDERS = 100;

export async function getUserDetail(ctx: AppContext, id: number): Promise<AdminUserDetailDto> {
  const row = await findUser(ctx.db, id);
  const { results, count } = await listMyOrders(ctx, id, { page: 1, page_size: DETAIL_ORDERS }, 'staff');
  return { user: toDto(row, count), orders: results };
}

// Advisory lock id (db/migrate.ts holds 727_001): every change to an account's role, state or
// existence takes it first in its transaction, so changes that could leave the shop without an
// active owner run one at a time, each counting the owners the previous one left. Taken before
// any row, it also keeps two owners removing each other from deadlocking on each other's rows
// (the activity entry's foreign key locks the actor's row).
const ACCOUNT_CHANGE_LOCK = 727_002;

/**
 * Locks account changes, reads the actor, the target and the active owners as they are now, and
 * applies the rule of checkAccountChange (403 or 409). Runs first in the change's transaction.
 * The actor is read again under the lock: a change that waited for it while another took the
 * actor's role or switched them off is refused (401, their session ended), never applied with
 * the rights they had when the request came in.
 */
async function lockedTarget(tx: DbOrTx, actor: AuthUser, id: number, change: AccountChange): Promise<UserRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CHANGE_LOCK})`);
  const [actorNow] = await tx
    .select({ is_active: users.is_active, staff_role: users.staff_role, staff_permissions: users.staff_permissions })
    .from(users)
    .where(eq(users.id, actor.id));
  // A role change or a switch-off ends the account's sessions: the request is answered as theirs.
  const sameRole =
    actorNow?.staff_role === actor.role &&
    JSON.stringify(actorNow.staff_permissions ?? null) === JSON.stringify(actor.staff_permissions ?? null);
  if (!actorNow?.is_active || !sameRole) throw unauthorized('Tu sesión expiró. Por favor, inicia sesión nuevamente.');
  const target = await findUser(tx, id, true);
  const [{ owners }] = await tx
    .select({ owners: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(eq(users.staff_role, 'owner'), eq(users.is_active, true)));
  const check = checkAccountChange({
    actor: { id: actor.id, can: (permission) => hasPermission(actorNow, permission) },
    target,
    change,
    activeOwners: owners,
  });
  if (!check.ok) throw check.reason === 'forbidden' ? forbidden(check.message) : conflict(check.message, 'LAST_OWNER');
  return target;
}

const actorOf = (actor: AuthUser) => ({ id: actor.id, username: actor.username });

export async function setUserActive(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  isActive: boolean,
): Promise<AdminUserDto & { message: string }> {
  const row = await ctx.db.transaction(async (tx) => {
    const target = await lockedTarget(tx, actor, id, { kind: 'active', active: isActive });
    if (target.is_active === isActive) return target;
    const [updated] = await tx.update(users).set({ is_active: isActive, updated_at: ctx.now() }).where(eq(users.id, id)).returning();
    // A deactivated user is out at once: access tokens are checked against is_active on every
    // request, and every refresh token is revoked here.
    if (!isActive) await revokeUserSessions(ctx, tx, id);
    await logActivity(tx, {
      action: 'update',
      description: `Usuario ${target.username} ${isActive ? 'activado' : 'desactivado'}`,
      actor: actorOf(actor),
      entity_type: 'user',
      entity_id: id,
      changes: { before: { is_active: target.is_active }, after: { is_active: isActive } },
    });
    return updated;
  });
  const n = await countOrdersOf(ctx.db, id);
  return { ...toDto(row, n), message: isActive ? 'Usuario activado correctamente' : 'Usuario desactivado correctamente' };
}

/**
 * Deletes the account but keeps its orders: orders.user_id becomes null through the foreign key
 * (ON DELETE SET NULL), and the order's snapshot columns (customer_username, first and last
 * name) keep who placed it. They are filled here for any order that lacks them, so no order
 * loses its customer. Warranty claims and activity entries are kept the same way.
 */
export async function deleteUser(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const target = await lockedTarget(tx, actor, id, { kind: 'delete' });
    await keepCustomerOnOrders(tx, target);
    await tx.delete(users).where(eq(users.id, id));
    await logActivity(tx, {
      action: 'delete',
      description: `Usuario ${target.username} eliminado`,
      actor: actorOf(actor),
      entity_type: 'user',
      entity_id: id,
      changes: { before: { username: target.username, email: target.email, is_staff: target.is_staff }, after: {} },
    });
  });
}

export async function createUserByAdmin(
  ctx: AppContext,
  actor: AuthUser,
  input: AdminCreateUserInput,
): Promise<{ message: string; user: AdminUserDto }> {
  const taken = await ctx.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, sql`lower(${users.email}) = ${input.email}`));
  const errors: Record<string, string[]> = {};
  if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase()))
    errors.username = ['Este nombre de usuario ya está en uso'];
  if (taken.some((u) => u.email.toLowerCase() === input.email)) errors.email = ['Este email ya está registrado'];
  if (Object.keys(errors).length) throw new AppError(409, (errors.username ?? errors.email)[0], 'ACCOUNT_EXISTS', errors);

  const passwordHash = await hashPassword(input.password, ctx.config.argon2);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      // Created by staff: the address is taken as verified, so the user can log in at once.
      const row = await insertAccount(tx, input, { passwordHash, emailVerified: true, now: ctx.now() });
      await logActivity(tx, {
        action: 'create',
        description: `Usuario ${row.username} creado por un administrador`,
        actor: actorOf(actor),
        entity_type: 'user',
        entity_id: row.id,
        changes: { after: { username: row.username, email: row.email } },
      });
      return row;
    });
    return { message: 'Usuario creado correctamente', user: toDto(created, 0) };
  } catch (error) {
    // Two admins creating the same user at once: the unique index decides.
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'Ya existe un usuario con ese nombre de usuario o email', 'ACCOUNT_EXISTS');
    }
    throw error;
  }
}

/**
 * PUT /api/auth/users/{id}/role/ (issue 24): makes a user staff with a role, changes it, or
 * removes it (null). Owners only, never one's own, and the last active owner keeps the role
 * (checkAccountChange). The change is logged and ends the user's sessions, so their tokens stop
 * giving the old rights.
 */
export async function setUserRole(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: RoleChangeInput,
): Promise<AdminUserDto & { message: string }> {
  const row = await ctx.db.transaction(async (tx) => {
    const target = await lockedTarget(tx, actor, id, { kind: 'role', role: input.role });
    const columns = roleColumns(input.role, input.permissions ?? []);
    const [updated] = await tx
      .update(users)
      .set({ ...columns, updated_at: ctx.now() })
      .where(eq(users.id, id))
      .returning();
    await revokeUserSessions(ctx, tx, id);
    await logActivity(tx, {
      action: 'update',
      description: `Rol de ${target.username}: ${roleLabel(target.staff_role)} → ${roleLabel(columns.staff_role)}`,
      actor: actorOf(actor),
      entity_type: 'user',
      entity_id: id,
      changes: {
        before: { role: target.staff_role, permissions: target.staff_permissions },
        after: { role: columns.staff_role, permissions: columns.staff_permissions },
      },
    });
    return updated;
  });
  const n = await countOrdersOf(ctx.db, id);
  const message = row.staff_role ? `Rol actualizado: ${roleLabel(row.staff_role)}` : 'El usuario ya no es parte del equipo';
  return { ...toDto(row, n), message };
}
