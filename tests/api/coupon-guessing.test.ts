// Coupon codes can be guessed: every try counts against one limit (DEFAULT_RATE_LIMITS.couponCheck),
// whether it is typed in the checkout's coupon field (POST /api/coupons/check/) or sent with an
// order (POST /api/orders/ with coupon_code). The counters are the shared store's: memory on
// PGlite, PostgreSQL with TEST_DATABASE_URL, Redis with TEST_COUNTER_STORE=redis.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/server/rate-limits';
import { orders } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createUser } from '../helpers/factories';

const server = useTestServer({ maxPendingOrders: 1000 });
const db = () => server.ctx.db;
const { account, ip } = DEFAULT_RATE_LIMITS.couponCheck;

type Line = { product_id: number; blister_id: number; quantity: number };
const check = (token: string, code: string, products: Line[]) =>
  api(server, 'POST', '/api/coupons/check/', { token, body: { code, products } });
const order = (token: string, products: Line[], coupon_code: string) =>
  api(server, 'POST', '/api/orders/', {
    token,
    body: { recipient_name: 'Ana Cupón', customer_phone: '1122334455', delivery_type: 'coordinate', products, coupon_code },
  });

describe('guessing coupon codes', () => {
  it('counts wrong codes sent with orders and checks in one limit, per account and per address', async () => {
    expect(account.max).toBe(30);
    const product = await createProduct(db(), { blisters: [{ price: 10000, stock: 100 }] });
    const lines = [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }];
    const guesser = await createUser(db());
    // Half the tries through the check, half through checkouts: the 31st, by either route, is refused.
    for (let i = 0; i < account.max; i++) {
      const res = i % 2 ? await order(guesser.token, lines, `ADIVINO${i}`) : await check(guesser.token, `ADIVINO${i}`, lines);
      expect(res.status, `try ${i + 1}`).toBe(i % 2 ? 409 : 200);
      if (i % 2) expect(res.json.code).toBe('COUPON_REFUSED');
    }
    const refusedOrder = await order(guesser.token, lines, 'ADIVINO31');
    expect(refusedOrder.status).toBe(429);
    expect(refusedOrder.json.code).toBe('RATE_LIMITED');
    expect(Number(refusedOrder.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(guesser.token, 'ADIVINO32', lines)).status).toBe(429);
    expect(await db().select().from(orders).where(eq(orders.user_id, guesser.id))).toEqual([]);

    // Another account from the same address: the address's tries are counted across routes too.
    const second = await createUser(db());
    const left = ip.max - account.max - 2;
    for (let i = 0; i < left; i++) expect((await check(second.token, `OTRO${i}`, lines)).status, `try ${i + 1}`).toBe(200);
    expect((await order(second.token, lines, 'OTRO99')).status).toBe(429);
    // An order without a code is not a guess.
    expect(
      (
        await api(server, 'POST', '/api/orders/', {
          token: second.token,
          body: { recipient_name: 'Ana Cupón', customer_phone: '1122334455', delivery_type: 'coordinate', products: lines },
        })
      ).status,
    ).toBe(201);
  });
});
