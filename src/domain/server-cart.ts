// The signed-in customer's cart kept by the server (issue 38): product, blister and quantity
// only; every answer reads prices and stock fresh. Apart from cart.ts, whose rules the
// storefront's first load runs: these schemas bring zod, which the first load leaves out.
import { z } from 'zod';
import { CART_MAX_QUANTITY } from './cart';

const QUANTITY_MESSAGE = `La cantidad debe ser un número entero entre 1 y ${CART_MAX_QUANTITY}`;
/** More lines than a cart sensibly holds: a bound on what one request may ask the server to store. */
export const CART_MAX_LINES = 100;

export const cartLineInputSchema = z.object({
  product_id: z.number({ error: 'Producto inválido' }).int('Producto inválido').positive('Producto inválido'),
  blister_id: z.number({ error: 'Presentación inválida' }).int('Presentación inválida').positive('Presentación inválida'),
  quantity: z.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(1, QUANTITY_MESSAGE).max(CART_MAX_QUANTITY, QUANTITY_MESSAGE),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

export const cartUpdateSchema = z.object({
  lines: z.array(cartLineInputSchema).max(CART_MAX_LINES, `El carrito admite hasta ${CART_MAX_LINES} productos`),
});

/** Why a line cannot be bought now: its blister has no units, or it is no longer sold. */
export const CART_LINE_STATES = ['ok', 'sold_out', 'unavailable'] as const;

export const serverCartLineSchema = z.object({
  product_id: z.number().int(),
  blister_id: z.number().int(),
  quantity: z.number().int(),
  name: z.string(),
  brand: z.string(),
  seed_count: z.number().int(),
  /** Unit price in ARS today, discounted; 0 when the blister has no price or is gone. */
  price: z.number(),
  original_price: z.number(),
  discount: z.number(),
  stock: z.number().int(),
  /** False for a sold-out or no-longer-sold line: shown, marked, and left out of checkout. */
  available: z.boolean(),
  state: z.enum(CART_LINE_STATES),
  image: z.string().nullable(),
  /** Present when the quantity asked for was cut to the stock. */
  adjusted: z.boolean().optional(),
});
export type ServerCartLine = z.infer<typeof serverCartLineSchema>;

export const serverCartSchema = z.object({ lines: z.array(serverCartLineSchema), updated_at: z.string().nullable() });
export type ServerCart = z.infer<typeof serverCartSchema>;

const lineKey = (l: { product_id: number; blister_id: number }) => `${l.product_id}:${l.blister_id}`;

/** One line per product and blister, the larger quantity kept, in the order they first appear. */
export function mergeCartLines(...lists: CartLineInput[][]): CartLineInput[] {
  const merged = new Map<string, CartLineInput>();
  for (const line of lists.flat()) {
    const seen = merged.get(lineKey(line));
    if (!seen || line.quantity > seen.quantity) merged.set(lineKey(line), { ...line });
  }
  return [...merged.values()];
}
