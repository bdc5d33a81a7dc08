// 'Avisarme cuando haya stock' (issue 14): a customer asks on a sold-out blister, sees and
// cancels their own requests; when its stock rises above 0 (staff's product form, an order
// giving its units back) each waiting customer gets one e-mail with the link and the request is
// closed, exactly once with concurrent writers and senders.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '../../src/server/background';
import { blisters, mailOutbox, stockNotifications } from '../../src/server/db/schema';
import { sendRestockNotices } from '../../src/server/modules/stock-alerts/restock';
import { api, useSecondProcess, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';

const server = useTestServer({ maxPendingOrders: 1000 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

type Customer = Awaited<ReturnType<typeof createUser>>;
type Product = Awaited<ReturnType<typeof createProduct>>;

const ask = (customer: Customer, blisterId: unknown) =>
  api(server, 'POST', '/api/stock-notifications/', { token: customer.token, body: { blister_id: blisterId } });
const listOf = (customer: Customer) => api(server, 'GET', '/api/stock-notifications/', { token: customer.token });
const cancel = (customer: Customer, id: number) => api(server, 'DELETE', `/api/stock-notifications/${id}/`, { token: customer.token });

const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to_address, email));

/** Staff's product form (PATCH) setting the stock of each blister. */
async function setStockByStaff(product: Product, stocks: number[]) {
  const res = await api(server, 'PATCH', `/api/products/${product.id}/`, {
    token: staff.token,
    body: {
      blisters: product.blisters.map((b, i) => ({ id: b.id, seed_count: b.seed_count, price: 10000, stock: stocks[i], discount: 0 })),
    },
  });
  expect(res.status, res.text).toBe(200);
  await backgroundSettled();
}

describe('POST/GET/DELETE /api/stock-notifications/', () => {
  it('opens one request per customer and sold-out blister, and lists it', async () => {
    const product = await createProduct(db(), { name: 'Gelato 41', blisters: [{ seed_count: 3, stock: 0 }] });
    const customer = await createUser(db());
    const first = await ask(customer, product.blisters[0].id);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      blister_id: product.blisters[0].id,
      seed_count: 3,
      product_id: product.id,
      product_name: 'Gelato 41',
      brand: product.brand.brand_name,
    });
    const again = await ask(customer, product.blisters[0].id);
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const list = await listOf(customer);
    expect(list.status).toBe(200);
    expect(list.json).toEqual([first.json]);
  });

  it('refuses a blister with stock, an unknown or withdrawn one, a bad body and anonymous callers', async () => {
    const customer = await createUser(db());
    const stocked = await createProduct(db(), { blisters: [{ stock: 2 }] });
    const withdrawn = await createProduct(db(), { available: false, blisters: [{ stock: 0 }] });
    const removed = await createProduct(db(), { deleted_at: new Date(), blisters: [{ stock: 0 }] });

    const hasStock = await ask(customer, stocked.blisters[0].id);
    expect(hasStock.status).toBe(409);
    expect(hasStock.json).toMatchObject({ error: 'Esta presentación tiene stock: ya puedes comprarla', code: 'HAS_STOCK' });
    for (const id of [999999, withdrawn.blisters[0].id, removed.blisters[0].id]) {
      const res = await ask(customer, id);
      expect(res.status).toBe(404);
      expect(res.json.error).toBe('Presentación no encontrada');
    }
    for (const id of ['3', -1, 1.5, null]) {
      const res = await ask(customer, id);
      expect(res.status).toBe(400);
      expect(res.json.errors.blister_id).toEqual(['Indica una presentación válida']);
    }
    const anonymous = await api(server, 'POST', '/api/stock-notifications/', { body: { blister_id: stocked.blisters[0].id } });
    expect(anonymous.status).toBe(401);
    expect((await listOf(customer)).json).toEqual([]);
  });

  it("shows and cancels only the customer's own requests", async () => {
    const product = await createProduct(db(), { blisters: [{ stock: 0 }] });
    const ana = await createUser(db());
    const beto = await createUser(db());
    const anas = (await ask(ana, product.blisters[0].id)).json;
    const betos = (await ask(beto, product.blisters[0].id)).json;
    expect(anas.id).not.toBe(betos.id);
    expect((await listOf(beto)).json.map((n: { id: number }) => n.id)).toEqual([betos.id]);

    const foreign = await cancel(beto, anas.id);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe('Aviso no encontrado');
    expect((await listOf(ana)).json).toHaveLength(1);

    expect((await cancel(ana, anas.id)).status).toBe(204);
    expect((await cancel(ana, anas.id)).status).toBe(404);
    expect((await listOf(ana)).json).toEqual([]);
    expect((await listOf(beto)).json).toHaveLength(1);
  });
});

