// Coupons (issue 24): staff create and change them, a customer checks a code against the cart and
// places an order with it; the server decides the discount inside the order's transaction, and
// every way an order stops being active gives the use back.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../src/domain/coupons';
import { formatArs } from '../../src/domain/money';
import { NOTHING_TO_PAY_MESSAGE } from '../../src/domain/pricing';
import { activityLogs, blisters, couponUses, coupons } from '../../src/server/db/schema';
import { expireStalePendingOrders } from '../../src/server/modules/orders';
import { api, useTestServer } from '../helpers/app';
import { waitForOutboxMail } from '../helpers/mail';
import { createBrand, createProduct, createStaff, createUser } from '../helpers/factories';

const server = useTestServer({ maxPendingOrders: 1000 });
const db = () => server.ctx.db;

let n = 0;
const uniqueCode = (prefix = 'CUPON') => `${prefix}${++n}X${Math.floor(Math.random() * 1e6)}`;

async function staffToken() {
  return (await createStaff(db())).token;
}

async function createCoupon(body: Record<string, unknown>, token?: string) {
  const res = await api(server, 'POST', '/api/coupons/', {
    token: token ?? (await staffToken()),
    body: { code: uniqueCode(), kind: 'percent', value: 10, ...body },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; code: string; uses: number; revenue: number; state: string };
}

type Line = { product_id: number; blister_id: number; quantity: number };
const lineOf = (p: Awaited<ReturnType<typeof createProduct>>, quantity = 1): Line => ({
  product_id: p.id,
  blister_id: p.blisters[0].id,
  quantity,
});

const check = (token: string, code: string, products: Line[]) =>
  api(server, 'POST', '/api/coupons/check/', { token, body: { code, products } });
const order = (token: string, products: Line[], extra: Record<string, unknown> = {}) =>
  api(server, 'POST', '/api/orders/', {
    token,
    body: { recipient_name: 'Ana Cupón', customer_phone: '1122334455', delivery_type: 'coordinate', products, ...extra },
  });

async function usesOf(id: number) {
  const [row] = await db().select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id));
  return row.uses;
}

describe('staff coupons', () => {
  it('creates, lists with uses and revenue, edits and deactivates, logging each change', async () => {
    const token = await staffToken();
    const code = uniqueCode('verano ');
    const created = await createCoupon({ code, kind: 'fixed', value: 5000, min_subtotal: 20000, max_uses: 10 }, token);
    expect(created).toMatchObject({ code, uses: 0, revenue: 0, state: 'active' });
    const list = await api(server, 'GET', '/api/coupons/', { token });
    expect(list.status).toBe(200);
    expect(list.json.results.find((c: { id: number }) => c.id === created.id)).toMatchObject({ kind: 'fixed', value: 5000, max_uses: 10 });

    const put = await api(server, 'PUT', `/api/coupons/${created.id}/`, {
      token,
      body: { code, kind: 'fixed', value: 5000, active: false },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(put.json).toMatchObject({ active: false, state: 'inactive', state_display: 'Desactivado' });
    const logs = await db()
      .select({ description: activityLogs.description })
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'coupon'), eq(activityLogs.entity_id, String(created.id))));
    expect(logs.map((l) => l.description)).toEqual(
      expect.arrayContaining([`Cupón ${code} creado (${formatArs(5000)})`, `Cupón ${code} desactivado`]),
    );
  });

  it('refuses a code equal to another once spaces and case are ignored (409)', async () => {
    const token = await staffToken();
    const code = uniqueCode('Finde');
    await createCoupon({ code }, token);
    const res = await api(server, 'POST', '/api/coupons/', {
      token,
      body: { code: ` ${code.toLowerCase().slice(0, 3)} ${code.toLowerCase().slice(3)}`, kind: 'percent', value: 5 },
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(`Ya existe un cupón con el código ${code.toUpperCase()}`);
  });

  it('answers 400 with Spanish messages for bad input', async () => {
    const token = await staffToken();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'ABC', kind: 'percent', value: 150 }, 'El porcentaje debe estar entre 1 y 100'],
      [{ code: 'ABC', kind: 'fixed', value: 0 }, 'El monto a descontar debe ser mayor a 0'],
      [{ code: 'A!', kind: 'percent', value: 5 }, 'El código solo puede tener letras, números, espacios, guiones y guiones bajos'],
      [{ code: 'ABC', kind: 'regalo', value: 5 }, 'Elige el tipo de cupón: porcentaje, monto fijo o envío gratis'],
      [{ code: 'ABC', kind: 'percent', value: 5, starts_at: '2030-02-01', ends_at: '2030-01-01' }, 'El fin debe ser posterior al inicio'],
      [
        { code: 'ABC', kind: 'percent', value: 5, max_uses: 0 },
        'Los usos totales deben ser un número entero de 1 en adelante, o vacío para sin límite',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api(server, 'POST', '/api/coupons/', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json)).toContain(message);
    }
  });

  it('is for staff only', async () => {
    const customer = await createUser(db());
    expect((await api(server, 'GET', '/api/coupons/', { token: customer.token })).status).toBe(403);
    expect(
      (await api(server, 'POST', '/api/coupons/', { token: customer.token, body: { code: 'ABCD', kind: 'percent', value: 5 } })).status,
    ).toBe(403);
    expect((await api(server, 'GET', '/api/coupons/')).status).toBe(401);
  });
});

