// Staff record the steps inside a pending order (issue 13): the payment, the shipment with its
// tracking link, and internal notes; each is logged and e-mailed, refused on a cancelled order,
// and the customer sees the payment and shipment but never the payment note or the notes.
import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, mailOutbox } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createStaff, createUser } from '../helpers/factories';
import { simpleOrder } from '../helpers/orders';

const server = useTestServer({ maxPendingOrders: 1000 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db(), { username: 'despachante' });
});

const post = (path: string, body: unknown, token = staff.token) => api(server, 'POST', path, { token, body });
const pay = (id: number, body: unknown, token?: string) => post(`/api/orders/${id}/payment/`, body, token);
const ship = (id: number, body: unknown, token?: string) => post(`/api/orders/${id}/shipment/`, body, token);
const notes = (id: number, body: unknown, token = staff.token) => api(server, 'PUT', `/api/orders/${id}/internal-notes/`, { token, body });
const cancel = (id: number) => api(server, 'PUT', `/api/orders/${id}/`, { token: staff.token, body: { status: 'cancelled' } });

const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(asc(mailOutbox.id));
const logOf = (orderId: number, description: string) =>
  db()
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entity_id, String(orderId)), like(activityLogs.description, `%${description}%`)));

describe('who may record them', () => {
  it('answers 401 to anonymous callers and 403 to customers, even the order owner', async () => {
    const { customer, order } = await simpleOrder(server);
    const calls: [string, string, unknown][] = [
      ['POST', `/api/orders/${order.id}/payment/`, { method: 'efectivo' }],
      ['POST', `/api/orders/${order.id}/shipment/`, { carrier: 'andreani' }],
      ['PUT', `/api/orders/${order.id}/internal-notes/`, { internal_notes: 'hola' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(server, method, path, { body })).status).toBe(401);
      expect((await api(server, method, path, { body, token: customer.token })).status).toBe(403);
    }
    expect((await api(server, 'GET', `/api/orders/${order.id}/`, { token: staff.token })).json.payment).toBeNull();
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await pay(999999, { method: 'efectivo' })).json).toEqual({ error: 'Pedido no encontrado' });
    expect((await ship(999999, { carrier: 'oca' })).status).toBe(404);
    expect((await notes(999999, { internal_notes: 'x' })).status).toBe(404);
  });
});

