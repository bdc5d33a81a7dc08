import { describe, expect, it } from 'vitest';
import { canDo, nextStatus, planReceipt, PURCHASE_ORDER_STATUSES, purchaseOrderText, refusal } from './purchasing';

const line = (blister_id: number, quantity: number, received = 0, unit_cost: number | null = 100) => ({
  blister_id,
  quantity,
  received,
  unit_cost,
  name: 'Gorilla',
  seed_count: 3,
});

describe('purchase order states', () => {
  it('allow edits and deletes on drafts, sending drafts, cancelling drafts and sent ones, receiving sent ones', () => {
    const allowed = (action: Parameters<typeof canDo>[1]) => PURCHASE_ORDER_STATUSES.filter((s) => canDo(s, action));
    expect(allowed('edit')).toEqual(['draft']);
    expect(allowed('delete')).toEqual(['draft']);
    expect(allowed('send')).toEqual(['draft']);
    expect(allowed('cancel')).toEqual(['draft', 'sent']);
    expect(allowed('receive')).toEqual(['sent', 'partially_received']);
    expect(nextStatus('draft', 'send')).toBe('sent');
    expect(nextStatus('sent', 'cancel')).toBe('cancelled');
    expect(() => nextStatus('received', 'cancel')).toThrow();
    expect(refusal('received', 'cancel')).toBe('Solo se puede cancelar una compra en borrador o enviada (esta está recibida)');
    expect(refusal('draft', 'send')).toBeNull();
  });
});

describe('planReceipt', () => {
  it('adds up what arrives, keeps the line cost unless given, and completes the order when every line is in', () => {
    const part = planReceipt([line(1, 10), line(2, 4)], [{ blister_id: 1, quantity: 5, unit_cost: 120 }]);
    expect(part).toMatchObject({ ok: true, status: 'partially_received', lines: [{ blister_id: 1, quantity: 5, unit_cost: 120 }] });
    const all = planReceipt(
      [line(1, 10, 5), line(2, 4)],
      [
        { blister_id: 1, quantity: 2 },
        { blister_id: 1, quantity: 3 },
        { blister_id: 2, quantity: 4 },
      ],
    );
    expect(all).toMatchObject({
      ok: true,
      status: 'received',
      lines: [
        { blister_id: 1, quantity: 5, unit_cost: 100 },
        { blister_id: 2, quantity: 4 },
      ],
    });
  });

  it('refuses more than ordered, counting repeated lines, and blisters not in the order', () => {
    expect(planReceipt([line(1, 10, 8)], [{ blister_id: 1, quantity: 3 }])).toMatchObject({ ok: false, code: 'RECEIVE_EXCEEDS_ORDERED' });
    expect(
      planReceipt(
        [line(1, 10)],
        [
          { blister_id: 1, quantity: 6 },
          { blister_id: 1, quantity: 5 },
        ],
      ),
    ).toMatchObject({ ok: false });
    expect(planReceipt([line(1, 10)], [{ blister_id: 9, quantity: 1 }])).toMatchObject({ ok: false, code: 'BLISTER_NOT_OF_BRAND' });
  });
});

it('writes the order for WhatsApp with the es-AR amounts', () => {
  const text = purchaseOrderText({
    number: 7,
    brand_name: 'Sweet Seeds',
    note: 'Envío por Andreani',
    lines: [{ ...line(1, 10), unit_cost: 1250.5 }],
  });
  expect(text).toContain('orden de compra OC-7');
  expect(text).toMatch(/• 10 × Gorilla \(3 semillas\) \(\$\s1\.250,50 c\/u\)/);
  expect(text).toMatch(/Total estimado: \$\s12\.505/);
  expect(text).toContain('Nota: Envío por Andreani');
});
