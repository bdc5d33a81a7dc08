import { describe, expect, it } from 'vitest';
import {
  adminOrderListQuerySchema,
  checkoutFormSchema,
  customerOrderUpdateSchema,
  mergeLines,
  orderCreateSchema,
  orderDateRange,
} from './orders';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('checkoutFormSchema', () => {
  it('gives one spec message per empty field', () => {
    expect(messages(checkoutFormSchema.safeParse({ recipient_name: ' ', customer_phone: '', delivery_type: '' }))).toEqual({
      recipient_name: 'El nombre es requerido',
      customer_phone: 'El teléfono es requerido',
      delivery_type: 'Selecciona un método de entrega',
    });
  });

  it('needs a name of 3 characters and a phone of exactly 10 digits', () => {
    expect(
      messages(checkoutFormSchema.safeParse({ recipient_name: 'Al', customer_phone: '11 2233 445', delivery_type: 'coordinate' })),
    ).toEqual({
      recipient_name: 'El nombre debe tener al menos 3 caracteres',
      customer_phone: 'Ingresa un teléfono válido',
    });
    const ok = checkoutFormSchema.parse({ recipient_name: ' Ana ', customer_phone: '11-2233-4455', delivery_type: 'coordinate' });
    expect(ok).toEqual({ recipient_name: 'Ana', customer_phone: '1122334455', delivery_type: 'coordinate' });
  });
});

describe('orderCreateSchema', () => {
  const base = { recipient_name: 'Ana Pérez', customer_phone: '1122334455', delivery_type: 'coordinate' };

  it("sets the address to 'Coordinar entrega' for coordinated delivery and drops client prices", () => {
    const parsed = orderCreateSchema.parse({
      ...base,
      shipping_address: 'Calle 1',
      products: [{ product_id: 1, blister_id: 2, quantity: 1, price: 5 }],
    });
    expect(parsed.shipping_address).toBe('Coordinar entrega');
    expect(parsed.products).toEqual([{ product_id: 1, blister_id: 2, quantity: 1 }]);
  });

  it('needs an address for home delivery', () => {
    const result = orderCreateSchema.safeParse({
      ...base,
      delivery_type: 'address',
      products: [{ product_id: 1, blister_id: 2, quantity: 1 }],
    });
    expect(messages(result)).toEqual({ shipping_address: 'La dirección es requerida' });
  });

  it('merges repeated blisters and refuses a merged quantity above 99', () => {
    const line = { product_id: 1, blister_id: 2, quantity: 60 };
    expect(messages(orderCreateSchema.safeParse({ ...base, products: [line, line] }))).toEqual({ products: 'La cantidad máxima es 99' });
    expect(orderCreateSchema.parse({ ...base, products: [line, { ...line, quantity: 39 }] }).products).toEqual([{ ...line, quantity: 99 }]);
  });

  it('refuses an empty cart and more than 50 lines', () => {
    expect(messages(orderCreateSchema.safeParse({ ...base, products: [] }))).toEqual({
      products: 'El pedido debe tener al menos un producto',
    });
    const many = Array.from({ length: 51 }, (_, i) => ({ product_id: i + 1, blister_id: i + 1, quantity: 1 }));
    expect(orderCreateSchema.safeParse({ ...base, products: many }).success).toBe(false);
  });
});

describe('mergeLines', () => {
  it('keeps distinct blisters of one product apart', () => {
    expect(
      mergeLines([
        { product_id: 1, blister_id: 1, quantity: 1 },
        { product_id: 1, blister_id: 2, quantity: 1 },
      ]),
    ).toHaveLength(2);
  });
});

describe('customerOrderUpdateSchema', () => {
  it('lets a customer only cancel', () => {
    expect(customerOrderUpdateSchema.safeParse({ status: 'completed' }).success).toBe(false);
    expect(customerOrderUpdateSchema.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled' });
  });
});

describe('adminOrderListQuerySchema', () => {
  it('defaults to 15 per page and treats status all as no status', () => {
    expect(adminOrderListQuerySchema.parse({ status: 'all' })).toMatchObject({ page: 1, page_size: 15, status: undefined });
  });

  it('needs both dates of a custom range, the end not before the start', () => {
    expect(messages(adminOrderListQuerySchema.safeParse({ date_filter: 'custom', end_date: '2030-01-01' }))).toEqual({
      start_date: 'Debes seleccionar fechas de inicio y fin',
    });
    expect(adminOrderListQuerySchema.safeParse({ date_filter: 'custom', start_date: '2030-01-02', end_date: '2030-01-01' }).success).toBe(
      false,
    );
  });
});

describe('orderDateRange', () => {
  // 2030-05-10 01:30 in Buenos Aires (UTC-3).
  const now = new Date('2030-05-10T04:30:00Z');

  it('starts today at midnight shop time', () => {
    expect(orderDateRange('today', now)).toEqual({ from: new Date('2030-05-10T03:00:00Z') });
  });

  it('covers 7 and 30 days counting today', () => {
    expect(orderDateRange('week', now).from).toEqual(new Date('2030-05-04T03:00:00Z'));
    expect(orderDateRange('month', now).from).toEqual(new Date('2030-04-11T03:00:00Z'));
  });

  it('includes the whole end day of a custom range', () => {
    expect(orderDateRange('custom', now, '2030-01-01', '2030-01-31')).toEqual({
      from: new Date('2030-01-01T03:00:00Z'),
      to: new Date('2030-02-01T03:00:00Z'),
    });
  });
});
