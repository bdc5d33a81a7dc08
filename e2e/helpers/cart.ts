// A cart as the browser keeps it: the `cart` cookie, so a test starts at the cart or the checkout
// without clicking through the catalog. The server checks every line's price and stock again at
// checkout, so what a test writes here is what a customer's browser could hold.
import type { BrowserContext } from 'playwright-core';
import { CART_COOKIE, type CartLine } from '../../src/domain/cart';

interface ProductInShop {
  id: number;
  name: string;
  blisters: { id: number; seed_count: number; price: number | null }[];
}

/** A line of `quantity` units of the product's first blister, at its price and without discount. */
export function cartLine(product: ProductInShop, quantity: number, line: Partial<CartLine> = {}): CartLine {
  const [blister] = product.blisters;
  const price = blister.price ?? 0;
  return {
    id: product.id,
    blister_id: blister.id,
    name: product.name,
    price,
    original_price: price,
    discount: 0,
    brand: '',
    image: null,
    seed_count: blister.seed_count,
    quantity,
    ...line,
  };
}

/** The cookie's value for these lines. */
export const encodeCart = (lines: CartLine[]) => encodeURIComponent(JSON.stringify(lines));

export async function putInCart(context: BrowserContext, url: string, lines: CartLine[]): Promise<void> {
  await context.addCookies([{ name: CART_COOKIE, value: encodeCart(lines), url }]);
}
