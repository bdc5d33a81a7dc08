// "Repetir pedido" (issue 38): the customer's own order's lines go into their cart at today's
// prices. A sold-out or withdrawn line is left out, a line with less stock than ordered is added
// at the stock, and each line whose price moved since the order is named.
import { toCents } from '../../../domain/money';
import type { ReorderResult } from '../../../domain/reorder';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { customerOrderLines } from '../orders';
import { addToCart, priceCartLines, readCart } from './service';

export async function reorder(ctx: AppContext, orderId: number, userId: number): Promise<ReorderResult> {
  const lines = await customerOrderLines(ctx.db, orderId, userId);
  if (!lines) throw notFound('Pedido no encontrado');
  const known = lines.flatMap((l) =>
    l.product_id !== null && l.blister_id !== null
      ? [{ product_id: l.product_id, blister_id: l.blister_id, quantity: Math.min(99, l.quantity) }]
      : [],
  );
  const [today, inCart] = await Promise.all([priceCartLines(ctx, ctx.db, known), readCart(ctx, userId)]);
  const result: Omit<ReorderResult, 'cart'> = { added: [], skipped: [], price_changes: [] };
  for (const line of lines) {
    const ref = { product_id: line.product_id, blister_id: line.blister_id, name: line.name, seed_count: line.seed_count };
    const now = today.find((t) => t.product_id === line.product_id && t.blister_id === line.blister_id);
    if (!now || now.state === 'unavailable') {
      result.skipped.push({ ...ref, reason: 'unavailable', quantity: 0, ordered: line.quantity });
      continue;
    }
    if (now.state === 'sold_out') {
      result.skipped.push({ ...ref, reason: 'sold_out', quantity: 0, ordered: line.quantity });
      continue;
    }
    // The units already in the cart count against the stock.
    const held = inCart.lines.find((l) => l.product_id === now.product_id && l.blister_id === now.blister_id)?.quantity ?? 0;
    const quantity = Math.max(0, Math.min(line.quantity, now.stock - held, 99 - held));
    if (quantity > 0) result.added.push({ product_id: now.product_id, blister_id: now.blister_id, quantity });
    if (quantity < line.quantity) result.skipped.push({ ...ref, reason: 'reduced', quantity, ordered: line.quantity });
    if (toCents(now.price) !== toCents(line.price_at_time))
      result.price_changes.push({ ...ref, before: line.price_at_time, now: now.price });
  }
  const cart = await addToCart(ctx, userId, result.added);
  return { cart, ...result };
}
