// Staff order management over real HTTP: the filtered list with its status counts, status changes
// and line edits with their stock effects, deletion, activity entries and customer e-mails.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, blisters, mailOutbox, orders } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';

// One customer places many orders here: the cap on pending orders is tested in orders.test.ts.
const server = useTestServer({ maxPendingOrders: 1000 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(server.ctx.db, { username: 'admin_tienda' });
});

type Customer = Awaited<ReturnType<typeof createUser>>;
type Line = { product_id: number; blister_id: number; quantity: number };

async function placeOrder(customer: Customer, lines: Line[], recipient = 'Cliente Genérico') {
  const res = await api(server, 'POST', '/api/orders/', {
    token: customer.token,
    body: { recipient_name: recipient, customer_phone: '1122334455', delivery_type: 'coordinate', products: lines },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as {
    id: number;
    order_number: number;
    total: number;
    order_products: { id: number; blister: number; quantity: number; price_at_time: number }[];
  };
}

async function stockOf(blisterId: number) {
  const [row] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blisterId));
  return row.stock;
}

const adminPut = (id: number, body: unknown) => api(server, 'PUT', `/api/orders/${id}/`, { token: staff.token, body });
const list = (query: string) => api(server, 'GET', `/api/orders/?${query}`, { token: staff.token });
const ids = (res: { json: { results: { id: number }[] } }) => res.json.results.map((o) => o.id);

async function simpleOrder(opts: { stock?: number; quantity?: number; price?: number; recipient?: string; customer?: Customer } = {}) {
  const customer = opts.customer ?? (await createUser(db()));
  const product = await createProduct(db(), { blisters: [{ price: opts.price ?? 1000, stock: opts.stock ?? 10 }] });
  const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: opts.quantity ?? 2 };
  const order = await placeOrder(customer, [line], opts.recipient);
  return { customer, product, line, order };
}

