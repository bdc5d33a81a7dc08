import { describe, expect, it } from 'vitest';
import { stockState } from './inventory';

describe('stockState', () => {
  it('is sold out at 0, low with some units under the threshold, in stock from the threshold on', () => {
    expect([0, 1, 4, 5, 6].map((stock) => stockState(stock, 5))).toEqual(['out', 'low', 'low', 'ok', 'ok']);
  });

  it('never calls a sold-out blister low, whatever the threshold', () => {
    expect(stockState(0, 1)).toBe('out');
    expect(stockState(0, 1000)).toBe('out');
    expect(stockState(1, 1)).toBe('ok');
  });
});
