import { describe, expect, it } from 'vitest';
import {
  amountInputText,
  AMOUNT_DECIMALS_MESSAGE,
  AMOUNT_INVALID_MESSAGE,
  AMOUNT_REQUIRED_MESSAGE,
  arsToUsd,
  DECIMAL_COMMA_MESSAGE,
  formatAmount,
  formatArs,
  formatMoney,
  formatUsd,
  hasWholeCents,
  parseArsAmount,
  roundCents,
  sameAmount,
  toCents,
  THOUSANDS_GROUP_MESSAGE,
  usdToArs,
} from './money';

describe('money', () => {
  it('rounds to cents, half up, without float surprises', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(10)).toBe(10);
  });

  it('compares amounts to the cent, without a float tolerance', () => {
    expect(toCents(1999.99)).toBe(199999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99 * 1250)).toBe(2498750);
    expect(sameAmount(1999.99, 2000)).toBe(false);
    expect(sameAmount(2000.004, 2000)).toBe(true);
    expect(sameAmount(0.1 + 0.2, 0.3)).toBe(true);
  });

  it('tells whole cents from fractions of a cent, without float noise', () => {
    for (const whole of [2000, 1450.5, 19.99, 0.01, 19.99 * 3, 0.1 + 0.2]) expect(hasWholeCents(whole), String(whole)).toBe(true);
    for (const fraction of [0.001, 1999.995, 2000.004, 1000.005]) expect(hasWholeCents(fraction), String(fraction)).toBe(false);
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

describe('parseArsAmount', () => {
  const value = (text: string) => {
    const parsed = parseArsAmount(text);
    return parsed.ok ? parsed.value : parsed.error;
  };

  it('reads "." as the thousands separator and "," as the decimal mark', () => {
    expect(value('22.000')).toBe(22000);
    expect(value('35.500')).toBe(35500);
    expect(value('22.000,50')).toBe(22000.5);
    expect(value('22000,5')).toBe(22000.5);
    expect(value('1.450,50')).toBe(1450.5);
    expect(value('1450,50')).toBe(1450.5);
    expect(value('1.000.000')).toBe(1000000);
    expect(value('22000')).toBe(22000);
    expect(value('0,5')).toBe(0.5);
    expect(value(' $ 22.000 ')).toBe(22000);
    expect(value('-10')).toBe(-10);
    expect(value('-12,5')).toBe(-12.5);
  });

  it('refuses a dot used as the decimal mark', () => {
    expect(value('1450.50')).toBe(DECIMAL_COMMA_MESSAGE);
    expect(value('1450.5')).toBe(DECIMAL_COMMA_MESSAGE);
    expect(value('1.450.50')).toBe(DECIMAL_COMMA_MESSAGE);
  });

  it('refuses thousands groups that are not of three digits', () => {
    expect(value('22.0000')).toBe(THOUSANDS_GROUP_MESSAGE);
    expect(value('1000.000')).toBe(THOUSANDS_GROUP_MESSAGE);
    expect(value('1.00.000')).toBe(THOUSANDS_GROUP_MESSAGE);
    expect(value('.500')).toBe(THOUSANDS_GROUP_MESSAGE);
  });

  it('refuses text that is not an amount, and more than two decimals', () => {
    expect(value('')).toBe(AMOUNT_REQUIRED_MESSAGE);
    expect(value('abc')).toBe(AMOUNT_INVALID_MESSAGE);
    expect(value('1e3')).toBe(AMOUNT_INVALID_MESSAGE);
    expect(value('1,2,3')).toBe(AMOUNT_INVALID_MESSAGE);
    expect(value('12,')).toBe(AMOUNT_INVALID_MESSAGE);
    expect(value('1,505')).toBe(AMOUNT_DECIMALS_MESSAGE);
  });

  it('writes an amount back the way the inputs read it', () => {
    expect(amountInputText(22000.5)).toBe('22.000,50');
    expect(amountInputText(22000)).toBe('22.000');
    expect(amountInputText(1450.5)).toBe('1.450,50');
    expect(amountInputText(6500)).toBe('6.500');
    expect(amountInputText(null)).toBe('');
    for (const value of [22000.5, 22000, 1450.5, 0.5, 1234567.89])
      expect(parseArsAmount(amountInputText(value))).toEqual({ ok: true, value });
  });
});
