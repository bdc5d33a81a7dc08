import { describe, expect, it } from 'vitest';
import { axisTop, axisValues, formatArsAxis, niceCeiling } from './charts';

describe('niceCeiling', () => {
  it('rounds an amount up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 0.3, 1, 3, 7, 12, 180_000, 1_281_000].map((v) => niceCeiling(v))).toEqual([1, 0.5, 1, 5, 10, 20, 200_000, 2_000_000]);
  });

  it('rounds a count up to an even whole number, so the middle line is whole too', () => {
    expect([0, 1, 3, 5, 7, 9, 11, 25, 99].map((v) => niceCeiling(v, true))).toEqual([2, 2, 4, 6, 8, 10, 20, 40, 100]);
  });
});

describe('the revenue scale', () => {
  it('writes whole pesos, also over days without sales (issue 34: "$0,5")', () => {
    const scale = (values: number[]) =>
      axisValues(
        axisTop(
          values.map((value) => ({ value })),
          true,
        ),
      ).map(formatArsAxis);
    expect(scale([0, 0, 0])).toEqual(['$ 0', '$ 1', '$ 2']);
    expect(scale([0, 0.4])).toEqual(['$ 0', '$ 1', '$ 2']);
    expect(scale([3500, 12000])).toEqual(['$ 0', '$ 10\u00a0k', '$ 20\u00a0k']);
    for (const label of scale([0])) expect(label).not.toContain(',');
  });
});
