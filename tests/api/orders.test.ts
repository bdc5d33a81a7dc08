// Customer orders over real HTTP: creation priced from the database, stock reservation, reads,
// cancellation and line removal, authorization, e-mails and activity entries.
import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs, blisters, dollarRate, mailOutbox, orderProducts, orders, products } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/config';
import { expireStalePendingOrders } from '../../src/server/modules/orders';
import { api, startTestServer, type TestServer, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff, createUser } from '../helpers/factories';

const server = useTestServer();
const db = () => server.ctx.db;

const checkout = (lines: { product_id: number; blister_id: number; quantity: number; [k: string]: unknown }[]) => ({
  recipient_name: 'Ana Pérez',
  customer_phone: '1145678901',
  delivery_type: 'coordinate',
  customer_email: 'otra@direccion.com',
  products: lines,
});

async function stockOf(blisterId: number) {
  const [row] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blisterId));
  return row.stock;
}

async function placeOrder(token: string, lines: Parameters<typeof checkout>[0]) {
  const res = await api(server, 'POST', '/api/orders/', { token, body: checkout(lines) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

describe('POST /api/orders/', () => {
  it('refuses anonymous callers with 401 before reading the body', async () => {
    const res = await api(server, 'POST', '/api/orders/', { body: { nonsense: true } });
    expect(res.status).toBe(401);
    expect(res.json.error).toBeTruthy();
  });

  it('answers 400 with the checkout form messages for an empty payload', async () => {
    const user = await createUser(db());
    const res = await api(server, 'POST', '/api/orders/', { token: user.token, body: {} });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      recipient_name: ['El nombre es requerido'],
      customer_phone: ['El teléfono es requerido'],
      delivery_type: ['Selecciona un método de entrega'],
      products: ['El pedido debe tener al menos un producto'],
    });
  });

  it('answers 400 for a short name, a bad phone and a quantity out of 1-99', async () => {
    const user = await createUser(db());
    const res = await api(server, 'POST', '/api/orders/', {
      token: user.token,
      body: { ...checkout([{ product_id: 1, blister_id: 1, quantity: 100 }]), recipient_name: 'Al', customer_phone: '12345' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors.recipient_name).toEqual(['El nombre debe tener al menos 3 caracteres']);
    expect(res.json.errors.customer_phone).toEqual(['Ingresa un teléfono válido']);
    expect(res.json.errors['products.0.quantity']).toEqual(['La cantidad máxima es 99']);
  });

  it('answers 400, not 500, for malformed JSON and wrong types', async () => {
    const user = await createUser(db());
    const bad = await api(server, 'POST', '/api/orders/', { token: user.token, body: '{"products": [' });
    expect(bad.status).toBe(400);
    const wrong = await api(server, 'POST', '/api/orders/', { token: user.token, body: { ...checkout([]), products: 'todo' } });
    expect(wrong.status).toBe(400);
  });

  it("reads the shop's settings once per checkout: the cap, the coupon, the payment data and the e-mail's channels", async () => {
    const staff = await createStaff(db());
    const coupon = await api(server, 'POST', '/api/coupons/', { token: staff.token, body: { code: 'UNAVEZ', kind: 'percent', value: 10 } });
    expect(coupon.status, JSON.stringify(coupon.json)).toBe(201);
    const user = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 12500, stock: 8 }] });
    const settings = server.ctx.caches.settings.stats;
    // Nothing kept: the checkout's own reads are all that load the row.
    server.ctx.caches.settingsChanged();
    const loadsBefore = settings.misses;
    const res = await api(server, 'POST', '/api/orders/', {
      token: user.token,
      body: { ...checkout([{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]), coupon_code: 'UNAVEZ' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.coupon).toMatchObject({ code: 'UNAVEZ', discount: 1250 });
    expect(settings.misses - loadsBefore).toBe(1);
  });

  it('takes prices from the database even when the client sends prices, and reserves stock', async () => {
    const user = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 12500, stock: 8, seed_count: 3 }] });
    const [blister] = product.blisters;
    const order = await placeOrder(user.token, [
      { product_id: product.id, blister_id: blister.id, quantity: 2, price: 1, price_at_time: 1, final_price: 1 },
    ]);
    expect(order.order_products).toHaveLength(1);
    expect(order.order_products[0]).toMatchObject({
      product: product.id,
      blister: blister.id,
      quantity: 2,
      price_at_time: 12500,
      product_name: product.name,
      product_brand: product.brand.brand_name,
      product_type: 'fem',
      product_description: product.description,
      blister_info: { seed_count: 3 },
    });
    expect(order.total).toBe(25000);
    expect(order).toMatchObject({
      status: 'pending',
      status_display: 'Pendiente',
      delivery_type: 'coordinate',
      delivery_type_display: 'Acordar entrega',
      shipping_address: 'Coordinar entrega',
      recipient_name: 'Ana Pérez',
      customer_phone: '1145678901',
      // The account's address, not the one typed in the payload.
      customer_email: user.email,
      customer: { id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name },
    });
    expect(await stockOf(blister.id)).toBe(6);
  });

  it('converts USD prices with the current dollar rate', async () => {
    await db().update(dollarRate).set({ value: 1200 }).where(eq(dollarRate.id, 1));
    try {
      const user = await createUser(db());
      const product = await createProduct(db(), { currency: 'USD', blisters: [{ price: 19.99, stock: 5 }] });
      const order = await placeOrder(user.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 3 }]);
      // spec accounts-admin §4: USD to ARS rounds to an integer (19.99 × 1200 = 23988).
      expect(order.order_products[0].price_at_time).toBe(23988);
      expect(order.total).toBe(71964);
      const [row] = await db().select({ dollar_rate: orders.dollar_rate }).from(orders).where(eq(orders.id, order.id));
      expect(row.dollar_rate).toBe(1200);
    } finally {
      await db().update(dollarRate).set({ value: 1000 }).where(eq(dollarRate.id, 1));
    }
  });

  it('applies an active brand discount and stops applying it once it expires', async () => {
    const now = new Date('2030-03-10T15:00:00Z');
    server.setNow(now);
    try {
      const brand = await createBrand(db(), {
        discount_active: true,
        discount_type: 'percentage',
        discount_value: 20,
        discount_expires_at: new Date('2030-03-11T00:00:00Z'),
      });
      const user = await createUser(db());
      const product = await createProduct(db(), { brand_id: brand.id, blisters: [{ price: 10000, stock: 5, discount: 10 }] });
      const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
      // The brand's 20% beats the blister's own 10%; they do not stack.
      expect((await placeOrder(user.token, [line])).order_products[0].price_at_time).toBe(8000);
      server.setNow(new Date('2030-03-12T00:00:00Z'));
      expect((await placeOrder(user.token, [line])).order_products[0].price_at_time).toBe(9000);
    } finally {
      server.setNow(null);
    }
  });

  it('applies a fixed brand discount in ARS', async () => {
    const brand = await createBrand(db(), { discount_active: true, discount_type: 'fixed', discount_value: 1500 });
    const user = await createUser(db());
    const product = await createProduct(db(), { brand_id: brand.id, blisters: [{ price: 10000, stock: 5 }] });
    const order = await placeOrder(user.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }]);
    expect(order.order_products[0].price_at_time).toBe(8500);
    expect(order.total).toBe(17000);
  });

  it('merges two lines of the same blister into one', async () => {
    const user = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 10 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 };
    const order = await placeOrder(user.token, [line, { ...line, quantity: 3 }]);
    expect(order.order_products).toHaveLength(1);
    expect(order.order_products[0].quantity).toBe(5);
    expect(await stockOf(product.blisters[0].id)).toBe(5);
  });

  it('answers 409 naming the product and the units available, and changes nothing', async () => {
    const user = await createUser(db());
    const plenty = await createProduct(db(), { name: 'Amnesia Haze', blisters: [{ price: 1000, stock: 10 }] });
    const scarce = await createProduct(db(), { name: 'Gorilla Glue', blisters: [{ price: 2000, stock: 2 }] });
    const [ordersBefore] = await db().select({ n: orders.id }).from(orders).orderBy(desc(orders.id)).limit(1);
    const res = await api(server, 'POST', '/api/orders/', {
      token: user.token,
      body: checkout([
        { product_id: plenty.id, blister_id: plenty.blisters[0].id, quantity: 4 },
        { product_id: scarce.id, blister_id: scarce.blisters[0].id, quantity: 3 },
      ]),
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('No hay suficiente stock de Gorilla Glue (3 semillas). Stock disponible: 2');
    expect(res.json).toMatchObject({ code: 'INSUFFICIENT_STOCK', product_id: scarce.id, blister_id: scarce.blisters[0].id, available: 2 });
    expect(await stockOf(plenty.blisters[0].id)).toBe(10);
    expect(await stockOf(scarce.blisters[0].id)).toBe(2);
    const [ordersAfter] = await db().select({ n: orders.id }).from(orders).orderBy(desc(orders.id)).limit(1);
    expect(ordersAfter?.n).toBe(ordersBefore?.n);
  });

  it('refuses unavailable, deleted, unpriced and mismatched blisters with 409', async () => {
    const user = await createUser(db());
    const hidden = await createProduct(db(), { name: 'Oculto', available: false });
    const deleted = await createProduct(db(), { name: 'Borrado', deleted_at: new Date() });
    const unpriced = await createProduct(db(), { name: 'Sin Precio', blisters: [{ price: null }] });
    const other = await createProduct(db());
    const cases: [number, number, string][] = [
      [hidden.id, hidden.blisters[0].id, 'El producto Oculto ya no está disponible'],
      [deleted.id, deleted.blisters[0].id, 'El producto Borrado ya no está disponible'],
      [unpriced.id, unpriced.blisters[0].id, 'El producto Sin Precio no tiene precio asignado'],
      [other.id, hidden.blisters[0].id, 'Uno de los productos de tu carrito ya no existe. Quítalo e intenta nuevamente.'],
      [other.id, 999999, 'Uno de los productos de tu carrito ya no existe. Quítalo e intenta nuevamente.'],
    ];
    for (const [productId, blisterId, message] of cases) {
      const res = await api(server, 'POST', '/api/orders/', {
        token: user.token,
        body: checkout([{ product_id: productId, blister_id: blisterId, quantity: 1 }]),
      });
      expect(res.status).toBe(409);
      expect(res.json.error).toBe(message);
    }
    expect(await stockOf(hidden.blisters[0].id)).toBe(10);
  });

  it('keeps every digit of a phone written with spaces, dashes or +54 9, and stores its 10 digits', async () => {
    const user = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 10 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    for (const [written, stored] of [
      ['11 2345-6789', '1123456789'],
      ['+54 9 11 2345 6789', '1123456789'],
      ['0351 15 423-4567', '3514234567'],
    ]) {
      const res = await api(server, 'POST', '/api/orders/', { token: user.token, body: { ...checkout([line]), customer_phone: written } });
      expect(res.status, written).toBe(201);
      expect(res.json.customer_phone).toBe(stored);
    }
    const short = await api(server, 'POST', '/api/orders/', {
      token: user.token,
      body: { ...checkout([line]), customer_phone: '+54 9 11 2345 678' },
    });
    expect(short.status).toBe(400);
    expect(short.json.errors.customer_phone).toEqual(['Ingresa un teléfono válido']);
    // 10 digits, but a mobile's 15 where the area code should be.
    const noAreaCode = await api(server, 'POST', '/api/orders/', {
      token: user.token,
      body: { ...checkout([line]), customer_phone: '15 2345 6789' },
    });
    expect(noAreaCode.status).toBe(400);
    expect(noAreaCode.json.errors.customer_phone).toEqual(['Falta el código de área: ingresa el número sin 0 ni 15 (p. ej. 11 2345-6789)']);
  });

  it('numbers orders without gaps: a failed checkout gives its number back', async () => {
    const user = await createUser(db());
    const product = await createProduct(db(), { name: 'Lemon Skunk', blisters: [{ price: 1000, stock: 2 }] });
    const line = (quantity: number) => [{ product_id: product.id, blister_id: product.blisters[0].id, quantity }];
    const first = await placeOrder(user.token, line(1));
    const failed = await api(server, 'POST', '/api/orders/', { token: user.token, body: checkout(line(5)) });
    expect(failed.status).toBe(409);
    const second = await placeOrder(user.token, line(1));
    expect(second.order_number).toBe(first.order_number + 1);
    // The id (the API's key) skipped the failed attempt; the number the customer sees did not.
    expect(second.id).toBeGreaterThan(first.id + 1);

    const mine = await api(server, 'GET', '/api/orders/my-orders/', { token: user.token });
    expect(mine.json.results.map((o: { order_number: number }) => o.order_number)).toEqual([second.order_number, first.order_number]);
    const mails = await db().select().from(mailOutbox);
    expect(mails.some((m) => m.subject === `Confirmación de tu pedido #${second.order_number}`)).toBe(true);
    expect(mails.some((m) => m.subject === `Confirmación de tu pedido #${second.id}`)).toBe(false);
    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'order'), eq(activityLogs.entity_id, String(second.id))));
    expect(entry.description).toBe(`Nuevo pedido #${second.order_number} de ${user.username}`);
  });

  it('e-mails the customer the confirmation with the WhatsApp payment link, and the shop a notice', async () => {
    const user = await createUser(db());
    const product = await createProduct(db(), { name: 'Northern Lights', blisters: [{ price: 15000, stock: 3, seed_count: 5 }] });
    const order = await placeOrder(user.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }]);
    const mails = await db().select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    const confirmation = mails.find((m) => m.subject === `Confirmación de tu pedido #${order.order_number}`);
    expect(confirmation?.to_address).toBe(user.email);
    expect(confirmation?.text_body).toContain('Northern Lights (5 semillas) x 2');
    expect(confirmation?.text_body).toMatch(/Total: \$\s?30\.000/);
    expect(confirmation?.text_body).toContain(
      `1. Escríbenos por WhatsApp al +5491100000000 indicando tu número de pedido #${order.order_number}.`,
    );
    const link = `https://wa.me/5491100000000?text=${encodeURIComponent(`Hola, quiero coordinar el pago del pedido #${order.order_number}`)}`;
    expect(confirmation?.text_body).toContain(link);
    expect(confirmation?.html).toContain(link.replace(/&/g, '&amp;'));
    const notice = mails.find((m) => m.subject.startsWith(`Nuevo pedido #${order.order_number} `));
    expect(notice?.to_address).toBe('tienda@test.local');
    expect(notice?.text_body).toContain('Ana Pérez');
  });

  it('points the customer only to the channels the shop configured', async () => {
    const staff = await createStaff(db());
    /** The customer's confirmation and cancellation e-mails (text and HTML), with the shop configured so. */
    const mailsWith = async (channels: Pick<TestServer['ctx']['config'], 'whatsappNumber' | 'contactEmail'>) => {
      const config = server.ctx.config;
      const saved = { whatsappNumber: config.whatsappNumber, contactEmail: config.contactEmail };
      Object.assign(config, channels);
      try {
        const user = await createUser(db());
        const product = await createProduct(db(), { blisters: [{ price: 5000, stock: 3 }] });
        const order = await placeOrder(user.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]);
        expect((await api(server, 'PUT', `/api/orders/${order.id}/`, { token: staff.token, body: { status: 'cancelled' } })).status).toBe(
          200,
        );
        const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to_address, user.email)).orderBy(asc(mailOutbox.id));
        return mails.map((m) => `${m.text_body}\n${m.html}`);
      } finally {
        Object.assign(config, saved);
      }
    };

    const [confirmation, cancelled] = await mailsWith({ whatsappNumber: undefined, contactEmail: 'ventas@semillas.test' });
    expect(confirmation).toContain('1. Escríbenos a ventas@semillas.test indicando tu número de pedido');
    expect(confirmation).toContain('mailto:ventas@semillas.test?subject=');
    expect(confirmation).not.toMatch(/whatsapp/i);
    expect(cancelled).toContain('Tu pedido fue cancelado. Si tienes dudas, escríbenos a ventas@semillas.test.');

    const [unreachable, cancelledToo] = await mailsWith({ whatsappNumber: undefined, contactEmail: undefined });
    expect(unreachable).toContain('1. Te vamos a escribir al 1145678901 con los datos para realizar el pago del pedido');
    expect(unreachable).not.toMatch(/whatsapp|escríbenos|mailto:/i);
    expect(cancelledToo).toContain('Tu pedido fue cancelado.');
    expect(cancelledToo).not.toMatch(/whatsapp|escríbenos|mailto:/i);
  });

  it('logs an order activity entry with the total', async () => {
    const user = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 700, stock: 3 }] });
    const order = await placeOrder(user.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 3 }]);
    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'order'), eq(activityLogs.entity_id, String(order.id))));
    expect(entry).toMatchObject({ action: 'order', user_id: user.id, username: user.username });
    expect(entry.changes).toMatchObject({ order_total: 2100 });
  });
});

