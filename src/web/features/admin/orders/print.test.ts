import { describe, expect, it } from 'vitest';
import type { OrderDto, OrderProductDto } from '../../../../domain/orders';
import { lineSeeds, parseIds, pickList } from './print';

const line = (product_id: number | null, product_name: string, seed_count: number | null, quantity: number, brand = 'RQS') =>
  ({ product_id, product_name, product_brand: brand, quantity, blister_info: { seed_count } }) as OrderProductDto;
const order = (order_number: number, lines: OrderProductDto[]) => ({ order_number, order_products: lines }) as OrderDto;

describe('pick list', () => {
  it('sums units per product and seed count over the orders, naming the orders', () => {
    const rows = pickList([
      order(7, [line(1, 'Gorilla Glue Auto', 3, 2), line(2, 'Amnesia Haze', 5, 1, 'Dinafem')]),
      order(8, [line(1, 'Gorilla Glue Auto', 3, 1), line(1, 'Gorilla Glue Auto', 5, 1)]),
    ]);
    expect(rows.map((r) => [r.product_brand, r.product_name, r.seed_count, r.units, r.orders])).toEqual([
      ['Dinafem', 'Amnesia Haze', 5, 1, [7]],
      ['RQS', 'Gorilla Glue Auto', 3, 3, [7, 8]],
      ['RQS', 'Gorilla Glue Auto', 5, 1, [8]],
    ]);
  });

  it('keeps a line whose product was deleted, by its name', () => {
    const rows = pickList([order(1, [line(null, 'Vieja', 3, 1)]), order(2, [line(null, 'Vieja', 3, 2)])]);
    expect(rows).toHaveLength(1);
    expect(rows[0].units).toBe(3);
  });

  it('counts the seeds of a line as seed count times packs', () => {
    expect(lineSeeds(line(1, 'X', 5, 3))).toBe(15);
    expect(lineSeeds(line(1, 'X', null, 3))).toBeNull();
  });
});

describe('printed ids', () => {
  it('reads a comma list, skipping junk and repeats', () => {
    expect(parseIds('3,1,x,3,,0,2')).toEqual([3, 1, 2]);
    expect(parseIds(null)).toEqual([]);
  });
});
