import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  inShopYears,
  isCalendarDay,
  SHOP_TIME_ZONE,
  SHOP_UTC_OFFSET,
  shopDate,
  shopDayStart,
  shopInstant,
  shopTomorrow,
} from './dates';

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

describe('the shop time zone', () => {
  it('has the offset its zone has on every day of a year', () => {
    const offsetOf = (instant: Date) =>
      new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, timeZoneName: 'longOffset' })
        .formatToParts(instant)
        .find((p) => p.type === 'timeZoneName')?.value;
    for (let day = 0; day < 366; day++) {
      expect(offsetOf(new Date(Date.UTC(2030, 0, 1 + day, 12)))).toBe(`GMT${SHOP_UTC_OFFSET}`);
    }
  });

  it("reads days and date-times without an offset on the shop's clock", () => {
    expect(shopInstant('2030-05-10T12:00:00').toISOString()).toBe('2030-05-10T15:00:00.000Z');
    expect(shopDayStart('2030-05-10').toISOString()).toBe('2030-05-10T03:00:00.000Z');
    // 01:30 UTC on the 11th is still the 10th in the shop: tomorrow is the 11th.
    expect(shopTomorrow(new Date('2030-05-11T01:30:00Z'))).toBe('2030-05-11');
    expect(shopTomorrow(new Date('2030-05-11T03:00:00Z'))).toBe('2030-05-12');
  });

  it('is written in dates.ts alone: no other source names the zone or its offset', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && path.join(src, file) !== path.join(import.meta.dirname, 'dates.ts'),
    );
    const written = sources.filter((file) =>
      /America\/Argentina|[T\d'"`}]-03:?00\b|'-03'/.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(written).toEqual([]);
  });
});
