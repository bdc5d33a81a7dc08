// Manual orders (POST /api/orders/manual/) and staff edits of an order awaiting payment: who may
// enter them, the account they land on, payment at once, shipping quotes, stock moved exactly once,
// the customer's e-mails, and (on PostgreSQL) manual orders racing checkouts for the last units.
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, blisters, mailOutbox, orders, users } from '../../src/server/db/schema';
import { formatArs } from '../../src/domain/money';
import type { OrderDto } from '../../src/domain/orders';
import { api, startTestServer, useTestServer, type TestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { codeSentTo, loginOk, newAccount, outboxIds } from './auth-helpers';
import { pickupMethod, saveShippingMethods, shippingMethod } from '../helpers/shipping';

const server = useTestServer({ maxPendingOrders: 1000 });
const db = () => server.ctx.db;
let staff: Awaited<ReturnType<typeof createStaff>>;
let methods: { home: number; pickup: number };

const HOME_PRICE_CORDOBA = 4500;

beforeAll(async () => {
  staff = await createStaff(db(), { username: 'duena_tienda' });
  const saved = await saveShippingMethods(server, staff.token, [
    shippingMethod({
      zones: [
        { provinces: ['AR-X'], price: HOME_PRICE_CORDOBA },
        { provinces: ['AR-C', 'AR-B'], price: 3000 },
      ],
      rest_of_country_price: 7000,
      free_from: 200000,
      days_min: 3,
      days_max: 6,
    }),
    pickupMethod(),
  ]);
  const byKind = Object.fromEntries(saved.map((m: { kind: string; id: number }) => [m.kind, m.id]));
  methods = { home: byKind.home, pickup: byKind.pickup };
});

type Line = { product_id: number; blister_id: number; quantity: number };

const CORDOBA = { street: 'Bv. San Juan', number: '450', zip_code: 'X5000', city: 'Córdoba', province: 'AR-X', details: 'Piso 2' };

const manual = (body: Record<string, unknown>, token = staff.token) => api(server, 'POST', '/api/orders/manual/', { token, body });

async function manualOk(body: Record<string, unknown>): Promise<OrderDto> {
  const res = await manual({ phone: '3515551234', delivery_type: 'coordinate', ...body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as OrderDto;
}

async function stockOf(blisterId: number) {
  const [row] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blisterId));
  return row.stock;
}

async function product(price = 1000, stock = 10) {
  const p = await createProduct(db(), { blisters: [{ price, stock }] });
  return { p, line: (quantity = 1): Line => ({ product_id: p.id, blister_id: p.blisters[0].id, quantity }) };
}

const mailsWithSubject = (fragment: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `%${fragment}%`))
    .orderBy(mailOutbox.id);

