// Staff send the payment details again to a customer whose order waits for payment (issue 21).
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, mailOutbox } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createStaff } from '../helpers/factories';
import { simpleOrder } from '../helpers/orders';

const server = useTestServer({ maxPendingOrders: 1000 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db(), { username: 'cobradora' });
});

const resend = (id: number, token = staff.token) => api(server, 'POST', `/api/orders/${id}/payment-instructions/`, { token });
const setPaymentDetails = (body: Record<string, string>) =>
  api(server, 'PUT', '/api/core/payment-settings/', { token: staff.token, body: { whatsapp_number: '1123456789', ...body } });
const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(mailOutbox.id);

describe('POST /api/orders/{id}/payment-instructions/', () => {
  it('is for staff only', async () => {
    const { customer, order } = await simpleOrder(server);
    expect((await api(server, 'POST', `/api/orders/${order.id}/payment-instructions/`)).status).toBe(401);
    expect((await resend(order.id, customer.token)).status).toBe(403);
    expect((await resend(999999)).status).toBe(404);
  });

  it('refuses in Spanish while the shop has no payment details', async () => {
    const { order } = await simpleOrder(server);
    const res = await resend(order.id);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("Carga los datos de pago en 'Configuración' antes de enviarlos");
  });

  it('e-mails the amount, the order number and the payment details, asks for the address, and logs it', async () => {
    expect((await setPaymentDetails({ alias: 'semillas.sur', bank_holder: 'Semillas del Sur SRL' })).status).toBe(200);
    const { customer, order } = await simpleOrder(server, { price: 24000, quantity: 2, delivery_type: 'coordinate' });
    const before = (await mailsTo(customer.email)).length;
    const res = await resend(order.id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toBe(`Enviamos los datos de pago a ${customer.email}`);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail.subject).toBe(`Datos de pago de tu pedido #${order.order_number}`);
    expect(mail.text_body).toMatch(/48\.000/);
    expect(mail.text_body).toContain('Alias: semillas.sur');
    expect(mail.text_body).toContain('¿A qué dirección te lo enviamos?');
    const logged = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), like(activityLogs.description, '%datos de pago reenviados%')));
    expect(logged).toHaveLength(1);
    expect(logged[0].username).toBe('cobradora');
  });

  it('answers 409 with the reason for paid, completed and cancelled orders, and sends nothing', async () => {
    const paid = await simpleOrder(server);
    expect(
      (await api(server, 'POST', `/api/orders/${paid.order.id}/payment/`, { token: staff.token, body: { method: 'efectivo' } })).status,
    ).toBe(200);
    const cancelled = await simpleOrder(server);
    expect(
      (await api(server, 'PUT', `/api/orders/${cancelled.order.id}/`, { token: staff.token, body: { status: 'cancelled' } })).status,
    ).toBe(200);
    const completed = await simpleOrder(server);
    expect(
      (await api(server, 'PUT', `/api/orders/${completed.order.id}/`, { token: staff.token, body: { status: 'completed' } })).status,
    ).toBe(200);
    const cases: [typeof paid, string][] = [
      [paid, 'ya tiene un pago registrado'],
      [cancelled, 'está cancelado'],
      [completed, 'está completado'],
    ];
    for (const [{ order, customer }, reason] of cases) {
      const sent = (await mailsTo(customer.email)).length;
      const res = await resend(order.id);
      expect(res.status).toBe(409);
      expect(res.json.error).toBe(`El pedido #${order.order_number} ${reason}${reason.startsWith('ya') ? '' : ': no hay pago que pedir'}`);
      expect((await mailsTo(customer.email)).length).toBe(sent);
    }
  });
});
