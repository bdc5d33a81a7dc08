// The order lifecycle (domain/order-lifecycle.ts) on every path: the expiry job, the customer's
// cancel and removals, deletion, staff cancellations with their refund, corrections of a payment
// or a shipment, and the checkout's confirmed total. Each rule is checked where it used to leak:
// paid and shipped orders were treated as unpaid ones.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatArs } from '../../src/domain/money';
import { activityLogs, blisters, brands, mailOutbox, orders } from '../../src/server/db/schema';
import { expireStalePendingOrders } from '../../src/server/modules/orders';
import { api, startTestServer, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff, createUser } from '../helpers/factories';
import { placeOrder, simpleOrder } from '../helpers/orders';

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = new Date('2035-05-01T13:00:00Z');

const server = useTestServer({ pendingOrderDays: 7, maxPendingOrders: 1000, shopEmail: 'tienda@example.com' });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

async function stockOf(blisterId: number) {
  const [row] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blisterId));
  return row.stock;
}

const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  api(server, method, path, { token: staff.token, body });
const pay = (id: number, body: Record<string, unknown> = { method: 'transferencia' }) =>
  asStaff('POST', `/api/orders/${id}/payment/`, body);
const ship = (id: number, body: Record<string, unknown> = { carrier: 'andreani', tracking_code: '360000012345678' }) =>
  asStaff('POST', `/api/orders/${id}/shipment/`, body);
const read = async (id: number) => (await asStaff('GET', `/api/orders/${id}/`)).json;

/** The mail queued for an address (the outbox row is written with the change). */
async function mailsTo(address: string) {
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, address)).orderBy(mailOutbox.id);
  return rows.map((m) => ({ subject: m.subject, text: m.text_body }));
}
const ars = (amount: number) => formatArs(amount);

describe('the expiry job', () => {
  it('cancels only orders awaiting payment; paid and shipped orders of the same age keep their stock', async () => {
    server.setNow(T0);
    const unpaid = await simpleOrder(server, { stock: 10, quantity: 2 });
    const paid = await simpleOrder(server, { stock: 10, quantity: 2 });
    const shipped = await simpleOrder(server, { stock: 10, quantity: 2 });
    const shippedUnpaid = await simpleOrder(server, { stock: 10, quantity: 2 });
    expect((await pay(paid.order.id)).status).toBe(200);
    expect((await pay(shipped.order.id)).status).toBe(200);
    expect((await ship(shipped.order.id)).status).toBe(200);
    expect((await ship(shippedUnpaid.order.id, { carrier: 'moto' })).status).toBe(200);

    server.setNow(new Date(T0.getTime() + 8 * DAY_MS));
    await expireStalePendingOrders(server.ctx);
    expect(await read(unpaid.order.id)).toMatchObject({ status: 'cancelled', stage: 'cancelled', refund: null });
    expect(await stockOf(unpaid.line.blister_id)).toBe(10);
    for (const kept of [paid, shipped, shippedUnpaid]) {
      expect((await read(kept.order.id)).status).toBe('pending');
      expect(await stockOf(kept.line.blister_id)).toBe(8);
    }
    expect((await read(paid.order.id)).stage).toBe('paid');
    expect((await read(shipped.order.id)).stage).toBe('shipped');
    const told = (await mailsTo(paid.customer.email)).filter((m) => m.subject.includes('Cancelado'));
    expect(told).toEqual([]);
    server.setNow(null);
  });
});

