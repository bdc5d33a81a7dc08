// "Repetir pedido" (issue 38): an order's lines go into the cart at today's prices; one message
// says what could not be added and which prices changed since.
import { z } from 'zod';
import { serverCartSchema } from './server-cart';
import { formatArs } from './money';
import { countOf, presentationName } from './plural';

export const REORDER_SKIP_REASONS = ['sold_out', 'unavailable', 'reduced'] as const;

const lineRef = {
  product_id: z.number().int().nullable(),
  blister_id: z.number().int().nullable(),
  /** The line as the order named it. */
  name: z.string(),
  seed_count: z.number().int().nullable(),
};

export const reorderResultSchema = z.object({
  cart: serverCartSchema,
  added: z.array(z.object({ product_id: z.number().int(), blister_id: z.number().int(), quantity: z.number().int() })),
  /** `quantity`: the units that were added (fewer than ordered for `reduced`, else 0). */
  skipped: z.array(z.object({ ...lineRef, reason: z.enum(REORDER_SKIP_REASONS), quantity: z.number().int(), ordered: z.number().int() })),
  price_changes: z.array(z.object({ ...lineRef, before: z.number(), now: z.number() })),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;

const SKIP_WORDS = {
  sold_out: () => 'sin stock',
  unavailable: () => 'ya no está a la venta',
  reduced: (added: number, ordered: number) => `solo agregamos ${added} de ${ordered} por el stock`,
} as const;

/** The one message "Repetir pedido" shows, in Spanish. */
export function reorderMessage(result: Pick<ReorderResult, 'added' | 'skipped' | 'price_changes'>): string {
  const parts: string[] = [];
  const units = result.added.reduce((sum, l) => sum + l.quantity, 0);
  parts.push(
    units > 0
      ? `Agregamos ${countOf(units, 'unidad', 'unidades')} al carrito a los precios de hoy.`
      : 'No pudimos agregar ningún producto al carrito.',
  );
  if (result.skipped.length) {
    const lines = result.skipped.map((s) => `${presentationName(s.name, s.seed_count)}: ${SKIP_WORDS[s.reason](s.quantity, s.ordered)}`);
    parts.push(`No se pudo agregar todo: ${lines.join('; ')}.`);
  }
  if (result.price_changes.length) {
    const lines = result.price_changes.map(
      (c) => `${presentationName(c.name, c.seed_count)}: antes ${formatArs(c.before)}, ahora ${formatArs(c.now)}`,
    );
    parts.push(`${result.price_changes.length === 1 ? 'Cambió el precio' : 'Cambiaron los precios'} desde tu pedido: ${lines.join('; ')}.`);
  }
  return parts.join(' ');
}