describe('POST /api/orders/{id}/payment/', () => {
  it('records the total as paid now by default, answers the staff order and e-mails "Recibimos tu pago"', async () => {
    const { customer, order } = await simpleOrder(server, { price: 1500, quantity: 2 });
    const now = new Date('2031-03-10T15:30:00Z');
    server.setNow(now);
    try {
      const res = await pay(order.id, { method: 'transferencia', note: 'Comprobante por WhatsApp' });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.payment).toEqual({
        paid_at: now.toISOString(),
        method: 'transferencia',
        amount: 3000,
        note: 'Comprobante por WhatsApp',
      });
      expect(res.json.internal_notes).toBe('');
      expect(res.json.status).toBe('pending');
    } finally {
      server.setNow(null);
    }
    const [mail] = (await mailsTo(customer.email)).filter((m) => m.subject === `Recibimos tu pago del pedido #${order.order_number}`);
    expect(mail.text_body).toMatch(/Recibimos tu pago de \$\s3\.000 \(transferencia\) del pedido #\d+, el 10\/03\/2031 12:30\./);
    const [entry] = await logOf(order.id, 'pago registrado');
    expect(entry).toMatchObject({ action: 'update', username: 'despachante', entity_type: 'order' });
    expect(entry.changes).toMatchObject({ after: { payment_method: 'transferencia', payment_amount: 3000 } });
  });

  it('takes a past date on the shop clock and another amount; a correction is logged but not e-mailed again', async () => {
    const { customer, order } = await simpleOrder(server, { price: 1000, quantity: 1 });
    // Noon in Buenos Aires: '00:30' of the shop's day is in the past whatever time the test runs.
    const now = new Date('2031-03-10T15:00:00Z');
    server.setNow(now);
    try {
      const first = await pay(order.id, { method: 'efectivo', paid_at: '2031-03-10', amount: '500,5' });
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      expect(first.json.payment).toMatchObject({ method: 'efectivo', amount: 500.5, note: null, paid_at: now.toISOString() });
      const second = await pay(order.id, { method: 'otro', amount: 1000, paid_at: '2031-03-10T00:30' });
      expect(second.status, JSON.stringify(second.json)).toBe(200);
      expect(second.json.payment).toMatchObject({ method: 'otro', amount: 1000, paid_at: '2031-03-10T03:30:00.000Z' });
    } finally {
      server.setNow(null);
    }
    expect((await mailsTo(customer.email)).filter((m) => m.subject.startsWith('Recibimos tu pago'))).toHaveLength(1);
    expect(await logOf(order.id, 'pago corregido')).toHaveLength(1);
  });

  it('keeps the recorded time and amount when a correction changes only the method (issue 34)', async () => {
    const { order } = await simpleOrder(server, { price: 1000, quantity: 1 });
    const correct = (body: unknown) => api(server, 'PUT', `/api/orders/${order.id}/payment/`, { token: staff.token, body });
    const recordedAt = new Date('2031-03-10T06:06:00Z'); // 03:06 in Buenos Aires
    try {
      server.setNow(recordedAt);
      const first = await pay(order.id, { method: 'transferencia', paid_at: '2031-03-10', amount: '800' });
      expect(first.json.payment).toMatchObject({ paid_at: recordedAt.toISOString(), amount: 800 });
      server.setNow(new Date('2031-03-10T06:11:00Z'));
      // The form sends back the day it shows, with the method changed.
      const sameDay = await correct({ method: 'efectivo', paid_at: '2031-03-10', amount: '800' });
      expect(sameDay.status, JSON.stringify(sameDay.json)).toBe(200);
      expect(sameDay.json.payment).toMatchObject({ method: 'efectivo', paid_at: recordedAt.toISOString(), amount: 800 });
      const withoutDate = await correct({ method: 'otro' });
      expect(withoutDate.json.payment).toMatchObject({ method: 'otro', paid_at: recordedAt.toISOString(), amount: 800 });
      // Another day is a correction of the date: noon of that day.
      const otherDay = await correct({ method: 'otro', paid_at: '2031-03-09' });
      expect(otherDay.json.payment).toMatchObject({ paid_at: '2031-03-09T15:00:00.000Z', amount: 800 });
    } finally {
      server.setNow(null);
    }
  });

  it('refuses a date in the future or before the order, an unknown method and a bad amount, field by field', async () => {
    const { order } = await simpleOrder(server);
    const future = await pay(order.id, { method: 'efectivo', paid_at: new Date(Date.now() + 86_400_000 * 2).toISOString() });
    expect(future.status).toBe(400);
    expect(future.json).toMatchObject({
      error: 'La fecha de pago no puede ser futura',
      errors: { paid_at: ['La fecha de pago no puede ser futura'] },
    });
    const before = await pay(order.id, { method: 'efectivo', paid_at: '2020-01-01' });
    expect(before.json.errors).toEqual({ paid_at: ['La fecha de pago no puede ser anterior al pedido'] });
    expect((await pay(order.id, { method: 'tarjeta' })).json.errors).toEqual({ method: ['Selecciona un medio de pago'] });
    expect((await pay(order.id, { method: 'efectivo', amount: 0 })).json.errors).toEqual({ amount: ['El monto debe ser mayor a 0'] });
    expect((await pay(order.id, { method: 'efectivo', paid_at: 'ayer' })).json.errors).toEqual({
      paid_at: ['La fecha de pago es inválida'],
    });
    const unchanged = await api(server, 'GET', `/api/orders/${order.id}/`, { token: staff.token });
    expect(unchanged.json.payment).toBeNull();
  });

  it('refuses a cancelled order with 409', async () => {
    const { order } = await simpleOrder(server);
    expect((await cancel(order.id)).status).toBe(200);
    const res = await pay(order.id, { method: 'efectivo' });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(`El pedido #${order.order_number} está cancelado: no se puede registrar un pago`);
  });
});

