import { describe, expect, it } from 'vitest';
import { arsToUsd, formatAmount, formatArs, formatMoney, formatUsd, roundCents, usdToArs } from './money';

describe('money', () => {
  it('rounds to cents, half up, without float surprises', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(10)).toBe(10);
  });

  it('converts USD to ARS rounded to a whole peso (spec accounts-admin §4)', () => {
    expect(usdToArs(10, 1000)).toBe(10000);
    expect(usdToArs(19.99, 1234.5)).toBe(24678);
    expect(usdToArs(0.5, 1)).toBe(1);
    // 19.99 × 1250 is 24987.4999… in binary floating point; the shop rounds the exact 24987.5 up.
    expect(usdToArs(19.99, 1250)).toBe(24988);
    expect(roundCents(1.005)).toBe(1.01);
  });

  it('converts ARS to USD keeping two decimals, and 0 for a missing rate', () => {
    expect(arsToUsd(10000, 1500)).toBe(6.67);
    expect(arsToUsd(24678, 1234.5)).toBe(19.99);
    expect(arsToUsd(1000, 0)).toBe(0);
  });

  it('formats ARS in the Spanish (Argentina) locale', () => {
    expect(formatArs(1000)).toBe('$\u00a01.000');
    expect(formatArs(0)).toBe('$\u00a00');
  });

  it('shows money with no decimals or two, never one', () => {
    expect(formatArs(1250.5)).toBe('$\u00a01.250,50');
    expect(formatArs(51770.7)).toBe('$\u00a051.770,70');
    expect(formatArs(12345.678)).toBe('$\u00a012.345,68');
    // Float noise that rounds to a whole peso shows no decimals.
    expect(formatArs(1250.0000001)).toBe('$\u00a01.250');
    expect(formatArs(19.99 * 3)).toBe('$\u00a059,97');
    expect(formatMoney(24, 'USD')).toBe('USD\u00a024');
    expect(formatUsd(24.9)).toBe('USD\u00a024,90');
    expect(formatAmount(1250.5)).toBe('1.250,50');
    expect(formatAmount(1250)).toBe('1.250');
  });
});
