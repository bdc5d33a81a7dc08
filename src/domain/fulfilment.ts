// The steps inside a pending order: how the customer pays (the shop's payment details), the
// payment staff record, the shipment with its tracking, and the staff's bulk actions and notes.
// The spec's three statuses stay as they are; these steps live inside "pending".
import { z } from 'zod';
import { amountField } from './amount-field';
import { CARRIERS, formatCuit, PAYMENT_METHODS, type Carrier } from './fulfilment-steps';
import { hasWholeCents } from './money';
import { shopWhatsappField } from './phone';
import { shopDate, shopInstant } from './dates';

// The zod-free pieces live in fulfilment-steps.ts (the account page imports them); these names
// stay importable from here too.
export {
  CARRIER_LABELS,
  CARRIERS,
  formatCuit,
  FULFILMENT_STAGES,
  orderTimeline,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  trackingUrl,
  whatsappNumber,
  whatsappUrl,
  type Carrier,
  type FulfilmentStage,
} from './fulfilment-steps';

// ---------------------------------------------------------------------------------------------
// Payment settings (GET/PUT /api/core/payment-settings/, staff)

/** Whether a CBU or CVU's two check digits hold (BCRA: blocks of 8 and 14 digits). */
export function isValidCbu(value: string): boolean {
  if (!/^\d{22}$/.test(value)) return false;
  const checkDigit = (digits: string, weights: number[]) => {
    const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * weights[i % weights.length], 0);
    return (10 - (sum % 10)) % 10;
  };
  const first = value.slice(0, 8);
  const second = value.slice(8);
  return (
    checkDigit(first.slice(0, 7), [7, 1, 3, 9]) === Number(first[7]) && checkDigit(second.slice(0, 13), [3, 9, 7, 1]) === Number(second[13])
  );
}

/** Whether a CUIT/CUIL's check digit holds (AFIP modulo 11). */
export function isValidCuit(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  const check = 11 - (sum % 11);
  const expected = check === 11 ? 0 : check === 10 ? 9 : check;
  return expected === Number(value[10]);
}

const optionalText = (max: number, label: string, plural = false) =>
  z
    .string({ error: `${label} ${plural ? 'deben' : 'debe'} ser texto` })
    .trim()
    .max(max, `${label} no ${plural ? 'pueden' : 'puede'} superar ${max} caracteres`)
    .default('');

export const PAYMENT_INSTRUCTIONS_MAX = 1000;

