import { describe, expect, it } from 'vitest';
import { percentChange } from './dashboard';

describe('percentChange', () => {
  it('gives the change against the previous figure in percent', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(100, 100)).toBe(0);
  });

  it('has nothing to compare with when the previous figure is 0', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });
});
