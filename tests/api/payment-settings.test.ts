// The shop's payment details (issue 13): staff read and replace them, each field checked with a
// Spanish message, the change logged; customers read them as the instructions of their pending
// orders, and the WhatsApp number stored here wins over WHATSAPP_NUMBER in e-mails.
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, mailOutbox } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createStaff, createUser } from '../helpers/factories';
import { simpleOrder } from '../helpers/orders';
import { NO_PAYMENT_SETTINGS } from '../../src/domain/fulfilment';

const server = useTestServer();
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;
const PATH = '/api/core/payment-settings/';

const VALID = {
  bank_holder: 'Semillas del Sur SRL',
  cbu: '2850590940090418135201',
  alias: 'semillas.del.sur',
  bank_name: 'Banco Macro',
  cuit: '30-71234567-1',
  other_instructions: 'También aceptamos efectivo al retirar.',
  whatsapp_number: '11 2345-6789',
};

const put = (body: unknown, token = staff.token) => api(server, 'PUT', PATH, { token, body });

beforeAll(async () => {
  staff = await createStaff(db(), { username: 'tesorera' });
});
beforeEach(async () => {
  expect((await put({ whatsapp_number: '' })).status).toBe(200);
});

describe('who may read and change them', () => {
  it('answers 401 to anonymous callers and 403 to customers', async () => {
    const customer = await createUser(db());
    expect((await api(server, 'GET', PATH)).status).toBe(401);
    expect((await api(server, 'PUT', PATH, { body: VALID })).status).toBe(401);
    expect((await api(server, 'GET', PATH, { token: customer.token })).status).toBe(403);
    expect((await put(VALID, customer.token)).status).toBe(403);
  });
});

describe('GET and PUT /api/core/payment-settings/', () => {
  it('starts empty except for the WhatsApp of WHATSAPP_NUMBER, in its 10 digits', async () => {
    const res = await api(server, 'GET', PATH, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...NO_PAYMENT_SETTINGS, whatsapp_number: '1100000000' });
    expect(Object.values(NO_PAYMENT_SETTINGS).every((value) => value === '')).toBe(true);
  });

  it('stores the details normalised (CBU and CUIT digits only, the phone in 10 digits) and answers them', async () => {
    const res = await put({ ...VALID, cbu: '28505909 40090418135201' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const expected = { ...VALID, cuit: '30712345671', whatsapp_number: '1123456789' };
    expect(res.json).toEqual(expected);
    expect((await api(server, 'GET', PATH, { token: staff.token })).json).toEqual(expected);
  });

  it('refuses each invalid field with its own Spanish message', async () => {
    const res = await put({
      cbu: '2850590940090418135202',
      alias: 'ab',
      cuit: '20-12345678-0',
      whatsapp_number: '123',
      bank_holder: 'x'.repeat(101),
      other_instructions: 'y'.repeat(1001),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      cbu: ['El CBU/CVU no es válido: revisa los dígitos'],
      alias: ['El alias debe tener entre 6 y 20 letras, números, puntos o guiones'],
      cuit: ['El CUIT no es válido: revisa los dígitos'],
      whatsapp_number: ['Ingresa un WhatsApp válido: código de área y número, 10 dígitos'],
      bank_holder: ['El titular no puede superar 100 caracteres'],
      other_instructions: ['Las instrucciones no pueden superar 1000 caracteres'],
    });
    expect(typeof res.json.error).toBe('string');
    const short = await put({ cbu: '123', cuit: '2012', alias: 'con espacio' });
    expect(short.json.errors).toMatchObject({
      cbu: ['El CBU/CVU debe tener 22 dígitos'],
      cuit: ['El CUIT debe tener 11 dígitos'],
      alias: ['El alias debe tener entre 6 y 20 letras, números, puntos o guiones'],
    });
    expect((await put({ cbu: 22 })).json.errors.cbu).toEqual(['El CBU/CVU debe ser texto']);
    // Nothing was stored by the refused calls.
    expect((await api(server, 'GET', PATH, { token: staff.token })).json.cbu).toBe('');
  });

  it('logs a change with what changed, and nothing when nothing changed', async () => {
    const entries = () =>
      db()
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.entity_type, 'site_settings'), eq(activityLogs.description, 'Datos de pago actualizados')))
        .orderBy(asc(activityLogs.id));
    const before = (await entries()).length;
    expect((await put({ alias: 'semillas.sur' })).status).toBe(200);
    const after = await entries();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      username: 'tesorera',
      changes: { before: { alias: '' }, after: { alias: 'semillas.sur' } },
    });
    expect((await put({ alias: 'semillas.sur' })).status).toBe(200);
    expect(await entries()).toHaveLength(before + 1);
  });
});

