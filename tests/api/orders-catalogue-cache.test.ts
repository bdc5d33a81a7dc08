// With the catalog micro-cache on, an order's stock change is visible on the next product read.
import { describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createUser } from '../helpers/factories';

const server = useTestServer({ catalogCacheMs: 60_000 });

const stockOf = async (token: string, productId: number) =>
  (await api(server, 'GET', `/api/products/${productId}/`, { token })).json.blisters[0].stock as number;

describe('catalog cache and orders', () => {
  it('shows the stock an order took, and the stock a cancellation returned, at once', async () => {
    const customer = await createUser(server.ctx.db);
    const product = await createProduct(server.ctx.db, { blisters: [{ seed_count: 3, price: 1000, stock: 7 }] });
    expect(await stockOf(customer.token, product.id)).toBe(7);

    const order = await api(server, 'POST', '/api/orders/', {
      token: customer.token,
      body: {
        recipient_name: 'Ana Pérez',
        customer_phone: '1122334455',
        customer_email: customer.email,
        delivery_type: 'coordinate',
        products: [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }],
      },
    });
    expect(order.status).toBe(201);
    expect(await stockOf(customer.token, product.id)).toBe(5);

    const cancel = await api(server, 'PUT', `/api/orders/${order.json.id}/`, { token: customer.token, body: { status: 'cancelled' } });
    expect(cancel.status).toBe(200);
    expect(await stockOf(customer.token, product.id)).toBe(7);
  });
});