describe('pending orders per customer (MAX_PENDING_ORDERS)', () => {
  it('refuses a fourth pending order with 409 and a Spanish error, changing nothing', async () => {
    const user = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 20 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 };
    for (let i = 0; i < 3; i++) await placeOrder(user.token, [line]);
    const [before] = await db().select({ id: orders.id }).from(orders).orderBy(desc(orders.id)).limit(1);

    const numbers = (await db().select({ n: orders.order_number }).from(orders).where(eq(orders.user_id, user.id)).orderBy(orders.id)).map(
      (o) => o.n,
    );
    const res = await api(server, 'POST', '/api/orders/', { token: user.token, body: checkout([line]) });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      error: `Puedes tener hasta 3 pedidos sin pagar a la vez y tienes los pedidos #${numbers.join(', #')}, que esperan el pago. Paga o cancela alguno en Mis Pedidos antes de hacer un pedido nuevo.`,
      code: 'TOO_MANY_PENDING_ORDERS',
      max_pending_orders: 3,
      unpaid_orders: numbers,
    });
    expect(await stockOf(line.blister_id)).toBe(14);
    const [after] = await db().select({ id: orders.id }).from(orders).orderBy(desc(orders.id)).limit(1);
    expect(after.id).toBe(before.id);
    // Another customer is not held back by this one.
    const other = await createUser(db());
    await placeOrder(other.token, [line]);
  });

  /** A customer with as many orders awaiting payment as the cap lets them have, and a staff member. */
  async function customerAtTheCap() {
    const user = await createUser(db());
    const staff = await createStaff(db());
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 20 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrder(user.token, [line]));
    return { user, staff, line, placed };
  }

  it('counts only pending orders: a cancelled or completed one frees a place', async () => {
    const { user, staff, line, placed } = await customerAtTheCap();
    const cancel = await api(server, 'PUT', `/api/orders/${placed[0].id}/`, { token: user.token, body: { status: 'cancelled' } });
    expect(cancel.status).toBe(200);
    await placeOrder(user.token, [line]);
    expect((await api(server, 'POST', '/api/orders/', { token: user.token, body: checkout([line]) })).status).toBe(409);
    const complete = await api(server, 'PUT', `/api/orders/${placed[1].id}/`, { token: staff.token, body: { status: 'completed' } });
    expect(complete.status).toBe(200);
    await placeOrder(user.token, [line]);
  });

  it('counts only orders awaiting payment: paid and shipped orders hold no place', async () => {
    const { user, staff, line, placed } = await customerAtTheCap();
    expect((await api(server, 'POST', '/api/orders/', { token: user.token, body: checkout([line]) })).status).toBe(409);
    const paid = await api(server, 'POST', `/api/orders/${placed[0].id}/payment/`, {
      token: staff.token,
      body: { method: 'transferencia' },
    });
    expect(paid.status).toBe(200);
    const shipped = await api(server, 'POST', `/api/orders/${placed[1].id}/shipment/`, { token: staff.token, body: { carrier: 'moto' } });
    expect(shipped.status).toBe(200);
    await placeOrder(user.token, [line]);
    await placeOrder(user.token, [line]);
    expect((await api(server, 'POST', '/api/orders/', { token: user.token, body: checkout([line]) })).status).toBe(409);
  });

  it("takes the cap staff set in 'Configuración' over the environment's, and logs the change", async () => {
    const user = await createUser(db());
    const staff = await createStaff(db());
    const product = await createProduct(db(), { blisters: [{ price: 1000, stock: 20 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    expect((await api(server, 'GET', '/api/core/order-settings/', { token: staff.token })).json).toEqual({
      max_pending_orders: 3,
      is_default: true,
      coupon_combination: 'best',
      abandoned_cart_hours: null,
    });
    expect((await api(server, 'GET', '/api/core/order-settings/', { token: user.token })).status).toBe(403);
    expect((await api(server, 'PUT', '/api/core/order-settings/', { token: user.token, body: { max_pending_orders: 9 } })).status).toBe(
      403,
    );
    const bad = await api(server, 'PUT', '/api/core/order-settings/', { token: staff.token, body: { max_pending_orders: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/entre 1 y 50/);
    const set = await api(server, 'PUT', '/api/core/order-settings/', { token: staff.token, body: { max_pending_orders: 1 } });
    expect(set.json).toMatchObject({ max_pending_orders: 1, is_default: false });
    await placeOrder(user.token, [line]);
    const refused = await api(server, 'POST', '/api/orders/', { token: user.token, body: checkout([line]) });
    expect(refused.status).toBe(409);
    expect(refused.json.max_pending_orders).toBe(1);
    const [entry] = await db()
      .select({ description: activityLogs.description })
      .from(activityLogs)
      .where(eq(activityLogs.entity_type, 'site_settings'));
    expect(entry.description).toBe('Máximo de pedidos sin pagar por cliente cambiado de 3 a 1');
    await api(server, 'PUT', '/api/core/order-settings/', { token: staff.token, body: { max_pending_orders: 3 } });
  });

  it('follows MAX_PENDING_ORDERS, 3 when unset', async () => {
    const own = await startTestServer({ maxPendingOrders: 1 });
    try {
      const user = await createUser(own.ctx.db);
      const product = await createProduct(own.ctx.db, { blisters: [{ price: 1000, stock: 5 }] });
      const body = checkout([{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]);
      expect((await api(own, 'POST', '/api/orders/', { token: user.token, body })).status).toBe(201);
      const refused = await api(own, 'POST', '/api/orders/', { token: user.token, body });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toBe(
        'Puedes tener hasta 1 pedido sin pagar a la vez y tienes el pedido #1, que espera el pago. Págalo o cancélalo en Mis Pedidos antes de hacer un pedido nuevo.',
      );
    } finally {
      await own.close();
    }
    const env = { DATA_DIR: server.ctx.config.dataDir, JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).maxPendingOrders).toBe(3);
    expect(loadConfig({ ...env, MAX_PENDING_ORDERS: '10' }).maxPendingOrders).toBe(10);
    expect(() => loadConfig({ ...env, MAX_PENDING_ORDERS: '0' })).toThrow(/MAX_PENDING_ORDERS: debe ser 1 o más/);
    expect(() => loadConfig({ ...env, MAX_PENDING_ORDERS: 'muchos' })).toThrow(/MAX_PENDING_ORDERS/);
  });
});

describe('reading orders', () => {
  it('lists only my orders, newest first, in the paged shape', async () => {
    const me = await createUser(db());
    const someoneElse = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 100, stock: 50 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    server.setNow(new Date('2031-01-01T10:00:00Z'));
    const first = await placeOrder(me.token, [line]);
    server.setNow(new Date('2031-01-02T10:00:00Z'));
    const second = await placeOrder(me.token, [line]);
    server.setNow(null);
    await placeOrder(someoneElse.token, [line]);

    const res = await api(server, 'GET', '/api/orders/my-orders/', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ count: 2, next: null, previous: null });
    expect(res.json.results.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);

    const paged = await api(server, 'GET', '/api/orders/my-orders/?page_size=1', { token: me.token });
    expect(paged.json.results.map((o: { id: number }) => o.id)).toEqual([second.id]);
    expect(paged.json.next).toContain('page=2');
  });

  it('answers 401 to anonymous callers of my-orders', async () => {
    expect((await api(server, 'GET', '/api/orders/my-orders/')).status).toBe(401);
  });

  it('shows an order to its owner and to staff, 404 to another customer and 401 to anonymous', async () => {
    const owner = await createUser(db());
    const stranger = await createUser(db());
    const staff = await createStaff(db());
    const product = await createProduct(db(), { blisters: [{ price: 100, stock: 5 }] });
    const order = await placeOrder(owner.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]);
    const path = `/api/orders/${order.id}/`;
    expect((await api(server, 'GET', path, { token: owner.token })).json.id).toBe(order.id);
    expect((await api(server, 'GET', path, { token: staff.token })).status).toBe(200);
    const foreign = await api(server, 'GET', path, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe('Pedido no encontrado');
    expect((await api(server, 'GET', path)).status).toBe(401);
    expect((await api(server, 'GET', '/api/orders/abc/', { token: owner.token })).status).toBe(400);
    expect((await api(server, 'GET', '/api/orders/999999/', { token: owner.token })).status).toBe(404);
  });

  it('keeps showing a line from its snapshot after the product is gone', async () => {
    const owner = await createUser(db());
    const product = await createProduct(db(), { name: 'Efímera', blisters: [{ price: 300, stock: 5, seed_count: 7 }] });
    const order = await placeOrder(owner.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]);
    await db().delete(products).where(eq(products.id, product.id));
    const res = await api(server, 'GET', `/api/orders/${order.id}/`, { token: owner.token });
    expect(res.json.order_products[0]).toMatchObject({
      product: null,
      blister: null,
      product_name: 'Efímera',
      product_brand: product.brand.brand_name,
      blister_info: { seed_count: 7 },
      price_at_time: 300,
    });
  });

  it('shows the current product name while the product exists', async () => {
    const owner = await createUser(db());
    const product = await createProduct(db(), { name: 'Nombre Viejo', blisters: [{ price: 300, stock: 5 }] });
    const order = await placeOrder(owner.token, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]);
    await db().update(products).set({ name: 'Nombre Nuevo', genotype: 'Indica dominante' }).where(eq(products.id, product.id));
    const res = await api(server, 'GET', `/api/orders/${order.id}/`, { token: owner.token });
    expect(res.json.order_products[0]).toMatchObject({ product_name: 'Nombre Nuevo', genotype: 'Indica dominante' });
  });
});

describe('PUT /api/orders/{id}/ by the owner', () => {
  async function twoLineOrder() {
    const owner = await createUser(db());
    const a = await createProduct(db(), { name: 'Línea A', blisters: [{ price: 1000, stock: 10 }] });
    const b = await createProduct(db(), { name: 'Línea B', blisters: [{ price: 2500, stock: 10 }] });
    const lineA = { product_id: a.id, blister_id: a.blisters[0].id, quantity: 2 };
    const lineB = { product_id: b.id, blister_id: b.blisters[0].id, quantity: 3 };
    const order = await placeOrder(owner.token, [lineA, lineB]);
    return { owner, order, lineA, lineB };
  }

  it('cancels a pending order, returns its stock and logs the status change', async () => {
    const { owner, order, lineA, lineB } = await twoLineOrder();
    expect(await stockOf(lineA.blister_id)).toBe(8);
    const res = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { status: 'cancelled' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'cancelled',
      status_display: 'Cancelado',
      message: 'Pedido cancelado',
      cancel_reason: 'Cancelado por el cliente',
    });
    expect(await stockOf(lineA.blister_id)).toBe(10);
    expect(await stockOf(lineB.blister_id)).toBe(10);

    // Sent again: nothing more comes back.
    const again = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { status: 'cancelled' } });
    expect(again.status).toBe(200);
    expect(await stockOf(lineA.blister_id)).toBe(10);

    const entries = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), eq(activityLogs.action, 'status_change')));
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toMatchObject({
      old_status: 'pending',
      new_status: 'cancelled',
      changed_by: owner.username,
      order_total: 9500,
    });
  });

  it('removes a line when the remaining lines are sent (spec shape), returning its stock', async () => {
    const { owner, order, lineA, lineB } = await twoLineOrder();
    const res = await api(server, 'PUT', `/api/orders/${order.id}/`, {
      token: owner.token,
      body: { status: 'pending', products: [lineA] },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Pedido actualizado');
    expect(res.json.order_products.map((l: { blister: number }) => l.blister)).toEqual([lineA.blister_id]);
    expect(res.json.total).toBe(2000);
    expect(await stockOf(lineB.blister_id)).toBe(10);
    expect(await stockOf(lineA.blister_id)).toBe(8);
    const [update] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_id, String(order.id)), eq(activityLogs.action, 'update')));
    expect(update.changes).toMatchObject({ before: { total: 9500 }, after: { total: 2000 } });
  });

  it('removes a line by its id (explicit form), and cancels when the last line goes', async () => {
    const { owner, order, lineA, lineB } = await twoLineOrder();
    const [first, second] = order.order_products;
    const one = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { remove_line_ids: [first.id] } });
    expect(one.json.order_products).toHaveLength(1);
    expect(await stockOf(lineA.blister_id)).toBe(10);

    const last = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { products: [] } });
    expect(last.status).toBe(200);
    expect(last.json).toMatchObject({
      status: 'cancelled',
      message: 'Pedido cancelado por falta de productos',
      cancel_reason: 'Pedido cancelado por falta de productos',
    });
    expect(last.json.order_products.map((l: { id: number }) => l.id)).toEqual([second.id]);
    expect(await stockOf(lineB.blister_id)).toBe(10);

    const more = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { remove_line_ids: [second.id] } });
    expect(more.status).toBe(409);
    expect(await stockOf(lineB.blister_id)).toBe(10);
  });

  it('lowers a quantity, but never raises one or adds a product', async () => {
    const { owner, order, lineA, lineB } = await twoLineOrder();
    const lower = await api(server, 'PUT', `/api/orders/${order.id}/`, {
      token: owner.token,
      body: { products: [lineA, { ...lineB, quantity: 1 }] },
    });
    expect(lower.status).toBe(200);
    expect(await stockOf(lineB.blister_id)).toBe(9);
    const raise = await api(server, 'PUT', `/api/orders/${order.id}/`, {
      token: owner.token,
      body: { products: [{ ...lineA, quantity: 5 }, lineB] },
    });
    expect(raise.status).toBe(400);
    expect(raise.json.error).toBe('Solo puedes quitar productos de un pedido pendiente');
    const extra = await createProduct(db());
    const add = await api(server, 'PUT', `/api/orders/${order.id}/`, {
      token: owner.token,
      body: { products: [lineA, { ...lineB, quantity: 1 }, { product_id: extra.id, blister_id: extra.blisters[0].id, quantity: 1 }] },
    });
    expect(add.status).toBe(400);
    expect(await stockOf(lineA.blister_id)).toBe(8);
  });

  it('refuses to complete an order or to change one that is not pending', async () => {
    const { owner, order } = await twoLineOrder();
    const complete = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { status: 'completed' } });
    expect(complete.status).toBe(400);
    expect(complete.json.error).toBe('Solo puedes cancelar tu pedido');
    await db().update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    const cancel = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { status: 'cancelled' } });
    expect(cancel.status).toBe(409);
    expect(cancel.json).toMatchObject({ code: 'ORDER_ALREADY_PAID', error: 'Este pedido ya fue enviado: escríbenos para cambiarlo.' });
    const remove = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { products: [] } });
    expect(remove.status).toBe(409);
    expect(remove.json.code).toBe('ORDER_ALREADY_PAID');
    const staffOnly = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: owner.token, body: { order_products: [] } });
    expect(staffOnly.status).toBe(400);
  });

  it('answers 404 to another customer and 401 to anonymous, changing nothing', async () => {
    const { order, lineA } = await twoLineOrder();
    const stranger = await createUser(db());
    const res = await api(server, 'PUT', `/api/orders/${order.id}/`, { token: stranger.token, body: { status: 'cancelled' } });
    expect(res.status).toBe(404);
    expect((await api(server, 'PUT', `/api/orders/${order.id}/`, { body: { status: 'cancelled' } })).status).toBe(401);
    expect((await api(server, 'DELETE', `/api/orders/${order.id}/`, { token: stranger.token })).status).toBe(403);
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('pending');
    expect(await stockOf(lineA.blister_id)).toBe(8);
    const lines = await db().select().from(orderProducts).where(eq(orderProducts.order_id, order.id));
    expect(lines).toHaveLength(2);
  });
});