describe('checking a code', () => {
  it('answers the discount from the server prices, matching the code without case or spaces', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ code: uniqueCode('diez'), kind: 'percent', value: 10 });
    const typed = ` ${coupon.code.toLowerCase().slice(0, 2)} ${coupon.code.toLowerCase().slice(2)} `;
    const res = await check(customer.token, typed, [lineOf(product, 3)]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      valid: true,
      discount: 3000,
      message: `Cupón ${coupon.code} aplicado: ${formatArs(3000)} de descuento`,
    });
  });

  it('gives each reason in Spanish', async () => {
    const customer = await createUser(db());
    const cheap = await createProduct(db(), { blisters: [{ price: 10000, stock: 50 }] });
    const line = [lineOf(cheap)];
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ends_at: new Date(now - day).toISOString(), starts_at: new Date(now - 2 * day).toISOString() }, 'El cupón venció'],
      [{ min_subtotal: 30000 }, `Mínimo de compra ${formatArs(30000)}`],
      [{ starts_at: new Date(now + 2 * day).toISOString() }, /^El cupón todavía no está vigente: vale desde el \d\d\/\d\d\/\d{4}\.$/],
      [{ active: false }, 'Este cupón ya no está disponible.'],
      [{ brand_ids: [(await createBrand(db())).id] }, 'Tu carrito no tiene productos de los bancos o tipos de este cupón.'],
      [{ types: ['auto'] }, 'Tu carrito no tiene productos de los bancos o tipos de este cupón.'],
    ];
    for (const [fields, message] of cases) {
      const coupon = await createCoupon(fields);
      const res = await check(customer.token, coupon.code, line);
      expect(res.status).toBe(200);
      expect(res.json.valid, JSON.stringify(fields)).toBe(false);
      expect(res.json.message).toMatch(message);
    }
    const missing = await check(customer.token, 'NOEXISTE123', line);
    expect(missing.json).toMatchObject({ valid: false, message: 'No encontramos ese cupón. Revisa que esté bien escrito.' });
  });

  it('uses the customer own history: per customer, first order only, exhausted', async () => {
    const customer = await createUser(db());
    const other = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 50 }] });
    const once = await createCoupon({ max_uses_per_customer: 1 });
    expect((await order(customer.token, [lineOf(product)], { coupon_code: once.code })).status).toBe(201);
    expect((await check(customer.token, once.code, [lineOf(product)])).json.message).toBe('Ya usaste este cupón');
    expect((await check(other.token, once.code, [lineOf(product)])).json.valid).toBe(true);

    const first = await createCoupon({ first_order_only: true });
    expect((await check(customer.token, first.code, [lineOf(product)])).json.message).toBe('Este cupón es solo para tu primera compra.');
    expect((await check((await createUser(db())).token, first.code, [lineOf(product)])).json.valid).toBe(true);

    const single = await createCoupon({ max_uses: 1 });
    expect((await order(other.token, [lineOf(product)], { coupon_code: single.code })).status).toBe(201);
    expect((await check(customer.token, single.code, [lineOf(product)])).json.message).toBe(
      'El cupón se agotó: ya se usaron todos los disponibles.',
    );
  });

  it('needs a logged-in customer', async () => {
    const res = await api(server, 'POST', '/api/coupons/check/', {
      body: { code: 'X', products: [{ product_id: 1, blister_id: 1, quantity: 1 }] },
    });
    expect(res.status).toBe(401);
  });
});

