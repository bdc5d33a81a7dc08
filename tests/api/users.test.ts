import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/server/db/client';
import { orders, refreshTokens, users } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createStaffWithRole, createUser, TEST_PASSWORD } from '../helpers/factories';
import { placeOrder } from '../helpers/orders';

type User = Awaited<ReturnType<typeof createUser>>;

const server = useTestServer();
let admin: User;
let customer: User;

beforeAll(async () => {
  admin = await createStaff(server.database.db, { username: 'jefa_admin' });
  customer = await createUser(server.database.db, { username: 'cliente_fiel' });
});

const login = (username: string, password = TEST_PASSWORD) =>
  api(server, 'POST', '/api/auth/login/', { body: { username_or_email: username, password } });

async function orderCriticalKush(buyer: User) {
  const product = await createProduct(server.database.db, {
    name: 'Critical Kush',
    image: '/uploads/product/ck-800.webp',
    blisters: [{ seed_count: 3, price: 12000, stock: 10 }],
  });
  return placeOrder(server, buyer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }], {
    recipient_name: 'Cliente Fiel',
  });
}

describe('who may manage users', () => {
  it('refuses anonymous callers and customers on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/auth/users/'],
      ['GET', `/api/auth/users/${customer.id}/`],
      ['PATCH', `/api/auth/users/${customer.id}/`, { is_active: false }],
      ['DELETE', `/api/auth/users/${admin.id}/`],
      ['POST', '/api/auth/admin/create-user/', {}],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(server, method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api(server, method, path, { body, token: customer.token })).status, `${method} ${path}`).toBe(403);
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row.is_active).toBe(true);
  });
});

describe('GET /api/auth/users/', () => {
  beforeAll(async () => {
    for (let i = 0; i < 13; i++) await createUser(server.database.db, { username: `relleno_${i}`, email: `relleno${i}@lista.test` });
    await createUser(server.database.db, { username: 'dormida', email: 'dormida@lista.test', is_active: false });
    await createUser(server.database.db, { username: 'marta', email: 'marta@lista.test' });
    await createUser(server.database.db, { username: 'marta2', email: 'xmarta@lista.test' });
  });

  it('pages by 12 with next and previous links', async () => {
    const first = await api(server, 'GET', '/api/auth/users/', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.json.count).toBe(18);
    expect(first.json.results).toHaveLength(12);
    expect(first.json.next).toBe('/api/auth/users/?page=2');
    expect(first.json.previous).toBeNull();
    const second = await api(server, 'GET', '/api/auth/users/?page=2', { token: admin.token });
    expect(second.json.results).toHaveLength(6);
    expect(second.json.next).toBeNull();
    const ids = [...first.json.results, ...second.json.results].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(18);
    expect(first.json.results[0]).not.toHaveProperty('password_hash');
  });

  it('filters by username, e-mail, status and type', async () => {
    const byName = await api(server, 'GET', '/api/auth/users/?username=RELLENO_1', { token: admin.token });
    expect(byName.json.results.map((u: { username: string }) => u.username).sort()).toEqual([
      'relleno_1',
      'relleno_10',
      'relleno_11',
      'relleno_12',
    ]);
    const byEmail = await api(server, 'GET', '/api/auth/users/?email=marta@lista.test', { token: admin.token });
    // The exact address first: the detail page opens the first result of an e-mail lookup.
    expect(byEmail.json.results[0].username).toBe('marta');
    expect(byEmail.json.results.map((u: { username: string }) => u.username)).toEqual(['marta', 'marta2']);
    const inactive = await api(server, 'GET', '/api/auth/users/?status=inactive', { token: admin.token });
    expect(inactive.json.results.map((u: { username: string }) => u.username)).toEqual(['dormida']);
    const active = await api(server, 'GET', '/api/auth/users/?status=active&page_size=100', { token: admin.token });
    expect(active.json.count).toBe(17);
    const staff = await api(server, 'GET', '/api/auth/users/?user_type=staff', { token: admin.token });
    expect(staff.json.results.map((u: { username: string }) => u.username)).toEqual(['jefa_admin']);
    const customers = await api(server, 'GET', '/api/auth/users/?user_type=customer&page_size=100', { token: admin.token });
    expect(customers.json.count).toBe(17);
    expect(customers.json.results.every((u: { is_staff: boolean }) => !u.is_staff)).toBe(true);
    const wildcard = await api(server, 'GET', '/api/auth/users/?username=%25', { token: admin.token });
    expect(wildcard.json.count).toBe(0);
  });

  it('refuses unknown filter values in Spanish', async () => {
    const res = await api(server, 'GET', '/api/auth/users/?status=borrado', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Estado inválido');
    expect((await api(server, 'GET', '/api/auth/users/?user_type=dios', { token: admin.token })).json.error).toBe(
      'Tipo de usuario inválido',
    );
    expect((await api(server, 'GET', '/api/auth/users/?page=0', { token: admin.token })).status).toBe(400);
  });
});

describe('orders count in the users list', () => {
  it("counts each user's own orders, as the detail page does", async () => {
    const buyer = await createUser(server.database.db, { username: 'compra_tres' });
    await createUser(server.database.db, { username: 'sin_pedidos' });
    for (let i = 0; i < 3; i++) await orderCriticalKush(buyer);
    const list = await api(server, 'GET', '/api/auth/users/?search=compra_tres', { token: admin.token });
    expect(list.json.results[0]).toMatchObject({ username: 'compra_tres', orders_count: 3 });
    const none = await api(server, 'GET', '/api/auth/users/?search=sin_pedidos', { token: admin.token });
    expect(none.json.results[0]).toMatchObject({ username: 'sin_pedidos', orders_count: 0 });
    const detail = await api(server, 'GET', `/api/auth/users/${buyer.id}/`, { token: admin.token });
    expect(detail.json.user.orders_count).toBe(3);
  });
});

describe('GET /api/auth/users/{id}/', () => {
  it('answers the user and their orders with products', async () => {
    const order = await orderCriticalKush(customer);
    const res = await api(server, 'GET', `/api/auth/users/${customer.id}/`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: customer.id, username: 'cliente_fiel', is_staff: false, is_active: true, orders_count: 1 });
    expect(res.json.orders).toHaveLength(1);
    expect(res.json.orders[0]).toMatchObject({ id: order.id, status: 'pending', status_display: 'Pendiente', total: 24000 });
    expect(res.json.orders[0].order_products[0]).toMatchObject({
      product_name: 'Critical Kush',
      product_image: '/uploads/product/ck-800.webp',
      quantity: 2,
      price_at_time: 12000,
    });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect((await api(server, 'GET', '/api/auth/users/999999/', { token: admin.token })).status).toBe(404);
    expect((await api(server, 'GET', '/api/auth/users/abc/', { token: admin.token })).status).toBe(400);
  });
});

