import { describe, expect, it } from 'vitest';
import { byFieldOrder, fieldLabel, formatValue, isShownField } from './change-format';

describe('activity changes as staff read them', () => {
  it('names stored fields in Spanish', () => {
    expect(fieldLabel('is_active')).toBe('Cuenta activa');
    expect(fieldLabel('discount_value')).toBe('Valor del descuento');
    expect(fieldLabel('discount_expires_at')).toBe('Vencimiento del descuento');
    expect(fieldLabel('old_status')).toBe('Estado anterior');
    expect(fieldLabel('admin_response')).toBe('Respuesta al cliente');
    // A field with no label yet still reads as words, not as a code.
    expect(fieldLabel('gift_wrap')).toBe('Gift wrap');
    expect(isShownField('status_display')).toBe(false);
    expect(['changed_by', 'new_status', 'gift_wrap', 'old_status'].sort(byFieldOrder)).toEqual([
      'old_status',
      'new_status',
      'changed_by',
      'gift_wrap',
    ]);
  });

  it('shows status codes by the labels of the entity they belong to', () => {
    expect(formatValue('warranty_claim', 'new_status', 'approved')).toBe('Aprobada');
    expect(formatValue('order', 'old_status', 'pending')).toBe('Pendiente');
    expect(formatValue('order', 'status', 'cancelled')).toBe('Cancelado');
  });

  it('shows other codes, yes/no, money, percentages and dates in Spanish', () => {
    expect(formatValue('user', 'is_active', false)).toBe('No');
    expect(formatValue('brand', 'discount_type', 'fixed')).toBe('Monto fijo');
    expect(formatValue('brand', 'discount_value', 500, { discount_type: 'fixed' })).toBe('$\u00a0500');
    expect(formatValue('brand', 'discount_value', 12.5, { discount_type: 'percentage' })).toBe('12,5%');
    // The card says 'hasta el 20/05/2030' for a discount ending at midnight: the log says the same.
    expect(formatValue('brand', 'discount_expires_at', '2030-05-21T03:00:00.000Z')).toBe('hasta el 20/05/2030');
    expect(formatValue('product', 'type', 'fem')).toBe('Feminizada');
    expect(formatValue('dollar_rate', 'value', 1234.5)).toBe('$\u00a01.234,50');
    expect(formatValue('dollar_rate', 'rate_type', 'blue')).toBe('Dólar Blue');
    expect(formatValue('order', 'order_total', 51770.7)).toBe('$\u00a051.770,70');
    expect(formatValue('order', 'order_id', 12345)).toBe('12345');
    expect(formatValue('brand', 'description', null)).toBe('—');
  });

  it('lists blisters and order lines one per line', () => {
    expect(formatValue('product', 'blisters', [{ id: 1, seed_count: 3, price: 24.9, stock: 12, discount: 10 }], { currency: 'USD' })).toBe(
      '3 semillas · USD\u00a024,90 · stock 12 · 10% de descuento',
    );
    expect(
      formatValue('order', 'products', [
        { product_id: 1, blister_id: 2, product_name: 'Gorilla Glue Auto', seed_count: 3, quantity: 2, price_at_time: 10800 },
        { product_id: 4, blister_id: 5, product_name: 'Amnesia', seed_count: 5, quantity: 1, price_at_time: 1250.5 },
      ]),
    ).toBe('2 × Gorilla Glue Auto (3 semillas) a $\u00a010.800\n1 × Amnesia (5 semillas) a $\u00a01.250,50');
  });

  it('reads a bulk edit product by product and an import row by row, never as JSON', () => {
    const products = [
      {
        id: 7,
        name: 'Gorilla Glue Auto',
        currency: 'ARS',
        before: {
          brand_id: 1,
          brand: 'Dutch Passion',
          available: true,
          presentations: [{ id: 3, seed_count: 3, price: 1000, discount: 0 }],
        },
        after: {
          brand_id: 1,
          brand: 'Dutch Passion',
          available: true,
          presentations: [{ id: 3, seed_count: 3, price: 1100, discount: 10 }],
        },
      },
      {
        id: 8,
        name: 'Amnesia',
        currency: 'USD',
        before: { brand_id: 1, brand: 'Dutch Passion', available: true, presentations: [] },
        after: { brand_id: 2, brand: 'Sensi Seeds', available: false, presentations: [] },
      },
    ];
    const bulk = formatValue('product', 'products', products);
    expect(bulk).toBe(
      'Gorilla Glue Auto: Precio (3 semillas) $\u00a01.000 → $\u00a01.100; Descuento (3 semillas) 0% → 10%\n' +
        'Amnesia: Banco Dutch Passion → Sensi Seeds; Disponible Sí → No',
    );
    const rows = [
      {
        row: 2,
        kind: 'updated',
        sku: 'A-1',
        name: 'Amnesia',
        seed_count: 5,
        fields: [{ column: 'Precio', before: '2000', after: '2500' }],
      },
      { row: 3, kind: 'created', sku: 'A-1', name: 'Amnesia', seed_count: 10, fields: [] },
    ];
    expect(formatValue('product', 'rows_changed', rows)).toBe(
      'Fila 2 · Amnesia (5 semillas): Precio 2000 → 2500\nFila 3 · Amnesia (10 semillas): presentación nueva',
    );
    expect(fieldLabel('bulk_action')).toBe('Acción');
    expect(formatValue('product', 'bulk_action', 'price_percent')).toBe('Cambiar precio (%)');
    expect(formatValue('product', 'products_changed', [1234])).toBe('1234');
    expect(bulk + formatValue('product', 'rows_changed', rows)).not.toMatch(/[{}]/);
  });
});
