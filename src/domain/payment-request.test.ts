import { describe, expect, it } from 'vitest';
import { paymentRequestRefusal, paymentRequestText, type PaymentRequestOrder } from './payment-request';

const order: PaymentRequestOrder = { order_number: 42, total: 48000, status: 'pending', delivery_type: 'coordinate', payment: null };
const details = 'Transferencia bancaria\nAlias: semillas.sur';

describe('payment request', () => {
  it('carries the amount, the order number and the payment details, and asks for the address when delivery is to be arranged', () => {
    const text = paymentRequestText(order, details, { firstName: 'Martina' });
    expect(text).toContain('Hola Martina');
    expect(text).toContain('#42');
    expect(text).toMatch(/\$\s?48\.000/);
    expect(text).toContain('Alias: semillas.sur');
    expect(text).toContain('¿A qué dirección te lo enviamos?');
    expect(paymentRequestText({ ...order, delivery_type: 'address' }, details)).not.toContain('dirección');
  });

  it('is refused for cancelled, completed and paid orders', () => {
    expect(paymentRequestRefusal(order)).toBeNull();
    expect(paymentRequestRefusal({ ...order, status: 'cancelled' })).toBe('El pedido #42 está cancelado: no hay pago que pedir');
    expect(paymentRequestRefusal({ ...order, status: 'completed' })).toMatch(/completado/);
    expect(paymentRequestRefusal({ ...order, payment: { amount: 1 } })).toBe('El pedido #42 ya tiene un pago registrado');
  });
});
