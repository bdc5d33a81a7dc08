// The reminder of a cart left waiting (issue 38): off until staff set abandoned_cart_hours; then
// one e-mail per cart to a consenting customer who ordered nothing since, with the lines at
// today's prices, the cart's link and an unsubscribe link that works without a session (a signed
// token valid at least 60 days). None during maintenance or when every line is sold out; two
// processes send it once.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { blisters, mailOutbox, siteSettings, users } from '../../src/server/db/schema';
import { sendCartReminders } from '../../src/server/modules/cart';
import { api, useSecondProcess, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { placeOrder } from '../helpers/orders';

const server = useTestServer({ maxPendingOrders: 100 });
const db = () => server.ctx.db;
const HOUR = 3_600_000;
let staff: Awaited<ReturnType<typeof createStaff>>;
type Customer = Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  staff = await createStaff(db(), { is_superuser: true });
});

const setHours = async (hours: number | null) => {
  const res = await api(server, 'PUT', '/api/core/order-settings/', {
    token: staff.token,
    body: { max_pending_orders: 3, abandoned_cart_hours: hours },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.json.abandoned_cart_hours).toBe(hours);
};

/** A cart saved `hoursAgo` hours ago by a new customer (consenting unless told). */
async function cartLeft(hoursAgo: number, opts: { consent?: boolean; stock?: number } = {}) {
  const customer = await createUser(db(), { marketing_opt_in: opts.consent ?? true });
  const product = await createProduct(db(), { name: 'Gorilla Glue', blisters: [{ seed_count: 3, price: 10000, stock: opts.stock ?? 5 }] });
  server.setNow(new Date(Date.now() - hoursAgo * HOUR));
  try {
    const res = await api(server, 'PUT', '/api/cart/', {
      token: customer.token,
      body: { lines: [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }] },
    });
    expect(res.status).toBe(200);
  } finally {
    server.setNow(null);
  }
  return { customer, product };
}

const mailsTo = (customers: Customer[]) =>
  db()
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.subject, 'Tu carrito te espera'),
        inArray(
          mailOutbox.to_address,
          customers.map((c) => c.email),
        ),
      ),
    );

const unsubscribeLink = (text: string) => /https?:\/\/\S+\/api\/unsubscribe\/\?token=(\S+)/.exec(text);

