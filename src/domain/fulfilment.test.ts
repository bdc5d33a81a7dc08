import { describe, expect, it } from 'vitest';
import {
  bulkOrderActionSchema,
  shipmentCarrier,
  isValidCbu,
  isValidCuit,
  orderTimeline,
  paidAtInstant,
  paymentInstructions,
  paymentSettingsSchema,
  trackingUrl,
  whatsappNumber,
  whatsappUrl,
  NO_PAYMENT_SETTINGS,
} from './fulfilment';

describe('isValidCbu', () => {
  it('accepts a CBU whose two check digits hold', () => {
    expect(isValidCbu('2850590940090418135201')).toBe(true);
  });

  it('refuses a wrong check digit in either block, and anything but 22 digits', () => {
    expect(isValidCbu('2850590940090418135202')).toBe(false);
    expect(isValidCbu('2850590840090418135201')).toBe(false);
    expect(isValidCbu('285059094009041813520')).toBe(false);
    expect(isValidCbu('28505909-40090418135201')).toBe(false);
    expect(isValidCbu('')).toBe(false);
  });
});

describe('isValidCuit', () => {
  it('accepts CUITs whose modulo-11 check digit holds', () => {
    expect(isValidCuit('20123456786')).toBe(true);
    expect(isValidCuit('30712345671')).toBe(true);
  });

  it('refuses a wrong check digit and anything but 11 digits', () => {
    expect(isValidCuit('20123456780')).toBe(false);
    expect(isValidCuit('2012345678')).toBe(false);
    expect(isValidCuit('20-12345678-6')).toBe(false);
  });
});

describe('paymentSettingsSchema', () => {
  it('strips spaces and dashes from CBU and CUIT and keeps the phone in 10 digits', () => {
    const parsed = paymentSettingsSchema.parse({
      cbu: '2850590 9400 9041 8135201',
      cuit: '30-71234567-1',
      whatsapp_number: '+54 9 11 2345-6789',
    });
    expect(parsed).toMatchObject({ cbu: '2850590940090418135201', cuit: '30712345671', whatsapp_number: '1123456789', alias: '' });
  });

  it('takes an alias of 6 to 20 letters, digits, dots and dashes', () => {
    expect(paymentSettingsSchema.safeParse({ alias: 'semillas.del-sur' }).success).toBe(true);
    for (const alias of ['corto', 'x'.repeat(21), 'con espacio', 'eñe.alias']) {
      expect(paymentSettingsSchema.safeParse({ alias }).success, alias).toBe(false);
    }
  });
});

describe('whatsappNumber and whatsappUrl', () => {
  it('gives 549 and the 10 national digits however the number is written', () => {
    for (const phone of ['11 2345-6789', '(011) 15 2345-6789', '+54 9 11 2345 6789', '5491123456789', '+541123456789']) {
      expect(whatsappNumber(phone), phone).toBe('5491123456789');
    }
    expect(whatsappNumber('351 15 456 7890')).toBe('5493514567890');
  });

  it('gives nothing for a number that is not Argentine', () => {
    expect(whatsappNumber('')).toBeNull();
    expect(whatsappNumber(null)).toBeNull();
    expect(whatsappNumber('12345')).toBeNull();
    expect(whatsappUrl(undefined, 'hola')).toBeNull();
  });

  it('links to wa.me with the message encoded', () => {
    expect(whatsappUrl('1123456789')).toBe('https://wa.me/5491123456789');
    expect(whatsappUrl('1123456789', 'Pedido #12 & pago')).toBe('https://wa.me/5491123456789?text=Pedido%20%2312%20%26%20pago');
  });
});

describe('paymentInstructions', () => {
  const empty = NO_PAYMENT_SETTINGS;

  it('lists only the transfer details that are set, with the CUIT written as usual', () => {
    expect(paymentInstructions({ ...empty, bank_holder: 'Semillas SRL', alias: 'semillas.sur', cuit: '30712345671' })).toBe(
      'Transferencia bancaria\nTitular: Semillas SRL\nAlias: semillas.sur\nCUIT: 30-71234567-1',
    );
  });

  it('adds the other instructions after the transfer, or gives them alone', () => {
    expect(paymentInstructions({ ...empty, cbu: '2850590940090418135201', other_instructions: 'Efectivo al retirar.' })).toBe(
      'Transferencia bancaria\nCBU/CVU: 2850590940090418135201\n\nEfectivo al retirar.',
    );
    expect(paymentInstructions({ ...empty, other_instructions: 'Efectivo al retirar.' })).toBe('Efectivo al retirar.');
  });

  it('is null when the shop set nothing', () => {
    expect(paymentInstructions(empty)).toBeNull();
    expect(paymentInstructions({ ...empty, whatsapp_number: '1123456789' })).toBeNull();
  });
});