describe('POST /api/orders/manual/', () => {
  it('answers 401 to anonymous callers and 403 to customers', async () => {
    const { line } = await product();
    const customer = await createUser(db());
    const body = { customer_email: 'alguien@correo.test', phone: '3515551234', delivery_type: 'coordinate', products: [line()] };
    expect((await api(server, 'POST', '/api/orders/manual/', { body })).status).toBe(401);
    const forbidden = await manual(body, customer.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.error).toBe('No tienes permisos para realizar esta acción');
  });

  it("reads the shop's settings once per manual order: the coupon, the payment data and the e-mail's channels", async () => {
    const { line } = await product(12500);
    const settings = server.ctx.caches.settings.stats;
    // Nothing kept: the order's own reads are all that load the row.
    server.ctx.caches.settingsChanged();
    const loadsBefore = settings.misses;
    await manualOk({ customer_email: 'una.lectura@correo.test', products: [line()] });
    expect(settings.misses - loadsBefore).toBe(1);
  });

  it("puts the order on an existing customer's account, found by e-mail whatever its case, with stock reserved", async () => {
    const { p, line } = await product(2500, 10);
    const customer = await createUser(db());
    const order = await manualOk({ customer_email: customer.email.toUpperCase(), products: [line(3)] });
    expect(order).toMatchObject({ source: 'manual', subtotal: 7500, total: 7500, shipping: null, stage: 'awaiting_payment' });
    expect(order.customer.id).toBe(customer.id);
    expect(await stockOf(p.blisters[0].id)).toBe(7);

    const mine = await api(server, 'GET', '/api/orders/my-orders/', { token: customer.token });
    expect(mine.json.results.map((o: OrderDto) => o.id)).toContain(order.id);
    expect(mine.json.results.find((o: OrderDto) => o.id === order.id).source).toBe('manual');

    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), eq(activityLogs.action, 'order')));
    expect(entry).toMatchObject({ user_id: staff.id, username: 'duena_tienda' });
    expect(entry.description).toContain('cargado por duena_tienda');

    const mails = await mailsWithSubject(`Confirmación de tu pedido #${order.order_number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe(customer.email);
  });

  it('creates an unverified account for a new e-mail, which its owner claims by registering and then sees the order', async () => {
    const { line } = await product(1800);
    const email = 'nueva.clienta@correo.test';
    const order = await manualOk({ customer_email: email, first_name: 'Marta', last_name: 'Ríos', products: [line(2)] });
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ email_verified: false, first_name: 'Marta', last_name: 'Ríos', phone: '3515551234' });
    expect(order.customer.id).toBe(account.id);
    // Nobody can log in to it before its owner registers.
    expect((await api(server, 'POST', '/api/auth/login/', { body: { username_or_email: email, password: '!unclaimed' } })).status).toBe(
      401,
    );

    const person = newAccount({ email, first_name: 'Marta', last_name: 'Ríos' });
    const seen = await outboxIds(server);
    // The unverified account is taken over: its data saved, a code sent (as for any unverified account).
    const registered = await api(server, 'POST', '/api/auth/register/', { body: person });
    expect(registered.status, JSON.stringify(registered.json)).toBe(403);
    expect(registered.json.code).toBe('ACCOUNT_NOT_VERIFIED');
    const code = await codeSentTo(server, email, 'verificación', seen);
    const verified = await api(server, 'POST', '/api/auth/verify-email/', { body: { email, code } });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    const session = await loginOk(server, email, person.password);
    expect(session.user.id).toBe(account.id);
    const mine = await api(server, 'GET', '/api/orders/my-orders/', { token: session.access });
    expect(mine.json.results.map((o: OrderDto) => [o.id, o.total])).toEqual([[order.id, 3600]]);
  });

  it('records the payment at once, even one dated the day before, and says so in the confirmation', async () => {
    const { line } = await product(5000);
    const customer = await createUser(db());
    const yesterday = new Date(Date.now() - 27 * 3600_000).toISOString().slice(0, 10);
    const order = await manualOk({
      customer_email: customer.email,
      products: [line(2)],
      delivery_type: 'address',
      shipping_method_id: methods.home,
      address: CORDOBA,
      payment: { method: 'transferencia', paid_at: yesterday, note: 'Comprobante por WhatsApp' },
    });
    expect(order.stage).toBe('paid');
    expect(order.payment).toMatchObject({ method: 'transferencia', amount: 10000 + HOME_PRICE_CORDOBA, note: 'Comprobante por WhatsApp' });
    expect(order.payment!.paid_at.slice(0, 10)).toBe(yesterday);
    const [mail] = await mailsWithSubject(`Confirmación de tu pedido #${order.order_number}`);
    expect(mail.text_body).toContain(`Ya registramos tu pago de ${formatArs(10_000 + HOME_PRICE_CORDOBA)}`);
    expect(mail.text_body).toContain('Enviamos tu pedido por Correo a domicilio');
    expect(mail.text_body).not.toContain('cuando recibamos el pago');
    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), like(activityLogs.description, '%pago registrado%')));
    expect(entry.user_id).toBe(staff.id);
  });

  it('sends a paid manual order a confirmation that says it is paid and asks for no payment', async () => {
    const { line } = await product(4000);
    const paid = await manualOk({ customer_email: 'ya.pago@correo.test', products: [line(2)], payment: { method: 'efectivo' } });
    const unpaid = await manualOk({ customer_email: 'aun.debe@correo.test', products: [line(1)] });
    const mailOf = async (order: OrderDto) => {
      const [mail] = await mailsWithSubject(`Confirmación de tu pedido #${order.order_number}`);
      // The WhatsApp button's prefilled message is in its link, encoded.
      return { text: mail.text_body, all: `${mail.text_body}\n${mail.html}`.replace(/%20/g, ' ').replace(/%23/g, '#') };
    };
    const unpaidMail = await mailOf(unpaid);
    expect(unpaidMail.all).toContain(`quiero coordinar el pago del pedido #${unpaid.order_number}`);
    expect(unpaidMail.text).toContain('Estado del pedido: Esperando pago.');

    const paidMail = await mailOf(paid);
    expect(paidMail.text).toContain('Estado del pedido: Pagado, por enviar.');
    expect(paidMail.text).toContain(`recibimos tu pedido y tu pago`);
    expect(paidMail.text).toContain(`Ya registramos tu pago de ${formatArs(8000)}`);
    expect(paidMail.all).toContain(`te escribo por mi pedido #${paid.order_number}`);
    expect(paidMail.all).not.toContain('coordinar el pago');
    expect(paidMail.text).not.toContain('Pasos para el pago');
    expect(paidMail.text).not.toContain('Cómo pagar');
    const [notice] = await mailsWithSubject(`Nuevo pedido #${paid.order_number}`);
    expect(notice.text_body).toContain('Estado: Pagado, por enviar');
  });

  it('takes a partial amount as given', async () => {
    const { line } = await product(5000);
    const order = await manualOk({
      customer_email: 'sena@correo.test',
      products: [line()],
      payment: { method: 'efectivo', amount: '2.000' },
    });
    expect(order.payment).toMatchObject({ method: 'efectivo', amount: 2000 });
  });

  it('quotes home delivery for the province: the total includes the zone price and the address is kept', async () => {
    const { line } = await product(3000);
    const order = await manualOk({
      customer_email: 'envio@correo.test',
      delivery_type: 'address',
      shipping_method_id: methods.home,
      address: CORDOBA,
      products: [line(2)],
    });
    expect(order).toMatchObject({
      subtotal: 6000,
      total: 6000 + HOME_PRICE_CORDOBA,
      shipping: { method_id: methods.home, name: 'Correo a domicilio', kind: 'home', price: HOME_PRICE_CORDOBA },
      address: CORDOBA,
      delivery_type: 'address',
    });
    expect(order.shipping_address).toContain('Bv. San Juan 450');
    const [mail] = await mailsWithSubject(`Confirmación de tu pedido #${order.order_number}`);
    expect(mail.text_body).toContain('cuando recibamos el pago');
  });

  it('answers validation errors in Spanish: a bad e-mail, no products, home delivery without an address', async () => {
    const { line } = await product();
    const bad = await manual({ customer_email: 'no-es-un-email', phone: '3515551234', delivery_type: 'coordinate', products: [line()] });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.customer_email).toEqual(['Ingresa un email válido']);

    const empty = await manual({ customer_email: 'a@correo.test', phone: '3515551234', delivery_type: 'coordinate', products: [] });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.errors)).toContain('products');
    expect(empty.json.errors.products[0]).toMatch(/producto/i);

    const noAddress = await manual({
      customer_email: 'a@correo.test',
      phone: '3515551234',
      delivery_type: 'address',
      shipping_method_id: methods.home,
      address: { province: 'AR-X' },
      products: [line()],
    });
    expect(noAddress.status).toBe(400);
    expect(noAddress.json.error).toBe('Completa la dirección de entrega');
    expect(noAddress.json.errors['address.street']).toEqual(['La calle es requerida']);
    expect(noAddress.json.errors['address.zip_code']).toEqual(['El código postal es requerido']);
    // Nothing was created for the refused requests.
    expect(await db().select().from(users).where(eq(users.email, 'a@correo.test'))).toEqual([]);
  });

  it('prices the lines from the catalog, ignoring a price sent by the client', async () => {
    const { line } = await product(4200);
    const order = await manualOk({
      customer_email: 'precio@correo.test',
      products: [{ ...line(1), price_at_time: 1, price: 1 }],
      total: 1,
    });
    expect(order.order_products[0].price_at_time).toBe(4200);
    expect(order.total).toBe(4200);
  });

  it('refuses a deactivated account with 409 until staff switch it back on, creating nothing', async () => {
    const { line } = await product(1000, 5);
    const customer = await createUser(db(), { is_active: false });
    const before = await db().$count(orders);
    const res = await manual({ customer_email: customer.email, phone: '3515551234', delivery_type: 'coordinate', products: [line()] });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'ACCOUNT_INACTIVE', error: expect.stringContaining('está desactivada') });
    expect(await db().$count(orders)).toBe(before);
  });
});