describe('authorization', () => {
  it('answers 401 to anonymous and 403 to customers on the admin list and on delete', async () => {
    const { customer, order } = await simpleOrder();
    expect((await api(server, 'GET', '/api/orders/')).status).toBe(401);
    const forbidden = await api(server, 'GET', '/api/orders/', { token: customer.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.error).toBe('No tienes permisos para realizar esta acción');
    expect((await api(server, 'DELETE', `/api/orders/${order.id}/`)).status).toBe(401);
    expect((await api(server, 'DELETE', `/api/orders/${order.id}/`, { token: customer.token })).status).toBe(403);
  });

  it('lets staff read and change any order, and answers 404 for one that does not exist', async () => {
    const { order } = await simpleOrder();
    expect((await api(server, 'GET', `/api/orders/${order.id}/`, { token: staff.token })).json.id).toBe(order.id);
    expect((await adminPut(999999, { status: 'completed' })).status).toBe(404);
    expect((await api(server, 'DELETE', '/api/orders/999999/', { token: staff.token })).status).toBe(404);
  });
});

describe('GET /api/orders/ (staff)', () => {
  it('pages by 15 with next, previous, totalPages and the count of the tab', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 100, stock: 99 }] });
    const created: number[] = [];
    for (let i = 0; i < 17; i++) {
      created.push(
        (await placeOrder(customer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }], 'Lote Paginado')).id,
      );
    }
    const first = await list('search=Paginado');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ count: 17, totalPages: 2, previous: null });
    expect(first.json.results).toHaveLength(15);
    expect(ids(first)).toEqual(created.slice().reverse().slice(0, 15));
    expect(first.json.next).toContain('page=2');
    const second = await list('search=Paginado&page=2');
    expect(ids(second)).toEqual([created[1], created[0]]);
    expect(second.json.next).toBeNull();
    expect(second.json.previous).toContain('page=1');
    expect((await list('search=Paginado&page_size=5')).json.results).toHaveLength(5);
    expect((await list('search=Paginado&limit=4')).json.results).toHaveLength(4);
    const order = first.json.results[0];
    expect(order).toMatchObject({
      status_display: 'Pendiente',
      delivery_type_display: 'Acordar entrega',
      customer: { username: customer.username, first_name: customer.first_name, last_name: customer.last_name },
    });
    expect(order.order_products[0]).toHaveProperty('blister_info');
  });

  it('filters by status, counts every tab in status_counts and keeps archived orders out of pending and completed', async () => {
    const tag = 'Tanda Estados';
    const pending = (await simpleOrder({ recipient: tag })).order;
    const pendingArchived = (await simpleOrder({ recipient: tag })).order;
    const completed = (await simpleOrder({ recipient: tag })).order;
    const completedArchived = (await simpleOrder({ recipient: tag })).order;
    const cancelledArchived = (await simpleOrder({ recipient: tag })).order;
    expect((await adminPut(pendingArchived.id, { is_archived: true })).status).toBe(200);
    expect((await adminPut(completed.id, { status: 'completed' })).status).toBe(200);
    expect((await adminPut(completedArchived.id, { status: 'completed', is_archived: true })).status).toBe(200);
    expect((await adminPut(cancelledArchived.id, { status: 'cancelled', is_archived: true })).status).toBe(200);

    const all = await list('search=Estados');
    expect(all.json.status_counts).toMatchObject({ pending: 1, completed: 1, cancelled: 1, total: 5 });
    expect(all.json.count).toBe(5);
    expect(ids(await list('search=Estados&status=pending'))).toEqual([pending.id]);
    expect(ids(await list('search=Estados&status=completed'))).toEqual([completed.id]);
    expect(ids(await list('search=Estados&status=cancelled'))).toEqual([cancelledArchived.id]);
    expect((await list('search=Estados&status=all')).json.count).toBe(5);
    const pendingTab = await list('search=Estados&status=pending');
    expect(pendingTab.json.count).toBe(1);
    expect(pendingTab.json.status_counts.total).toBe(5);
    expect((await list('status=nada')).status).toBe(400);
  });

  it('filters by today, week, month and a custom range on shop time (UTC-3)', async () => {
    const tag = 'Tanda Fechas';
    const customer = await createUser(db());
    const at = async (iso: string) => {
      server.setNow(new Date(iso));
      return (await simpleOrder({ recipient: tag, customer })).order.id;
    };
    try {
      const todayEarly = await at('2032-06-15T04:00:00Z'); // 01:00 on the 15th in Buenos Aires
      const lateYesterday = await at('2032-06-15T02:00:00Z'); // 23:00 on the 14th
      const sixDaysAgo = await at('2032-06-09T12:00:00Z');
      const twentyDaysAgo = await at('2032-05-26T12:00:00Z');
      const twoMonthsAgo = await at('2032-04-10T12:00:00Z');
      server.setNow(new Date('2032-06-15T15:00:00Z'));

      expect(ids(await list('search=Fechas&date_filter=today'))).toEqual([todayEarly]);
      expect(ids(await list('search=Fechas&date_filter=week'))).toEqual([todayEarly, lateYesterday, sixDaysAgo]);
      expect(ids(await list('search=Fechas&date_filter=month'))).toEqual([todayEarly, lateYesterday, sixDaysAgo, twentyDaysAgo]);
      const custom = await list('search=Fechas&date_filter=custom&start_date=2032-04-10&end_date=2032-06-14');
      expect(ids(custom)).toEqual([lateYesterday, sixDaysAgo, twentyDaysAgo, twoMonthsAgo]);
      expect(custom.json.status_counts).toMatchObject({
        pending: 4,
        completed: 0,
        cancelled: 0,
        total: 4,
        stages: { awaiting_payment: 4, paid: 0, shipped: 0 },
        needs_shop: 4,
      });
      expect((await list('search=Fechas')).json.count).toBe(5);
      const weekCounts = await list('search=Fechas&date_filter=week&status=cancelled');
      expect(weekCounts.json.status_counts).toMatchObject({ pending: 3, completed: 0, cancelled: 0, total: 3 });
      expect(weekCounts.json.results).toEqual([]);
    } finally {
      server.setNow(null);
    }
  });

  it('needs both dates for a custom range, with the end not before the start', async () => {
    const missing = await list('date_filter=custom&start_date=2032-01-01');
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('Debes seleccionar fechas de inicio y fin');
    const reversed = await list('date_filter=custom&start_date=2032-02-01&end_date=2032-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.json.error).toBe('La fecha de fin no puede ser anterior a la fecha de inicio');
    expect((await list('date_filter=custom&start_date=2032-02-30&end_date=2032-03-01')).status).toBe(400);
    expect((await list('date_filter=ayer')).status).toBe(400);
    expect((await list('date_filter=custom&start_date=2032-02-01&end_date=2032-02-01')).status).toBe(200);
  });

  it('refuses days outside the years 2000 to 2100 with 400, before they reach the database', async () => {
    for (const range of [
      'start_date=0000-01-01&end_date=2032-01-01',
      'start_date=2032-01-01&end_date=9999-12-31',
      'start_date=1999-12-31&end_date=2032-01-01',
      'start_date=2032-01-01&end_date=2101-01-01',
    ]) {
      const res = await list(`date_filter=custom&${range}`);
      expect(res.status, range).toBe(400);
      expect(res.json.error).toBe('La fecha debe estar entre los años 2000 y 2100');
    }
    expect((await list('date_filter=custom&start_date=2000-01-01&end_date=2100-12-31')).status).toBe(200);
  });

  it('searches by recipient name, username, first and last name, e-mail and order number', async () => {
    const customer = await createUser(db(), {
      username: 'zorro_buscado',
      first_name: 'Eulalia',
      last_name: 'Quintanilla',
      email: 'eulalia.q@correo.test',
    });
    const { order } = await simpleOrder({ customer, recipient: 'Destinataria Rarísima' });
    const other = await simpleOrder({ recipient: 'Otra Persona' });
    for (const term of ['rarísima', 'ZORRO_BUSC', 'eulalia', 'quintanilla', 'Eulalia Quintanilla', 'eulalia.q@correo']) {
      const res = await list(`search=${encodeURIComponent(term)}`);
      expect(ids(res), term).toEqual([order.id]);
    }
    expect(ids(await list(`search=${order.order_number}`))).toContain(order.id);
    expect(ids(await list(`search=%23${other.order.order_number}`))).toContain(other.order.id);
    // LIKE wildcards typed by staff are taken literally.
    expect((await list('search=%25')).json.count).toBe(0);
    expect((await list(`search=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

/** Moves the orders' id ahead of their numbers, as checkouts refused after their insert do (a sequence never rolls back). */
async function driftIds(by = 7) {
  await db().execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), (select coalesce(max(id), 0) from orders) + ${by})`);
}

describe('staff find an order by its number, never by its id (issue 34)', () => {
  it('GET /api/orders/by-number/{number}/ answers the order with that number when the ids have drifted', async () => {
    await driftIds();
    const { order } = await simpleOrder({ recipient: 'Numerada Distinta' });
    expect(order.id).not.toBe(order.order_number);
    const res = await api(server, 'GET', `/api/orders/by-number/${order.order_number}/`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(order.id);
    expect(res.json.order_number).toBe(order.order_number);
    expect(res.json.recipient_name).toBe('Numerada Distinta');
    const missing = await api(server, 'GET', `/api/orders/by-number/${order.id + 1000}/`, { token: staff.token });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Pedido no encontrado');
    const invalid = await api(server, 'GET', '/api/orders/by-number/abc/', { token: staff.token });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toBe('Número de pedido inválido');
    const customer = await api(server, 'GET', `/api/orders/by-number/${order.order_number}/`, { token: (await createUser(db())).token });
    expect(customer.status).toBe(403);
  });

  it('searches the number typed, not the id that happens to be that number', async () => {
    // Far enough that the id's digits are in no phone or e-mail of this file's orders.
    await driftIds(5000);
    const { order } = await simpleOrder({ recipient: 'Buscada Por Numero' });
    expect(order.id).not.toBe(order.order_number);
    expect(ids(await list(`status=all&search=${order.order_number}`))).toContain(order.id);
    expect(ids(await list(`status=all&search=${order.id}`))).not.toContain(order.id);
  });

  it('lists the orders of a print page by their numbers, not the ids that happen to be those numbers', async () => {
    await driftIds();
    const { order: first } = await simpleOrder();
    const { order: second } = await simpleOrder();
    expect(first.id).not.toBe(first.order_number);
    expect(ids(await list(`status=all&numbers=${second.order_number},${first.order_number}`)).sort()).toEqual([first.id, second.id].sort());
    expect(ids(await list(`status=all&numbers=${first.id}`))).not.toContain(first.id);
    const invalid = await api(server, 'GET', '/api/orders/?numbers=1,x', { token: staff.token });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toContain('Lista de pedidos inválida');
  });

  it("links the shop's new-order e-mail to the admin page of the order's number", async () => {
    await driftIds();
    const { order } = await simpleOrder();
    expect(order.id).not.toBe(order.order_number);
    const mails = await db().select().from(mailOutbox);
    const notice = mails.find((m) => m.subject.startsWith(`Nuevo pedido #${order.order_number} `));
    expect(notice, 'the shop is e-mailed').toBeDefined();
    expect(notice!.text_body).toContain(`/admin/pedidos/${order.order_number}`);
    expect(notice!.text_body).not.toContain(`/admin/pedidos/${order.id}`);
  });
});

describe('PUT /api/orders/{id}/ (staff): status', () => {
  it('moves stock with the status: cancelled returns it, re-activating takes it again', async () => {
    const { line, order } = await simpleOrder({ stock: 10, quantity: 3 });
    expect(await stockOf(line.blister_id)).toBe(7);

    const complete = await adminPut(order.id, { status: 'completed' });
    expect(complete.json).toMatchObject({ status: 'completed', status_display: 'Completado' });
    expect(await stockOf(line.blister_id)).toBe(7);

    const cancel = await adminPut(order.id, { status: 'cancelled' });
    expect(cancel.json).toMatchObject({ status: 'cancelled', cancel_reason: 'Cancelado por la tienda' });
    expect(await stockOf(line.blister_id)).toBe(10);
    expect((await adminPut(order.id, { status: 'cancelled' })).json.message).toBe('Sin cambios');
    expect(await stockOf(line.blister_id)).toBe(10);

    const reopen = await adminPut(order.id, { status: 'pending' });
    expect(reopen.json).toMatchObject({ status: 'pending', cancel_reason: null });
    expect(await stockOf(line.blister_id)).toBe(7);
  });

  it('refuses with 409 to re-activate a cancelled order when stock is short, changing nothing', async () => {
    const { product, line, order } = await simpleOrder({ stock: 5, quantity: 4 });
    await adminPut(order.id, { status: 'cancelled' });
    expect(await stockOf(line.blister_id)).toBe(5);
    await db().update(blisters).set({ stock: 3 }).where(eq(blisters.id, line.blister_id));
    const res = await adminPut(order.id, { status: 'completed' });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(`No hay suficiente stock de ${product.name} (3 semillas). Stock disponible: 3`);
    expect(await stockOf(line.blister_id)).toBe(3);
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('cancelled');
  });

  it('logs status_change entries and e-mails the customer', async () => {
    const { customer, order } = await simpleOrder({ price: 2500, quantity: 2 });
    await adminPut(order.id, { status: 'completed' });
    const entries = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), eq(activityLogs.action, 'status_change')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ user_id: staff.id, username: 'admin_tienda' });
    expect(entries[0].changes).toEqual({ old_status: 'pending', new_status: 'completed', changed_by: 'admin_tienda', order_total: 5000 });
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Pedido #${order.order_number}: Entregado`));
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe(customer.email);
    expect(mails[0].text_body).toContain('¡Tu pedido fue completado!');
  });

  it('archives an order with an update entry holding before and after', async () => {
    const { order } = await simpleOrder();
    await adminPut(order.id, { is_archived: true });
    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), eq(activityLogs.action, 'update')));
    expect(entry.changes).toEqual({ before: { is_archived: false }, after: { is_archived: true } });
  });

  it('validates the staff payload', async () => {
    const { order } = await simpleOrder();
    expect((await adminPut(order.id, {})).json.error).toBe('No hay cambios para aplicar');
    expect((await adminPut(order.id, { status: 'enviado' })).status).toBe(400);
    expect((await adminPut(order.id, { order_products: [] })).status).toBe(400);
    expect((await adminPut(order.id, { order_products: [{ quantity: 1 }] })).status).toBe(400);
    expect((await adminPut(order.id, { order_products: [{ id: order.order_products[0].id, quantity: 0 }] })).status).toBe(400);
  });
});