export const paymentSettingsSchema = z.object({
  bank_holder: optionalText(100, 'El titular'),
  cbu: z
    .string({ error: 'El CBU/CVU debe ser texto' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{22}$/.test(v), 'El CBU/CVU debe tener 22 dígitos')
    .refine((v) => v === '' || !/^\d{22}$/.test(v) || isValidCbu(v), 'El CBU/CVU no es válido: revisa los dígitos')
    .default(''),
  alias: z
    .string({ error: 'El alias debe ser texto' })
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9.-]{6,20}$/.test(v), 'El alias debe tener entre 6 y 20 letras, números, puntos o guiones')
    .default(''),
  bank_name: optionalText(100, 'El banco'),
  cuit: z
    .string({ error: 'El CUIT debe ser texto' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{11}$/.test(v), 'El CUIT debe tener 11 dígitos')
    .refine((v) => v === '' || !/^\d{11}$/.test(v) || isValidCuit(v), 'El CUIT no es válido: revisa los dígitos')
    .default(''),
  other_instructions: optionalText(PAYMENT_INSTRUCTIONS_MAX, 'Las instrucciones', true),
  // Left out, the stored one stays: 'Contacto' edits the same number.
  whatsapp_number: shopWhatsappField(),
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsSchema>;
/** What PUT stores: '' clears a field; a WhatsApp left out is kept. */
export type PaymentSettingsUpdate = z.output<typeof paymentSettingsSchema>;
/** What GET answers: every field a string, '' when not set. */
export type PaymentSettings = Required<PaymentSettingsUpdate>;

/** A shop that has not filled in its payment details yet. */
export const NO_PAYMENT_SETTINGS: PaymentSettings = {
  bank_holder: '',
  cbu: '',
  alias: '',
  bank_name: '',
  cuit: '',
  other_instructions: '',
  whatsapp_number: '',
};

export const paymentSettingsDtoSchema = z.object({
  bank_holder: z.string(),
  cbu: z.string(),
  alias: z.string(),
  bank_name: z.string(),
  cuit: z.string(),
  other_instructions: z.string(),
  whatsapp_number: z.string(),
});

/**
 * The text a customer reads to pay: amount, order number and the transfer details, in the
 * confirmation e-mail, the account's order card and the WhatsApp message. Null when the shop has
 * set no details at all.
 */
export function paymentInstructions(settings: PaymentSettings): string | null {
  const lines = [
    settings.bank_holder && `Titular: ${settings.bank_holder}`,
    settings.bank_name && `Banco: ${settings.bank_name}`,
    settings.cbu && `CBU/CVU: ${settings.cbu}`,
    settings.alias && `Alias: ${settings.alias}`,
    settings.cuit && `CUIT: ${formatCuit(settings.cuit)}`,
  ].filter(Boolean);
  const transfer = lines.length ? `Transferencia bancaria\n${lines.join('\n')}` : '';
  const text = [transfer, settings.other_instructions].filter(Boolean).join('\n\n');
  return text || null;
}

// ---------------------------------------------------------------------------------------------
// Payment

export const NOTE_MAX = 500;

/** An ISO date (2026-11-27) or date-time; the server refuses one in the future. */
const paidAtSchema = z
  .string({ error: 'La fecha de pago es inválida' })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'La fecha de pago es inválida');

/**
 * The instant of a payment date as staff give it, on the shop's clock:
 * a bare date is that day at noon, or now when it is today; a date-time without an offset is
 * Argentine time. Without a date, now.
 */
export function paidAtInstant(value: string | undefined, now: Date): Date {
  if (!value) return now;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return value === shopDate(now) ? now : shopInstant(`${value}T12:00:00`);
  }
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
  return hasOffset ? new Date(value) : shopInstant(value);
}

/**
 * The instant of a corrected payment: the one recorded, unless staff name another day (or time).
 * A correction of the method, amount or note sends the day it shows, which must not move the
 * payment to the moment of the correction.
 */
export function correctedPaidAt(value: string | undefined, recorded: Date, now: Date): Date {
  if (!value || value === shopDate(recorded)) return recorded;
  return paidAtInstant(value, now);
}

/** Money that moved (a payment in, a refund out): its amount, as typed the Argentine way, and a note. */
const movedMoneyFields = {
  amount: amountField('El monto debe ser un número', 'El monto debe ser un número')
    .pipe(
      z
        .number()
        .positive('El monto debe ser mayor a 0')
        .max(1_000_000_000, 'El monto es demasiado grande')
        .refine(hasWholeCents, 'El monto puede tener como máximo 2 decimales'),
    )
    .optional(),
  note: z.string({ error: 'La nota debe ser texto' }).trim().max(NOTE_MAX, `La nota no puede superar ${NOTE_MAX} caracteres`).optional(),
};

/** POST /api/orders/{id}/payment/ (staff). Without amount, the order's total; without date, now. */
export const recordPaymentSchema = z.object({
  paid_at: paidAtSchema.optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'Selecciona un medio de pago' }),
  ...movedMoneyFields,
});
export type RecordPaymentInput = z.output<typeof recordPaymentSchema>;

/** POST /api/orders/{id}/refund/ (staff): without amount, what was paid; without date, now. */
export const recordRefundSchema = z.object({
  refunded_at: paidAtSchema.optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'Selecciona un medio de devolución' }),
  ...movedMoneyFields,
});
export type RecordRefundInput = z.output<typeof recordRefundSchema>;

