// Purchase orders to the seed banks ('Compras', issue 37): the states and the one table of the
// moves between them, the payloads, what a receipt does to the lines, and the text sent to the
// bank. The service (server/modules/purchasing) goes through here for every change.
import { z } from 'zod';
import { amountField } from './amount-field';
import { formatMoney, roundCents } from './money';
import { pageQuery } from './page';
import { presentationName } from './plural';

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Borrador',
  sent: 'Enviada',
  partially_received: 'Recibida en parte',
  received: 'Recibida',
  cancelled: 'Cancelada',
};

export type PurchaseOrderAction = 'edit' | 'delete' | 'send' | 'cancel' | 'receive';

/**
 * The one table of moves: the states each action starts from. A receipt ends in
 * 'partially_received' or 'received' depending on what is left (`afterReceipt`).
 */
export const PURCHASE_ORDER_TRANSITIONS: Record<PurchaseOrderAction, { from: readonly PurchaseOrderStatus[]; to?: PurchaseOrderStatus }> = {
  edit: { from: ['draft'] },
  delete: { from: ['draft'] },
  send: { from: ['draft'], to: 'sent' },
  cancel: { from: ['draft', 'sent'], to: 'cancelled' },
  receive: { from: ['sent', 'partially_received'] },
};

export const PURCHASE_ORDER_STATE = 'PURCHASE_ORDER_STATE';
export const RECEIVE_EXCEEDS_ORDERED = 'RECEIVE_EXCEEDS_ORDERED';
export const BLISTER_NOT_OF_BRAND = 'BLISTER_NOT_OF_BRAND';

const REFUSALS: Record<PurchaseOrderAction, string> = {
  edit: 'Solo se puede modificar una compra en borrador',
  delete: 'Solo se puede eliminar una compra en borrador',
  send: 'Solo se puede enviar una compra en borrador',
  cancel: 'Solo se puede cancelar una compra en borrador o enviada',
  receive: 'Solo se puede recibir una compra enviada',
};

export const canDo = (status: PurchaseOrderStatus, action: PurchaseOrderAction) => PURCHASE_ORDER_TRANSITIONS[action].from.includes(status);

/** Why the action is refused in this state (409 PURCHASE_ORDER_STATE), or null. */
export function refusal(status: PurchaseOrderStatus, action: PurchaseOrderAction): string | null {
  if (canDo(status, action)) return null;
  return `${REFUSALS[action]} (esta está ${PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase()})`;
}

/** The state after a plain move (send, cancel); edits and deletes keep or remove the order. */
export function nextStatus(status: PurchaseOrderStatus, action: 'send' | 'cancel'): PurchaseOrderStatus {
  if (!canDo(status, action)) throw new Error(`${action} from ${status}`);
  return PURCHASE_ORDER_TRANSITIONS[action].to!;
}

// ─── Receiving ──────────────────────────────────────────────────────────────────────────────

export interface ReceiptLine {
  blister_id: number;
  quantity: number;
  unit_cost: number | null;
}

export interface OrderedLine {
  blister_id: number;
  quantity: number;
  received: number;
  unit_cost: number | null;
  name: string;
  seed_count: number;
}

export type ReceiptPlan =
  | { ok: true; lines: ReceiptLine[]; received: Map<number, number>; status: PurchaseOrderStatus }
  | { ok: false; code: typeof RECEIVE_EXCEEDS_ORDERED | typeof BLISTER_NOT_OF_BRAND; message: string; blister_id: number };

/**
 * What a receipt does: each blister's received count rises by its quantity (repeated blisters
 * add up), never past what was ordered; the unit cost is the one given, else the line's. The
 * order is 'received' once every line is complete.
 */
export function planReceipt(
  ordered: OrderedLine[],
  input: { blister_id: number; quantity: number; unit_cost?: number | null }[],
): ReceiptPlan {
  const byBlister = new Map(ordered.map((l) => [l.blister_id, l]));
  const received = new Map(ordered.map((l) => [l.blister_id, l.received]));
  const lines = new Map<number, ReceiptLine>();
  for (const item of input) {
    const line = byBlister.get(item.blister_id);
    if (!line) {
      return { ok: false, code: BLISTER_NOT_OF_BRAND, message: 'Esa presentación no está en esta compra', blister_id: item.blister_id };
    }
    const total = received.get(item.blister_id)! + item.quantity;
    if (total > line.quantity) {
      const left = line.quantity - line.received;
      return {
        ok: false,
        code: RECEIVE_EXCEEDS_ORDERED,
        message: `${presentationName(line.name, line.seed_count)}: se pidieron ${line.quantity} y quedan por recibir ${left}; no se puede recibir más de lo pedido`,
        blister_id: item.blister_id,
      };
    }
    received.set(item.blister_id, total);
    const was = lines.get(item.blister_id);
    lines.set(item.blister_id, {
      blister_id: item.blister_id,
      quantity: (was?.quantity ?? 0) + item.quantity,
      unit_cost: item.unit_cost ?? was?.unit_cost ?? line.unit_cost,
    });
  }
  const complete = ordered.every((l) => received.get(l.blister_id) === l.quantity);
  return { ok: true, lines: [...lines.values()], received, status: complete ? 'received' : 'partially_received' };
}

