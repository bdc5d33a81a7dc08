// Cart arithmetic and rules (spec storefront §3 cart line, §5 add to cart and cart quantity).
// A line is one blister of one product: matched by product id and blister id
// (architecture: deliberate departure from matching removal by product id only).

export const CART_MAX_QUANTITY = 99;
export const CART_COOKIE = 'cart';
export const CART_COOKIE_DAYS = 7;

export interface CartLine {
  id: number; // product id
  blister_id: number;
  name: string;
  /** Unit price in ARS, already discounted. */
  price: number;
  original_price: number;
  discount: number;
  brand: string;
  image: string | null;
  seed_count: number;
  quantity: number;
  /** Signed in: the server's word that the line cannot be bought now (sold out or no longer sold). */
  unavailable?: 'sold_out' | 'unavailable';
}

export const sameLine = (a: Pick<CartLine, 'id' | 'blister_id'>, b: Pick<CartLine, 'id' | 'blister_id'>) =>
  a.id === b.id && a.blister_id === b.blister_id;

export class CartRuleError extends Error {}

/** Adds units of a blister; refuses a missing price and more units than `stock`. */
export function addToCart(lines: CartLine[], line: CartLine, stock: number): CartLine[] {
  if (!Number.isFinite(line.price) || line.price <= 0) throw new CartRuleError('Esta presentación no tiene precio asignado');
  if (stock <= 0) throw new CartRuleError('No hay stock disponible para esta presentación');
  const existing = lines.find((l) => sameLine(l, line));
  const wanted = (existing?.quantity ?? 0) + Math.max(1, Math.floor(line.quantity));
  const quantity = Math.min(wanted, CART_MAX_QUANTITY);
  if (quantity > stock) throw new CartRuleError(`Solo hay ${stock} unidades disponibles`);
  if (existing) return lines.map((l) => (sameLine(l, line) ? { ...line, quantity } : l));
  return [...lines, { ...line, quantity }];
}

/**
 * spec storefront §5: below 1 is raised to 1, 0 removes the line, above stock is refused.
 * `stock` is undefined when it is not known here; the server checks it again at checkout.
 */
export function setQuantity(lines: CartLine[], key: Pick<CartLine, 'id' | 'blister_id'>, quantity: number, stock?: number): CartLine[] {
  if (quantity === 0) return removeFromCart(lines, key);
  const wanted = Math.min(CART_MAX_QUANTITY, Math.max(1, Math.floor(Number.isFinite(quantity) ? quantity : 1)));
  if (stock !== undefined && wanted > stock) throw new CartRuleError(`Solo hay ${stock} unidades disponibles`);
  return lines.map((l) => (sameLine(l, key) ? { ...l, quantity: wanted } : l));
}

export function removeFromCart(lines: CartLine[], key: Pick<CartLine, 'id' | 'blister_id'>): CartLine[] {
  return lines.filter((l) => !sameLine(l, key));
}

export function cartUnits(lines: CartLine[]): number {
  return buyableLines(lines).reduce((sum, l) => sum + l.quantity, 0);
}

/** No shipping fee: the total equals the subtotal (spec storefront §2 cart). */
export function cartTotal(lines: CartLine[]): number {
  return Math.round(buyableLines(lines).reduce((sum, l) => sum + l.price * l.quantity, 0) * 100) / 100;
}

/** The lines checkout takes: a sold-out or no-longer-sold line stays in the cart, left out. */
export const buyableLines = (lines: CartLine[]) => lines.filter((l) => !l.unavailable);

/** Keeps only well-formed lines from untrusted storage. */
export function sanitizeCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  return (value as ({ [K in keyof CartLine]?: unknown } | null)[]).filter(
    (l): l is CartLine =>
      !!l &&
      typeof l === 'object' &&
      Number.isInteger(l.id) &&
      Number.isInteger(l.blister_id) &&
      typeof l.name === 'string' &&
      typeof l.price === 'number' &&
      Number.isFinite(l.price) &&
      // A line the server marked unavailable may have no price left; every other line has one.
      (l.price > 0 || ((l.unavailable === 'sold_out' || l.unavailable === 'unavailable') && l.price === 0)) &&
      typeof l.quantity === 'number' &&
      Number.isInteger(l.quantity) &&
      l.quantity >= 1 &&
      l.quantity <= CART_MAX_QUANTITY,
  );
}
