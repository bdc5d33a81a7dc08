// The cart, kept in the `cart` cookie (7 days, Lax, path /, Secure over https) and shared by
// every component through useSyncExternalStore.
import { useSyncExternalStore } from 'react';
import {
  addToCart,
  buyableLines,
  CART_COOKIE,
  CART_COOKIE_DAYS,
  cartTotal,
  cartUnits,
  removeFromCart,
  sameLine,
  sanitizeCart,
  setQuantity,
  type CartLine,
} from '../../domain/cart';

export type { CartLine };

// The server renders pages without the visitor's cart; the browser fills it in after hydrating.
const NO_LINES: CartLine[] = [];

function readCookie(): CartLine[] {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${CART_COOKIE}=`));
  if (!match) return NO_LINES;
  try {
    return sanitizeCart(JSON.parse(decodeURIComponent(match.slice(CART_COOKIE.length + 1))));
  } catch {
    return [];
  }
}

function writeCookie(lines: CartLine[]) {
  const value = encodeURIComponent(JSON.stringify(lines));
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = lines.length ? CART_COOKIE_DAYS * 24 * 3600 : 0;
  document.cookie = `${CART_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

let lines: CartLine[] = typeof document === 'undefined' ? NO_LINES : readCookie();
const listeners = new Set<() => void>();
/** Told of the customer's own changes, not of the server's answers (cart-sync.ts saves the former). */
const localListeners = new Set<() => void>();

function commit(next: CartLine[], local = true) {
  lines = next;
  writeCookie(lines);
  listeners.forEach((l) => l());
  if (local) localListeners.forEach((l) => l());
}

/** Calls `listener` after each change the customer makes here; returns a function that stops it. */
export function onLocalCartChange(listener: () => void): () => void {
  localListeners.add(listener);
  return () => void localListeners.delete(listener);
}

export const cart = {
  /** Throws CartRuleError with the spec's message when a rule refuses the change. */
  add: (line: CartLine, stock: number) => commit(addToCart(lines, line, stock)),
  setQuantity: (key: Pick<CartLine, 'id' | 'blister_id'>, quantity: number, stock?: number) =>
    commit(setQuantity(lines, key, quantity, stock)),
  remove: (key: Pick<CartLine, 'id' | 'blister_id'>) => commit(removeFromCart(lines, key)),
  clear: () => commit([]),
  /** Removes these lines (an order took them); the others stay. */
  removeLines: (taken: Pick<CartLine, 'id' | 'blister_id'>[]) => commit(lines.filter((l) => !taken.some((t) => sameLine(l, t)))),
  /**
   * The server's cart, as it answered: not a change of the customer's, so it is not saved back.
   * The lines already shown (the usual answer at a page load) change nothing: no cookie written,
   * nothing drawn again.
   */
  replaceFromServer: (next: CartLine[]) => {
    const answered = sanitizeCart(next);
    if (JSON.stringify(answered) !== JSON.stringify(lines)) commit(answered, false);
  },
  /** Sign-out: the browser's cart empties here only (the account's stays on the server) and belongs to nobody. */
  forget: () => {
    cartOwner.write(null);
    cartOwner.markUnsaved(false);
    commit([], false);
  },
  /** Replaces a line's prices with the server's current ones (prices change while a cart waits). */
  reprice: (key: Pick<CartLine, 'id' | 'blister_id'>, prices: Pick<CartLine, 'price' | 'original_price' | 'discount'>) => {
    const line = lines.find((l) => sameLine(l, key));
    if (!line || !(prices.price > 0)) return;
    if (line.price === prices.price && line.original_price === prices.original_price && line.discount === prices.discount) return;
    commit(lines.map((l) => (l === line ? { ...l, ...prices } : l)));
  },
  lines: () => lines,
};

const OWNER_KEY = 'cart_owner';
const UNSAVED_KEY = 'cart_unsaved';

/** Which account's server cart the cookie mirrors (cart-sync.ts): another account's sign-in merges. */
export const cartOwner = {
  read(): string | null {
    try {
      return localStorage.getItem(OWNER_KEY);
    } catch {
      return null;
    }
  },
  /** Whether a change made here may not have reached the server yet (a page left before its save). */
  unsaved(): boolean {
    try {
      return localStorage.getItem(UNSAVED_KEY) === '1';
    } catch {
      return false;
    }
  },
  markUnsaved(unsaved: boolean) {
    try {
      if (unsaved) localStorage.setItem(UNSAVED_KEY, '1');
      else localStorage.removeItem(UNSAVED_KEY);
    } catch {
      // Without storage a change left unsaved is lost on the next visit's read.
    }
  },
  write(id: number | null) {
    try {
      if (id === null) localStorage.removeItem(OWNER_KEY);
      else localStorage.setItem(OWNER_KEY, String(id));
    } catch {
      // Private modes without storage: every visit merges, which loses nothing.
    }
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useCart() {
  const current = useSyncExternalStore(
    subscribe,
    () => lines,
    () => NO_LINES,
  );
  return { lines: current, units: cartUnits(current), total: cartTotal(current), buyable: buyableLines(current) };
}