describe('the customer', () => {
  it('cancels and removes lines while the order awaits payment; once paid or shipped gets 409 ORDER_ALREADY_PAID and nothing moves', async () => {
    const { customer, line, order } = await simpleOrder(server, { stock: 10, quantity: 3, price: 23000 });
    expect((await pay(order.id)).status).toBe(200);
    const cancel = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: customer.token, body: { status: 'cancelled' } });
    expect(cancel.status).toBe(409);
    expect(cancel.json).toEqual({ error: 'Ya registramos el pago de este pedido: escríbenos para cambiarlo.', code: 'ORDER_ALREADY_PAID' });
    const remove = await api(server, 'PUT', `/api/orders/${order.id}/`, {
      token: customer.token,
      body: { products: [{ ...line, quantity: 1 }] },
    });
    expect(remove.status).toBe(409);
    expect(remove.json.code).toBe('ORDER_ALREADY_PAID');
    expect((await ship(order.id)).status).toBe(200);
    const afterShipping = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: customer.token, body: { status: 'cancelled' } });
    expect(afterShipping.json).toEqual({ error: 'Este pedido ya fue enviado: escríbenos para cambiarlo.', code: 'ORDER_ALREADY_PAID' });
    expect(await stockOf(line.blister_id)).toBe(7);
    expect((await read(order.id)).total).toBe(69000);
  });

  it('e-mails the shop and the customer when the customer cancels or removes lines, with the new total', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), {
      name: 'Gelato Auto',
      blisters: [
        { price: 10000, stock: 10 },
        { price: 4000, stock: 10 },
      ],
    });
    const lineA = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    const lineB = { product_id: product.id, blister_id: product.blisters[1].id, quantity: 1 };
    const order = await placeOrder(server, customer, [lineA, lineB]);
    const removed = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: customer.token, body: { products: [lineA] } });
    expect(removed.status).toBe(200);
    expect(removed.json.total).toBe(10000);
    const toCustomer = await mailsTo(customer.email);
    expect(toCustomer.map((m) => m.subject)).toContain(`Pedido #${order.order_number} modificado: nuevo total ${ars(10000)}`);
    const toShop = await mailsTo('tienda@example.com');
    expect(toShop.map((m) => m.subject)).toContain(`Pedido #${order.order_number} modificado por el cliente`);

    expect((await api(server, 'PUT', `/api/orders/${order.id}/`, { token: customer.token, body: { status: 'cancelled' } })).status).toBe(
      200,
    );
    expect((await mailsTo('tienda@example.com')).map((m) => m.subject)).toContain(`Pedido #${order.order_number} cancelado por el cliente`);
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toContain(`Cancelaste el pedido #${order.order_number}`);
  });
});

