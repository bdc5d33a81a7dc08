// Orders placed through the API, as a customer's checkout makes them.
import { expect } from 'vitest';
import type { OrderDto } from '../../src/domain/orders';
import type { Address } from '../../src/domain/shipping';
import { api, type TestServer } from './app';
import { createProduct, createUser } from './factories';

export type Customer = Awaited<ReturnType<typeof createUser>>;
export interface OrderLine {
  product_id: number;
  blister_id: number;
  quantity: number;
}

export async function placeOrder(
  server: TestServer,
  customer: Customer,
  lines: OrderLine[],
  fields: {
    recipient_name?: string;
    customer_phone?: string;
    delivery_type?: 'address' | 'coordinate';
    shipping_address?: string;
    shipping_method_id?: number;
    address?: Partial<Address>;
  } = {},
): Promise<OrderDto> {
  const res = await api(server, 'POST', '/api/orders/', {
    token: customer.token,
    body: { recipient_name: 'Cliente Genérico', customer_phone: '1122334455', delivery_type: 'coordinate', ...fields, products: lines },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as OrderDto;
}

/** A new customer (unless given) orders `quantity` units of a new product. */
export async function simpleOrder(
  server: TestServer,
  opts: {
    customer?: Customer;
    stock?: number;
    quantity?: number;
    price?: number;
    productName?: string;
  } & Parameters<typeof placeOrder>[3] = {},
) {
  const { customer: given, stock, quantity, price, productName, ...fields } = opts;
  const customer = given ?? (await createUser(server.ctx.db));
  const product = await createProduct(server.ctx.db, {
    ...(productName ? { name: productName } : {}),
    blisters: [{ price: price ?? 1000, stock: stock ?? 10 }],
  });
  const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: quantity ?? 2 };
  const order = await placeOrder(server, customer, [line], fields);
  return { customer, product, line, order };
}
