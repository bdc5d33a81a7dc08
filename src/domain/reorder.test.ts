import { describe, expect, it } from 'vitest';
import { reorderMessage } from './reorder';

describe('reorderMessage', () => {
  it('says what was added, what could not be and which prices changed, in one message', () => {
    const message = reorderMessage({
      added: [
        { product_id: 1, blister_id: 1, quantity: 2 },
        { product_id: 2, blister_id: 2, quantity: 1 },
      ],
      skipped: [
        { product_id: 3, blister_id: 3, name: 'Gelato 41', seed_count: 3, reason: 'sold_out', quantity: 0, ordered: 1 },
        { product_id: null, blister_id: null, name: 'Amnesia', seed_count: null, reason: 'unavailable', quantity: 0, ordered: 2 },
        { product_id: 2, blister_id: 2, name: 'Critical', seed_count: 1, reason: 'reduced', quantity: 1, ordered: 3 },
      ],
      price_changes: [{ product_id: 1, blister_id: 1, name: 'Gorilla Glue', seed_count: 5, before: 10000, now: 12500.5 }],
    });
    expect(message).toBe(
      'Agregamos 3 unidades al carrito a los precios de hoy. No se pudo agregar todo: Gelato 41 (3 semillas): sin stock; ' +
        'Amnesia: ya no está a la venta; Critical (1 semilla): solo agregamos 1 de 3 por el stock. ' +
        'Cambió el precio desde tu pedido: Gorilla Glue (5 semillas): antes $\u00a010.000, ahora $\u00a012.500,50.',
    );
  });

  it('says when nothing could be added', () => {
    expect(reorderMessage({ added: [], skipped: [], price_changes: [] })).toBe('No pudimos agregar ningún producto al carrito.');
  });
});