describe('deleting', () => {
  it('deletes orders awaiting payment and cancelled unpaid ones; refuses paid, shipped and those owing a refund', async () => {
    const awaiting = await simpleOrder(server);
    expect((await asStaff('DELETE', `/api/orders/${awaiting.order.id}/`)).status).toBe(204);

    const paid = await simpleOrder(server);
    await pay(paid.order.id);
    const refused = await asStaff('DELETE', `/api/orders/${paid.order.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'ORDER_ALREADY_PAID' });
    expect(refused.json.error).toContain('no se puede eliminar');
    expect((await read(paid.order.id)).payment).not.toBeNull();

    await asStaff('PUT', `/api/orders/${paid.order.id}/`, { status: 'cancelled', cancel_reason: 'Sin stock real' });
    const owed = await asStaff('DELETE', `/api/orders/${paid.order.id}/`);
    expect(owed.status).toBe(409);
    expect(owed.json.code).toBe('REFUND_OWED');
    await asStaff('POST', `/api/orders/${paid.order.id}/refund/`, { method: 'transferencia' });
    expect((await asStaff('DELETE', `/api/orders/${paid.order.id}/`)).status).toBe(204);
  });
});

describe('cancelling a paid order and its refund', () => {
  it('leaves the refund owed, quotes the reason, records the refund once and e-mails the customer', async () => {
    const { customer, line, order } = await simpleOrder(server, { stock: 10, quantity: 2, price: 15000 });
    await pay(order.id, { method: 'transferencia', amount: 30000 });
    const cancel = await asStaff('PUT', `/api/orders/${order.id}/`, { status: 'cancelled', cancel_reason: 'El cliente se arrepintió' });
    expect(cancel.status).toBe(200);
    expect(cancel.json).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'El cliente se arrepintió',
      refund: { status: 'owed', amount: 30000, refunded_at: null, method: null },
    });
    expect(await stockOf(line.blister_id)).toBe(10);
    const cancelMail = (await mailsTo(customer.email)).find((m) => m.subject === `Pedido #${order.order_number}: Cancelado`);
    expect(cancelMail?.text).toContain('Motivo: El cliente se arrepintió.');
    expect(cancelMail?.text).toContain(`te devolveremos ${ars(30000)}`);

    const list = await asStaff('GET', `/api/orders/?status=cancelled&search=${order.order_number}`);
    expect(list.json.results[0].refund.status).toBe('owed');
    const csv = await api(server, 'GET', `/api/orders/export.csv?status=all&ids=${order.id}`, { token: staff.token });
    const [header, row] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    const cells = Object.fromEntries(header.split(';').map((name, i) => [name, row.split(';')[i]]));
    expect(cells).toMatchObject({ Estado: 'Cancelado', Reembolso: 'Reembolso pendiente', 'Monto del reembolso': '30000,00' });

    const bad = await asStaff('POST', `/api/orders/${order.id}/refund/`, { method: 'cheque' });
    expect(bad.status).toBe(400);
    const refund = await asStaff('POST', `/api/orders/${order.id}/refund/`, { method: 'transferencia', note: 'CBU del cliente' });
    expect(refund.status).toBe(200);
    expect(refund.json.refund).toMatchObject({ status: 'done', amount: 30000, method: 'transferencia', note: 'CBU del cliente' });
    expect(refund.json.refund.refunded_at).toEqual(expect.any(String));
    const again = await asStaff('POST', `/api/orders/${order.id}/refund/`, { method: 'transferencia' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('REFUND_ALREADY_DONE');
    const refundMails = (await mailsTo(customer.email)).filter((m) => m.subject === `Reembolso del pedido #${order.order_number}`);
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0].text).toContain(`Te devolvimos ${ars(30000)}`);
    const reopen = await asStaff('PUT', `/api/orders/${order.id}/`, { status: 'pending' });
    expect(reopen.status).toBe(409);
    expect(reopen.json.code).toBe('REFUND_ALREADY_DONE');
    // The customer sees the refund, without the staff note.
    const own = await api(server, 'GET', `/api/orders/${order.id}/`, { token: customer.token });
    expect(own.json.refund).toMatchObject({ status: 'done', amount: 30000 });
    expect(own.json.refund.note).toBeUndefined();
  });

  it('never refunds more than was paid: 409 naming the most that may go back, then the right amount passes', async () => {
    const { order } = await simpleOrder(server, { price: 10000, quantity: 1 });
    await pay(order.id, { method: 'transferencia', amount: 8000 });
    await asStaff('PUT', `/api/orders/${order.id}/`, { status: 'cancelled' });
    for (const amount of [999999, 8000.01]) {
      const res = await asStaff('POST', `/api/orders/${order.id}/refund/`, { method: 'transferencia', amount });
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT', max_refund: 8000 });
      expect(res.json.error).toContain(ars(8000));
    }
    expect((await read(order.id)).refund).toMatchObject({ status: 'owed', amount: 8000 });
    const done = await asStaff('POST', `/api/orders/${order.id}/refund/`, { method: 'transferencia', amount: 8000 });
    expect(done.status).toBe(200);
    expect(done.json.refund).toMatchObject({ status: 'done', amount: 8000 });
  });

  it('refuses a refund for an order that was never paid or is not cancelled; re-opening drops an owed refund', async () => {
    const unpaid = await simpleOrder(server);
    await asStaff('PUT', `/api/orders/${unpaid.order.id}/`, { status: 'cancelled' });
    expect((await read(unpaid.order.id)).refund).toBeNull();
    const refused = await asStaff('POST', `/api/orders/${unpaid.order.id}/refund/`, { method: 'efectivo' });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('NO_REFUND_OWED');

    const paid = await simpleOrder(server);
    await pay(paid.order.id);
    expect((await asStaff('POST', `/api/orders/${paid.order.id}/refund/`, { method: 'efectivo' })).json.code).toBe('NO_REFUND_OWED');
    await asStaff('PUT', `/api/orders/${paid.order.id}/`, { status: 'cancelled' });
    expect((await read(paid.order.id)).refund.status).toBe('owed');
    const reopened = await asStaff('PUT', `/api/orders/${paid.order.id}/`, { status: 'pending' });
    expect(reopened.status).toBe(200);
    expect(reopened.json).toMatchObject({ status: 'pending', stage: 'paid', refund: null });
    // One e-mail for the re-opening, not two, naming the stage: paid, with no payment to arrange.
    const reopenMails = (await mailsTo(paid.customer.email)).filter(
      (m) => m.subject === `Pedido #${paid.order.order_number}: Pagado, por enviar`,
    );
    expect(reopenMails).toHaveLength(1);
    expect(reopenMails[0].text).toContain('Ya registramos tu pago');
    expect(reopenMails[0].text).not.toContain('coordinar el pago');
    expect((await mailsTo(paid.customer.email)).map((m) => m.subject)).not.toContain(`Pedido #${paid.order.order_number}: Pendiente`);
  });

  it('refuses staff line edits once the order is paid', async () => {
    const { line, order } = await simpleOrder(server, { stock: 10, quantity: 2 });
    await pay(order.id);
    const edit = await asStaff('PUT', `/api/orders/${order.id}/`, { order_products: [{ ...line, quantity: 1 }] });
    expect(edit.status).toBe(409);
    expect(edit.json.code).toBe('ORDER_ALREADY_PAID');
    expect(await stockOf(line.blister_id)).toBe(8);
  });
});

describe('correcting a payment or a shipment', () => {
  it('replaces a payment with PUT and undoes it with DELETE, logging before and after', async () => {
    const { order } = await simpleOrder(server, { price: 5000, quantity: 1 });
    expect((await asStaff('PUT', `/api/orders/${order.id}/payment/`, { method: 'efectivo' })).json.code).toBe('NO_PAYMENT');
    await pay(order.id, { method: 'transferencia', amount: 500 });
    const fixed = await asStaff('PUT', `/api/orders/${order.id}/payment/`, { method: 'transferencia', amount: 5000 });
    expect(fixed.status).toBe(200);
    expect(fixed.json.payment).toMatchObject({ amount: 5000 });
    const undone = await asStaff('DELETE', `/api/orders/${order.id}/payment/`);
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ payment: null, stage: 'awaiting_payment' });
    const entries = await db()
      .select({ description: activityLogs.description, changes: activityLogs.changes })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'order'), eq(activityLogs.entity_id, String(order.id))));
    const undo = entries.find((e) => e.description === `Pedido #${order.order_number}: pago deshecho`);
    expect(undo?.changes).toMatchObject({
      before: { payment_amount: 5000, payment_method: 'transferencia' },
      after: { payment_amount: null },
    });
    expect((await asStaff('DELETE', `/api/orders/${order.id}/payment/`)).json.code).toBe('NO_PAYMENT');
  });

  it('corrects a mistyped tracking code and e-mails the corrected link once; DELETE undoes the shipment', async () => {
    const { customer, order } = await simpleOrder(server);
    await ship(order.id, { carrier: 'andreani', tracking_code: '36000001234567' });
    const fixed = await asStaff('PUT', `/api/orders/${order.id}/shipment/`, { carrier: 'andreani', tracking_code: '360000012345678' });
    expect(fixed.json.shipment).toMatchObject({
      tracking_code: '360000012345678',
      tracking_url: 'https://www.andreani.com/envio/360000012345678',
    });
    // The same correction again changes nothing and sends nothing.
    await asStaff('PUT', `/api/orders/${order.id}/shipment/`, { carrier: 'andreani', tracking_code: '360000012345678' });
    const linkMails = (await mailsTo(customer.email)).filter((m) => m.text.includes('360000012345678'));
    expect(linkMails).toHaveLength(1);
    const undone = await asStaff('DELETE', `/api/orders/${order.id}/shipment/`);
    expect(undone.json).toMatchObject({ shipment: null, stage: 'awaiting_payment' });
  });

  it('keeps customers off the correction routes', async () => {
    const { customer, order } = await simpleOrder(server);
    await pay(order.id);
    for (const [method, path] of [
      ['PUT', 'payment'],
      ['DELETE', 'payment'],
      ['PUT', 'shipment'],
      ['DELETE', 'shipment'],
      ['POST', 'refund'],
    ] as const) {
      const res = await api(server, method, `/api/orders/${order.id}/${path}/`, {
        token: customer.token,
        body: { method: 'efectivo', carrier: 'moto' },
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await read(order.id)).payment).not.toBeNull();
  });
});