describe('when the stock comes back', () => {
  it('e-mails each waiting customer once with the link and closes the requests', async () => {
    const product = await createProduct(db(), {
      name: 'Northern Lights',
      blisters: [
        { seed_count: 3, stock: 0 },
        { seed_count: 5, stock: 0 },
      ],
    });
    const [ana, beto, carla] = [await createUser(db()), await createUser(db()), await createUser(db())];
    await ask(ana, product.blisters[0].id);
    await ask(beto, product.blisters[0].id);
    await ask(carla, product.blisters[1].id);

    await setStockByStaff(product, [4, 0]);
    for (const customer of [ana, beto]) {
      const mails = await mailsTo(customer.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Volvió el stock de Northern Lights (3 semillas)');
      expect(mails[0].text_body).toContain(`Hola ${customer.first_name},`);
      expect(mails[0].text_body).toContain(`Ver el producto: http://localhost:3000/producto/${product.id}`);
      expect(mails[0].html).toContain(`http://localhost:3000/producto/${product.id}`);
      expect(mails[0].status).toBe('sent');
      expect((await listOf(customer)).json).toEqual([]);
    }
    expect(await mailsTo(carla.email)).toHaveLength(0);
    expect((await listOf(carla)).json).toHaveLength(1);

    // More stock, or selling out and coming back, sends nothing to requests already closed.
    await setStockByStaff(product, [6, 0]);
    await setStockByStaff(product, [0, 0]);
    await setStockByStaff(product, [2, 0]);
    expect(await sendRestockNotices(server.ctx)).toBe(0);
    expect(await mailsTo(ana.email)).toHaveLength(1);
    expect(await mailsTo(beto.email)).toHaveLength(1);

    // Sold out again: a new request is a new one, notified on the next restock.
    await setStockByStaff(product, [0, 0]);
    expect((await ask(ana, product.blisters[0].id)).status).toBe(201);
    await setStockByStaff(product, [1, 3]);
    expect(await mailsTo(ana.email)).toHaveLength(2);
    expect(await mailsTo(beto.email)).toHaveLength(1);
    expect(await mailsTo(carla.email)).toHaveLength(1);
    expect((await mailsTo(carla.email))[0].subject).toBe('Volvió el stock de Northern Lights (5 semillas)');
  });

  it('notifies when a catalog import brings the stock back', async () => {
    const product = await createProduct(db(), { name: 'Amnesia Haze', sku: 'AVISO-IMPORT', blisters: [{ seed_count: 3, stock: 0 }] });
    const customer = await createUser(db());
    expect((await ask(customer, product.blisters[0].id)).status).toBe(201);

    const form = new FormData();
    form.append('file', new Blob(['SKU;Semillas;Stock\r\nAVISO-IMPORT;3;4\r\n'], { type: 'text/csv' }), 'stock.csv');
    const res = await fetch(`${server.url}/api/products/import/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ updated: 1, applied: true });
    await backgroundSettled();

    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.subject)).toEqual(['Volvió el stock de Amnesia Haze (3 semillas)']);
    expect((await listOf(customer)).json).toEqual([]);
  });

  it('notifies when a cancelled order gives the last units back', async () => {
    const product = await createProduct(db(), { name: 'Blue Dream', blisters: [{ stock: 1 }] });
    const buyer = await createUser(db());
    const waiting = await createUser(db());
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    const order = await api(server, 'POST', '/api/orders/', {
      token: buyer.token,
      body: { recipient_name: 'Laura Gómez', customer_phone: '1145678901', delivery_type: 'coordinate', products: [line] },
    });
    expect(order.status, order.text).toBe(201);
    expect((await ask(waiting, line.blister_id)).status).toBe(201);

    const cancelled = await api(server, 'PUT', `/api/orders/${order.json.id}/`, { token: buyer.token, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    await backgroundSettled();
    const mails = await mailsTo(waiting.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Volvió el stock de Blue Dream (3 semillas)');
    expect((await listOf(waiting)).json).toEqual([]);
  });

  it('closes requests of a product withdrawn from sale without an e-mail', async () => {
    const product = await createProduct(db(), { blisters: [{ stock: 0 }] });
    const customer = await createUser(db());
    expect((await ask(customer, product.blisters[0].id)).status).toBe(201);
    const res = await api(server, 'PATCH', `/api/products/${product.id}/`, {
      token: staff.token,
      body: { available: false, blisters: [{ id: product.blisters[0].id, seed_count: 3, price: 10000, stock: 5, discount: 0 }] },
    });
    expect(res.status).toBe(200);
    await backgroundSettled();
    expect(await mailsTo(customer.email)).toHaveLength(0);
    const [row] = await db().select().from(stockNotifications).where(eq(stockNotifications.user_id, customer.id));
    expect(row.closed_at).not.toBeNull();
    expect(row.notified_at).not.toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent writers on PostgreSQL', () => {
  const second = useSecondProcess(server, 8);

  it('sends one e-mail per customer when staff and a cancelled order raise the stock at once and two processes send', async () => {
    const product = await createProduct(db(), { name: 'Concurrente', blisters: [{ stock: 1 }] });
    const buyer = await createUser(db());
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    const order = await api(server, 'POST', '/api/orders/', {
      token: buyer.token,
      body: { recipient_name: 'Laura Gómez', customer_phone: '1145678901', delivery_type: 'coordinate', products: [line] },
    });
    expect(order.status).toBe(201);
    const customers = await Promise.all(Array.from({ length: 6 }, () => createUser(db())));
    for (const c of customers) expect((await ask(c, line.blister_id)).status).toBe(201);

    await Promise.all([
      api(server, 'PUT', `/api/orders/${order.json.id}/`, { token: buyer.token, body: { status: 'cancelled' } }),
      api(server, 'PATCH', `/api/products/${product.id}/`, {
        token: staff.token,
        body: { blisters: [{ id: line.blister_id, seed_count: 3, price: 10000, stock: 4, discount: 0 }] },
      }),
      sendRestockNotices(server.ctx),
      sendRestockNotices(second.ctx),
      sendRestockNotices(second.ctx),
    ]);
    await Promise.all([sendRestockNotices(server.ctx), sendRestockNotices(second.ctx), backgroundSettled()]);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to_address,
          customers.map((c) => c.email),
        ),
      );
    expect(mails).toHaveLength(customers.length);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(customers.length);
  });

  it('leaves no request open on a blister restocked while a customer asks', async () => {
    const product = await createProduct(db(), { blisters: [{ stock: 0 }] });
    const blisterId = product.blisters[0].id;
    const customer = await createUser(db());
    let answer: ReturnType<typeof ask> | undefined;
    // The other process's restock has run its UPDATE (and its trigger) but not committed yet
    // when the request comes in: the request waits for it, then sees the stock.
    await second.database.db.transaction(async (tx) => {
      await tx.update(blisters).set({ stock: 3 }).where(eq(blisters.id, blisterId));
      answer = ask(customer, blisterId);
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    const res = await answer!;
    expect(res.status).toBe(409);
    expect(await db().select().from(stockNotifications).where(eq(stockNotifications.blister_id, blisterId))).toEqual([]);
  });
});
