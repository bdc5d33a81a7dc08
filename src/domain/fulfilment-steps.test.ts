import { describe, expect, it } from 'vitest';
import { orderTimeline, trackingUrl, whatsappUrl } from './fulfilment-steps';

const order = {
  status: 'pending' as const,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  payment: null,
  shipment: null,
};

describe('order timeline', () => {
  it('shows every step ahead of a new order as not done', () => {
    expect(orderTimeline(order).map((s) => [s.label, s.done])).toEqual([
      ['Pedido recibido', true],
      ['Pago recibido', false],
      ['Enviado', false],
      ['Entregado', false],
    ]);
  });

  it('marks payment and shipment with their dates', () => {
    const steps = orderTimeline({
      ...order,
      payment: { paid_at: '2026-11-21T12:00:00.000Z' },
      shipment: { shipped_at: '2026-11-22T09:00:00.000Z' },
    });
    expect(steps.map((s) => s.at)).toEqual([order.created_at, '2026-11-21T12:00:00.000Z', '2026-11-22T09:00:00.000Z', null]);
    expect(steps[3].done).toBe(false);
  });

  it('counts a completed order as shipped and delivered even without a shipment record', () => {
    const steps = orderTimeline({ ...order, status: 'completed' });
    expect(steps.map((s) => s.done)).toEqual([true, false, true, true]);
    expect(steps[3].at).toBe(order.updated_at);
  });

  it('ends a cancelled order at Cancelado', () => {
    expect(orderTimeline({ ...order, status: 'cancelled' }).map((s) => s.label)).toEqual(['Pedido recibido', 'Cancelado']);
  });
});

describe('links', () => {
  it('writes WhatsApp numbers in the 549 mobile format', () => {
    expect(whatsappUrl('(011) 15-2345-6789')).toBe('https://wa.me/5491123456789');
    expect(whatsappUrl('+54 9 351 234-5678', 'Pedido #7')).toBe('https://wa.me/5493512345678?text=Pedido%20%237');
    expect(whatsappUrl('1234')).toBeNull();
    expect(whatsappUrl(null)).toBeNull();
  });

  it('links tracking codes only for carriers with a public page', () => {
    expect(trackingUrl('andreani', 'AB 12')).toBe('https://www.andreani.com/envio/AB%2012');
    expect(trackingUrl('moto', 'X1')).toBeNull();
    expect(trackingUrl('oca', '')).toBeNull();
  });
});
