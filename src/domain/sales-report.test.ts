// The report's period presets: shop days (America/Argentina/Buenos_Aires, UTC−3), so an instant
// late in the evening still belongs to the day, month and year the shop is living.
import { describe, expect, it } from 'vitest';
import { presetPeriod, type ReportPreset } from './sales-report';

const at = (iso: string) => new Date(iso);
const all = (now: Date) =>
  Object.fromEntries(
    (['this_month', 'last_month', 'last_30', 'last_90', 'this_year'] as ReportPreset[]).map((p) => [p, presetPeriod(p, now)]),
  );
const daysIn = ({ from, to }: { from: string; to: string }) => (Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / 86_400_000 + 1;

describe('presetPeriod', () => {
  it('reads the presets in the middle of a month', () => {
    expect(all(at('2026-05-15T15:00:00Z'))).toEqual({
      this_month: { from: '2026-05-01', to: '2026-05-15' },
      last_month: { from: '2026-04-01', to: '2026-04-30' },
      last_30: { from: '2026-04-16', to: '2026-05-15' },
      last_90: { from: '2026-02-15', to: '2026-05-15' },
      this_year: { from: '2026-01-01', to: '2026-05-15' },
    });
  });

  it('keeps the last evening of a month in that month: 23:30 in the shop is already the next day in UTC', () => {
    // 2026-03-01 02:30 UTC is 2026-02-28 23:30 in Buenos Aires.
    expect(all(at('2026-03-01T02:30:00Z'))).toEqual({
      this_month: { from: '2026-02-01', to: '2026-02-28' },
      last_month: { from: '2026-01-01', to: '2026-01-31' },
      last_30: { from: '2026-01-30', to: '2026-02-28' },
      last_90: { from: '2025-12-01', to: '2026-02-28' },
      this_year: { from: '2026-01-01', to: '2026-02-28' },
    });
  });

  it('moves to the new month at midnight in the shop, not in UTC', () => {
    expect(presetPeriod('this_month', at('2026-03-01T02:59:59Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('this_month', at('2026-03-01T03:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetPeriod('last_month', at('2026-03-01T03:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('ends February on the 29th in a leap year', () => {
    expect(presetPeriod('last_month', at('2028-03-10T12:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetPeriod('this_month', at('2028-03-01T02:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('crosses the year: last month of January is December, and New Year’s Eve stays in its year', () => {
    expect(all(at('2026-01-10T12:00:00Z'))).toMatchObject({
      last_month: { from: '2025-12-01', to: '2025-12-31' },
      this_year: { from: '2026-01-01', to: '2026-01-10' },
    });
    // 2027-01-01 02:59 UTC is 2026-12-31 23:59 in the shop.
    expect(all(at('2027-01-01T02:59:00Z'))).toMatchObject({
      this_month: { from: '2026-12-01', to: '2026-12-31' },
      last_month: { from: '2026-11-01', to: '2026-11-30' },
      this_year: { from: '2026-01-01', to: '2026-12-31' },
    });
    expect(presetPeriod('this_year', at('2027-01-01T03:00:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('counts exactly 30 and 90 shop days, today included, whatever the hour', () => {
    for (const iso of ['2026-03-01T03:00:00Z', '2026-03-01T02:59:00Z', '2026-12-31T23:00:00Z', '2028-02-29T12:00:00Z']) {
      expect(daysIn(presetPeriod('last_30', at(iso)))).toBe(30);
      expect(daysIn(presetPeriod('last_90', at(iso)))).toBe(90);
    }
  });
});
