// Staff act on several orders at once (issue 13): each order changes as if done one by one (its
// own transaction, log entry, e-mail and stock move), and an order that cannot change reports
// its Spanish error while the others still apply.
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, blisters, mailOutbox } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { placeOrder, simpleOrder } from '../helpers/orders';
import { saveShippingMethods, shippingMethod } from '../helpers/shipping';

const server = useTestServer({ maxPendingOrders: 1000 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db(), { username: 'operadora' });
});

const bulk = (body: unknown, token = staff.token) => api(server, 'POST', '/api/orders/bulk/', { token, body });
const read = async (id: number) => (await api(server, 'GET', `/api/orders/${id}/`, { token: staff.token })).json;
const setStatus = (id: number, status: string) => api(server, 'PUT', `/api/orders/${id}/`, { token: staff.token, body: { status } });
const subjectsTo = async (email: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, email))).map((m) => m.subject).sort();
const logCount = async (ids: number[], description: string) =>
  (
    await db()
      .select()
      .from(activityLogs)
      .where(
        and(
          inArray(
            activityLogs.entity_id,
            ids.map((id) => String(id)),
          ),
          like(activityLogs.description, `%${description}%`),
        ),
      )
  ).length;

describe('who may use it and what it takes', () => {
  it('answers 401 to anonymous callers and 403 to customers', async () => {
    const { customer, order } = await simpleOrder(server);
    expect((await api(server, 'POST', '/api/orders/bulk/', { body: { ids: [order.id], action: 'cancel' } })).status).toBe(401);
    expect((await bulk({ ids: [order.id], action: 'cancel' }, customer.token)).status).toBe(403);
    expect((await read(order.id)).status).toBe('pending');
  });

  it('refuses an empty selection, an unknown action and an unknown carrier', async () => {
    expect((await bulk({ ids: [], action: 'cancel' })).json.errors).toEqual({ ids: ['Selecciona al menos un pedido'] });
    expect((await bulk({ ids: [1], action: 'archivar' })).json.errors).toEqual({ action: ['Acción inválida'] });
    const badCarrier = await bulk({ ids: [1], action: 'mark_shipped', carriers: { 1: 'dron' } });
    expect(badCarrier.status).toBe(400);
    expect(badCarrier.json.errors).toEqual({ 'carriers.1': ['Selecciona un transporte'] });
    const tooMany = await bulk({ ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'cancel' });
    expect(tooMany.json.errors).toEqual({ ids: ['Puedes cambiar hasta 100 pedidos a la vez'] });
  });
});

