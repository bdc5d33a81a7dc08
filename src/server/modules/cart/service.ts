// The signed-in customer's cart kept by the server (issue 38): the same lines on every device.
// It stores product, blister and quantity; every answer prices the lines anew (decision 0007) and
// marks those that cannot be bought now. A quantity above the stock is cut to it (`adjusted`).
import { sql } from 'drizzle-orm';
import { mergeCartLines, type CartLineInput, type ServerCart, type ServerCartLine } from '../../../domain/server-cart';
import { priceBlister } from '../../../domain/pricing';
import type { AppContext } from '../../context';
import { preparedRows, type DbOrTx } from '../../db/client';
import { conflict } from '../../errors';
import { cartLines, carts } from '../../db/schema';
import { blisterLinesByIds, productNamesByIds, type BlisterLine } from '../catalog';
import { getDollarRateValue } from '../site';

const keyOf = (l: { product_id: number; blister_id: number }) => `${l.product_id}:${l.blister_id}`;

type StoredLine = CartLineInput & { adjusted?: boolean };

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
  const stored = await storedCart(ctx.db, userId);
  if (stored.version === null) return { lines: [], updated_at: null };
  const lines = await priceCartLines(ctx, ctx.db, stored.lines);
  return { lines, updated_at: stored.updated_at?.toISOString() ?? null };
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

/** The cart as stored: its row's version (PostgreSQL's `xmin`, new on every write), stamp and lines. */
interface StoredCart {
  version: string | null;
  updated_at: Date | null;
  lines: CartLineInput[];
}

interface CartRow {
  version: string;
  updated_at: Date | string;
  product_id: number | null;
  blister_id: number | null;
  quantity: number | null;
}

/** The cart row with its lines in order, one row per line (one if it has none): one snapshot. */
const cartWithLines = preparedRows<CartRow>(
  'cart_with_lines',
  sql`select c.xmin::text as version, c.updated_at, l.product_id, l.blister_id, l.quantity
      from ${carts} c left join ${cartLines} l on l.user_id = c.user_id
      where c.user_id = ${sql.placeholder('user')}
      order by l.position`,
);

async function storedCart(db: DbOrTx, userId: number): Promise<StoredCart> {
  const rows = await cartWithLines(db, { user: userId });
  if (rows.length === 0) return { version: null, updated_at: null, lines: [] };
  const lines = rows.flatMap((r) =>
    r.product_id === null || r.blister_id === null || r.quantity === null
      ? []
      : [{ product_id: r.product_id, blister_id: r.blister_id, quantity: r.quantity }],
  );
  return { version: rows[0].version, updated_at: new Date(rows[0].updated_at), lines };
}

/**
 * The cart becomes `lines` only if its row is still the `version` read (none: no row yet), in one
 * statement: the row is made or stamped with `now`, lines that left are deleted and the others
 * written in their new order (a line whose quantity and place did not change keeps its row).
 * `written` is 0 when another save came first: its row lock makes this one wait, then see a new
 * version, and write nothing.
 */
const writeCartIfUnchanged = preparedRows<{ written: number }>(
  'cart_write_if_unchanged',
  sql`with made as (
        insert into ${carts} (user_id, updated_at)
        select ${sql.placeholder('user')}, ${sql.placeholder('now')}::timestamptz where ${sql.placeholder('version')}::text is null
        on conflict (user_id) do nothing
        returning user_id
      ), stamped as (
        update ${carts} c set updated_at = ${sql.placeholder('now')}::timestamptz
        where c.user_id = ${sql.placeholder('user')} and c.xmin::text = ${sql.placeholder('version')}::text
        returning c.user_id
      ), cart as (
        select user_id from made union all select user_id from stamped
      ), wanted as (
        select w.product_id, w.blister_id, w.quantity, (w.n - 1)::int as position
        from unnest(${sql.placeholder('products')}::int[], ${sql.placeholder('blisters')}::int[], ${sql.placeholder('quantities')}::int[])
          with ordinality as w(product_id, blister_id, quantity, n)
      ), gone as (
        delete from ${cartLines} l using cart
        where l.user_id = cart.user_id
          and not exists (select 1 from wanted w where w.product_id = l.product_id and w.blister_id = l.blister_id)
      ), saved as (
        insert into ${cartLines} as l (user_id, product_id, blister_id, quantity, position, updated_at)
        select cart.user_id, w.product_id, w.blister_id, w.quantity, w.position, ${sql.placeholder('now')}::timestamptz
        from wanted w cross join cart
        on conflict (user_id, product_id, blister_id) do update
          set quantity = excluded.quantity, position = excluded.position, updated_at = excluded.updated_at
          where (l.quantity, l.position) is distinct from (excluded.quantity, excluded.position)
      )
      select count(*)::int as written from cart`,
);

/** Removes the cart (its lines and reminder mark with it) if its row is still the `version` read. */
const deleteCartIfUnchanged = preparedRows<{ user_id: number }>(
  'cart_delete_if_unchanged',
  sql`delete from ${carts} c where c.user_id = ${sql.placeholder('user')} and c.xmin::text = ${sql.placeholder('version')}::text
      returning c.user_id`,
);

/** Saves that met another save of the same cart this many times in a row give up with a 409. */
const SAVE_ATTEMPTS = 5;

/**
 * Stores exactly these lines (kept within stock), computed from the stored ones: read, decide,
 * then write only if nobody wrote in between, else again from the new lines (two devices merging
 * at once both keep their lines). Three statements and no transaction held open: the read, the
 * blisters, the write. Nothing changes, not even `updated_at` (the reminder's clock), when the
 * lines are the stored ones; no lines remove the cart, and with it its reminder mark.
 */
async function storeLines(ctx: AppContext, userId: number, wanted: (stored: CartLineInput[]) => CartLineInput[]): Promise<ServerCart> {
  const rate = await currentDollarRate(ctx);
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const stored = await storedCart(ctx.db, userId);
    const { kept: lines, found } = await keptWithinStock(ctx.db, wanted(stored.lines));
    const answer = async (updatedAt: Date | null) => ({
      lines: await pricedWith(ctx, ctx.db, lines, found, rate),
      updated_at: updatedAt?.toISOString() ?? null,
    });
    if (lines.length === 0) {
      if (stored.version === null) return answer(null);
      const deleted = await deleteCartIfUnchanged(ctx.db, { user: userId, version: stored.version });
      if (deleted.length > 0) return answer(null);
      continue;
    }
    if (sameLines(stored.lines, lines)) return answer(stored.updated_at);
    const now = ctx.now();
    const [{ written }] = await writeCartIfUnchanged(ctx.db, {
      user: userId,
      version: stored.version,
      now: now.toISOString(),
      products: lines.map((l) => l.product_id),
      blisters: lines.map((l) => l.blister_id),
      quantities: lines.map((l) => l.quantity),
    });
    if (written > 0) return answer(now);
  }
  throw conflict('El carrito cambió en otro dispositivo al mismo tiempo. Intenta nuevamente.', 'CART_BUSY');
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
