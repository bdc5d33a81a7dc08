// What the packing slips and the pick list count: seeds per line, and units per presentation
// (product and seed count) over the printed orders.
import type { OrderDto, OrderProductDto } from '../../../../domain/orders';

/** Seeds a line holds: the presentation's seed count times the packs ordered; null if unknown. */
export const lineSeeds = (line: Pick<OrderProductDto, 'quantity' | 'blister_info'>) =>
  line.blister_info.seed_count ? line.blister_info.seed_count * line.quantity : null;

export interface PickRow {
  product_name: string;
  product_brand: string | null;
  seed_count: number | null;
  units: number;
  /** The order numbers that take this presentation. */
  orders: number[];
}

/** One row per presentation, units summed over the orders, sorted by brand and product. */
export function pickList(orders: OrderDto[]): PickRow[] {
  const rows = new Map<string, PickRow>();
  for (const order of orders) {
    for (const line of order.order_products) {
      const seedCount = line.blister_info.seed_count ?? null;
      // The product id when the line still has one; the snapshot of its name otherwise.
      const key = `${line.product_id ?? line.product_name}|${seedCount ?? ''}`;
      const row = rows.get(key) ?? {
        product_name: line.product_name,
        product_brand: line.product_brand,
        seed_count: seedCount,
        units: 0,
        orders: [],
      };
      row.units += line.quantity;
      if (!row.orders.includes(order.order_number)) row.orders.push(order.order_number);
      rows.set(key, row);
    }
  }
  const collator = new Intl.Collator('es', { sensitivity: 'base' });
  return [...rows.values()].sort(
    (a, b) =>
      collator.compare(a.product_brand ?? '', b.product_brand ?? '') ||
      collator.compare(a.product_name, b.product_name) ||
      (a.seed_count ?? 0) - (b.seed_count ?? 0),
  );
}

/** The ids of ?ids=1,2,3: positive integers, without repeats, at most 100. */
export function parseIds(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, 100);
}
