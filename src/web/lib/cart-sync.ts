// A signed-in customer's cart lives on the server too (issue 38), the same on every device. The
// cookie stays what the page shows at once and what a visitor without a session has. When a
// session starts on this browser for another account (or the first time), the cookie's lines are
// merged into the server's; on a later visit of the same account the server's cart replaces the
// cookie. Every change the customer makes is saved (debounced), and the server's answer (prices,
// stock, lines cut to the stock or marked unavailable) comes back into the cookie.
import { useEffect } from 'react';
import type { ServerCart, ServerCartLine } from '../../domain/cart';
import { api } from './api';
import { cart, cartOwner, onLocalCartChange, type CartLine } from './cart-store';
import { useSession } from './session';

const SAVE_DELAY_MS = 300;

const toInput = (lines: CartLine[]) => lines.map((l) => ({ product_id: l.id, blister_id: l.blister_id, quantity: l.quantity }));

/** A line of the server's answer as the cookie keeps it. */
export function toCartLine(line: ServerCartLine): CartLine {
  return {
    id: line.product_id,
    blister_id: line.blister_id,
    name: line.name,
    price: line.price,
    original_price: line.original_price,
    discount: line.discount,
    brand: line.brand,
    image: line.image,
    seed_count: line.seed_count,
    quantity: line.quantity,
    ...(line.state === 'ok' ? {} : { unavailable: line.state }),
  };
}

/** Mounted once inside the session: keeps the two carts together while a customer is signed in. */
export function CartSync() {
  const { status, user } = useSession();
  const userId = status === 'authenticated' ? user?.id : undefined;

  useEffect(() => {
    if (userId === undefined) return;
    let stopped = false;
    let changes = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const apply = (answer: ServerCart, seen: number) => {
      // A change made while the answer travelled wins: it is saved next.
      if (!stopped && seen === changes) cart.replaceFromServer(answer.lines.map(toCartLine));
    };
    const save = () => {
      const seen = changes;
      void api.put<ServerCart>('/api/cart/', { lines: toInput(cart.lines()) }).then(
        (answer) => apply(answer, seen),
        () => undefined,
      );
    };
    const stopListening = onLocalCartChange(() => {
      changes++;
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    });

    const seen = changes;
    const first =
      cartOwner.read() === String(userId)
        ? api.get<ServerCart>('/api/cart/')
        : api.post<ServerCart>('/api/cart/merge/', { lines: toInput(cart.lines()) });
    void first.then(
      (answer) => {
        if (stopped) return;
        cartOwner.write(userId);
        if (seen === changes) apply(answer, seen);
        else save();
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      stopListening();
      // A change still waiting is saved: the token is still good at this point.
      if (timer !== undefined) {
        clearTimeout(timer);
        save();
      }
    };
  }, [userId]);

  return null;
}