describe('POST /api/orders/bulk/', () => {
  it('marks several orders paid with their totals; an unknown, a cancelled and an already paid one report why', async () => {
    const customer = await createUser(db());
    const a = (await simpleOrder(server, { customer, price: 1000, quantity: 1 })).order;
    const b = (await simpleOrder(server, { customer, price: 2500, quantity: 2 })).order;
    const cancelled = (await simpleOrder(server, { customer })).order;
    const alreadyPaid = (await simpleOrder(server, { customer })).order;
    expect((await setStatus(cancelled.id, 'cancelled')).status).toBe(200);
    await api(server, 'POST', `/api/orders/${alreadyPaid.id}/payment/`, { token: staff.token, body: { method: 'efectivo', amount: 1 } });

    const res = await bulk({ ids: [a.id, 999999, cancelled.id, b.id, alreadyPaid.id, a.id], action: 'mark_paid' });
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { id: a.id, ok: true },
      { id: 999999, ok: false, error: 'Pedido no encontrado' },
      { id: cancelled.id, ok: false, error: `El pedido #${cancelled.order_number} está cancelado: no se puede registrar un pago` },
      { id: b.id, ok: true },
      { id: alreadyPaid.id, ok: false, error: `El pedido #${alreadyPaid.order_number} ya tiene un pago registrado` },
    ]);
    expect((await read(a.id)).payment).toMatchObject({ method: 'transferencia', amount: 1000 });
    expect((await read(b.id)).payment).toMatchObject({ method: 'transferencia', amount: 5000 });
    expect((await read(alreadyPaid.id)).payment).toMatchObject({ method: 'efectivo', amount: 1 });
    expect((await read(cancelled.id)).payment).toBeNull();
    const subjects = await subjectsTo(customer.email);
    expect(subjects.filter((s) => s.startsWith('Recibimos tu pago'))).toEqual(
      [a, b, alreadyPaid].map((o) => `Recibimos tu pago del pedido #${o.order_number}`).sort(),
    );
    expect(await logCount([a.id, b.id], 'pago registrado')).toBe(2);
  });

  it('marks orders paid on the date and with the method the owner chose', async () => {
    const customer = await createUser(db());
    server.setNow(new Date('2031-03-01T15:00:00Z'));
    try {
      const a = (await simpleOrder(server, { customer })).order;
      const b = (await simpleOrder(server, { customer })).order;
      server.setNow(new Date('2031-03-05T15:00:00Z'));
      const res = await bulk({ ids: [a.id, b.id], action: 'mark_paid', paid_at: '2031-03-03', method: 'efectivo' });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.results).toEqual([
        { id: a.id, ok: true },
        { id: b.id, ok: true },
      ]);
      for (const id of [a.id, b.id]) {
        expect((await read(id)).payment).toMatchObject({ method: 'efectivo', paid_at: '2031-03-03T15:00:00.000Z' });
      }
      const future = await bulk({ ids: [a.id], action: 'mark_paid', paid_at: '2031-03-09' });
      expect(future.status).toBe(400);
      expect(future.json.errors).toEqual({ paid_at: ['La fecha de pago no puede ser futura'] });
      const badMethod = await bulk({ ids: [a.id], action: 'mark_paid', method: 'bitcoin' });
      expect(badMethod.json.errors).toEqual({ method: ['Selecciona un medio de pago'] });
    } finally {
      server.setNow(null);
    }
  });

  it('marks orders shipped with one carrier and a code per order', async () => {
    const customer = await createUser(db());
    const a = (await simpleOrder(server, { customer })).order;
    const b = (await simpleOrder(server, { customer })).order;
    const shipped = (await simpleOrder(server, { customer })).order;
    await api(server, 'POST', `/api/orders/${shipped.id}/shipment/`, { token: staff.token, body: { carrier: 'moto' } });
    const res = await bulk({
      ids: [a.id, b.id, shipped.id],
      action: 'mark_shipped',
      carrier: 'andreani',
      tracking_codes: { [a.id]: 'AND-1', [shipped.id]: 'AND-3' },
    });
    expect(res.json.results).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: true },
      { id: shipped.id, ok: false, error: `El pedido #${shipped.order_number} ya estaba enviado` },
    ]);
    expect((await read(a.id)).shipment).toMatchObject({
      carrier: 'andreani',
      tracking_code: 'AND-1',
      tracking_url: 'https://www.andreani.com/envio/AND-1',
    });
    expect((await read(b.id)).shipment).toMatchObject({ carrier: 'andreani', tracking_code: null, tracking_url: null });
    expect((await read(shipped.id)).shipment).toMatchObject({ carrier: 'moto' });
    const inTransit = (await subjectsTo(customer.email)).filter((s) => s.endsWith('está en camino'));
    expect(inTransit).toHaveLength(3);
    const badCode = await bulk({ ids: [a.id], action: 'mark_shipped', carrier: 'oca', tracking_codes: { [a.id]: 'con espacio' } });
    expect(badCode.status).toBe(400);
  });

  it("ships each order with its own shipping method's carrier, another only where chosen (issue 34)", async () => {
    const [andreani, moto] = await saveShippingMethods(server, staff.token, [
      shippingMethod({ name: 'Andreani a domicilio', carrier: 'andreani' }),
      shippingMethod({ name: 'Moto en Córdoba', carrier: 'moto' }),
    ]);
    const customer = await createUser(db());
    const address = { street: 'Bv. San Juan', number: '450', zip_code: '5000', city: 'Córdoba', province: 'AR-X' as const, details: '' };
    const byAndreani = (await simpleOrder(server, { customer, delivery_type: 'address', shipping_method_id: andreani.id, address })).order;
    const byMoto = (await simpleOrder(server, { customer, delivery_type: 'address', shipping_method_id: moto.id, address })).order;
    const changed = (await simpleOrder(server, { customer, delivery_type: 'address', shipping_method_id: andreani.id, address })).order;
    const agreed = (await simpleOrder(server, { customer })).order; // "Acordar entrega": no carrier of its own
    expect([byAndreani, byMoto, agreed].map((o) => o.shipping?.carrier ?? null)).toEqual(['andreani', 'moto', null]);
    const res = await bulk({
      ids: [byAndreani.id, byMoto.id, changed.id, agreed.id],
      action: 'mark_shipped',
      carriers: { [changed.id]: 'oca' },
      tracking_codes: { [byAndreani.id]: 'AND-9' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.results).toEqual([
      { id: byAndreani.id, ok: true },
      { id: byMoto.id, ok: true },
      { id: changed.id, ok: true },
      { id: agreed.id, ok: false, error: `El pedido #${agreed.order_number} no tiene un transporte: elige uno` },
    ]);
    expect((await read(byAndreani.id)).shipment).toMatchObject({ carrier: 'andreani', tracking_code: 'AND-9' });
    expect((await read(byMoto.id)).shipment).toMatchObject({ carrier: 'moto' });
    expect((await read(changed.id)).shipment).toMatchObject({ carrier: 'oca' });
    expect((await read(agreed.id)).shipment).toBeNull();
    // Chosen for it, the order without a carrier ships too.
    const retry = await bulk({ ids: [agreed.id], action: 'mark_shipped', carriers: { [agreed.id]: 'retiro' } });
    expect(retry.json.results).toEqual([{ id: agreed.id, ok: true }]);
    expect((await read(agreed.id)).shipment).toMatchObject({ carrier: 'retiro' });
  });

  it('completes pending orders only, and says which were completed or cancelled already', async () => {
    const customer = await createUser(db());
    const pending = (await simpleOrder(server, { customer })).order;
    const completed = (await simpleOrder(server, { customer })).order;
    const cancelled = (await simpleOrder(server, { customer })).order;
    await setStatus(completed.id, 'completed');
    await setStatus(cancelled.id, 'cancelled');
    const res = await bulk({ ids: [pending.id, completed.id, cancelled.id], action: 'complete' });
    expect(res.json.results).toEqual([
      { id: pending.id, ok: true },
      { id: completed.id, ok: false, error: `El pedido #${completed.order_number} ya estaba completado` },
      { id: cancelled.id, ok: false, error: `El pedido #${cancelled.order_number} está cancelado` },
    ]);
    expect((await read(pending.id)).status).toBe('completed');
    expect((await read(cancelled.id)).status).toBe('cancelled');
    expect((await subjectsTo(customer.email)).filter((s) => s.endsWith(': Entregado'))).toEqual(
      [completed, pending].map((o) => `Pedido #${o.order_number}: Entregado`).sort(),
    );
    expect(await logCount([pending.id], 'Pendiente → Completado')).toBe(1);
  });

  it('cancels orders returning their stock exactly once, even when the same selection is cancelled again', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 10 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 };
    const first = await placeOrder(server, customer, [line]);
    const second = await placeOrder(server, customer, [{ ...line, quantity: 3 }]);
    const stock = async () => (await db().select().from(blisters).where(eq(blisters.id, line.blister_id)))[0].stock;
    expect(await stock()).toBe(5);

    const res = await bulk({ ids: [first.id, second.id], action: 'cancel' });
    expect(res.json.results).toEqual([
      { id: first.id, ok: true },
      { id: second.id, ok: true },
    ]);
    expect(await stock()).toBe(10);
    const again = await bulk({ ids: [first.id, second.id], action: 'cancel' });
    expect(again.json.results).toEqual([
      { id: first.id, ok: false, error: `El pedido #${first.order_number} ya estaba cancelado` },
      { id: second.id, ok: false, error: `El pedido #${second.order_number} ya estaba cancelado` },
    ]);
    expect(await stock()).toBe(10);
    expect((await read(first.id)).cancel_reason).toBe('Cancelado por la tienda');
    expect((await subjectsTo(customer.email)).filter((s) => s.endsWith(': Cancelado'))).toHaveLength(2);
    expect(await logCount([first.id, second.id], 'Pendiente → Cancelado')).toBe(2);
  });
});
