// Pending-order expiry (issue 6, reliability): the scheduled job cancels pending orders the shop
// did not confirm within PENDING_ORDER_DAYS, gives their stock back exactly once even when several
// processes run it at once (on PostgreSQL each run has its own connections), e-mails the customer
// and logs the change as 'Sistema'.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs, blisters, mailOutbox, orders } from '../../src/server/db/schema';
import { expireStalePendingOrders } from '../../src/server/modules/orders';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';

const DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = new Date('2034-03-01T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

// One customer places many orders here: the cap on pending orders is tested in orders.test.ts.
const server = useTestServer({ pendingOrderDays: DAYS, maxPendingOrders: 1000 });
const db = () => server.ctx.db;

async function stockOf(blisterId: number) {
  const [row] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blisterId));
  return row.stock;
}

async function placeOrder(token: string, line: { product_id: number; blister_id: number; quantity: number }, when: Date): Promise<number> {
  server.setNow(when);
  const res = await api(server, 'POST', '/api/orders/', {
    token,
    body: { recipient_name: 'Laura Gómez', customer_phone: '1145678901', delivery_type: 'coordinate', products: [line] },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id;
}

async function statusOf(ids: number[]) {
  const rows = await db()
    .select({ id: orders.id, status: orders.status, cancel_reason: orders.cancel_reason })
    .from(orders)
    .where(inArray(orders.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r]));
}

describe('pending order expiry', () => {
  it(`cancels only pending orders older than ${DAYS} days, once, when three runs race`, async () => {
    const customer = await createUser(db(), { email: 'laura@test.local' });
    const staff = await createStaff(db());
    const product = await createProduct(db(), { name: 'Gelato Auto', blisters: [{ seed_count: 3, price: 9000, stock: 100 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 };
    try {
      const stale = [];
      for (let i = 0; i < 6; i++) stale.push(await placeOrder(customer.token, line, at(i * 60_000)));
      const confirmed = await placeOrder(customer.token, line, at(0));
      server.setNow(at(DAY_MS));
      expect((await api(server, 'PUT', `/api/orders/${confirmed}/`, { token: staff.token, body: { status: 'completed' } })).status).toBe(
        200,
      );
      const cancelledByCustomer = await placeOrder(customer.token, line, at(0));
      expect(
        (await api(server, 'PUT', `/api/orders/${cancelledByCustomer}/`, { token: customer.token, body: { status: 'cancelled' } })).status,
      ).toBe(200);
      // Exactly DAYS old when the job runs: not older than the limit, so it stays.
      const boundary = await placeOrder(customer.token, line, at(6 * 60_000 + 1000));
      const fresh = await placeOrder(customer.token, line, at(2 * DAY_MS));
      expect(await stockOf(line.blister_id)).toBe(100 - 2 * (6 + 1 + 1 + 1));

      server.setNow(at(DAYS * DAY_MS + 6 * 60_000 + 1000));
      const runs = await Promise.all([1, 2, 3].map(() => expireStalePendingOrders(server.ctx)));
      expect(runs.reduce((a, b) => a + b, 0)).toBe(stale.length);
      expect(await stockOf(line.blister_id)).toBe(100 - 2 * 3);
      // A later run finds nothing more to do.
      expect(await expireStalePendingOrders(server.ctx)).toBe(0);
      expect(await stockOf(line.blister_id)).toBe(100 - 2 * 3);

      const status = await statusOf([...stale, confirmed, cancelledByCustomer, boundary, fresh]);
      for (const id of stale)
        expect(status[id]).toMatchObject({ status: 'cancelled', cancel_reason: 'Cancelado automáticamente por falta de confirmación' });
      expect(status[confirmed].status).toBe('completed');
      expect(status[cancelledByCustomer]).toMatchObject({ status: 'cancelled', cancel_reason: 'Cancelado por el cliente' });
      expect(status[boundary].status).toBe('pending');
      expect(status[fresh].status).toBe('pending');

      // One entry per expired order, by the system.
      const entries = await db()
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.action, 'status_change'), inArray(activityLogs.entity_id, stale.map(String))));
      expect(entries).toHaveLength(stale.length);
      for (const entry of entries) {
        expect(entry).toMatchObject({ user_id: null, username: null });
        expect(entry.changes).toMatchObject({ old_status: 'pending', new_status: 'cancelled', changed_by: 'Sistema' });
      }

      // One e-mail per expired order, to the customer, saying why in Spanish.
      const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, 'laura@test.local'));
      const numbers = Object.fromEntries(
        (await db().select({ id: orders.id, order_number: orders.order_number }).from(orders)).map((o) => [o.id, o.order_number]),
      );
      for (const id of stale) {
        const sent = mails.filter((m) => m.subject === `Pedido #${numbers[id]}: Cancelado`);
        expect(sent, `mail for order ${id}`).toHaveLength(1);
        expect(sent[0].text_body).toContain('Tu pedido fue cancelado');
        expect(sent[0].text_body).toContain('Motivo: Cancelado automáticamente por falta de confirmación.');
        expect(sent[0].text_body).toContain(
          `Pasaron ${DAYS} días sin que se confirmara el pago, así que cancelamos el pedido y liberamos los productos reservados.`,
        );
        expect(sent[0].html).toContain('Cancelado automáticamente por falta de confirmación');
      }
      expect(mails.filter((m) => m.subject === `Pedido #${numbers[boundary]}: Cancelado`)).toHaveLength(0);
    } finally {
      server.setNow(null);
    }
  });

  it('drops the caches of every process once per batch, with the stock back in the catalog', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 5000, stock: 30 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 };
    const caches = server.ctx.caches;
    const ordersChanged = caches.ordersChanged;
    let drops = 0;
    try {
      // The earlier tests' pending orders expire first.
      server.setNow(at(20 * DAY_MS));
      await expireStalePendingOrders(server.ctx);
      for (let i = 0; i < 4; i++) await placeOrder(customer.token, line, at(20 * DAY_MS + i));
      server.setNow(at(20 * DAY_MS + (DAYS + 1) * DAY_MS));
      // The catalog as a visitor reads it now, before the job: 8 units reserved.
      const stockInCatalog = async () => (await api(server, 'GET', `/api/products/${product.id}/`)).json.blisters[0].stock;
      expect(await stockInCatalog()).toBe(30 - 8);
      caches.ordersChanged = () => {
        drops++;
        ordersChanged();
      };
      expect(await expireStalePendingOrders(server.ctx)).toBe(4);
      expect(drops).toBe(1);
      expect(await stockInCatalog()).toBe(30);
      // Nothing to expire: nothing dropped.
      expect(await expireStalePendingOrders(server.ctx)).toBe(0);
      expect(drops).toBe(1);
    } finally {
      caches.ordersChanged = ordersChanged;
      server.setNow(null);
    }
  });

  it('returns the stock once when the customer cancels while the job runs', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 5000, stock: 40 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 3 };
    try {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await placeOrder(customer.token, line, at(10 * DAY_MS + i)));
      expect(await stockOf(line.blister_id)).toBe(40 - 15);
      server.setNow(at(10 * DAY_MS + (DAYS + 1) * DAY_MS));
      const [expired, ...answers] = await Promise.all([
        expireStalePendingOrders(server.ctx),
        ...ids.map((id) => api(server, 'PUT', `/api/orders/${id}/`, { token: customer.token, body: { status: 'cancelled' } })),
      ]);
      for (const res of answers) expect(res.status).toBe(200);
      expect(await stockOf(line.blister_id)).toBe(40);
      const status = await statusOf(ids);
      for (const id of ids) expect(status[id].status).toBe('cancelled');
      const entries = await db()
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.action, 'status_change'), inArray(activityLogs.entity_id, ids.map(String))));
      // Each order changed once, by whoever got its lock first.
      expect(entries).toHaveLength(ids.length);
      expect(entries.filter((e) => e.username === null).length).toBeLessThanOrEqual(expired);
    } finally {
      server.setNow(null);
    }
  });
});
