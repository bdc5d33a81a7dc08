// The signed-in customer's cart kept by the server (issue 38): the same lines on every device.
// It stores product, blister and quantity; every answer prices the lines anew (decision 0007) and
// marks those that cannot be bought now. A quantity above the stock is cut to it (`adjusted`).
import { asc, eq } from 'drizzle-orm';
import { mergeCartLines, type CartLineInput, type ServerCart, type ServerCartLine } from '../../../domain/server-cart';
import { priceBlister } from '../../../domain/pricing';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { cartLines, carts } from '../../db/schema';
import { blisterLinesByIds, productNamesByIds, type BlisterLine } from '../catalog';
import { getDollarRateValue } from '../site';

const keyOf = (l: { product_id: number; blister_id: number }) => `${l.product_id}:${l.blister_id}`;

type StoredLine = CartLineInput & { adjusted?: boolean };

async function storedLines(db: DbOrTx, userId: number): Promise<CartLineInput[]> {
  return db
    .select({ product_id: cartLines.product_id, blister_id: cartLines.blister_id, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.user_id, userId))
    .orderBy(asc(cartLines.position));
}

/** The dollar rate in force, kept by this process a while. */
export const currentDollarRate = (ctx: AppContext) => ctx.caches.dollarRate.get('value', () => getDollarRateValue(ctx.db));

/**
 * The lines as the customer sees them today: names, prices, stock and whether each can be bought.
 * A caller inside a transaction gives the dollar rate, read before it: read here through
 * `ctx.db`, on the embedded database it would wait for the transaction's end, and the
 * transaction for it (decision 0002).
 */
export async function priceCartLines(ctx: AppContext, db: DbOrTx, lines: StoredLine[], dollarRate?: number): Promise<ServerCartLine[]> {
  const [found, rate] = await Promise.all([
    blisterLinesByIds(
      db,
      lines.map((l) => l.blister_id),
    ),
    dollarRate ?? currentDollarRate(ctx),
  ]);
  return pricedWith(ctx, db, lines, found, rate);
}

/** The lines priced with their blisters as already read (`found`) and the dollar rate given. */
async function pricedWith(
  ctx: AppContext,
  db: DbOrTx,
  lines: StoredLine[],
  found: Map<number, BlisterLine>,
  rate: number,
): Promise<ServerCartLine[]> {
  const gone = lines.filter((l) => found.get(l.blister_id)?.product_id !== l.product_id);
  const products = await productNamesByIds(
    db,
    gone.map((l) => l.product_id),
  );
  const now = ctx.now();
  return lines.map((line) => {
    const blister = found.get(line.blister_id);
    const adjusted = line.adjusted ? { adjusted: true } : {};
    if (!blister || blister.product_id !== line.product_id) {
      const product = products.get(line.product_id);
      return {
        product_id: line.product_id,
        blister_id: line.blister_id,
        quantity: line.quantity,
        name: product?.name ?? 'Producto no disponible',
        brand: product?.brand ?? '',
        seed_count: 0,
        price: 0,
        original_price: 0,
        discount: 0,
        stock: 0,
        available: false,
        state: 'unavailable' as const,
        image: product?.image ?? null,
        ...adjusted,
      };
    }
    const view = priceBlister({ price: blister.price, discount: blister.discount }, blister.currency, rate, blister, now);
    const onSale = blister.available && !blister.deleted_at && view !== null;
    const state = !onSale ? 'unavailable' : blister.stock <= 0 ? 'sold_out' : 'ok';
    return {
      product_id: line.product_id,
      blister_id: line.blister_id,
      quantity: line.quantity,
      name: blister.product_name,
      brand: blister.brand_name,
      seed_count: blister.seed_count,
      price: view?.final_price ?? 0,
      original_price: view?.price_in_ars ?? 0,
      discount: view?.discount ?? 0,
      stock: Math.max(0, blister.stock),
      available: state === 'ok',
      state,
      image: blister.product_image,
      ...adjusted,
    };
  });
}

/** GET /api/cart/: the customer's cart priced today. */
export async function readCart(ctx: AppContext, userId: number): Promise<ServerCart> {
  const [cart] = await ctx.db.select({ updated_at: carts.updated_at }).from(carts).where(eq(carts.user_id, userId));
  if (!cart) return { lines: [], updated_at: null };
  const lines = await priceCartLines(ctx, ctx.db, await storedLines(ctx.db, userId));
  return { lines, updated_at: cart.updated_at.toISOString() };
}

