// What the packing slips and the pick list count and say: seeds per line, units per blister
// (product and seed count) over the printed orders, and where and how each order goes.
import { formatArs } from '../../../../domain/money';
import type { OrderDto, OrderProductDto } from '../../../../domain/orders';
import { PROVINCES } from '../../../../domain/shipping';

/** Seeds a line holds: the blister's seed count times the packs ordered; null if unknown. */
export const lineSeeds = (line: Pick<OrderProductDto, 'quantity' | 'blister_info'>) =>
  line.blister_info.seed_count ? line.blister_info.seed_count * line.quantity : null;

export interface PickRow {
  product_name: string;
  product_brand: string | null;
  seed_count: number | null;
  units: number;
  /** The order numbers that take this blister. */
  orders: number[];
}

/** One row per blister, units summed over the orders, sorted by brand and product. */
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

/** The order numbers of ?pedidos=1,2,3: positive integers, without repeats, at most 100. */
export function parseOrderNumbers(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, 100);
}

/**
 * The lines of the delivery address as written on a parcel: street and number, indications, city
 * with its zip code, province. An order without an address (pickup, arranged, or placed before
 * addresses had fields) has one line: its delivery text.
 */
export function addressLines(
  order: Pick<OrderDto, 'address' | 'shipping' | 'shipping_address' | 'delivery_type' | 'delivery_type_display'>,
) {
  const { address } = order;
  if (address && order.shipping?.kind !== 'pickup' && order.shipping?.kind !== 'coordinate') {
    return [
      [address.street, address.number].filter(Boolean).join(' '),
      address.details,
      [address.city, address.zip_code ? `(CP ${address.zip_code})` : ''].filter(Boolean).join(' '),
      PROVINCES[address.province],
    ].filter(Boolean);
  }
  if (order.shipping || order.delivery_type === 'address') return [order.shipping_address || order.delivery_type_display];
  return [order.delivery_type_display];
}

/** The shipping method and what it charged: 'Correo Argentino a domicilio · $ 6.500'; null without one. */
export function shippingLine(order: Pick<OrderDto, 'shipping'>): string | null {
  if (!order.shipping) return null;
  return `${order.shipping.name} · ${order.shipping.price === 0 ? 'Sin cargo' : formatArs(order.shipping.price)}`;
}