describe('mail failures', () => {
  it('never fail the order: the message stays queued for a retry', async () => {
    const broken = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const user = await createUser(broken.ctx.db);
      const product = await createProduct(broken.ctx.db, { blisters: [{ price: 100, stock: 2 }] });
      const res = await api(broken, 'POST', '/api/orders/', {
        token: user.token,
        body: checkout([{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }]),
      });
      expect(res.status).toBe(201);
      await expect
        .poll(async () => (await broken.ctx.db.select().from(mailOutbox)).filter((m) => m.attempts > 0 && m.last_error).length, {
          timeout: 10_000,
        })
        .toBe(2);
      const mails = await broken.ctx.db.select().from(mailOutbox);
      expect(mails.every((m) => m.status === 'pending')).toBe(true);
    } finally {
      await broken.close();
    }
  });
});

describe('pending order expiry (background job)', () => {
  it('cancels pending orders older than PENDING_ORDER_DAYS, once, giving their stock back', async () => {
    const owner = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 100, stock: 10 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 4 };
    server.setNow(new Date('2033-01-01T12:00:00Z'));
    try {
      const stale = await placeOrder(owner.token, [line]);
      server.setNow(new Date('2033-01-07T12:00:00Z'));
      const fresh = await placeOrder(owner.token, [line]);
      expect(await stockOf(line.blister_id)).toBe(2);

      server.setNow(new Date('2033-01-08T12:00:01Z'));
      // Two runs at once (two processes): the order is cancelled and its stock returned once.
      const [first, second] = await Promise.all([expireStalePendingOrders(server.ctx), expireStalePendingOrders(server.ctx)]);
      expect(first + second).toBeGreaterThanOrEqual(1);
      expect(await stockOf(line.blister_id)).toBe(6);
      expect(await expireStalePendingOrders(server.ctx)).toBe(0);

      const res = await api(server, 'GET', `/api/orders/${stale.id}/`, { token: owner.token });
      expect(res.json).toMatchObject({ status: 'cancelled', cancel_reason: 'Cancelado automáticamente por falta de confirmación' });
      expect((await api(server, 'GET', `/api/orders/${fresh.id}/`, { token: owner.token })).json.status).toBe('pending');
      const entries = await db()
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.entity_id, String(stale.id)), eq(activityLogs.action, 'status_change')));
      expect(entries).toHaveLength(1);
      const [entry] = entries;
      expect(entry).toMatchObject({ user_id: null, username: null });
      expect(entry.changes).toMatchObject({ old_status: 'pending', new_status: 'cancelled', changed_by: 'Sistema' });
      const mails = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `Pedido #${stale.order_number}: Cancelado`));
      expect(mails[0].text_body).toContain('Motivo: Cancelado automáticamente por falta de confirmación.');
    } finally {
      server.setNow(null);
    }
  });
});
