// The manual order's form: the draft as staff fill it, read into the POST /api/orders/manual/ body
// and checked by the server's own schema (manualOrderSchema), so a refusal says the same before and
// after sending and is keyed as the server keys it ('customer_email', 'address.street', …).
import { z } from 'zod';
import type { FieldErrors } from 'react-hook-form';
import type { PaymentMethod } from '../../../../../domain/fulfilment-steps';
import { manualOrderSchema } from '../../../../../domain/orders';
import type { ShippingOption } from '../../../../../domain/shipping';
import type { ManualOrderBody } from '../api';
import type { CustomerDraft } from './CustomerFields';
import { deliveryBody, type DraftDelivery, type DraftLine } from './order-draft';

export interface PaymentDraft {
  method: PaymentMethod;
  paid_at: string;
  /** null: the order's total. */
  amount: string | null;
}

export interface ManualOrderDraft {
  customer: CustomerDraft;
  lines: DraftLine[];
  delivery: DraftDelivery;
  payment: PaymentDraft | null;
  note: string;
}

function draftBody({ customer, lines, delivery, payment, note }: ManualOrderDraft, option: ShippingOption | undefined): ManualOrderBody {
  return {
    customer_email: customer.email,
    first_name: customer.first_name || undefined,
    last_name: customer.last_name || undefined,
    phone: customer.phone,
    products: lines.map(({ product_id, blister_id, quantity }) => ({ product_id, blister_id, quantity })),
    ...deliveryBody(delivery, option),
    payment: payment ? { method: payment.method, paid_at: payment.paid_at, amount: payment.amount ?? undefined } : undefined,
    note: note.trim() || undefined,
  };
}

/** The draft read into the body, with the server's refusals; `option`: the shipping quote chosen. */
export const manualOrderFormSchema = (option: ShippingOption | undefined) =>
  z
    .custom<ManualOrderDraft>()
    .transform((draft) => draftBody(draft, option))
    .check((ctx) => {
      for (const issue of manualOrderSchema.safeParse(ctx.value).error?.issues ?? [])
        ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: ctx.value });
    });

/** A form's errors by the server's names, as the draft's parts read them (`errors['address.street']`). */
export function errorsByName(errors: FieldErrors, prefix = ''): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string') found[name] = [value.message];
    else Object.assign(found, errorsByName(value as FieldErrors, name));
  }
  return found;
}
