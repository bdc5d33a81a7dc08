// A signed-in customer's cart lives on the server too (issue 38), the same on every device. The
// cookie stays what the page shows at once and what a visitor without a session has. When a
// session starts on this browser for another account (or the first time), the cookie's lines are
// merged into the server's; on a later visit of the same account the server's cart replaces the
// cookie. Every change the customer makes is saved (debounced), and the server's answer (prices,
// stock, lines cut to the stock or marked unavailable) comes back into the cookie.
import { useEffect } from 'react';
import type { ServerCart, ServerCartLine } from '../../domain/server-cart';
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
      if (stopped || seen !== changes) return;
      cartOwner.markUnsaved(false);
      cart.replaceFromServer(answer.lines.map(toCartLine));
    };
    const save = () => {
      const seen = changes;
      void api.put<ServerCart>('/api/cart/', { lines: toInput(cart.lines()) }).then(
        (answer) => apply(answer, seen),
        () => undefined,
      );
    };
    let ready = false;
    const stopListening = onLocalCartChange(() => {
      changes++;
      cartOwner.markUnsaved(true);
      // Before the first answer a save would replace the server's lines with this browser's alone.
      if (!ready) return;
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    });

    const seen = changes;
    // This browser mirrors the account's cart: the server's is the newer, unless a change made
    // here was left unsaved (the page closed before its save), which is then saved first.
    const mine = cartOwner.read() === String(userId);
    const first = !mine
      ? api.post<ServerCart>('/api/cart/merge/', { lines: toInput(cart.lines()) })
      : cartOwner.unsaved()
        ? api.put<ServerCart>('/api/cart/', { lines: toInput(cart.lines()) })
        : api.get<ServerCart>('/api/cart/');
    void first.then(
      (answer) => {
        if (stopped) return;
        cartOwner.write(userId);
        ready = true;
        if (seen === changes) apply(answer, seen);
        else {
          // Changed here meanwhile: joined to the server's lines, not put over them.
          const now = changes;
          void api.post<ServerCart>('/api/cart/merge/', { lines: toInput(cart.lines()) }).then(
            (merged) => apply(merged, now),
            () => undefined,
          );
        }
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
