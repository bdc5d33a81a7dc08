// A third security round's attacks on the money and security fixes, each through a path the first
// tests did not take: other coupon kinds and combinations, the staff's manual orders and edits,
// amounts with fractions of a cent, one-line fields of other forms and other invisible
// characters, the same mailbox written other ways, and account changes by other callers.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../src/domain/coupons';
import { activityLogs, couponUses, coupons, mailOutbox, orders, users } from '../../src/server/db/schema';
import { REVOCATION_MAILS_PER_ADDRESS } from '../../src/server/modules/legal/revocations';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff, createStaffWithRole, createUser } from '../helpers/factories';

const server = useTestServer({ maxPendingOrders: 1000, trustProxy: ['loopback'] });
const db = () => server.ctx.db;
const onPostgres = !!process.env.TEST_DATABASE_URL;

let n = 0;
const uniqueCode = () => `RONDA${++n}X${Math.floor(Math.random() * 1e6)}`;
let address = 10;
const newAddress = () => `198.51.100.${address++}`;

type Product = Awaited<ReturnType<typeof createProduct>>;
const lineOf = (p: Product, quantity = 1) => ({ product_id: p.id, blister_id: p.blisters[0].id, quantity });

async function createCoupon(body: Record<string, unknown>) {
  const owner = await createStaff(db(), { is_superuser: true, staff_role: 'owner' });
  const res = await api(server, 'POST', '/api/coupons/', { token: owner.token, body: { code: uniqueCode(), ...body } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; code: string };
}

const order = (token: string, products: object[], extra: Record<string, unknown> = {}) =>
  api(server, 'POST', '/api/orders/', {
    token,
    body: { recipient_name: 'Ana Ronda', customer_phone: '1122334455', delivery_type: 'coordinate', products, ...extra },
    headers: { 'x-forwarded-for': newAddress() },
  });

const usesOf = async (id: number) => (await db().select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id)))[0].uses;

describe('item 1: no order at $ 0, whatever makes it', () => {
  it('refuses a 100 % coupon, alone and on top of a brand discount, and a fixed coupon on brand-discounted prices', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 7500, stock: 10 }] });
    const hundred = await createCoupon({ kind: 'percent', value: 100 });
    const res = await order(customer.token, [lineOf(product)], { coupon_code: hundred.code });
    expect(res.status, JSON.stringify(res.json)).toBe(409);
    expect(res.json).toMatchObject({ code: 'COUPON_REFUSED', error: COUPON_MESSAGES.coversWholeOrder });

    // A brand discount brings 10.000 to 6.000; a fixed 10.000 coupon wins over it and would leave 0.
    const brand = await createBrand(db(), { discount_active: true, discount_type: 'fixed', discount_value: 4000 });
    const discounted = await createProduct(db(), { brand_id: brand.id, blisters: [{ price: 10000, stock: 10 }] });
    const fixed = await createCoupon({ kind: 'fixed', value: 10000 });
    const both = await order(customer.token, [lineOf(discounted)], { coupon_code: fixed.code });
    expect(both.status, JSON.stringify(both.json)).toBe(409);
    expect(await usesOf(fixed.id)).toBe(0);
    expect(await usesOf(hundred.id)).toBe(0);
  });

  it('a free-shipping coupon leaves the products to pay and is no way to $ 0', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 3000, stock: 10 }] });
    const free = await createCoupon({ kind: 'free_shipping', value: 0 });
    const res = await order(customer.token, [lineOf(product)], { coupon_code: free.code });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.total).toBe(3000);
  });

  it('refuses a manual order whose lines are all at $ 0 after discounts, and a staff edit that empties the price of the only line', async () => {
    const staff = await createStaff(db());
    const gift = await createProduct(db(), { blisters: [{ price: 5000, stock: 10, discount: 100 }] });
    const manual = await api(server, 'POST', '/api/orders/manual/', {
      token: staff.token,
      body: {
        customer_email: `manual${++n}@correo.test`,
        phone: '1122334455',
        recipient_name: 'Cliente Manual',
        delivery_type: 'coordinate',
        products: [lineOf(gift)],
      },
    });
    expect(manual.status, JSON.stringify(manual.json)).toBe(409);

    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 5000, stock: 10 }] });
    const placed = await order(customer.token, [lineOf(product, 2)]);
    const line = placed.json.order_products[0];
    const edit = await api(server, 'PUT', `/api/orders/${placed.json.id}/`, {
      token: staff.token,
      body: { order_products: [{ id: line.id, ...lineOf(product, 2), price_at_time: 0 }] },
    });
    expect(edit.status).toBe(409);
    expect(edit.json.code).toBe('ORDER_TOTAL_ZERO');
    const [row] = await db().select({ total: orders.total }).from(orders).where(eq(orders.id, placed.json.id));
    expect(row.total).toBe(10000);
  });
});