describe('the checkout pays what the customer confirmed', () => {
  const body = (lines: object[], expected_total?: number) => ({
    recipient_name: 'Laura Gómez',
    customer_phone: '1145678901',
    delivery_type: 'coordinate',
    products: lines,
    ...(expected_total === undefined ? {} : { expected_total }),
  });

  it('answers 409 PRICE_CHANGED with the new lines and total when a price changed, writing nothing', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 48000, stock: 5 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    await db().update(blisters).set({ price: 60000 }).where(eq(blisters.id, line.blister_id));
    const res = await api(server, 'POST', '/api/orders/', { token: customer.token, body: body([line], 48000) });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'PRICE_CHANGED',
      total: 60000,
      lines: [{ product_id: product.id, blister_id: line.blister_id, quantity: 1, price: 60000 }],
    });
    expect(res.json.error).toContain(ars(60000));
    expect(await stockOf(line.blister_id)).toBe(5);
    expect(await db().select().from(orders).where(eq(orders.user_id, customer.id))).toEqual([]);
    const ok = await api(server, 'POST', '/api/orders/', { token: customer.token, body: body([line], 60000) });
    expect(ok.status).toBe(201);
    expect(ok.json.total).toBe(60000);
  });

  it('compares the confirmed total to the cent: 1999.99 against 2000 is refused, 2000.00 is placed', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 2000, stock: 5 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    const off = await api(server, 'POST', '/api/orders/', { token: customer.token, body: body([line], 1999.99) });
    expect(off.status).toBe(409);
    expect(off.json).toMatchObject({ code: 'PRICE_CHANGED', total: 2000 });
    expect(await stockOf(line.blister_id)).toBe(5);
    const ok = await api(server, 'POST', '/api/orders/', { token: customer.token, body: body([line], 2000.0) });
    expect(ok.status).toBe(201);
    expect(ok.json.total).toBe(2000);
  });

  it('never sells a line at $0, not even when a fixed discount eats the whole price', async () => {
    const customer = await createUser(db());
    const brand = await createBrand(db());
    const product = await createProduct(db(), { brand_id: brand.id, blisters: [{ price: 5000, stock: 5 }] });
    await db().update(brands).set({ discount_type: 'fixed', discount_value: 9000, discount_active: true }).where(eq(brands.id, brand.id));
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    const res = await api(server, 'POST', '/api/orders/', { token: customer.token, body: body([line]) });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('NO_PRICE');
    expect(await stockOf(line.blister_id)).toBe(5);
  });
});

