import { describe, expect, it } from 'vitest';
import { BULK_ACTION_TEXT, bulkOutcome } from './bulk';

describe('bulk action outcome', () => {
  it('names the orders that failed by number, with the reason, and counts the rest', () => {
    const numbers = new Map([
      [10, 101],
      [11, 102],
      [12, 103],
    ]);
    const outcome = bulkOutcome(
      'mark_paid',
      {
        results: [
          { id: 12, ok: false, error: 'El pedido está cancelado' },
          { id: 10, ok: true },
          { id: 11, ok: false },
        ],
      },
      numbers,
    );
    expect(outcome.applied).toEqual([10]);
    expect(outcome.failed).toEqual([
      { id: 11, order_number: 102, error: 'Error desconocido' },
      { id: 12, order_number: 103, error: 'El pedido está cancelado' },
    ]);
  });

  it('writes the count in singular and plural', () => {
    expect(BULK_ACTION_TEXT.mark_shipped.done(1)).toBe('1 pedido marcado como enviado');
    expect(BULK_ACTION_TEXT.cancel.done(3)).toBe('3 pedidos cancelados');
  });
});
