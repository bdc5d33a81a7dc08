import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, inShopYears, isCalendarDay, shopDate } from './dates';

describe('shop dates', () => {
  it('writes a day as dd/mm/aaaa, in Argentina', () => {
    // 02:00 UTC on the 6th is still the 5th in Buenos Aires (UTC-3).
    expect(formatDate('2025-03-06T02:00:00.000Z')).toBe('05/03/2025');
    expect(formatDate(new Date('2025-12-31T12:00:00Z'))).toBe('31/12/2025');
  });

  it('writes a calendar day as it is, without moving it across time zones', () => {
    expect(formatDate('2025-03-05')).toBe('05/03/2025');
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
  });

  it('writes a moment as dd/mm/aaaa hh:mm on a 24-hour clock, in Argentina', () => {
    expect(formatDateTime('2025-03-05T17:07:00.000Z')).toBe('05/03/2025 14:07');
    expect(formatDateTime(new Date('2025-03-06T02:30:00Z'))).toBe('05/03/2025 23:30');
    expect(formatDateTime('2025-03-05T03:05:00Z')).toBe('05/03/2025 00:05');
  });

  it('gives back text that is not a date', () => {
    expect(formatDate('nunca')).toBe('nunca');
    expect(formatDateTime('')).toBe('');
  });

  it('finds the shop day of an instant', () => {
    expect(shopDate(new Date('2025-03-06T02:00:00Z'))).toBe('2025-03-05');
    expect(shopDate(new Date('2025-03-06T03:00:00Z'))).toBe('2025-03-06');
  });

  it('knows a real calendar day and the years a typed day may fall in', () => {
    expect(isCalendarDay('2032-02-29')).toBe(true);
    expect(isCalendarDay('2031-02-29')).toBe(false);
    expect(isCalendarDay('2032-1-01')).toBe(false);
    expect(isCalendarDay('0000-01-01')).toBe(true);
    expect(isCalendarDay('2032-01-01T10:00')).toBe(false);
    expect(['2000-01-01', '2100-12-31', '2100-12-31T23:00:00Z'].every(inShopYears)).toBe(true);
    expect(['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31', '+010000-01-01', 'mañana'].some(inShopYears)).toBe(false);
  });
});
