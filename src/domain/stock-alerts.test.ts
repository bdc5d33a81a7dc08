import { describe, expect, it } from 'vitest';
import { lowStockSeen, newlyLowStock, shopHour, stockAlertSettingsUpdateSchema } from './stock-alerts';

describe('newlyLowStock', () => {
  const seen = lowStockSeen([
    { blister_id: 1, stock: 3 },
    { blister_id: 2, stock: 0 },
  ]);

  it('lists blisters that were not under the threshold at the last check', () => {
    expect(newlyLowStock(seen, [{ blister_id: 3, stock: 4 }])).toEqual([{ blister_id: 3, stock: 4 }]);
  });

  it('leaves out blisters already reported that did not sell out', () => {
    expect(newlyLowStock(seen, [{ blister_id: 1, stock: 2 }])).toEqual([]);
    expect(newlyLowStock(seen, [{ blister_id: 2, stock: 0 }])).toEqual([]);
  });

  it('lists again a reported blister that sold out since', () => {
    expect(newlyLowStock(seen, [{ blister_id: 1, stock: 0 }])).toEqual([{ blister_id: 1, stock: 0 }]);
  });

  it('lists again one that recovered and fell again', () => {
    const afterRecovery = lowStockSeen([{ blister_id: 2, stock: 0 }]);
    expect(newlyLowStock(afterRecovery, [{ blister_id: 1, stock: 4 }])).toEqual([{ blister_id: 1, stock: 4 }]);
  });
});

describe('stock alert rules', () => {
  it('reads the hour in Argentina (UTC-3)', () => {
    expect(shopHour(new Date('2034-05-10T12:00:00Z'))).toBe(9);
    expect(shopHour(new Date('2034-05-11T02:30:00Z'))).toBe(23);
    expect(shopHour(new Date('2034-05-11T03:00:00Z'))).toBe(0);
  });

  it('accepts hours 0 to 23 only, with a Spanish message', () => {
    expect(stockAlertSettingsUpdateSchema.safeParse({ hour: 0 }).success).toBe(true);
    expect(stockAlertSettingsUpdateSchema.safeParse({ hour: 23, enabled: false }).success).toBe(true);
    for (const hour of [24, -1, 9.5, '9']) {
      const result = stockAlertSettingsUpdateSchema.safeParse({ hour });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe('La hora debe ser un número entero entre 0 y 23');
    }
  });
});