describe('counts by stage', () => {
  it('counts the badge, the stage filter, the tabs and the dashboard by stage, and only unpaid orders as expiring', async () => {
    const own = await startTestServer({ pendingOrderDays: 7, maxPendingOrders: 1000 });
    try {
      const boss = await createStaff(own.ctx.db);
      const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => api(own, method, path, { token: boss.token, body });
      own.setNow(T0);
      const orderOf = async (price: number) => (await simpleOrder(own, { price, quantity: 1 })).order;
      const awaiting = await orderOf(1000);
      const paid = await orderOf(2000);
      const shipped = await orderOf(4000);
      const delivered = await orderOf(8000);
      const refunded = await orderOf(16000);
      await call('POST', `/api/orders/${paid.id}/payment/`, { method: 'transferencia' });
      await call('POST', `/api/orders/${shipped.id}/payment/`, { method: 'transferencia' });
      await call('POST', `/api/orders/${shipped.id}/shipment/`, { carrier: 'moto' });
      await call('POST', `/api/orders/${delivered.id}/payment/`, { method: 'efectivo' });
      await call('PUT', `/api/orders/${delivered.id}/`, { status: 'completed' });
      await call('POST', `/api/orders/${refunded.id}/payment/`, { method: 'transferencia' });
      await call('PUT', `/api/orders/${refunded.id}/`, { status: 'cancelled', cancel_reason: 'Sin stock' });

      const list = await call('GET', '/api/orders/?status=pending&stage=shipped');
      expect(list.json.results.map((o: { id: number }) => o.id)).toEqual([shipped.id]);
      // The list's own count is its stage's, for its pages; the tabs count without the stage.
      expect(list.json.count).toBe(1);
      expect(list.json.status_counts).toEqual({
        pending: 3,
        completed: 1,
        cancelled: 1,
        total: 5,
        stages: { awaiting_payment: 1, paid: 1, shipped: 1 },
        needs_shop: 2,
        refunds_owed: 1,
      });

      // Six days later the unpaid order expires within 24 hours; the paid ones never do.
      own.setNow(new Date(T0.getTime() + 6.1 * DAY_MS));
      own.ctx.caches.dashboard.clear();
      const board = (await call('GET', '/api/dashboard/')).json;
      expect(board.pending_aging).toMatchObject({ total: 1, expiring_24h: 1 });
      expect(board.pipeline).toEqual({
        to_collect: { orders: 1, amount: 1000 },
        to_ship: { orders: 1, amount: 2000 },
        in_transit: { orders: 1, amount: 4000 },
        refunds_owed: { orders: 1, amount: 16000 },
      });
      // Ordered: every order not cancelled; collected: every payment recorded (the refund is not done yet).
      expect(board.periods.last_7_days).toMatchObject({ revenue: 15000, collected: 30000 });
      await call('POST', `/api/orders/${refunded.id}/refund/`, { method: 'transferencia' });
      own.setNow(new Date(T0.getTime() + 6.2 * DAY_MS));
      own.ctx.caches.dashboard.clear();
      const after = (await call('GET', '/api/dashboard/')).json;
      expect(after.periods.last_7_days.collected).toBe(14000);
      expect(after.pipeline.refunds_owed).toEqual({ orders: 0, amount: 0 });
      expect((await call('GET', `/api/orders/${awaiting.id}/`)).json.stage).toBe('awaiting_payment');
    } finally {
      await own.close();
    }
  });
});