describe("item 1: the customer's own edit", () => {
  it('refuses a removal that would leave only a line staff gave away at $ 0 (409 ORDER_TOTAL_ZERO), and cancelling still works', async () => {
    const staff = await createStaff(db());
    const customer = await createUser(db());
    const paid = await createProduct(db(), { blisters: [{ price: 8000, stock: 10 }] });
    const gift = await createProduct(db(), { blisters: [{ price: 2000, stock: 10 }] });
    const placed = await order(customer.token, [lineOf(paid), lineOf(gift)]);
    const [paidLine, giftLine] = placed.json.order_products;
    const staffEdit = await api(server, 'PUT', `/api/orders/${placed.json.id}/`, {
      token: staff.token,
      body: {
        order_products: [
          { id: paidLine.id, ...lineOf(paid) },
          { id: giftLine.id, ...lineOf(gift), price_at_time: 0 },
        ],
      },
    });
    expect(staffEdit.status, JSON.stringify(staffEdit.json)).toBe(200);
    expect(staffEdit.json.total).toBe(8000);
    const remove = await api(server, 'PUT', `/api/orders/${placed.json.id}/`, {
      token: customer.token,
      body: { remove_line_ids: [paidLine.id] },
    });
    expect(remove.status, JSON.stringify(remove.json)).toBe(409);
    expect(remove.json.code).toBe('ORDER_TOTAL_ZERO');
    const cancel = await api(server, 'PUT', `/api/orders/${placed.json.id}/`, { token: customer.token, body: { status: 'cancelled' } });
    expect(cancel.status).toBe(200);
  });
});

describe('item 2: the coupon decided again on every edit, its use given back once', () => {
  it.skipIf(!onPostgres)('gives the use back once when the same removal that drops the coupon is sent three times at once', async () => {
    const customer = await createUser(db());
    const a = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const b = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ kind: 'fixed', value: 5000, min_subtotal: 20000 });
    const placed = await order(customer.token, [lineOf(a), lineOf(b)], { coupon_code: coupon.code });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const remove = () => api(server, 'PUT', `/api/orders/${placed.json.id}/`, { token: customer.token, body: { products: [lineOf(a)] } });
    const results = await Promise.all([remove(), remove(), remove()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await usesOf(coupon.id)).toBe(0);
    const uses = await db().select().from(couponUses).where(eq(couponUses.order_id, placed.json.id));
    expect(uses).toHaveLength(1);
    expect(uses[0].returned_at).toEqual(expect.any(Date));
    // Cancelling afterwards gives nothing back a second time.
    await api(server, 'PUT', `/api/orders/${placed.json.id}/`, { token: customer.token, body: { status: 'cancelled' } });
    expect(await usesOf(coupon.id)).toBe(0);
  });

  it('takes the use again on a reopen and gives it back when a staff edit then drops the coupon', async () => {
    const staff = await createStaff(db());
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ kind: 'fixed', value: 5000, min_subtotal: 30000, max_uses: 1 });
    const placed = await order(customer.token, [lineOf(product, 3)], { coupon_code: coupon.code });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const id = placed.json.id;
    const asStaff = (body: object) => api(server, 'PUT', `/api/orders/${id}/`, { token: staff.token, body });
    expect((await asStaff({ status: 'cancelled' })).status).toBe(200);
    expect(await usesOf(coupon.id)).toBe(0);
    const line = placed.json.order_products[0];
    // Lines of a cancelled order do not change; reopened, it takes the use again, and the edit after gives it back.
    expect((await asStaff({ status: 'pending', order_products: [{ id: line.id, ...lineOf(product, 1) }] })).json.code).toBe(
      'ORDER_CANCELLED',
    );
    expect((await asStaff({ status: 'pending' })).status).toBe(200);
    expect(await usesOf(coupon.id)).toBe(1);
    const edited = await asStaff({ order_products: [{ id: line.id, ...lineOf(product, 1) }] });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json).toMatchObject({ subtotal: 10000, total: 10000, coupon: null });
    expect(await usesOf(coupon.id)).toBe(0);
    // The only use is free again: another customer takes it.
    const other = await createUser(db());
    expect((await order(other.token, [lineOf(product, 3)], { coupon_code: coupon.code })).status).toBe(201);
  });
});

