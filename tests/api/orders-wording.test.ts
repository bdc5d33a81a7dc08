// One label for an order to arrange, and the tracking link once in the shipment e-mail (issue 21).
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createStaff } from '../helpers/factories';
import { simpleOrder } from '../helpers/orders';

const server = useTestServer({ maxPendingOrders: 1000 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to_address, to)).orderBy(asc(mailOutbox.id));

describe('order wording', () => {
  it('calls an order to arrange "Acordar entrega" only, in the shop notice and the CSV', async () => {
    const { order } = await simpleOrder(server, { delivery_type: 'coordinate', recipient_name: 'Rosa Acordada' });
    const notice = (await mailsTo('tienda@test.local')).find((m) => m.subject.startsWith(`Nuevo pedido #${order.order_number} `));
    expect(notice?.text_body).toContain('Entrega: Acordar entrega');
    expect(notice?.text_body).not.toContain('Coordinar entrega');
    const csv = await fetch(`${server.url}/api/orders/export.csv?ids=${order.id}`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Acordar entrega');
    expect(text).not.toContain('Coordinar entrega');
  });

  it('prints the tracking link once in the shipment e-mail', async () => {
    const { customer, order } = await simpleOrder(server);
    const res = await api(server, 'POST', `/api/orders/${order.id}/shipment/`, {
      token: staff.token,
      body: { carrier: 'andreani', tracking_code: '360000012345678' },
    });
    expect(res.status).toBe(200);
    const url = res.json.shipment.tracking_url as string;
    expect(url).toContain('360000012345678');
    const mail = (await mailsTo(customer.email)).find((m) => m.subject.includes('en camino'));
    expect(mail?.text_body.split(url).length).toBe(2);
    expect(mail?.text_body).toContain('Código de seguimiento: 360000012345678');
  });
});