describe('an admin never changes their own account', () => {
  it('refuses to deactivate or delete oneself', async () => {
    const patch = await api(server, 'PATCH', `/api/auth/users/${admin.id}/`, { token: admin.token, body: { is_active: false } });
    expect(patch.status).toBe(403);
    expect(patch.json.error).toBe('No puedes modificar tu propia cuenta');
    const del = await api(server, 'DELETE', `/api/auth/users/${admin.id}/`, { token: admin.token });
    expect(del.status).toBe(403);
    expect(del.json.error).toBe('No puedes modificar tu propia cuenta');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row.is_active).toBe(true);
  });

  it('lets only a superuser change a superuser', async () => {
    const boss = await createStaff(server.database.db, { is_superuser: true });
    const res = await api(server, 'PATCH', `/api/auth/users/${boss.id}/`, { token: admin.token, body: { is_active: false } });
    expect(res.status).toBe(403);
    const other = await createStaff(server.database.db, { is_superuser: true });
    const bySuper = await api(server, 'PATCH', `/api/auth/users/${other.id}/`, { token: boss.token, body: { is_active: false } });
    expect(bySuper.status).toBe(200);
  });
});

describe("staff accounts are the owner's to switch on, off or delete", () => {
  it('refuses an admin who switches back on, off or deletes a staff account, and lets them do it to a customer', async () => {
    const owner = await createStaffWithRole(server.database.db, 'owner');
    const adminRole = await createStaffWithRole(server.database.db, 'admin');
    const warehouse = await createStaffWithRole(server.database.db, 'warehouse');
    const patch = (id: number, token: string, is_active: boolean) =>
      api(server, 'PATCH', `/api/auth/users/${id}/`, { token, body: { is_active } });

    expect((await patch(warehouse.id, owner.token, false)).status).toBe(200);
    // The admin role and a custom role with every permission but the owner's alike.
    for (const caller of [adminRole, admin]) {
      const back = await patch(warehouse.id, caller.token, true);
      expect(back.status).toBe(403);
      expect(back.json.error).toBe('Solo un dueño puede activar, desactivar o eliminar cuentas del equipo');
      expect((await api(server, 'DELETE', `/api/auth/users/${warehouse.id}/`, { token: caller.token })).status).toBe(403);
      const colleague = await createStaffWithRole(server.database.db, 'catalog');
      expect((await patch(colleague.id, caller.token, false)).status).toBe(403);
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, warehouse.id));
    expect(row.is_active).toBe(false);

    // Customers are theirs.
    const buyer = await createUser(server.database.db);
    expect((await patch(buyer.id, adminRole.token, false)).status).toBe(200);
    expect((await patch(buyer.id, adminRole.token, true)).status).toBe(200);
    // The owner switches the staff account back on.
    expect((await patch(warehouse.id, owner.token, true)).status).toBe(200);
  });
});

