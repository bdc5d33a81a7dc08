import { describe, expect, it } from 'vitest';
import { defaultCardBlister, defaultDetailBlister } from './blister';

const b = (seed_count: number, stock: number, final_price?: number) => ({ seed_count, stock, final_price });

describe('defaultDetailBlister (spec storefront §4)', () => {
  it('starts on the lowest seed count with stock', () => {
    expect(defaultDetailBlister([b(5, 2), b(1, 0), b(3, 4)])).toMatchObject({ seed_count: 3 });
  });

  it('falls back to the lowest seed count when none has stock', () => {
    expect(defaultDetailBlister([b(5, 0), b(3, 0)])).toMatchObject({ seed_count: 3 });
    expect(defaultDetailBlister([])).toBeUndefined();
  });

  it("does not reorder the caller's list", () => {
    const list = [b(5, 1), b(3, 1)];
    defaultDetailBlister(list);
    expect(list.map((x) => x.seed_count)).toEqual([5, 3]);
  });
});

describe('defaultCardBlister (spec storefront §4)', () => {
  it('prefers the first with stock and a price', () => {
    expect(defaultCardBlister([b(1, 0, 100), b(3, 5, 0), b(5, 5, 300)])).toMatchObject({ seed_count: 5 });
  });

  it('then the first with a price, then the first', () => {
    expect(defaultCardBlister([b(1, 5, 0), b(3, 0, 200), b(5, 0, 300)])).toMatchObject({ seed_count: 3 });
    expect(defaultCardBlister([b(1, 5), b(3, 0)])).toMatchObject({ seed_count: 1 });
    expect(defaultCardBlister([])).toBeUndefined();
  });

  it('reads price when final_price is absent', () => {
    expect(
      defaultCardBlister([
        { seed_count: 1, stock: 1 },
        { seed_count: 3, stock: 1, price: 10 },
      ]),
    ).toMatchObject({ seed_count: 3 });
  });
});
