// The staff order list's tab counts (status_counts and count) are kept a few seconds per process
// (orders/caches.ts): every order write of this process must show in them on the next read,
// whichever path made it (checkout, customer change, staff change or deletion, the expiry job);
// writes of other processes show once the TTL has passed.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderStatusCounts } from '../../src/domain/orders';
import { orders } from '../../src/server/db/schema';
import { ORDER_COUNTS_TTL_MS, ORDER_PAGES_TTL_MS } from '../../src/server/modules/orders/caches';
import { expireStalePendingOrders } from '../../src/server/modules/orders';
import { api, useTestServer } from '../helpers/app';
import { simpleOrder, type Customer } from '../helpers/orders';
import { createStaff, createUser } from '../helpers/factories';

const server = useTestServer();
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  staff = await createStaff(db());
});

type Counts = OrderStatusCounts & { count: number };

/** The tab counts and the list's count of one view of the staff list. */
async function countsOf(query = ''): Promise<Counts> {
  const res = await api(server, 'GET', `/api/orders/?${query}`, { token: staff.token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { ...res.json.status_counts, count: res.json.count };
}

/** How each figure moved between two reads. */
const moved = (before: Counts, after: Counts) => ({
  pending: after.pending - before.pending,
  completed: after.completed - before.completed,
  cancelled: after.cancelled - before.cancelled,
  total: after.total - before.total,
  count: after.count - before.count,
});

/** A new product ordered once by `customer` (a new one unless given), as the checkout does. */
const placeOrder = (customer?: Customer) => simpleOrder(server, { customer, quantity: 1, recipient_name: 'Cliente Contado' });

const adminPut = (id: number, body: unknown) => api(server, 'PUT', `/api/orders/${id}/`, { token: staff.token, body });

describe('status counts of the staff order list', () => {
  it('counts a new order at once, in every tab and in the date ranges', async () => {
    const all = await countsOf();
    const pendingTab = await countsOf('status=pending');
    const week = await countsOf('date_filter=week');
    const today = await countsOf('date_filter=today&status=pending');

    await placeOrder();

    expect(moved(all, await countsOf())).toEqual({ pending: 1, completed: 0, cancelled: 0, total: 1, count: 1 });
    expect(moved(pendingTab, await countsOf('status=pending'))).toEqual({ pending: 1, completed: 0, cancelled: 0, total: 1, count: 1 });
    expect(moved(week, await countsOf('date_filter=week'))).toMatchObject({ pending: 1, total: 1, count: 1 });
    expect(moved(today, await countsOf('date_filter=today&status=pending'))).toMatchObject({ pending: 1, count: 1 });
  });

  it('moves the counts with a staff status change, an archive and a deletion', async () => {
    const { order } = await placeOrder();
    let before = await countsOf('status=completed');

    expect((await adminPut(order.id, { status: 'completed' })).status).toBe(200);
    let after = await countsOf('status=completed');
    expect(moved(before, after)).toEqual({ pending: -1, completed: 1, cancelled: 0, total: 0, count: 1 });

    // spec accounts-admin §4: archived orders leave the pending and completed tabs.
    before = after;
    expect((await adminPut(order.id, { is_archived: true })).status).toBe(200);
    after = await countsOf('status=completed');
    expect(moved(before, after)).toEqual({ pending: 0, completed: -1, cancelled: 0, total: 0, count: -1 });

    before = after;
    expect((await adminPut(order.id, { status: 'cancelled' })).status).toBe(200);
    after = await countsOf('status=completed');
    expect(moved(before, after)).toEqual({ pending: 0, completed: 0, cancelled: 1, total: 0, count: 0 });

    before = after;
    expect((await api(server, 'DELETE', `/api/orders/${order.id}/`, { token: staff.token })).status).toBe(204);
    after = await countsOf('status=completed');
    expect(moved(before, after)).toEqual({ pending: 0, completed: 0, cancelled: -1, total: -1, count: 0 });
  });

  it('moves the counts when the customer cancels, or removes the last line of, a pending order', async () => {
    const first = await placeOrder();
    const second = await placeOrder();
    let before = await countsOf('status=cancelled');

    const cancel = await api(server, 'PUT', `/api/orders/${first.order.id}/`, {
      token: first.customer.token,
      body: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    let after = await countsOf('status=cancelled');
    expect(moved(before, after)).toEqual({ pending: -1, completed: 0, cancelled: 1, total: 0, count: 1 });

    before = after;
    const removeAll = await api(server, 'PUT', `/api/orders/${second.order.id}/`, {
      token: second.customer.token,
      body: { remove_line_ids: [second.order.order_products[0].id] },
    });
    expect(removeAll.status).toBe(200);
    after = await countsOf('status=cancelled');
    expect(moved(before, after)).toEqual({ pending: -1, completed: 0, cancelled: 1, total: 0, count: 1 });
  });

  it('moves the counts when the expiry job cancels a stale pending order', async () => {
    try {
      server.setNow(new Date(Date.now() - 10 * DAY_MS));
      await placeOrder();
    } finally {
      server.setNow(null);
    }
    const before = await countsOf();
    expect(await expireStalePendingOrders(server.ctx)).toBe(1);
    expect(moved(before, await countsOf())).toEqual({ pending: -1, completed: 0, cancelled: 1, total: 0, count: 0 });
  });

  it('shows orders written by another process once the TTL has passed, and in searches at once', async () => {
    const customer = await createUser(db());
    const before = await countsOf();
    const searched = await countsOf('search=Proceso%20Vecino');
    // As another server process would: straight to the shared database, no write of this one.
    await db().insert(orders).values({
      user_id: customer.id,
      status: 'pending',
      total: 1000,
      recipient_name: 'Proceso Vecino',
      shipping_address: 'Coordinar entrega',
      customer_email: customer.email,
      customer_phone: '1122334455',
      delivery_type: 'coordinate',
    });

    expect(moved(searched, await countsOf('search=Proceso%20Vecino'))).toMatchObject({ pending: 1, total: 1, count: 1 });
    expect(await countsOf()).toEqual(before);
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ORDER_COUNTS_TTL_MS);
    try {
      expect(moved(before, await countsOf())).toEqual({ pending: 1, completed: 0, cancelled: 0, total: 1, count: 1 });
    } finally {
      clock.mockRestore();
    }
  });
});

describe('pages of the staff order list', () => {
  const page = async (query: string) => (await api(server, 'GET', `/api/orders/?${query}`, { token: staff.token })).json;

  it('show an order write of this process on the next read, though pages are kept', async () => {
    const { order } = await placeOrder();
    const first = await page('status=pending');
    expect(first.results[0].id).toBe(order.id);
    expect((await page('status=pending')).results[0].id).toBe(order.id);

    expect((await adminPut(order.id, { status: 'completed' })).status).toBe(200);
    expect((await page('status=pending')).results.map((o: { id: number }) => o.id)).not.toContain(order.id);
    expect((await page('status=completed')).results[0]).toMatchObject({ id: order.id, status: 'completed' });
  });

  it("show another process's write once their short lifetime has passed", async () => {
    const { order } = await placeOrder();
    expect((await page('')).results[0]).toMatchObject({ id: order.id, recipient_name: 'Cliente Contado' });
    // Written behind this process's back, as another server process would.
    await db().update(orders).set({ recipient_name: 'Cambiado Por Otro' }).where(eq(orders.id, order.id));
    expect((await page('')).results[0].recipient_name).toBe('Cliente Contado');
    const realNow = Date.now;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ORDER_PAGES_TTL_MS);
    try {
      expect((await page('')).results[0]).toMatchObject({ id: order.id, recipient_name: 'Cambiado Por Otro' });
    } finally {
      clock.mockRestore();
    }
  });
});