describe('orders with a coupon', () => {
  it('stores the code and discount, and total = subtotal + shipping − discount', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 12000, stock: 10 }] });
    const coupon = await createCoupon({ kind: 'fixed', value: 2500 });
    const res = await order(customer.token, [lineOf(product, 2)], { coupon_code: coupon.code.toLowerCase(), expected_total: 21500 });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ subtotal: 24000, total: 21500, coupon: { code: coupon.code, discount: 2500, free_shipping: false } });
    expect(await usesOf(coupon.id)).toBe(1);
    const list = await api(server, 'GET', '/api/coupons/', { token: await staffToken() });
    expect(list.json.results.find((c: { id: number }) => c.id === coupon.id)).toMatchObject({ uses: 1, revenue: 21500 });
    // The customer's own list shows it too.
    const mine = await api(server, 'GET', `/api/orders/${res.json.id}/`, { token: customer.token });
    expect(mine.json.coupon).toEqual({ code: coupon.code, discount: 2500, free_shipping: false });
  });

  it('refuses the order (409, nothing written) when the coupon does not apply', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ min_subtotal: 50000 });
    const res = await order(customer.token, [lineOf(product)], { coupon_code: coupon.code });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: `Mínimo de compra ${formatArs(50000)}`, code: 'COUPON_REFUSED' });
    const mine = await api(server, 'GET', '/api/orders/my-orders/', { token: customer.token });
    expect(mine.json.count).toBe(0);
    expect(await usesOf(coupon.id)).toBe(0);
  });

  it('orders without a coupon carry null', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const res = await order(customer.token, [lineOf(product)]);
    expect(res.json.coupon).toBeNull();
  });

  it('best of both: the brand discount wins when it saves more, the coupon when it saves more', async () => {
    const customer = await createUser(db());
    const brand = await createBrand(db(), { discount_active: true, discount_type: 'percentage', discount_value: 20 });
    const product = await createProduct(db(), { brand_id: brand.id, blisters: [{ price: 10000, stock: 10 }] });
    const small = await createCoupon({ value: 10 });
    // The answer says what the order would charge: the brands' prices when they win…
    expect((await check(customer.token, small.code, [lineOf(product)])).json).toMatchObject({
      valid: false,
      subtotal: 8000,
      message: 'Los descuentos de los bancos ya te ahorran más que este cupón: se aplican ellos.',
    });
    // …the list prices, less the coupon, when it does: what the checkout confirms.
    const big = await createCoupon({ value: 30 });
    const checked = (await check(customer.token, big.code, [lineOf(product)])).json;
    expect(checked).toMatchObject({ valid: true, discount: 3000, subtotal: 10000 });
    const placed = await order(customer.token, [lineOf(product)], {
      coupon_code: big.code,
      expected_total: checked.subtotal - checked.discount,
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json).toMatchObject({ subtotal: 10000, total: 7000, coupon: { discount: 3000 } });
  });

  it('both: the coupon applies on the brand-discounted prices', async () => {
    const staff = await staffToken();
    const set = await api(server, 'PUT', '/api/core/order-settings/', {
      token: staff,
      body: { max_pending_orders: 50, coupon_combination: 'both' },
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    try {
      const customer = await createUser(db());
      const brand = await createBrand(db(), { discount_active: true, discount_type: 'percentage', discount_value: 20 });
      const product = await createProduct(db(), { brand_id: brand.id, blisters: [{ price: 10000, stock: 10 }] });
      const coupon = await createCoupon({ value: 10 });
      expect((await check(customer.token, coupon.code, [lineOf(product)])).json).toMatchObject({
        valid: true,
        subtotal: 8000,
        discount: 800,
      });
      const placed = await order(customer.token, [lineOf(product)], { coupon_code: coupon.code, expected_total: 7200 });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      expect(placed.json).toMatchObject({ subtotal: 8000, total: 7200, coupon: { discount: 800 } });
    } finally {
      await api(server, 'PUT', '/api/core/order-settings/', { token: staff, body: { max_pending_orders: 50, coupon_combination: 'best' } });
    }
  });

  it('a customer cannot see another customer order with its coupon', async () => {
    const owner = await createUser(db());
    const other = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({});
    const placed = await order(owner.token, [lineOf(product)], { coupon_code: coupon.code });
    expect((await api(server, 'GET', `/api/orders/${placed.json.id}/`, { token: other.token })).status).toBe(404);
    expect((await api(server, 'GET', '/api/coupons/', { token: other.token })).status).toBe(403);
  });
});

describe('a cancelled order gives its use back', () => {
  async function usedOnce() {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ max_uses: 1 });
    const placed = await order(customer.token, [lineOf(product)], { coupon_code: coupon.code });
    expect(placed.status).toBe(201);
    expect(await usesOf(coupon.id)).toBe(1);
    return { customer, coupon, orderId: placed.json.id as number };
  }
  const returned = async (orderId: number) =>
    (await db().select({ returned_at: couponUses.returned_at }).from(couponUses).where(eq(couponUses.order_id, orderId)))[0]?.returned_at ??
    'deleted';

  it('customer cancel', async () => {
    const { customer, coupon, orderId } = await usedOnce();
    expect((await api(server, 'PUT', `/api/orders/${orderId}/`, { token: customer.token, body: { status: 'cancelled' } })).status).toBe(
      200,
    );
    expect(await usesOf(coupon.id)).toBe(0);
    expect(await returned(orderId)).toBeInstanceOf(Date);
  });

  it('staff cancel, and reopening takes it again (refused when none is left)', async () => {
    const { coupon, orderId } = await usedOnce();
    const token = await staffToken();
    expect((await api(server, 'PUT', `/api/orders/${orderId}/`, { token, body: { status: 'cancelled' } })).status).toBe(200);
    expect(await usesOf(coupon.id)).toBe(0);
    const someoneElse = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    expect((await order(someoneElse.token, [lineOf(product)], { coupon_code: coupon.code })).status).toBe(201);
    const reopen = await api(server, 'PUT', `/api/orders/${orderId}/`, { token, body: { status: 'pending' } });
    expect(reopen.status).toBe(409);
    expect(reopen.json.error).toBe(`El cupón ${coupon.code} ya se agotó: el pedido no se puede reabrir con él.`);
  });

  it('bulk cancel', async () => {
    const { coupon, orderId } = await usedOnce();
    const res = await api(server, 'POST', '/api/orders/bulk/', { token: await staffToken(), body: { ids: [orderId], action: 'cancel' } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await usesOf(coupon.id)).toBe(0);
  });

  it('the expiry job', async () => {
    const { coupon } = await usedOnce();
    server.setNow(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
    try {
      await expireStalePendingOrders(server.ctx);
    } finally {
      server.setNow(null);
    }
    expect(await usesOf(coupon.id)).toBe(0);
  });

  it('delete', async () => {
    const { coupon, orderId } = await usedOnce();
    expect((await api(server, 'DELETE', `/api/orders/${orderId}/`, { token: await staffToken() })).status).toBe(204);
    expect(await usesOf(coupon.id)).toBe(0);
    expect(await returned(orderId)).toBe('deleted');
  });
});

describe('no order at $ 0', () => {
  it('refuses a fixed coupon that would cover the whole cart, in the check and in the order (nothing written)', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 7500, stock: 10 }] });
    const coupon = await createCoupon({ kind: 'fixed', value: 50000 });
    const checked = await check(customer.token, coupon.code, [lineOf(product)]);
    expect(checked.json).toMatchObject({ valid: false, discount: 0, message: COUPON_MESSAGES.coversWholeOrder });
    const res = await order(customer.token, [lineOf(product)], { coupon_code: coupon.code });
    expect(res.status, JSON.stringify(res.json)).toBe(409);
    expect(res.json).toMatchObject({ code: 'COUPON_REFUSED', error: COUPON_MESSAGES.coversWholeOrder });
    expect((await api(server, 'GET', '/api/orders/my-orders/', { token: customer.token })).json.count).toBe(0);
    expect(await usesOf(coupon.id)).toBe(0);
    const [blister] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, product.blisters[0].id));
    expect(blister.stock).toBe(10);
    // With more in the cart than the coupon takes off, it applies.
    const more = await order(customer.token, [lineOf(product, 8)], { coupon_code: coupon.code });
    expect(more.status, JSON.stringify(more.json)).toBe(201);
    expect(more.json).toMatchObject({ subtotal: 60000, total: 10000 });
  });

  it('refuses a staff edit that prices every line at $ 0 (409 ORDER_TOTAL_ZERO), and takes one free line among others', async () => {
    const customer = await createUser(db());
    const a = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const b = await createProduct(db(), { blisters: [{ price: 4000, stock: 10 }] });
    const placed = await order(customer.token, [lineOf(a), lineOf(b)]);
    const [lineA, lineB] = placed.json.order_products;
    const edit = (prices: [number, number]) =>
      api(server, 'PUT', `/api/orders/${placed.json.id}/`, {
        token: staff,
        body: {
          order_products: [
            { id: lineA.id, product_id: a.id, blister_id: a.blisters[0].id, quantity: 1, price_at_time: prices[0] },
            { id: lineB.id, product_id: b.id, blister_id: b.blisters[0].id, quantity: 1, price_at_time: prices[1] },
          ],
        },
      });
    const staff = await staffToken();
    const refused = await edit([0, 0]);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'ORDER_TOTAL_ZERO', error: NOTHING_TO_PAY_MESSAGE });
    expect((await api(server, 'GET', `/api/orders/${placed.json.id}/`, { token: staff })).json.total).toBe(14000);
    const gift = await edit([10000, 0]);
    expect(gift.status, JSON.stringify(gift.json)).toBe(200);
    expect(gift.json.total).toBe(10000);
  });
});

