// An order's lines: priced from the database (never from the client) with a snapshot of the
// product, so the order survives catalog changes, and compared before and after a change.
import { priceBlister } from '../../../domain/pricing';
import { subtotalOf, type PricedLine } from '../../../domain/order-totals';
import type { OrderLineInput } from '../../../domain/orders';
import { conflict } from '../../errors';
import type { BlisterLine } from '../catalog';
import type { orderProducts } from '../../db/schema';

/** An order line as stored. */
export type LineRecord = typeof orderProducts.$inferSelect;

/** A line as it will be after a change: `id` for lines that exist already. */
export type TargetLine = Omit<LineRecord, 'id' | 'order_id' | 'created_at'> & { id?: number };

/** The lines at the prices the order charges, as the totals take them (domain/order-totals.ts). */
export const pricedLines = (lines: Pick<TargetLine, 'price_at_time' | 'quantity'>[]): PricedLine[] =>
  lines.map((l) => ({ price: l.price_at_time, quantity: l.quantity }));

export const lineSummary = (lines: TargetLine[]) =>
  lines.map((l) => ({
    product_id: l.product_id,
    blister_id: l.blister_id,
    product_name: l.product_name,
    seed_count: l.seed_count,
    quantity: l.quantity,
    price_at_time: l.price_at_time,
  }));

export const sameLines = (a: TargetLine[], b: TargetLine[]) => JSON.stringify(lineSummary(a)) === JSON.stringify(lineSummary(b));

/** The snapshot an order line keeps of the product, so the order survives catalog changes. */
export function snapshotLine(p: BlisterLine, quantity: number, priceAtTime: number): TargetLine {
  return {
    product_id: p.product_id,
    blister_id: p.id,
    quantity,
    price_at_time: priceAtTime,
    product_name: p.product_name,
    product_image: p.product_image,
    product_brand: p.brand_name,
    product_type: p.product_type,
    seed_count: p.seed_count,
    // The cost when sold, like the price, so later cost changes never rewrite past margins.
    cost_at_time: p.cost_price,
  };
}

/** ARS unit price after discounts, from the database only (architecture: never from the client). */
export function unitPrice(p: BlisterLine, dollarRate: number, now: Date): number | null {
  const view = priceBlister({ price: p.price, discount: p.discount }, p.currency, dollarRate, p, now);
  return view ? view.final_price : null;
}

/** Prices the lines from the database (never from the client), refusing what cannot be sold. */
export function priceLines(byId: Map<number, BlisterLine>, inputs: OrderLineInput[], dollarRate: number, now: Date): TargetLine[] {
  return inputs.map((line) => {
    const p = byId.get(line.blister_id);
    const where = { product_id: line.product_id, blister_id: line.blister_id };
    if (!p || p.product_id !== line.product_id) {
      throw conflict('Uno de los productos de tu carrito ya no existe. Quítalo e intenta nuevamente.', 'PRODUCT_UNAVAILABLE', where);
    }
    if (p.deleted_at || !p.available) {
      throw conflict(`El producto ${p.product_name} ya no está disponible`, 'PRODUCT_UNAVAILABLE', where);
    }
    const price = unitPrice(p, dollarRate, now);
    // A line at $0 is never sold: a missing price, or a discount as large as the price.
    if (price === null || price <= 0) throw conflict(`El producto ${p.product_name} no tiene precio asignado`, 'NO_PRICE', where);
    return snapshotLine(p, line.quantity, price);
  });
}

/** What the lines cost at the prices the order charges (domain/order-totals.ts). */
export const subtotalOfLines = (lines: Pick<TargetLine, 'price_at_time' | 'quantity'>[]) => subtotalOf(pricedLines(lines));
