// @vitest-environment happy-dom
// The server's answer at each signed-in page load (cart-sync.ts) is usually the cart already
// shown: it must not write the cookie or draw the cart's readers again.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cart, onLocalCartChange, useCart, type CartLine } from './cart-store';

const line = (quantity: number): CartLine => ({
  id: 1,
  blister_id: 2,
  name: 'Northern Lights',
  price: 10000,
  original_price: 10000,
  discount: 0,
  brand: 'Banco',
  image: null,
  seed_count: 3,
  quantity,
});

describe('cart.replaceFromServer', () => {
  afterEach(() => cart.forget());

  it('leaves the cart, its cookie and its readers alone when the server answers the lines shown', () => {
    cart.replaceFromServer([line(2)]);
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useCart();
    });
    const cookie = document.cookie;
    const shown = result.current.lines;
    let local = 0;
    const stop = onLocalCartChange(() => local++);
    try {
      act(() => cart.replaceFromServer([line(2)]));
      expect(renders).toBe(1);
      expect(result.current.lines).toBe(shown);
      expect(document.cookie).toBe(cookie);

      // Another device changed the cart: shown, and not saved back.
      act(() => cart.replaceFromServer([line(3)]));
      expect(renders).toBe(2);
      expect(result.current.units).toBe(3);
      expect(decodeURIComponent(document.cookie)).toContain('"quantity":3');
      expect(local).toBe(0);
    } finally {
      stop();
    }
  });
});