describe('every edit decides the coupon again', () => {
  /** A $ 5.000 coupon with a $ 30.000 minimum on an order of 3 × $ 10.000 (and more lines when given). */
  async function orderWithMinimum(more: Awaited<ReturnType<typeof createProduct>>[] = []) {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ kind: 'fixed', value: 5000, min_subtotal: 30000 });
    const placed = await order(customer.token, [lineOf(product, 3), ...more.map((p) => lineOf(p))], { coupon_code: coupon.code });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(await usesOf(coupon.id)).toBe(1);
    return { customer, product, coupon, placed: placed.json };
  }
  const useReturned = async (orderId: number) =>
    (await db().select({ returned_at: couponUses.returned_at }).from(couponUses).where(eq(couponUses.order_id, orderId)))[0].returned_at;

  async function expectDropped(res: Awaited<ReturnType<typeof api>>, coupon: { id: number; code: string }, subtotal: number) {
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ subtotal, total: subtotal, coupon: null });
    expect(res.json.message).toContain(`El cupón ${coupon.code} ya no se aplica a este pedido (mínimo de compra ${formatArs(30000)})`);
    expect(await usesOf(coupon.id)).toBe(0);
    expect(await useReturned(res.json.id)).toEqual(expect.any(Date));
  }

  it('drops the coupon when the customer lowers a quantity under its minimum, and gives its use back', async () => {
    const { customer, product, coupon, placed } = await orderWithMinimum();
    expect(placed).toMatchObject({ subtotal: 30000, total: 25000 });
    const res = await api(server, 'PUT', `/api/orders/${placed.id}/`, { token: customer.token, body: { products: [lineOf(product, 1)] } });
    await expectDropped(res, coupon, 10000);
    const mine = await api(server, 'GET', `/api/orders/${placed.id}/`, { token: customer.token });
    expect(mine.json).toMatchObject({ total: 10000, coupon: null });
    // The customer may use it again on another order.
    const again = await order(customer.token, [lineOf(product, 3)], { coupon_code: coupon.code });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
  });

  it('drops it when the customer removes lines (remove_line_ids)', async () => {
    const extra = await createProduct(db(), { blisters: [{ price: 4000, stock: 10 }] });
    const { customer, coupon, placed } = await orderWithMinimum([extra]);
    expect(placed).toMatchObject({ subtotal: 34000, total: 29000 });
    const big = placed.order_products.find((l: { quantity: number }) => l.quantity === 3);
    const res = await api(server, 'PUT', `/api/orders/${placed.id}/`, { token: customer.token, body: { remove_line_ids: [big.id] } });
    await expectDropped(res, coupon, 4000);
  });

  it('drops it when staff lower a quantity under its minimum', async () => {
    const { product, coupon, placed } = await orderWithMinimum();
    const line = placed.order_products[0];
    const res = await api(server, 'PUT', `/api/orders/${placed.id}/`, {
      token: await staffToken(),
      body: { order_products: [{ id: line.id, product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }] },
    });
    await expectDropped(res, coupon, 10000);
  });

  it('drops a fixed coupon that would now cover the whole order', async () => {
    const customer = await createUser(db());
    const a = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const b = await createProduct(db(), { blisters: [{ price: 4000, stock: 10 }] });
    const coupon = await createCoupon({ kind: 'fixed', value: 5000 });
    const placed = await order(customer.token, [lineOf(a), lineOf(b)], { coupon_code: coupon.code });
    expect(placed.json).toMatchObject({ subtotal: 14000, total: 9000 });
    const res = await api(server, 'PUT', `/api/orders/${placed.json.id}/`, { token: customer.token, body: { products: [lineOf(b)] } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ subtotal: 4000, total: 4000, coupon: null });
    expect(res.json.message).toContain(`El cupón ${coupon.code} ya no se aplica a este pedido (este cupón descontaría todo el valor`);
    expect(await usesOf(coupon.id)).toBe(0);
  });

  it('keeps a coupon that still applies, recomputing a percent discount on the new lines', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ value: 10 });
    const placed = await order(customer.token, [lineOf(product, 2)], { coupon_code: coupon.code });
    expect(placed.json).toMatchObject({ total: 18000, coupon: { discount: 2000 } });
    const line = placed.json.order_products[0];
    const res = await api(server, 'PUT', `/api/orders/${placed.json.id}/`, {
      token: await staffToken(),
      body: { order_products: [{ id: line.id, product_id: product.id, blister_id: product.blisters[0].id, quantity: 3 }] },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ subtotal: 30000, total: 27000, coupon: { code: coupon.code, discount: 3000 } });
  });
});