describe('trackingUrl', () => {
  it('links the carriers with public tracking, the code encoded', () => {
    expect(trackingUrl('andreani', 'AB 1')).toBe('https://www.andreani.com/envio/AB%201');
    expect(trackingUrl('oca', '123')).toContain('oca.com.ar');
    expect(trackingUrl('correo_argentino', 'CA1')).toContain('correoargentino.com.ar');
  });

  it('gives nothing without a code or for carriers without tracking', () => {
    expect(trackingUrl('andreani', null)).toBeNull();
    expect(trackingUrl('moto', 'X1')).toBeNull();
    expect(trackingUrl('retiro', 'X1')).toBeNull();
  });
});

describe('paidAtInstant', () => {
  const now = new Date('2026-11-27T15:00:00Z'); // 12:00 in Buenos Aires

  it('is now without a date, or for today given as a date', () => {
    expect(paidAtInstant(undefined, now)).toBe(now);
    expect(paidAtInstant('2026-11-27', now)).toBe(now);
  });

  it('takes an earlier day at noon, and a time without offset on the shop clock', () => {
    expect(paidAtInstant('2026-11-20', now).toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(paidAtInstant('2026-11-20T09:30', now).toISOString()).toBe('2026-11-20T12:30:00.000Z');
    expect(paidAtInstant('2026-11-20T09:30:00Z', now).toISOString()).toBe('2026-11-20T09:30:00.000Z');
    expect(paidAtInstant('2026-11-20T09:30:00+01:00', now).toISOString()).toBe('2026-11-20T08:30:00.000Z');
  });

  it('counts "today" on the shop clock, not UTC', () => {
    const lateEvening = new Date('2026-11-28T01:00:00Z'); // 22:00 of the 27th in Buenos Aires
    expect(paidAtInstant('2026-11-27', lateEvening)).toBe(lateEvening);
  });
});

describe('orderTimeline', () => {
  const base = { created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-05T10:00:00Z', payment: null, shipment: null };
  const steps = (t: ReturnType<typeof orderTimeline>) => t.map((s) => `${s.label}${s.done ? ' ✓' : ''}`);

  it('shows received, then payment, shipment and delivery as they happen', () => {
    expect(steps(orderTimeline({ ...base, status: 'pending' }))).toEqual(['Pedido recibido ✓', 'Pago recibido', 'Enviado', 'Entregado']);
    const paid = orderTimeline({ ...base, status: 'pending', payment: { paid_at: '2026-11-02T10:00:00Z' } });
    expect(steps(paid)).toEqual(['Pedido recibido ✓', 'Pago recibido ✓', 'Enviado', 'Entregado']);
    expect(paid[1].at).toBe('2026-11-02T10:00:00Z');
    const shipped = orderTimeline({
      ...base,
      status: 'pending',
      payment: { paid_at: '2026-11-02T10:00:00Z' },
      shipment: { shipped_at: '2026-11-03T10:00:00Z' },
    });
    expect(steps(shipped)).toEqual(['Pedido recibido ✓', 'Pago recibido ✓', 'Enviado ✓', 'Entregado']);
    expect(shipped[2].at).toBe('2026-11-03T10:00:00Z');
  });

  it('counts a completed order as shipped and delivered, dated by its last change', () => {
    const done = orderTimeline({ ...base, status: 'completed' });
    expect(steps(done)).toEqual(['Pedido recibido ✓', 'Pago recibido', 'Enviado ✓', 'Entregado ✓']);
    expect(done[3].at).toBe(base.updated_at);
  });

  it('ends a cancelled order at Cancelado', () => {
    const cancelled = orderTimeline({ ...base, status: 'cancelled', payment: { paid_at: '2026-11-02T10:00:00Z' } });
    expect(cancelled.map((s) => s.key)).toEqual(['received', 'cancelled']);
    expect(cancelled[1]).toMatchObject({ label: 'Cancelado', done: true, at: base.updated_at });
  });
});

describe('bulkOrderActionSchema', () => {
  it("drops repeated ids and leaves each order's carrier to its shipping method unless one is chosen", () => {
    expect(bulkOrderActionSchema.parse({ ids: [3, '3', 4], action: 'complete' }).ids).toEqual([3, 4]);
    expect(bulkOrderActionSchema.safeParse({ ids: [1], action: 'mark_shipped' }).success).toBe(true);
    const badCarrier = bulkOrderActionSchema.safeParse({ ids: [1], action: 'mark_shipped', carriers: { 1: 'dron' } });
    expect(badCarrier.error?.issues[0]).toMatchObject({ path: ['carriers', '1'], message: 'Selecciona un transporte' });
    expect(shipmentCarrier(undefined, 'moto')).toBe('moto');
    expect(shipmentCarrier('oca', 'moto')).toBe('oca');
    expect(shipmentCarrier(undefined, null)).toBeNull();
  });
});