/** Units times unit cost, lines without a cost left out. */
export function totalCost(lines: { quantity: number; unit_cost: number | null }[]): number {
  return roundCents(lines.reduce((sum, l) => sum + (l.unit_cost == null ? 0 : l.unit_cost * l.quantity), 0));
}

export const purchaseOrderLabel = (number: number) => `OC-${number}`;

/** The order as text for the bank's WhatsApp: one line per blister, the note, the total. */
export function purchaseOrderText(po: {
  number: number;
  brand_name: string;
  note: string;
  lines: { name: string; seed_count: number; quantity: number; unit_cost: number | null }[];
}): string {
  const lines = po.lines.map(
    (l) => `• ${l.quantity} × ${presentationName(l.name, l.seed_count)}${l.unit_cost == null ? '' : ` (${formatMoney(l.unit_cost)} c/u)`}`,
  );
  const total = totalCost(po.lines);
  return [
    `Hola, ${po.brand_name}: te paso la orden de compra ${purchaseOrderLabel(po.number)}.`,
    '',
    ...lines,
    '',
    ...(total > 0 ? [`Total estimado: ${formatMoney(total)}`] : []),
    ...(po.note.trim() ? [`Nota: ${po.note.trim()}`] : []),
    '¡Gracias!',
  ].join('\n');
}

// ─── Payloads and answers ───────────────────────────────────────────────────────────────────

const MAX_LINES = 500;
const MAX_QUANTITY = 100_000;
const MAX_COST = 99_999_999;

const idField = (message: string) => z.number({ error: message }).int(message).min(1, message).max(2147483647, message);
const quantity = amountField('La cantidad es requerida', 'La cantidad debe ser un número entero', { integer: true }).pipe(
  z.number().min(1, 'La cantidad debe ser mayor que 0').max(MAX_QUANTITY, 'La cantidad es demasiado alta'),
);
const unitCost = amountField('El costo es requerido', 'Ingresa un costo válido')
  .pipe(z.number().min(0, 'El costo no puede ser negativo').max(MAX_COST, 'El costo es demasiado alto'))
  .transform(roundCents)
  .nullish();

const lineSchema = z.object({ blister_id: idField('Presentación inválida'), quantity, unit_cost: unitCost });

const lineList = z
  .array(lineSchema, { error: 'Las líneas deben ser una lista' })
  .min(1, 'Agrega al menos una presentación')
  .max(MAX_LINES, `Una compra puede tener hasta ${MAX_LINES} líneas`)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((line, index) => {
      if (seen.has(line.blister_id))
        ctx.addIssue({ code: 'custom', path: [index, 'blister_id'], message: 'La presentación está repetida' });
      seen.add(line.blister_id);
    });
  });

const note = z.string({ error: 'La nota debe ser un texto' }).trim().max(2000, 'La nota no puede superar 2000 caracteres');

/** POST /api/purchase-orders/ and PUT /api/purchase-orders/{id}/ (drafts). */
export const purchaseOrderInputSchema = z.object({
  brand_id: idField('Marca inválida'),
  note: note.optional().default(''),
  lines: lineList,
});
export type PurchaseOrderInput = z.output<typeof purchaseOrderInputSchema>;

/** POST /api/purchase-orders/{id}/send/ and /cancel/: nothing to say, the body may be left out. */
export const purchaseOrderMoveSchema = z.object({}).optional();

/** POST /api/purchase-orders/{id}/receive/ */
export const receiveInputSchema = z.object({
  lines: z
    .array(lineSchema, { error: 'Las líneas deben ser una lista' })
    .min(1, 'Indica qué se recibió')
    .max(MAX_LINES, `Una recepción puede tener hasta ${MAX_LINES} líneas`),
  receipt_key: z.string({ error: 'receipt_key debe ser un texto' }).trim().min(1).max(100, 'receipt_key es demasiado largo').optional(),
});
export type ReceiveInput = z.output<typeof receiveInputSchema>;

export const purchaseOrderLineDtoSchema = z.object({
  blister_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  seed_count: z.number().int(),
  quantity: z.number().int(),
  received: z.number().int(),
  unit_cost: z.number().nullable(),
});

export const purchaseOrderDtoSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  note: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  received_at: z.string().nullable(),
  lines: z.array(purchaseOrderLineDtoSchema),
  total_cost: z.number(),
  /** The text to paste in the bank's WhatsApp. */
  text: z.string(),
});
export type PurchaseOrderDto = z.infer<typeof purchaseOrderDtoSchema>;

export const purchaseOrderListQuerySchema = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES, { error: 'Estado inválido' }).optional(),
  brand_id: z.coerce
    .number({ error: 'Marca inválida' })
    .int('Marca inválida')
    .min(1, 'Marca inválida')
    .max(2147483647, 'Marca inválida')
    .optional(),
  ...pageQuery,
});