describe('POST /api/orders/{id}/shipment/', () => {
  it('marks the order shipped with the carrier tracking link and e-mails the customer the code and the link', async () => {
    const { customer, order } = await simpleOrder(server, { delivery_type: 'address', shipping_address: 'Calle Falsa 123, Rosario' });
    const res = await ship(order.id, { carrier: 'andreani', tracking_code: ' AB-123.45 ' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.shipment).toMatchObject({
      carrier: 'andreani',
      tracking_code: 'AB-123.45',
      tracking_url: 'https://www.andreani.com/envio/AB-123.45',
    });
    expect(Date.parse(res.json.shipment.shipped_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.json.status).toBe('pending');
    const [mail] = (await mailsTo(customer.email)).filter((m) => m.subject === `Tu pedido #${order.order_number} está en camino`);
    expect(mail.text_body).toContain('Transporte: Andreani.');
    expect(mail.text_body).toContain('Código de seguimiento: AB-123.45');
    expect(mail.text_body).toContain('https://www.andreani.com/envio/AB-123.45');
    expect(mail.html).toContain('href="https://www.andreani.com/envio/AB-123.45"');
    expect(await logOf(order.id, 'enviado por Andreani (código AB-123.45)')).toHaveLength(1);

    // The same shipment sent again changes nothing and sends nothing; a new code is e-mailed.
    await ship(order.id, { carrier: 'andreani', tracking_code: 'AB-123.45' });
    expect((await mailsTo(customer.email)).filter((m) => m.subject.includes('en camino'))).toHaveLength(1);
    const fixed = await ship(order.id, { carrier: 'oca', tracking_code: '999' });
    expect(fixed.json.shipment).toMatchObject({ carrier: 'oca', tracking_url: expect.stringContaining('oca.com.ar') });
    expect(fixed.json.shipment.shipped_at).toBe(res.json.shipment.shipped_at);
    expect((await mailsTo(customer.email)).filter((m) => m.subject.includes('en camino'))).toHaveLength(2);
  });

  it('gives no link for carriers without public tracking, and tells a pickup it is ready', async () => {
    const { customer, order } = await simpleOrder(server);
    const moto = await ship(order.id, { carrier: 'moto' });
    expect(moto.json.shipment).toMatchObject({ carrier: 'moto', tracking_code: null, tracking_url: null });
    const other = await simpleOrder(server, { customer });
    await ship(other.order.id, { carrier: 'retiro' });
    const subjects = (await mailsTo(customer.email)).map((m) => m.subject);
    expect(subjects).toContain(`Tu pedido #${order.order_number} está en camino`);
    expect(subjects).toContain(`Tu pedido #${other.order.order_number} está listo para retirar`);
  });

  it('refuses an unknown carrier, a bad code and a cancelled order', async () => {
    const { order } = await simpleOrder(server);
    expect((await ship(order.id, { carrier: 'dhl' })).json.errors).toEqual({ carrier: ['Selecciona un transporte'] });
    expect((await ship(order.id, { carrier: 'oca', tracking_code: 'a b' })).json.errors).toEqual({
      tracking_code: ['El código de seguimiento solo admite letras, números, guiones y puntos'],
    });
    expect((await cancel(order.id)).status).toBe(200);
    const res = await ship(order.id, { carrier: 'oca' });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(`El pedido #${order.order_number} está cancelado: no se puede marcar como enviado`);
  });
});

describe('PUT /api/orders/{id}/internal-notes/', () => {
  it('replaces the notes, logs the change and keeps them from the customer', async () => {
    const { customer, order } = await simpleOrder(server);
    const res = await notes(order.id, { internal_notes: '  Cliente pide factura A  ' });
    expect(res.status).toBe(200);
    expect(res.json.internal_notes).toBe('Cliente pide factura A');
    const [entry] = await logOf(order.id, 'notas internas actualizadas');
    expect(entry.changes).toEqual({ before: { internal_notes: '' }, after: { internal_notes: 'Cliente pide factura A' } });
    expect((await notes(order.id, { internal_notes: 'x'.repeat(2001) })).json.errors).toEqual({
      internal_notes: ['Las notas no pueden superar 2000 caracteres'],
    });

    await pay(order.id, { method: 'efectivo', note: 'Pagó en el local' });
    const mine = await api(server, 'GET', `/api/orders/${order.id}/`, { token: customer.token });
    expect(mine.json).not.toHaveProperty('internal_notes');
    expect(mine.json.payment).not.toHaveProperty('note');
    expect(mine.json.payment.method).toBe('efectivo');
    expect(mine.text).not.toContain('factura A');
    expect(mine.text).not.toContain('Pagó en el local');
    const list = await api(server, 'GET', '/api/orders/my-orders/', { token: customer.token });
    expect(list.text).not.toContain('factura A');
    expect(list.text).not.toContain('Pagó en el local');
    const asStaff = await api(server, 'GET', '/api/orders/?status=pending', { token: staff.token });
    expect(asStaff.json.results.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      internal_notes: 'Cliente pide factura A',
      payment: { note: 'Pagó en el local' },
    });
  });
});

describe('what the customer sees', () => {
  it('shows payment instructions only while the own order waits for payment, and the shipment with its link', async () => {
    const settings = await api(server, 'PUT', '/api/core/payment-settings/', {
      token: staff.token,
      body: { alias: 'semillas.del.sur', bank_holder: 'Semillas SRL' },
    });
    expect(settings.status).toBe(200);
    const customer = await createUser(db());
    const { order } = await simpleOrder(server, { customer });
    const read = async () => (await api(server, 'GET', `/api/orders/${order.id}/`, { token: customer.token })).json;
    expect((await read()).payment_instructions).toBe('Transferencia bancaria\nTitular: Semillas SRL\nAlias: semillas.del.sur');
    // Another customer cannot read it at all.
    const stranger = await createUser(db());
    expect((await api(server, 'GET', `/api/orders/${order.id}/`, { token: stranger.token })).status).toBe(404);

    await pay(order.id, { method: 'transferencia' });
    await ship(order.id, { carrier: 'correo_argentino', tracking_code: 'CA123' });
    const paid = await read();
    expect(paid.payment_instructions).toBeNull();
    expect(paid.payment).toMatchObject({ method: 'transferencia', amount: order.total });
    expect(paid.shipment).toMatchObject({
      carrier: 'correo_argentino',
      tracking_code: 'CA123',
      tracking_url: 'https://www.correoargentino.com.ar/formularios/e-commerce?id=CA123',
    });
  });

  it('reaches the staff list at once, though the list keeps its pages for a few seconds', async () => {
    const { order } = await simpleOrder(server);
    const pendingPage = async () =>
      (await api(server, 'GET', '/api/orders/?status=pending', { token: staff.token })).json.results.find(
        (o: { id: number }) => o.id === order.id,
      );
    expect((await pendingPage()).payment).toBeNull();
    await pay(order.id, { method: 'efectivo' });
    expect((await pendingPage()).payment.method).toBe('efectivo');
    await ship(order.id, { carrier: 'oca' });
    expect((await pendingPage()).shipment.carrier).toBe('oca');
    await notes(order.id, { internal_notes: 'Dejar en portería' });
    expect((await pendingPage()).internal_notes).toBe('Dejar en portería');
  });
});
