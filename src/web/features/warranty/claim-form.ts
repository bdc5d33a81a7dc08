// The warranty claim form's values, its validation and the body it sends (spec accounts-admin
// §2 warranty, §5 warranty claim). Validation runs the domain schema the server applies, plus
// the date rules against the chosen order's purchase date, which only the page knows beforehand.
import { z } from 'zod';
import { ACCEPTED_IMAGE_TYPES, INVALID_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGES } from '../../../domain/uploads';
import {
  checkClaimDates,
  type EligibleOrderDto,
  type PurchaseType,
  WARRANTY_MAX_PHOTOS,
  WARRANTY_MESSAGES,
  WARRANTY_PHOTO_MAX_BYTES,
  warrantyClaimSchema,
} from '../../../domain/warranty';

export interface ClaimFormValues {
  purchase_type: PurchaseType;
  order_id: string;
  product_id: string;
  name: string;
  email: string;
  purchase_date: string;
  germination_date: string;
  product_name: string;
  description: string;
}

/** The keys the server uses for field errors (spec §2), plus product_id. */
export type ClaimField =
  | 'name'
  | 'email'
  | 'order_id'
  | 'product_id'
  | 'purchase_date'
  | 'germination_date'
  | 'product_name'
  | 'description'
  | 'photos'
  | 'general';
export type ClaimErrors = Partial<Record<ClaimField, string>>;

export const EMPTY_CLAIM: ClaimFormValues = {
  purchase_type: 'without-order',
  order_id: '',
  product_id: '',
  name: '',
  email: '',
  purchase_date: '',
  germination_date: '',
  product_name: '',
  description: '',
};

export interface ClaimContext {
  guest: boolean;
  /** Today in the shop's time zone, YYYY-MM-DD. */
  today: string;
  /** The eligible order picked in with-order mode. */
  order?: EligibleOrderDto;
}

/** What the form shows in the read-only fields of a with-order claim. */
export function orderFill(order: EligibleOrderDto | undefined, productId: string) {
  return {
    purchase_date: order?.purchase_date ?? '',
    product_name: order?.products.find((p) => String(p.id) === productId)?.name ?? '',
  };
}

/** The POST /api/warranty-claims/ body; photo URLs come from the uploads. */
export function toClaimBody(values: ClaimFormValues, photos: string[], ctx: ClaimContext): Record<string, unknown> {
  const photoFields = { photo1: photos[0] ?? '', photo2: photos[1] ?? '', photo3: photos[2] ?? '' };
  const common = {
    germination_date: values.germination_date,
    description: values.description.trim(),
    ...photoFields,
  };
  if (!ctx.guest && values.purchase_type === 'with-order') {
    const fill = orderFill(ctx.order, values.product_id);
    const orderId = values.order_id ? Number(values.order_id) : undefined;
    return {
      purchase_type: 'with-order',
      order_id: orderId,
      order: orderId,
      order_number: orderId,
      product_id: values.product_id ? Number(values.product_id) : undefined,
      purchase_date: fill.purchase_date,
      product_name: fill.product_name,
      use_authenticated_user: true,
      ...common,
    };
  }
  return {
    purchase_type: 'without-order',
    name: values.name.trim(),
    email: values.email.trim(),
    purchase_date: values.purchase_date,
    product_name: values.product_name.trim(),
    ...(ctx.guest ? {} : { use_authenticated_user: true }),
    ...common,
  };
}

/** Field errors of the form as it stands, with the spec's messages; empty when it may be sent. */
export function validateClaim(values: ClaimFormValues, photoCount: number, ctx: ClaimContext): ClaimErrors {
  // Stand-ins for photos not uploaded yet: the schema only counts them here.
  const stand = Array.from({ length: photoCount }, (_, i) => `/uploads/warranty/pending-${i}.webp`);
  const body = toClaimBody(values, stand, ctx);
  const result = warrantyClaimSchema({ guest: ctx.guest, today: ctx.today }).safeParse(body);
  const errors: ClaimErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = (issue.path[0] === 'order' ? 'order_id' : issue.path[0]) as ClaimField | undefined;
      const key: ClaimField = field && field !== 'general' ? field : 'general';
      errors[key] ??= issue.message;
    }
  }
  if (!ctx.guest && values.purchase_type === 'with-order' && ctx.order && values.germination_date && !errors.germination_date) {
    const dates = checkClaimDates(ctx.order.purchase_date, values.germination_date, ctx.today);
    if (dates.germination_date) errors.germination_date = dates.germination_date;
  }
  return errors;
}

/** validateClaim as the form's schema: `purchaseType` as the page decides it, the photos counted. */
export const claimFormSchema = (purchaseType: PurchaseType, photoCount: number, ctx: ClaimContext) =>
  z.custom<ClaimFormValues>().check((check) => {
    const errors = validateClaim({ ...check.value, purchase_type: purchaseType }, photoCount, ctx);
    for (const [field, message] of Object.entries(errors))
      check.issues.push({ code: 'custom', message, path: [field], input: check.value });
  });

/** Why a chosen file cannot be a claim photo, or null (spec §5: an image of at most 5 MB). */
export function photoProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return INVALID_IMAGE_MESSAGE;
  if (file.size > WARRANTY_PHOTO_MAX_BYTES) return UPLOAD_TOO_LARGE_MESSAGES.warranty;
  return null;
}

export const MAX_PHOTOS = WARRANTY_MAX_PHOTOS;
export const TOO_MANY_PHOTOS = WARRANTY_MESSAGES.photosTooMany;