/**
 * Cuts each line with stock to that stock (marking it `adjusted`); a sold-out or withdrawn line
 * keeps its quantity, to be shown marked. One line per product and blister: the larger quantity.
 */
async function keptWithinStock(db: DbOrTx, lines: CartLineInput[]): Promise<{ kept: StoredLine[]; found: Map<number, BlisterLine> }> {
  const unique = mergeCartLines(lines);
  const found = await blisterLinesByIds(
    db,
    unique.map((l) => l.blister_id),
  );
  const kept = unique.map((line) => {
    const blister = found.get(line.blister_id);
    if (!blister || blister.product_id !== line.product_id || blister.stock <= 0 || line.quantity <= blister.stock) return line;
    return { ...line, quantity: blister.stock, adjusted: true };
  });
  return { kept, found };
}

const sameLines = (a: CartLineInput[], b: CartLineInput[]) =>
  a.length === b.length && a.every((l, i) => keyOf(l) === keyOf(b[i]) && l.quantity === b[i].quantity);

/** The customer's cart row, locked until the transaction ends; made first if there is none. */
async function lockedCart(tx: Tx, userId: number, now: Date): Promise<{ updated_at: Date }> {
  const lock = () => tx.select({ updated_at: carts.updated_at }).from(carts).where(eq(carts.user_id, userId)).for('update');
  const [row] = await lock();
  if (row) return row;
  // Two first saves at once: one inserts, the other waits for it and then locks the same row.
  await tx.insert(carts).values({ user_id: userId, updated_at: now }).onConflictDoNothing();
  const [made] = await lock();
  return made;
}

/**
 * Stores exactly these lines (kept within stock) under the customer's row lock. Nothing changes,
 * not even `updated_at` (the reminder's clock), when the lines are the stored ones; no lines
 * remove the cart, and with it its reminder mark. The answer is priced with the blisters read
 * under the lock, and the dollar rate read before it (priceCartLines).
 */
async function storeLines(ctx: AppContext, userId: number, wanted: (stored: CartLineInput[]) => CartLineInput[]): Promise<ServerCart> {
  const rate = await currentDollarRate(ctx);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const cart = await lockedCart(tx, userId, now);
    const stored = await storedLines(tx, userId);
    const { kept: lines, found } = await keptWithinStock(tx, wanted(stored));
    const answer = async (updatedAt: Date | null) => ({
      lines: await pricedWith(ctx, tx, lines, found, rate),
      updated_at: updatedAt?.toISOString() ?? null,
    });
    if (lines.length === 0) {
      await tx.delete(carts).where(eq(carts.user_id, userId));
      return answer(null);
    }
    if (sameLines(stored, lines)) return answer(cart.updated_at);
    await tx.delete(cartLines).where(eq(cartLines.user_id, userId));
    await tx.insert(cartLines).values(
      lines.map((l, position) => ({
        user_id: userId,
        product_id: l.product_id,
        blister_id: l.blister_id,
        quantity: l.quantity,
        position,
        updated_at: now,
      })),
    );
    await tx.update(carts).set({ updated_at: now }).where(eq(carts.user_id, userId));
    return answer(now);
  });
}

/** PUT /api/cart/: the cart becomes these lines. */
export const replaceCart = (ctx: AppContext, userId: number, lines: CartLineInput[]) => storeLines(ctx, userId, () => lines);

/** POST /api/cart/merge/: the browser's lines joined to the stored ones, the larger quantity of each. */
export const mergeCart = (ctx: AppContext, userId: number, lines: CartLineInput[]) =>
  storeLines(ctx, userId, (stored) => mergeCartLines(stored, lines));

/** Adds units to the stored lines (Repetir pedido): each line's quantity grows by the one given. */
export const addToCart = (ctx: AppContext, userId: number, lines: CartLineInput[]) =>
  storeLines(ctx, userId, (stored) => {
    const byKey = new Map(stored.map((l) => [keyOf(l), { ...l }]));
    for (const line of lines) {
      const seen = byKey.get(keyOf(line));
      if (seen) seen.quantity = Math.min(99, seen.quantity + line.quantity);
      else byKey.set(keyOf(line), { ...line });
    }
    return [...byKey.values()];
  });