describe('PUT /api/orders/{id}/ (staff): lines', () => {
  it('edits lines in one transaction, adjusting stock by the difference', async () => {
    const { line, order } = await simpleOrder({ stock: 10, quantity: 2, price: 1000 });
    const extra = await createProduct(db(), { name: 'Agregado', blisters: [{ price: 3000, stock: 4, discount: 50 }] });
    const res = await adminPut(order.id, {
      order_products: [
        { product_id: line.product_id, blister_id: line.blister_id, quantity: 5, price_at_time: 900 },
        { product_id: extra.id, blister_id: extra.blisters[0].id, quantity: 2 },
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.order_products.map((l: { quantity: number; price_at_time: number }) => [l.quantity, l.price_at_time])).toEqual([
      [5, 900],
      [2, 1500],
    ]);
    expect(res.json.total).toBe(7500);
    expect(await stockOf(line.blister_id)).toBe(5);
    expect(await stockOf(extra.blisters[0].id)).toBe(2);

    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), eq(activityLogs.action, 'update')));
    expect(entry.changes).toMatchObject({ before: { total: 2000 }, after: { total: 7500 } });

    // Dropping a line gives its units back.
    const drop = await adminPut(order.id, { order_products: [{ id: res.json.order_products[1].id, quantity: 1 }] });
    expect(drop.json.order_products).toHaveLength(1);
    expect(drop.json.total).toBe(1500);
    expect(await stockOf(line.blister_id)).toBe(10);
    expect(await stockOf(extra.blisters[0].id)).toBe(3);
  });

  it('refuses an increase beyond stock with 409 and keeps everything as it was', async () => {
    const { product, line, order } = await simpleOrder({ stock: 4, quantity: 2 });
    const res = await adminPut(order.id, { status: 'completed', order_products: [{ ...line, quantity: 7 }] });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(`No hay suficiente stock de ${product.name} (3 semillas). Stock disponible: 2`);
    expect(await stockOf(line.blister_id)).toBe(2);
    const current = await api(server, 'GET', `/api/orders/${order.id}/`, { token: staff.token });
    expect(current.json).toMatchObject({ status: 'pending', total: order.total });
    expect(current.json.order_products[0].quantity).toBe(2);
  });

  it('refuses to edit the lines of a cancelled order, moving no stock', async () => {
    const { line, order } = await simpleOrder({ stock: 10, quantity: 2 });
    await adminPut(order.id, { status: 'cancelled' });
    const edit = await adminPut(order.id, { order_products: [{ ...line, quantity: 6 }] });
    expect(edit.status).toBe(409);
    expect(edit.json.code).toBe('ORDER_CANCELLED');
    expect(await stockOf(line.blister_id)).toBe(10);
    await adminPut(order.id, { status: 'pending' });
    expect(await stockOf(line.blister_id)).toBe(8);
  });

  it('cancels the order when staff remove every line', async () => {
    const { line, order } = await simpleOrder({ stock: 10, quantity: 2 });
    const res = await adminPut(order.id, { remove_line_ids: [order.order_products[0].id] });
    expect(res.json).toMatchObject({ status: 'cancelled', message: 'Pedido cancelado por falta de productos' });
    expect(res.json.order_products).toHaveLength(1);
    expect(await stockOf(line.blister_id)).toBe(10);
  });

  it('refuses a line that names another order or repeats a product', async () => {
    const { line, order } = await simpleOrder();
    const other = await simpleOrder();
    expect((await adminPut(order.id, { order_products: [{ id: other.order.order_products[0].id, quantity: 1 }] })).status).toBe(400);
    expect((await adminPut(order.id, { order_products: [line, { ...line, quantity: 1 }] })).status).toBe(400);
    expect((await adminPut(order.id, { order_products: [{ product_id: line.product_id, blister_id: 999999, quantity: 1 }] })).status).toBe(
      409,
    );
  });
});

describe('DELETE /api/orders/{id}/ (staff)', () => {
  it('returns the stock of an active order, logs the deletion and leaves a 404 behind', async () => {
    const { customer, line, order } = await simpleOrder({ stock: 10, quantity: 3 });
    const res = await api(server, 'DELETE', `/api/orders/${order.id}/`, { token: staff.token });
    expect(res.status).toBe(204);
    expect(await stockOf(line.blister_id)).toBe(10);
    expect((await api(server, 'GET', `/api/orders/${order.id}/`, { token: customer.token })).status).toBe(404);
    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), eq(activityLogs.action, 'delete')));
    expect(entry.username).toBe('admin_tienda');
    expect(entry.changes).toMatchObject({ before: { id: order.id, status: 'pending' }, after: null });
  });

  it('does not return stock twice for a cancelled order', async () => {
    const { line, order } = await simpleOrder({ stock: 10, quantity: 3 });
    await adminPut(order.id, { status: 'cancelled' });
    await api(server, 'DELETE', `/api/orders/${order.id}/`, { token: staff.token });
    expect(await stockOf(line.blister_id)).toBe(10);
  });
});