describe('uses are counted atomically', () => {
  it('20 simultaneous checkouts on a code with 5 uses give exactly 5 orders with it; the rest get the reason and no order', async () => {
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 100 }] });
    const coupon = await createCoupon({ max_uses: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(db())));
    const results = await Promise.all(buyers.map((b) => order(b.token, [lineOf(product)], { coupon_code: coupon.code })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.json).toMatchObject({ error: 'El cupón se agotó: ya se usaron todos los disponibles.', code: 'COUPON_REFUSED' });
    }
    expect(await usesOf(coupon.id)).toBe(5);
    const rows = await db().select({ id: couponUses.id }).from(couponUses).where(eq(couponUses.coupon_id, coupon.id));
    expect(rows).toHaveLength(5);
    // Only the 5 orders took stock: nothing else of the refused ones was written.
    const [blister] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, product.blisters[0].id));
    expect(blister.stock).toBe(95);
  });
});

describe('where the coupon shows', () => {
  it('the confirmation e-mail lists it between the subtotal and the total, and the CSV has its columns', async () => {
    const customer = await createUser(db());
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ kind: 'fixed', value: 1500 });
    const placed = await order(customer.token, [lineOf(product)], { coupon_code: coupon.code });
    expect(placed.status).toBe(201);
    const mail = await waitForOutboxMail(server, customer.email, `#${placed.json.order_number}`);
    expect(mail.text).toContain(`Subtotal: ${formatArs(10000)}`);
    expect(mail.text).toContain(`Cupón ${coupon.code}: −${formatArs(1500)}`);
    expect(mail.text).toContain(`Total: ${formatArs(8500)}`);

    const csv = await fetch(`${server.url}/api/orders/export.csv?search=${placed.json.order_number}`, {
      headers: { authorization: `Bearer ${await staffToken()}` },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(';Cupón;Descuento del cupón;Total;');
    expect(text).toContain(`;${coupon.code};1500,00;8500,00;`);
  });
});

describe('dashboard', () => {
  it('shows sales by coupon, without cancelled orders', async () => {
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 10 }] });
    const coupon = await createCoupon({ kind: 'fixed', value: 1000 });
    const a = await createUser(db());
    const b = await createUser(db());
    expect((await order(a.token, [lineOf(product)], { coupon_code: coupon.code })).status).toBe(201);
    const cancelled = await order(b.token, [lineOf(product, 2)], { coupon_code: coupon.code });
    await api(server, 'PUT', `/api/orders/${cancelled.json.id}/`, { token: b.token, body: { status: 'cancelled' } });
    const res = await api(server, 'GET', '/api/dashboard/', { token: await staffToken() });
    expect(res.status).toBe(200);
    expect(res.json.by_coupon.find((row: { code: string }) => row.code === coupon.code)).toEqual({
      code: coupon.code,
      orders: 1,
      discount: 1000,
      revenue: 9000,
    });
  });
});
