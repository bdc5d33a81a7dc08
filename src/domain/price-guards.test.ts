import { describe, expect, it } from 'vitest';
import { parseSheetInstant } from './catalog-sheet';
import {
  costAbovePriceMessage,
  isCostAbovePrice,
  isSuspiciousPercent,
  isSuspiciousPriceChange,
  isSuspiciousRateChange,
  leftWithoutPrice,
} from './price-guards';

describe('price guards', () => {
  it('flags a price that drops 50% or more or rises more than 200%', () => {
    expect(isSuspiciousPriceChange(22, 22000)).toBe(true);
    expect(isSuspiciousPriceChange(35500, 35.5)).toBe(true);
    expect(isSuspiciousPriceChange(1000, 500)).toBe(true);
    expect(isSuspiciousPriceChange(1000, 501)).toBe(false);
    expect(isSuspiciousPriceChange(1000, 3000)).toBe(false);
    expect(isSuspiciousPriceChange(1000, 3001)).toBe(true);
    expect(isSuspiciousPriceChange(null, 3001)).toBe(false);
    expect(isSuspiciousPercent(-50)).toBe(true);
    expect(isSuspiciousPercent(-49)).toBe(false);
    expect(isSuspiciousPercent(201)).toBe(true);
  });

  it('flags a dollar rate more than 20% away from the current one', () => {
    expect(isSuspiciousRateChange(1450.5, 1.45)).toBe(true);
    expect(isSuspiciousRateChange(1450.5, 145050)).toBe(true);
    expect(isSuspiciousRateChange(1000, 1200)).toBe(false);
    expect(isSuspiciousRateChange(1000, 1201)).toBe(true);
  });

  it('finds the blisters a fixed brand discount would sell for $ 0 or less, USD converted at the rate', () => {
    const discount = { discount_active: true, discount_type: 'fixed' as const, discount_value: 2000, discount_expires_at: null };
    const list = [
      { name: 'Barata', seed_count: 1, price: 1500, currency: 'ARS' as const },
      { name: 'Justa', seed_count: 3, price: 2000, currency: 'ARS' as const },
      { name: 'Cara', seed_count: 5, price: 9000, currency: 'ARS' as const },
      { name: 'Dólar', seed_count: 3, price: 1.5, currency: 'USD' as const },
      { name: 'Sin precio', seed_count: 3, price: null, currency: 'ARS' as const },
    ];
    expect(leftWithoutPrice(list, discount, 1000, new Date()).map((p) => p.name)).toEqual(['Barata', 'Justa', 'Dólar']);
    expect(leftWithoutPrice(list, { ...discount, discount_active: false }, 1000, new Date())).toEqual([]);
  });

  it('reads the export time as written, or as a spreadsheet rewrites it in shop time', () => {
    expect(parseSheetInstant('2031-05-02T13:00:00.000Z')?.toISOString()).toBe('2031-05-02T13:00:00.000Z');
    expect(parseSheetInstant('2/5/2031 10:00')?.toISOString()).toBe('2031-05-02T13:00:00.000Z');
    expect(parseSheetInstant('ayer')).toBeNull();
  });
});

describe('a cost above its price (issue 37)', () => {
  it('is above by a cent or more, never without a cost or a price', () => {
    expect(isCostAbovePrice(1000.01, 1000)).toBe(true);
    expect(isCostAbovePrice(1000, 1000)).toBe(false);
    expect(isCostAbovePrice(0.1 + 0.2, 0.3)).toBe(false);
    expect(isCostAbovePrice(null, 1000)).toBe(false);
    expect(isCostAbovePrice(500, null)).toBe(false);
    expect(isCostAbovePrice(500, 0)).toBe(false);
    expect(costAbovePriceMessage([{ name: 'Gorilla', seed_count: 3, cost: 1500.5, price: 1000 }])).toMatch(
      /Gorilla x3: costo \$\s1\.500,50, precio \$\s1\.000\)/,
    );
  });
});