describe('staff edit of an order awaiting payment', () => {
  const edit = (id: number, body: unknown) => api(server, 'PUT', `/api/orders/${id}/`, { token: staff.token, body });

  it('refuses to add a product that is not for sale, as checkout does', async () => {
    const a = await product(1000, 10);
    const hidden = await createProduct(db(), { available: false, blisters: [{ price: 1500, stock: 10 }] });
    const customer = await createUser(db());
    const order = await manualOk({ customer_email: customer.email, products: [a.line(1)] });
    const res = await edit(order.id, {
      order_products: [
        { id: order.order_products[0].id, quantity: 1 },
        { product_id: hidden.id, blister_id: hidden.blisters[0].id, quantity: 1 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('PRODUCT_UNAVAILABLE');
    expect(await stockOf(hidden.blisters[0].id)).toBe(10);
  });

  it('adds and removes lines moving stock exactly once, even when the same edit is sent again', async () => {
    const a = await product(1000, 10);
    const b = await product(2000, 10);
    const customer = await createUser(db());
    const order = await manualOk({ customer_email: customer.email, products: [a.line(2)] });
    const aId = a.p.blisters[0].id;
    const bId = b.p.blisters[0].id;
    expect([await stockOf(aId), await stockOf(bId)]).toEqual([8, 10]);

    const body = { order_products: [{ id: order.order_products[0].id, quantity: 1 }, b.line(3)] };
    const first = await edit(order.id, body);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.total).toBe(1000 + 6000);
    expect([await stockOf(aId), await stockOf(bId)]).toEqual([9, 7]);

    const lineB = first.json.order_products.find((l: { blister: number }) => l.blister === bId);
    const again = await edit(order.id, {
      order_products: [
        { id: order.order_products[0].id, quantity: 1 },
        { id: lineB.id, quantity: 3 },
      ],
    });
    expect(again.status).toBe(200);
    expect(again.json.message).toBe('Sin cambios');
    expect([await stockOf(aId), await stockOf(bId)]).toEqual([9, 7]);

    const removed = await edit(order.id, { order_products: [{ id: lineB.id, quantity: 3 }] });
    expect(removed.json.order_products).toHaveLength(1);
    expect([await stockOf(aId), await stockOf(bId)]).toEqual([10, 7]);
    expect((await edit(order.id, { order_products: [{ id: lineB.id, quantity: 3 }] })).json.message).toBe('Sin cambios');
    expect([await stockOf(aId), await stockOf(bId)]).toEqual([10, 7]);
  });

  it('quotes shipping again when the method or the address changes, with one e-mail giving the new total', async () => {
    const { line } = await product(5000);
    const customer = await createUser(db());
    const order = await manualOk({ customer_email: customer.email, products: [line(2)] });
    expect(order.total).toBe(10000);

    const home = await edit(order.id, { shipping_method_id: methods.home, address: CORDOBA });
    expect(home.status, JSON.stringify(home.json)).toBe(200);
    expect(home.json).toMatchObject({
      subtotal: 10000,
      total: 10000 + HOME_PRICE_CORDOBA,
      shipping: { price: HOME_PRICE_CORDOBA },
      address: CORDOBA,
    });
    const subject = `Pedido #${order.order_number} actualizado: nuevo total`;
    let mails = await mailsWithSubject(subject);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Pedido #${order.order_number} actualizado: nuevo total ${formatArs(14_500)}`);
    expect(mails[0].to_address).toBe(customer.email);

    // The same change again is no change: no e-mail.
    expect((await edit(order.id, { shipping_method_id: methods.home, address: CORDOBA })).json.message).toBe('Sin cambios');

    const caba = { ...CORDOBA, city: 'CABA', zip_code: 'C1425', province: 'AR-C' };
    const moved = await edit(order.id, { address: caba });
    expect(moved.json).toMatchObject({ total: 13000, shipping: { price: 3000 }, address: { province: 'AR-C' } });

    const pickup = await edit(order.id, { shipping_method_id: methods.pickup });
    expect(pickup.json).toMatchObject({ total: 10000, shipping: { kind: 'pickup', price: 0 } });
    expect(pickup.json.shipping_address).toBe('Retiro en Av. Colón 1234, Córdoba');

    const none = await edit(order.id, { shipping_method_id: null });
    expect(none.json).toMatchObject({ total: 10000, shipping: null, address: null, delivery_type: 'coordinate' });
    mails = await mailsWithSubject(subject);
    expect(mails.map((m) => m.subject)).toEqual([
      `Pedido #${order.order_number} actualizado: nuevo total ${formatArs(14_500)}`,
      `Pedido #${order.order_number} actualizado: nuevo total ${formatArs(13_000)}`,
      `Pedido #${order.order_number} actualizado: nuevo total ${formatArs(10_000)}`,
      `Pedido #${order.order_number} actualizado: nuevo total ${formatArs(10_000)}`,
    ]);
  });

  it('refuses a new line without its blister with 400, changing nothing', async () => {
    const a = await product(1000, 10);
    const order = await manualOk({ customer_email: 'sin.presentacion@correo.test', products: [a.line(1)] });
    const res = await edit(order.id, {
      order_products: [
        { id: order.order_products[0].id, quantity: 1 },
        { product_id: a.p.id, quantity: 2 },
      ],
    });
    expect(res.status).toBe(400);
    expect(await stockOf(a.p.blisters[0].id)).toBe(9);
  });

  it('asks for the province when a method is chosen for an order that has no address', async () => {
    const { line } = await product(1000);
    const order = await manualOk({ customer_email: 'sin.direccion@correo.test', products: [line()] });
    const res = await edit(order.id, { shipping_method_id: methods.pickup });
    expect(res.status).toBe(400);
    expect(res.json.errors['address.province']).toEqual(['Elige la provincia']);
    const withProvince = await edit(order.id, { shipping_method_id: methods.pickup, address: { province: 'AR-X' } });
    expect(withProvince.json).toMatchObject({ total: 1000, shipping: { kind: 'pickup' } });
  });

  it('refuses with 409 ORDER_ALREADY_PAID to edit a paid order, changing nothing', async () => {
    const a = await product(1000, 10);
    const b = await product(1000, 10);
    const order = await manualOk({ customer_email: 'pagado@correo.test', products: [a.line(2)], payment: { method: 'efectivo' } });
    const before = await db().select().from(orders).where(eq(orders.id, order.id));
    for (const body of [
      { order_products: [{ id: order.order_products[0].id, quantity: 2 }, b.line(1)] },
      { shipping_method_id: methods.pickup },
    ]) {
      const res = await edit(order.id, body);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('ORDER_ALREADY_PAID');
    }
    expect(await db().select().from(orders).where(eq(orders.id, order.id))).toEqual(before);
    expect([await stockOf(a.p.blisters[0].id), await stockOf(b.p.blisters[0].id)]).toEqual([8, 10]);
    expect(await mailsWithSubject(`Pedido #${order.order_number} actualizado`)).toEqual([]);
  });
});

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('manual orders racing checkouts (PostgreSQL)', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ maxPendingOrders: 1000 });
  });
  afterAll(() => own?.close());

  it('sells exactly the last 10 units when 10 manual orders and 10 checkouts ask for one each at once', async () => {
    const p = await createProduct(own.ctx.db, { blisters: [{ price: 3000, stock: 10 }] });
    const line = { product_id: p.id, blister_id: p.blisters[0].id, quantity: 1 };
    const owner = await createStaff(own.ctx.db);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(own.ctx.db)));
    const requests = [
      ...buyers.map((b) =>
        api(own, 'POST', '/api/orders/', {
          token: b.token,
          body: { recipient_name: 'Compra Web', customer_phone: '1199887766', delivery_type: 'coordinate', products: [line] },
        }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        api(own, 'POST', '/api/orders/manual/', {
          token: owner.token,
          body: { customer_email: `whatsapp${i}@correo.test`, phone: '3515551234', delivery_type: 'coordinate', products: [line] },
        }),
      ),
    ];
    const results = await Promise.all(requests);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const [row] = await own.ctx.db.select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, p.blisters[0].id));
    expect(row.stock).toBe(0);
    const placed = await own.ctx.db.select().from(orders).orderBy(desc(orders.id));
    expect(placed.filter((o) => o.status !== 'cancelled')).toHaveLength(10);
  });

  it('creates one account when several manual orders for the same new e-mail arrive at once', async () => {
    const p = await createProduct(own.ctx.db, { blisters: [{ price: 3000, stock: 50 }] });
    const line = { product_id: p.id, blister_id: p.blisters[0].id, quantity: 1 };
    const owner = await createStaff(own.ctx.db);
    const results = await Promise.all(
      ['Juan@Correo.test', 'juan@correo.test', 'JUAN@correo.test', 'juan@otro.test', 'juan@tercero.test'].map((email) =>
        api(own, 'POST', '/api/orders/manual/', {
          token: owner.token,
          body: { customer_email: email, phone: '3515551234', delivery_type: 'coordinate', products: [line] },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const accounts = await own.ctx.db.select().from(users).where(eq(users.email, 'juan@correo.test'));
    expect(accounts).toHaveLength(1);
    expect(new Set(results.slice(0, 3).map((r) => r.json.customer.id))).toEqual(new Set([accounts[0].id]));
  });
});