describe('item 10: refunds and payments in whole cents', () => {
  async function paidCancelled(price = 10000) {
    const staff = await createStaff(db());
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price, stock: 10 }] });
    const placed = await order(customer.token, [lineOf(product)]);
    const asStaff = (method: 'POST' | 'PUT', path: string, body: object) => api(server, method, path, { token: staff.token, body });
    return { id: placed.json.id as number, asStaff };
  }

  it('refuses amounts below a cent or with fractions of a cent, negative ones and es-AR strings above the payment', async () => {
    const { id, asStaff } = await paidCancelled();
    const tiny = await asStaff('POST', `/api/orders/${id}/payment/`, { method: 'transferencia', amount: 0.001 });
    expect(tiny.status).toBe(400);
    expect((await asStaff('POST', `/api/orders/${id}/payment/`, { method: 'transferencia', amount: 9999.999 })).status).toBe(400);
    expect((await asStaff('POST', `/api/orders/${id}/payment/`, { method: 'transferencia', amount: '10.000' })).status).toBe(200);
    expect((await asStaff('PUT', `/api/orders/${id}/`, { status: 'cancelled' })).status).toBe(200);
    const refund = (amount: unknown) => asStaff('POST', `/api/orders/${id}/refund/`, { method: 'transferencia', amount });
    for (const amount of [0.001, '0,001', -1, '-100', 0, 1000.005]) {
      const res = await refund(amount);
      expect(res.status, `${amount}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json.error).toEqual(expect.any(String));
    }
    const over = await refund('10.000,01');
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT', max_refund: 10000 });
    const [row] = await db().select({ refund_status: orders.refund_status }).from(orders).where(eq(orders.id, id));
    expect(row.refund_status).toBe('owed');
    const done = await refund('10.000,00');
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.refund).toMatchObject({ status: 'done', amount: 10000 });
    // Nothing is left to give back: a second refund, even of a cent, is refused.
    expect((await refund('0,01')).status).toBe(409);
  });
});

describe('item 11: the confirmed total in whole cents', () => {
  it('refuses a confirmed total with fractions of a cent (1999.995, 2000.004) and an es-AR string, and places 2000', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 2000, stock: 5 }] });
    for (const expected of [1999.995, 2000.004, 2000.005, '2.000,00']) {
      const res = await order(customer.token, [lineOf(product)], { expected_total: expected });
      expect(res.status, `${expected}: ${JSON.stringify(res.json)}`).not.toBe(201);
      expect([400, 409]).toContain(res.status);
    }
    expect((await order(customer.token, [lineOf(product)], { expected_total: 2000 })).status).toBe(201);
  });

  it('compares a coupon minimum at the exact cent (3 × 19,99 meets a 59,97 minimum; 59,98 does not)', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 19.99, stock: 10 }] });
    const meets = await createCoupon({ kind: 'fixed', value: 1, min_subtotal: 59.97 });
    const above = await createCoupon({ kind: 'fixed', value: 1, min_subtotal: 59.98 });
    const check = (code: string) =>
      api(server, 'POST', '/api/coupons/check/', { token: customer.token, body: { code, products: [lineOf(product, 3)] } });
    expect((await check(meets.code)).json).toMatchObject({ valid: true, discount: 1 });
    expect((await check(above.code)).json).toMatchObject({ valid: false });
    const placed = await order(customer.token, [lineOf(product, 3)], { coupon_code: meets.code, expected_total: 58.97 });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  });
});

describe('items 6 and 7: one-line fields and mail floods', () => {
  const BREAKS = ['\n', '\r', '\t', '\u0085', '\u2028', '\u2029', '\u0000', '\u001b', '\u202e', '\u2066', '\u200f', '\u061c'];

  it('refuses line breaks, control characters and bidi marks in every one-line field of the public forms', async () => {
    const sendRevocation = (body: object) =>
      api(server, 'POST', '/api/revocations/', { body, headers: { 'x-forwarded-for': newAddress() } });
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 3000, stock: 100 }] });
    for (const mark of BREAKS) {
      const name = `Ana${mark}Pérez`;
      const revocation = await sendRevocation({ name, email: 'ana@correo.test', order_number: '12' });
      expect(revocation.status, `revocation ${JSON.stringify(mark)}`).toBe(400);
      const register = await api(server, 'POST', '/api/auth/register/', {
        body: { username: `u${++n}x`, email: `r${n}@correo.test`, password: 'clave-segura-123', first_name: name, last_name: 'Gómez' },
        headers: { 'x-forwarded-for': newAddress() },
      });
      expect(register.status, `register ${JSON.stringify(mark)}`).toBe(400);
      const checkout = await order(customer.token, [lineOf(product)], { recipient_name: name });
      expect(checkout.status, `recipient ${JSON.stringify(mark)}`).toBe(400);
      const warranty = await api(server, 'POST', '/api/warranty-claims/', {
        body: { name: 'Invitada Gómez', email: `ana${mark}x@correo.test`, product_name: 'Gorilla', description: 'No germinó.' },
        headers: { 'x-forwarded-for': newAddress() },
      });
      expect(warranty.status, `warranty e-mail ${JSON.stringify(mark)}`).toBe(400);
      expect(JSON.stringify(warranty.json.fields?.email ?? warranty.json)).toContain('email');
    }
  });

  it('mails one mailbox only a few codes a day, however its address is written (case, spaces, +tags)', async () => {
    const variants = [
      'buzon@correo.test',
      'BUZON@correo.test',
      ' Buzon@Correo.Test ',
      'buzon+1@correo.test',
      'buzon+2@correo.test',
      'BUZON+pagos@CORREO.test',
      'buzon+x@correo.test',
    ];
    for (const [i, email] of variants.entries()) {
      const res = await api(server, 'POST', '/api/revocations/', {
        body: { name: 'Soporte Pagos', email, order_number: `${700 + i}` },
        headers: { 'x-forwarded-for': newAddress() },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const mails = (await db().select({ to: mailOutbox.to_address, subject: mailOutbox.subject }).from(mailOutbox)).filter(
      (m) => /^buzon(\+[^@]*)?@correo\.test$/i.test(m.to) && m.subject.startsWith('Solicitud de arrepentimiento'),
    );
    expect(mails).toHaveLength(REVOCATION_MAILS_PER_ADDRESS);
  });
});

describe('items 3 and 9: accounts changed by other callers', () => {
  it('refuses an admin switching an owner off or deleting one, and a custom role with every permission it may get', async () => {
    const owner = await createStaffWithRole(db(), 'owner', [], { is_superuser: true, is_staff: true });
    const admin = await createStaffWithRole(db(), 'admin', [], { is_staff: true });
    const allowed = ['can_manage_users', 'can_manage_orders', 'can_manage_settings', 'can_manage_products', 'can_view_activity'];
    const custom = await createStaffWithRole(db(), 'custom', allowed as never, { is_staff: true });
    for (const actor of [admin, custom]) {
      const off = await api(server, 'PATCH', `/api/auth/users/${owner.id}/`, { token: actor.token, body: { is_active: false } });
      expect(off.status).toBe(403);
      const gone = await api(server, 'DELETE', `/api/auth/users/${owner.id}/`, { token: actor.token });
      expect(gone.status).toBe(403);
      const role = await api(server, 'PUT', `/api/auth/users/${owner.id}/role/`, { token: actor.token, body: { role: null } });
      expect(role.status).toBe(403);
      const promote = await api(server, 'PUT', `/api/auth/users/${actor.id}/role/`, { token: actor.token, body: { role: 'owner' } });
      expect(promote.status).toBe(403);
    }
    const grant = await api(server, 'PUT', `/api/auth/users/${admin.id}/role/`, {
      token: owner.token,
      body: { role: 'custom', permissions: ['can_manage_team'] },
    });
    expect(grant.status).toBe(400);
  });

  it('lets an owner remove an inactive owner, and never lets the last active one go by any path, themselves included', async () => {
    const owner = await createStaffWithRole(db(), 'owner', [], { is_superuser: true, is_staff: true });
    const sleeping = await createStaffWithRole(db(), 'owner', [], { is_superuser: true, is_staff: true, is_active: false });
    for (const path of ['PATCH', 'DELETE'] as const) {
      const self = await api(server, path, `/api/auth/users/${owner.id}/`, {
        token: owner.token,
        body: path === 'PATCH' ? { is_active: false } : undefined,
      });
      expect(self.status).toBe(403);
    }
    const demoteSleeping = await api(server, 'PUT', `/api/auth/users/${sleeping.id}/role/`, { token: owner.token, body: { role: null } });
    expect(demoteSleeping.status).toBe(200);
  });
});

describe.skipIf(!onPostgres)('item 3: an owner removed while their own change waits', () => {
  // Three owners: A demotes B while B demotes C, at the same moment. B may win the race (then A
  // demotes a B who acted as an owner), but B's change must never apply after B stopped being one.
  it('applies no change of an actor whose role was taken while it waited for the lock', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b, c] = await Promise.all(
        [0, 1, 2].map(() => createStaffWithRole(db(), 'owner', [], { is_superuser: true, is_staff: true })),
      );
      const demote = (target: number, token: string) =>
        api(server, 'PUT', `/api/auth/users/${target}/role/`, { token, body: { role: 'warehouse' } });
      const [byA, byB] = await Promise.all([demote(b.id, a.token), demote(c.id, b.token)]);
      expect(byA.status, `round ${round}: ${byA.text}`).toBe(200);
      expect([200, 401, 403], `round ${round}: ${byB.text}`).toContain(byB.status);
      if (byB.status === 200) {
        const logs = await db()
          .select({ id: activityLogs.id, user_id: activityLogs.user_id })
          .from(activityLogs)
          .where(and(inArray(activityLogs.user_id, [a.id, b.id]), eq(activityLogs.entity_type, 'user')))
          .orderBy(activityLogs.id);
        const last = (who: number) => logs.filter((l) => l.user_id === who).at(-1)!.id;
        expect(last(b.id), `round ${round}: B acted after losing the owner role`).toBeLessThan(last(a.id));
      }
      const owners = await db()
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.staff_role, 'owner'), eq(users.is_active, true), inArray(users.id, [a.id, b.id, c.id])));
      expect(owners.length, `round ${round}`).toBeGreaterThanOrEqual(1);
    }
  });
});