describe("the WhatsApp 'Datos de pago' and 'Contacto' share", () => {
  it('is kept by a save of either form that does not send it, and changed by either that does', async () => {
    const contact = (body: unknown) => api(server, 'PUT', '/api/core/contact-settings/', { token: staff.token, body });
    expect((await put(VALID)).status).toBe(200);
    // 'Contacto' saved after 'Datos de pago', with only its own changes.
    expect((await contact({ instagram: '@semillasdelsur' })).json.whatsapp_number).toBe('1123456789');
    // 'Datos de pago' saved without the number: the one stored stays.
    const { whatsapp_number: _, ...withoutWhatsapp } = VALID;
    const saved = await put({ ...withoutWhatsapp, bank_name: 'Banco Nación' });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ bank_name: 'Banco Nación', whatsapp_number: '1123456789' });
    // Either form changes it for both.
    expect((await contact({ whatsapp_number: '351 555-1234' })).status).toBe(200);
    expect((await api(server, 'GET', PATH, { token: staff.token })).json.whatsapp_number).toBe('3515551234');
    expect((await put({ ...withoutWhatsapp, whatsapp_number: '11 2345-6789' })).status).toBe(200);
    expect((await api(server, 'GET', '/api/core/contact-settings/')).json.whatsapp_number).toBe('1123456789');
  });
});

describe('what customers see of them', () => {
  it('gives the instructions on the customer pending orders only, and never to staff lists', async () => {
    expect((await put(VALID)).status).toBe(200);
    const { customer, order } = await simpleOrder(server);
    expect(order.payment_instructions).toContain('Transferencia bancaria');
    expect(order.payment_instructions).toContain('CBU/CVU: 2850590940090418135201');
    expect(order.payment_instructions).toContain('CUIT: 30-71234567-1');
    expect(order.payment_instructions).toContain('También aceptamos efectivo al retirar.');
    const mine = await api(server, 'GET', '/api/orders/my-orders/', { token: customer.token });
    expect(mine.json.results[0].payment_instructions).toBe(order.payment_instructions);
    const asStaff = await api(server, 'GET', `/api/orders/${order.id}/`, { token: staff.token });
    expect(asStaff.json.payment_instructions).toBeNull();

    expect((await put({})).status).toBe(200);
    const without = await api(server, 'GET', `/api/orders/${order.id}/`, { token: customer.token });
    expect(without.json.payment_instructions).toBeNull();
  });

  it("gives the shop's WhatsApp on the customer's open orders (to pay, or to ask for a change once paid), and WHATSAPP_NUMBER without one", async () => {
    expect((await put(VALID)).status).toBe(200);
    const { customer, order } = await simpleOrder(server);
    expect(order.shop_whatsapp).toBe('1123456789');
    const mine = await api(server, 'GET', '/api/orders/my-orders/', { token: customer.token });
    expect(mine.json.results[0].shop_whatsapp).toBe('1123456789');
    const asStaff = await api(server, 'GET', `/api/orders/${order.id}/`, { token: staff.token });
    expect(asStaff.json.shop_whatsapp ?? null).toBeNull();

    // The test configuration's WHATSAPP_NUMBER, 5491100000000, when staff set none.
    expect((await put({ ...VALID, whatsapp_number: '' })).status).toBe(200);
    const fallback = await api(server, 'GET', `/api/orders/${order.id}/`, { token: customer.token });
    expect(fallback.json.shop_whatsapp).toBe('1100000000');

    const paid = await api(server, 'POST', `/api/orders/${order.id}/payment/`, { token: staff.token, body: { method: 'efectivo' } });
    expect(paid.status).toBe(200);
    const afterPayment = await api(server, 'GET', `/api/orders/${order.id}/`, { token: customer.token });
    expect(afterPayment.json).toMatchObject({ shop_whatsapp: '1100000000', payment_instructions: null });
    const cancelled = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: staff.token, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    const afterCancel = await api(server, 'GET', `/api/orders/${order.id}/`, { token: customer.token });
    expect(afterCancel.json.shop_whatsapp).toBeNull();
  });

  it('puts the details, the amount and the order number in the confirmation e-mail', async () => {
    expect((await put(VALID)).status).toBe(200);
    const { customer, order } = await simpleOrder(server, { price: 12500, quantity: 2 });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, customer.email));
    expect(mail.text_body).toMatch(
      new RegExp(`Cómo pagar el pedido #${order.order_number} \\(\\$\\s25\\.000\\):\nTransferencia bancaria\n`),
    );
    expect(mail.text_body).toContain('Alias: semillas.del.sur');
    expect(mail.text_body).toMatch(new RegExp(`1\\. Paga \\$\\s25\\.000 indicando el pedido #${order.order_number}`));
    // The WhatsApp of the settings wins over WHATSAPP_NUMBER, in the 549 form that reaches mobiles.
    expect(mail.text_body).toContain('Envía el comprobante por WhatsApp al +5491123456789.');
    expect(mail.text_body).toContain('https://wa.me/5491123456789?text=');
    expect(mail.text_body).not.toContain('5491100000000');
  });
});