export const paymentDtoSchema = z.object({
  paid_at: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  /** Staff only: absent from the customer's order. */
  note: z.string().nullable().optional(),
});
export type PaymentDto = z.infer<typeof paymentDtoSchema>;

// ---------------------------------------------------------------------------------------------
// Shipment

export const TRACKING_CODE_MAX = 60;
const trackingCodeSchema = z
  .string({ error: 'El código de seguimiento debe ser texto' })
  .trim()
  .max(TRACKING_CODE_MAX, `El código de seguimiento no puede superar ${TRACKING_CODE_MAX} caracteres`)
  .refine((v) => v === '' || /^[A-Za-z0-9\-_.]+$/.test(v), 'El código de seguimiento solo admite letras, números, guiones y puntos');

const carrierSchema = z.enum(CARRIERS, { error: 'Selecciona un transporte' });

/**
 * The carrier a shipment records: the one staff chose, else the order's own shipping method's
 * (its copy on the order); null when neither is known and staff must choose.
 */
export function shipmentCarrier(chosen: Carrier | undefined, own: Carrier | null): Carrier | null {
  return chosen ?? own;
}

/** POST /api/orders/{id}/shipment/ (staff). */
export const recordShipmentSchema = z.object({
  carrier: carrierSchema,
  tracking_code: trackingCodeSchema.optional(),
});
export type RecordShipmentInput = z.output<typeof recordShipmentSchema>;

export const shipmentDtoSchema = z.object({
  carrier: z.enum(CARRIERS),
  tracking_code: z.string().nullable(),
  tracking_url: z.string().nullable(),
  shipped_at: z.string(),
});
export type ShipmentDto = z.infer<typeof shipmentDtoSchema>;

// ---------------------------------------------------------------------------------------------
// Internal notes and bulk actions (staff)

export const INTERNAL_NOTES_MAX = 2000;

/** PUT /api/orders/{id}/internal-notes/ (staff): replaces the order's notes. */
export const internalNotesSchema = z.object({
  internal_notes: z
    .string({ error: 'Las notas deben ser texto' })
    .trim()
    .max(INTERNAL_NOTES_MAX, `Las notas no pueden superar ${INTERNAL_NOTES_MAX} caracteres`),
});

export const BULK_ACTIONS = ['mark_paid', 'mark_shipped', 'complete', 'cancel'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_MAX_ORDERS = 100;

const orderIdSchema = z.coerce.number({ error: 'Pedido inválido' }).int('Pedido inválido').positive('Pedido inválido');

/** POST /api/orders/bulk/ (staff). mark_paid records each order's total, paid on `paid_at` with `method`. */
export const bulkOrderActionSchema = z.object({
  ids: z
    .array(orderIdSchema, { error: 'Selecciona al menos un pedido' })
    .min(1, 'Selecciona al menos un pedido')
    .max(BULK_MAX_ORDERS, `Puedes cambiar hasta ${BULK_MAX_ORDERS} pedidos a la vez`)
    .transform((ids) => [...new Set(ids)]),
  action: z.enum(BULK_ACTIONS, { error: 'Acción inválida' }),
  // mark_shipped: each order goes with its own shipping method's carrier, unless `carriers`
  // names another for it (by id), or `carrier` one for every order `carriers` does not name.
  carrier: carrierSchema.optional(),
  carriers: z.record(z.string(), carrierSchema).optional(),
  tracking_codes: z.record(z.string(), trackingCodeSchema).optional(),
  // mark_paid: the day and method of every payment (default today, transfer).
  paid_at: paidAtSchema.optional(),
  method: recordPaymentSchema.shape.method.optional(),
});
export type BulkOrderActionInput = z.output<typeof bulkOrderActionSchema>;

export const bulkOrderResultSchema = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), error: z.string().optional() })),
});
export type BulkOrderResult = z.infer<typeof bulkOrderResultSchema>;