describe('cart reminders', () => {
  it('are off by default', async () => {
    const { customer } = await cartLeft(48);
    expect((await api(server, 'GET', '/api/core/order-settings/', { token: staff.token })).json.abandoned_cart_hours).toBeNull();
    await sendCartReminders(server.ctx);
    expect(await mailsTo([customer])).toEqual([]);
    // Emptied: nothing left to remind of once reminders are on.
    expect((await api(server, 'PUT', '/api/cart/', { token: customer.token, body: { lines: [] } })).status).toBe(200);
  });

  it('send one e-mail per cart, to consenting customers who ordered nothing since, with a line to buy', async () => {
    await setHours(24);
    const due = await cartLeft(25);
    const fresh = await cartLeft(2);
    const noConsent = await cartLeft(25, { consent: false });
    const soldOut = await cartLeft(25);
    const ordered = await cartLeft(25);
    await db().update(blisters).set({ stock: 0 }).where(eq(blisters.id, soldOut.product.blisters[0].id));
    await placeOrder(server, ordered.customer, [
      { product_id: ordered.product.id, blister_id: ordered.product.blisters[0].id, quantity: 1 },
    ]);
    // The price moved since the cart was saved: the e-mail has today's.
    await db().update(blisters).set({ price: 12000 }).where(eq(blisters.id, due.product.blisters[0].id));

    expect(await sendCartReminders(server.ctx)).toBe(1);
    const all = [due, fresh, noConsent, soldOut, ordered].map((c) => c.customer);
    const mails = await mailsTo(all);
    expect(mails.map((m) => m.to_address)).toEqual([due.customer.email]);
    const [mail] = mails;
    expect(mail.subject).toBe('Tu carrito te espera');
    expect(mail.text_body).toContain('Gorilla Glue (3 semillas): 2 x $\u00a012.000');
    expect(mail.text_body).toContain('http://localhost:3000/carrito');
    expect(unsubscribeLink(mail.text_body)).not.toBeNull();

    // The dashboard counts it, and the order placed after it within 7 days.
    const stats = await api(server, 'GET', '/api/dashboard/cart-reminders/', { token: staff.token });
    expect(stats.json).toMatchObject({ days: 30, sent: 1, ordered_within_7_days: 0 });
    await placeOrder(server, due.customer, [{ product_id: due.product.id, blister_id: due.product.blisters[0].id, quantity: 1 }]);
    expect((await api(server, 'GET', '/api/dashboard/cart-reminders/', { token: staff.token })).json).toMatchObject({
      sent: 1,
      ordered_within_7_days: 1,
    });
    expect((await api(server, 'GET', '/api/dashboard/cart-reminders/', { token: due.customer.token })).status).toBe(403);

    // Once per cart, whatever the runs.
    expect(await sendCartReminders(server.ctx)).toBe(0);
    expect(await mailsTo(all)).toHaveLength(1);
  });

  it('send nothing during maintenance', async () => {
    await setHours(24);
    const { customer } = await cartLeft(30);
    await db().update(siteSettings).set({ maintenance_mode: true }).where(eq(siteSettings.id, 1));
    server.ctx.caches.settingsChanged();
    try {
      expect(await sendCartReminders(server.ctx)).toBe(0);
    } finally {
      await db().update(siteSettings).set({ maintenance_mode: false }).where(eq(siteSettings.id, 1));
      server.ctx.caches.settingsChanged();
    }
    expect(await sendCartReminders(server.ctx)).toBe(1);
    expect(await mailsTo([customer])).toHaveLength(1);
  });

  it('carry an unsubscribe link that works without a session, again too, and refuse a forged or expired token', async () => {
    await setHours(24);
    const { customer } = await cartLeft(26);
    await sendCartReminders(server.ctx);
    const [mail] = await mailsTo([customer]);
    const token = decodeURIComponent(unsubscribeLink(mail.text_body)![1]);

    const page = await fetch(`${server.url}/api/unsubscribe/?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/baja?token=${encodeURIComponent(token)}`);

    const [userId, expires, signature] = token.split('.');
    const forged = `${userId}.${expires}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherAccount = `${Number(userId) + 1}.${expires}.${signature}`;
    for (const bad of [forged, otherAccount, 'x', '']) {
      const res = await api(server, 'POST', '/api/unsubscribe/', { body: { token: bad } });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/no es válido o venció/);
    }
    // Valid past 60 days, not past the token's own expiry.
    server.setNow(new Date(Date.now() + 181 * 24 * HOUR));
    try {
      expect((await api(server, 'POST', '/api/unsubscribe/', { body: { token } })).status).toBe(400);
      server.setNow(new Date(Date.now() + 61 * 24 * HOUR));
      const done = await api(server, 'POST', '/api/unsubscribe/', { body: { token } });
      expect(done.status).toBe(200);
      expect(done.json.message).toBe('Listo: ya no te enviaremos recordatorios ni novedades por email.');
      expect((await api(server, 'POST', '/api/unsubscribe/', { body: { token } })).status).toBe(200);
    } finally {
      server.setNow(null);
    }
    const [row] = await db()
      .select({ optIn: users.marketing_opt_in, at: users.marketing_opt_in_changed_at })
      .from(users)
      .where(eq(users.id, customer.id));
    expect(row.optIn).toBe(false);
    expect(row.at).not.toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on PostgreSQL', () => {
  const second = useSecondProcess(server, 8);

  it('send each reminder once when both run at the same time', async () => {
    await setHours(24);
    // One after the other: each moves the shared clock back while it saves.
    const carts = [];
    for (let i = 0; i < 8; i++) carts.push(await cartLeft(30));
    await Promise.all([
      sendCartReminders(server.ctx),
      sendCartReminders(second.ctx),
      sendCartReminders(second.ctx),
      sendCartReminders(server.ctx),
    ]);
    const mails = await mailsTo(carts.map((c) => c.customer));
    expect(mails).toHaveLength(carts.length);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(carts.length);
  });
});