describe('PATCH /api/auth/users/{id}/ is_active', () => {
  it('validates the payload', async () => {
    const res = await api(server, 'PATCH', `/api/auth/users/${customer.id}/`, { token: admin.token, body: { is_active: 'no' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Indica si el usuario está activo');
  });

  it('locks a deactivated user out at once: no access, no login, no refresh', async () => {
    const victim = await createUser(server.database.db, { username: 'se_va' });
    const session = await login('se_va');
    expect(session.status).toBe(200);
    const res = await api(server, 'PATCH', `/api/auth/users/${victim.id}/`, { token: admin.token, body: { is_active: false } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: victim.id, is_active: false, message: 'Usuario desactivado correctamente' });

    expect((await api(server, 'GET', '/api/auth/profile/', { token: session.json.access })).status).toBe(401);
    const again = await login('se_va');
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('ACCOUNT_INACTIVE');
    const refresh = await api(server, 'POST', '/api/auth/refresh/', { body: { refresh: session.json.refresh } });
    expect(refresh.status).toBe(401);
    const tokens = await server.database.db.select().from(refreshTokens).where(eq(refreshTokens.user_id, victim.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => t.revoked_at !== null)).toBe(true);

    const back = await api(server, 'PATCH', `/api/auth/users/${victim.id}/`, { token: admin.token, body: { is_active: true } });
    expect(back.json).toMatchObject({ is_active: true, message: 'Usuario activado correctamente' });
    expect((await login('se_va')).status).toBe(200);

    const entries = await sqlRows<{ description: string; username: string }>(
      server.database.db,
      sql`select description, username from activity_logs where entity_type = 'user' and entity_id = ${String(victim.id)} and action = 'update' order by id`,
    );
    expect(entries.map((e) => e.description)).toEqual(['Usuario se_va desactivado', 'Usuario se_va activado']);
    expect(entries[0].username).toBe('jefa_admin');
  });
});

describe('DELETE /api/auth/users/{id}/', () => {
  it("deletes the account and keeps its orders under the customer's name", async () => {
    const leaving = await createUser(server.database.db, { username: 'se_borra', first_name: 'Sofía', last_name: 'Borrada' });
    const order = await orderCriticalKush(leaving);
    // An older order written without the snapshot columns still keeps who placed it.
    const [old] = await server.database.db
      .insert(orders)
      .values({
        user_id: leaving.id,
        total: 500,
        recipient_name: 'Sofía',
        shipping_address: 'Coordinar entrega',
        customer_email: leaving.email,
        customer_phone: '1122334455',
        delivery_type: 'coordinate',
      })
      .returning();

    const res = await api(server, 'DELETE', `/api/auth/users/${leaving.id}/`, { token: admin.token });
    expect(res.status).toBe(204);
    expect((await api(server, 'GET', `/api/auth/users/${leaving.id}/`, { token: admin.token })).status).toBe(404);
    expect(await server.database.db.select().from(users).where(eq(users.id, leaving.id))).toHaveLength(0);

    const kept = await server.database.db.select().from(orders).where(eq(orders.customer_username, 'se_borra'));
    expect(kept.map((o) => o.id).sort()).toEqual([order.id, old.id].sort());
    expect(kept.every((o) => o.user_id === null && o.customer_first_name === 'Sofía' && o.customer_last_name === 'Borrada')).toBe(true);
    const staffView = await api(server, 'GET', `/api/orders/${order.id}/`, { token: admin.token });
    expect(staffView.status).toBe(200);
    expect(staffView.json.customer).toMatchObject({ username: 'se_borra', first_name: 'Sofía' });

    const [entry] = await sqlRows<{ action: string; description: string }>(
      server.database.db,
      sql`select action, description from activity_logs where entity_type = 'user' and entity_id = ${String(leaving.id)} and action = 'delete'`,
    );
    expect(entry.description).toBe('Usuario se_borra eliminado');
    expect((await api(server, 'DELETE', `/api/auth/users/${leaving.id}/`, { token: admin.token })).status).toBe(404);
  });
});

describe('POST /api/auth/admin/create-user/', () => {
  const valid = {
    first_name: 'Nueva',
    last_name: 'Cultivadora',
    username: 'nueva_cultiva',
    email: '  Nueva.Cultiva@Correo.TEST ',
    password: 'semillas2025',
    password2: 'semillas2025',
    instagram: '@nueva.cultiva',
  };
  const create = (body: unknown) => api(server, 'POST', '/api/auth/admin/create-user/', { token: admin.token, body });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['a short username', { username: 'ab' }, 'username', 'El nombre de usuario debe tener al menos 3 caracteres'],
    [
      'a username with spaces',
      { username: 'ana maria' },
      'username',
      'El nombre de usuario solo puede contener letras, números y guiones bajos',
    ],
    [
      'a username with a dot',
      { username: 'ana.maria' },
      'username',
      'El nombre de usuario solo puede contener letras, números y guiones bajos',
    ],
    ['a short password', { password: 'abc1234', password2: 'abc1234' }, 'password', 'La contraseña debe tener al menos 8 caracteres'],
    [
      'a password of letters only',
      { password: 'abcdefghij', password2: 'abcdefghij' },
      'password',
      'La contraseña debe contener letras y números',
    ],
    [
      'a password of numbers only',
      { password: '1234567890', password2: '1234567890' },
      'password',
      'La contraseña debe contener letras y números',
    ],
    ['passwords that differ', { password2: 'semillas2026' }, 'password2', 'Las contraseñas no coinciden'],
    ['a bad e-mail', { email: 'no-es-email' }, 'email', 'Ingrese un email válido'],
    ['a missing first name', { first_name: '' }, 'first_name', 'El nombre es requerido'],
    ['a one-letter last name', { last_name: 'C' }, 'last_name', 'El apellido debe tener al menos 2 caracteres'],
    [
      'an instagram with spaces',
      { instagram: 'nueva cultiva' },
      'instagram',
      'El usuario de Instagram solo puede contener letras, números, puntos y guiones bajos',
    ],
  ];
  for (const [name, overrides, field, message] of invalid) {
    it(`refuses ${name}`, async () => {
      const res = await create({ ...valid, ...overrides });
      expect(res.status).toBe(400);
      expect(res.json.errors[field]).toEqual([message]);
    });
  }

  it('creates a verified user with the e-mail lowercased and trimmed, who can log in at once', async () => {
    const res = await create(valid);
    expect(res.status).toBe(201);
    expect(res.json.message).toBe('Usuario creado correctamente');
    expect(res.json.user).toMatchObject({
      username: 'nueva_cultiva',
      email: 'nueva.cultiva@correo.test',
      instagram: '@nueva.cultiva',
      is_staff: false,
      is_active: true,
      email_verified: true,
    });
    const session = await login('nueva.cultiva@correo.test', 'semillas2025');
    expect(session.status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.username, 'nueva_cultiva'));
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts a user without instagram', async () => {
    const res = await create({ ...valid, username: 'sin_insta', email: 'sin.insta@correo.test', instagram: '' });
    expect(res.status).toBe(201);
    expect(res.json.user.instagram).toBeNull();
  });

  it('refuses a username or e-mail already taken, whatever the case', async () => {
    const sameName = await create({ ...valid, username: 'NUEVA_CULTIVA', email: 'otra@correo.test' });
    expect(sameName.status).toBe(409);
    expect(sameName.json.errors.username).toEqual(['Este nombre de usuario ya está en uso']);
    const sameEmail = await create({ ...valid, username: 'otra_mas', email: 'NUEVA.cultiva@correo.test' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.errors.email).toEqual(['Este email ya está registrado']);
  });
});
