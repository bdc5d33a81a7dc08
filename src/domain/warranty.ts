// Germination warranty claims (spec accounts-admin §2 warranty, §3, §4 claim status, §5 rules,
// §7 warranty): statuses and their texts, the claim form rules and the admin update.
import { z } from 'zod';
import { pageQuery } from './page';
import { isSingleLine, singleLine } from './single-line';

export const WARRANTY_STATUSES = ['pending', 'reviewing', 'approved', 'rejected', 'resolved'] as const;
export type WarrantyStatus = (typeof WARRANTY_STATUSES)[number];

export const WARRANTY_STATUS_LABELS: Record<WarrantyStatus, string> = {
  pending: 'Pendiente',
  reviewing: 'En Revisión',
  approved: 'Aprobada',
  rejected: 'Rechazada',
  resolved: 'Resuelta',
};

// spec accounts-admin §4: the message a customer reads for each state.
export const WARRANTY_STATUS_MESSAGES: Record<WarrantyStatus, string> = {
  pending: 'Recibimos tu solicitud y está pendiente de revisión.',
  reviewing: 'Estamos revisando tu solicitud y las fotos que enviaste.',
  approved: 'Tu solicitud fue aprobada. Nos pondremos en contacto contigo.',
  rejected: 'Tu solicitud no cumple con los requisitos de la garantía.',
  resolved: 'Tu solicitud fue resuelta satisfactoriamente.',
};

// spec accounts-admin §4: the resolution details field appears only for resolved or approved.
export const STATUSES_WITH_RESOLUTION: readonly WarrantyStatus[] = ['approved', 'resolved'];

// spec accounts-admin §5: only pending or completed orders are eligible.
export const ELIGIBLE_ORDER_STATUSES = ['pending', 'completed'] as const;

export const PURCHASE_TYPES = ['with-order', 'without-order'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

// spec accounts-admin §9: photos min 1, max 3, up to 5 MB each; description min 10 characters.
export const WARRANTY_MIN_PHOTOS = 1;
export const WARRANTY_MAX_PHOTOS = 3;
export const WARRANTY_PHOTO_MAX_BYTES = 5_242_880;
export const WARRANTY_DESCRIPTION_MIN = 10;
export const WARRANTY_PAGE_SIZE = 20;
export const WARRANTY_SUCCESS_MESSAGE = 'Solicitud enviada con éxito, respuesta en 48-72 horas hábiles';

export const WARRANTY_MESSAGES = {
  purchaseRequired: 'La fecha de compra es obligatoria',
  purchaseFuture: 'La fecha de compra no puede ser futura',
  germinationRequired: 'La fecha de germinación es obligatoria',
  germinationFuture: 'La fecha de germinación no puede ser futura',
  germinationBeforePurchase: 'La fecha de germinación no puede ser anterior a la fecha de compra',
  germinationSameDay: 'La germinación no puede ser el mismo día de la compra',
  productRequired: 'El nombre del producto es obligatorio',
  descriptionRequired: 'La descripción del problema es obligatoria',
  descriptionShort: 'La descripción debe ser más detallada (mínimo 10 caracteres)',
  photosRequired: 'Debes subir al menos una foto del problema',
  photosTooMany: 'Puedes subir hasta 3 fotos',
  photoInvalid: 'Por favor selecciona una imagen válida',
  photoTooLarge: 'La imagen no debe superar los 5MB',
  orderRequired: 'Debes seleccionar un pedido',
  productFromOrderRequired: 'Debes seleccionar un producto del pedido',
  orderNotEligible: 'El pedido seleccionado no es válido para una garantía',
  productNotInOrder: 'El producto seleccionado no pertenece al pedido',
  orderNeedsLogin: 'Debes iniciar sesión para elegir un pedido',
  nameRequired: 'El nombre es obligatorio',
  emailRequired: 'El correo electrónico es obligatorio',
  emailInvalid: 'Debes proporcionar un correo electrónico válido',
  invalidDate: 'Fecha inválida',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (a datetime is cut to its day). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1990 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface ClaimDateErrors {
  purchase_date?: string;
  germination_date?: string;
}

/** spec accounts-admin §5 date rules; dates are YYYY-MM-DD, `today` in the shop's time zone. */
export function checkClaimDates(purchase: string | undefined, germination: string | undefined, today: string): ClaimDateErrors {
  const errors: ClaimDateErrors = {};
  if (!purchase) errors.purchase_date = WARRANTY_MESSAGES.purchaseRequired;
  else if (purchase > today) errors.purchase_date = WARRANTY_MESSAGES.purchaseFuture;
  if (!germination) errors.germination_date = WARRANTY_MESSAGES.germinationRequired;
  else if (germination > today) errors.germination_date = WARRANTY_MESSAGES.germinationFuture;
  else if (purchase && germination < purchase) errors.germination_date = WARRANTY_MESSAGES.germinationBeforePurchase;
  else if (purchase && germination === purchase) errors.germination_date = WARRANTY_MESSAGES.germinationSameDay;
  return errors;
}

// A valid e-mail, but the spec's message speaks of the @.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, message));

/** A one-line field of the form: the name, the product's name. */
const optionalLine = (max: number, message: string, field: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, message).check(singleLine(field)));

const optionalDate = z
  .union([z.string(), z.null()], { error: WARRANTY_MESSAGES.invalidDate })
  .optional()
  .transform((v) => (v ?? '').trim().slice(0, 10))
  .refine((v) => v === '' || isCalendarDate(v), WARRANTY_MESSAGES.invalidDate);

const optionalId = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 2147483647) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const photoField = z.union([z.string(), z.null()], { error: WARRANTY_MESSAGES.photoInvalid }).optional();

export interface WarrantyClaimInput {
  /** Set for a purchase made on this site (with-order). */
  order_id?: number;
  product_id?: number;
  name: string;
  email: string;
  purchase_date?: string;
  germination_date: string;
  product_name: string;
  description: string;
  photos: string[];
}

/**
 * The claim form (spec accounts-admin §2 warranty, §5). `guest` asks for name and e-mail; with an
 * order the purchase date and product name come from it (filled by the server). `today` is the
 * day in the shop's time zone.
 */
export function warrantyClaimSchema(opts: { guest: boolean; today: string }) {
  return z
    .object({
      purchase_type: z.enum(PURCHASE_TYPES, { error: 'Tipo de compra inválido' }).optional(),
      order_id: optionalId(WARRANTY_MESSAGES.orderRequired),
      order: optionalId(WARRANTY_MESSAGES.orderRequired),
      product_id: optionalId(WARRANTY_MESSAGES.productFromOrderRequired),
      name: optionalLine(150, 'El nombre no puede superar 150 caracteres', 'El nombre'),
      email: optionalText(254, WARRANTY_MESSAGES.emailInvalid),
      purchase_date: optionalDate,
      germination_date: optionalDate,
      product_name: optionalLine(200, 'El nombre del producto no puede superar 200 caracteres', 'El nombre del producto'),
      description: optionalText(5000, 'La descripción no puede superar 5000 caracteres'),
      photo1: photoField,
      photo2: photoField,
      photo3: photoField,
      photos: z.array(z.string({ error: WARRANTY_MESSAGES.photoInvalid }), { error: WARRANTY_MESSAGES.photoInvalid }).optional(),
      use_authenticated_user: z.boolean().optional(),
    })
    .transform((v, ctx): WarrantyClaimInput => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const orderId = v.order_id ?? v.order;
      const withOrder = v.purchase_type ? v.purchase_type === 'with-order' : orderId !== undefined;

      if (opts.guest) {
        if (!v.name) issue('name', WARRANTY_MESSAGES.nameRequired);
        if (!v.email) issue('email', WARRANTY_MESSAGES.emailRequired);
        else if (!EMAIL.test(v.email) || !isSingleLine(v.email)) issue('email', WARRANTY_MESSAGES.emailInvalid);
      }

      if (withOrder) {
        if (opts.guest) issue('order_id', WARRANTY_MESSAGES.orderNeedsLogin);
        else if (orderId === undefined) issue('order_id', WARRANTY_MESSAGES.orderRequired);
        else if (v.product_id === undefined) issue('product_id', WARRANTY_MESSAGES.productFromOrderRequired);
        // The purchase date is the order's; the server checks germination against it.
        if (!v.germination_date) issue('germination_date', WARRANTY_MESSAGES.germinationRequired);
        else if (v.germination_date > opts.today) issue('germination_date', WARRANTY_MESSAGES.germinationFuture);
      } else {
        const dates = checkClaimDates(v.purchase_date || undefined, v.germination_date || undefined, opts.today);
        if (dates.purchase_date) issue('purchase_date', dates.purchase_date);
        if (dates.germination_date) issue('germination_date', dates.germination_date);
        if (!v.product_name) issue('product_name', WARRANTY_MESSAGES.productRequired);
      }

      if (!v.description) issue('description', WARRANTY_MESSAGES.descriptionRequired);
      else if (v.description.length < WARRANTY_DESCRIPTION_MIN) issue('description', WARRANTY_MESSAGES.descriptionShort);

      const photos = (v.photos ?? [v.photo1, v.photo2, v.photo3]).map((p) => (p ?? '').trim()).filter(Boolean);
      if (photos.length < WARRANTY_MIN_PHOTOS) issue('photos', WARRANTY_MESSAGES.photosRequired);
      else if (photos.length > WARRANTY_MAX_PHOTOS) issue('photos', WARRANTY_MESSAGES.photosTooMany);
      else if (photos.some((p) => p.length > 500)) issue('photos', WARRANTY_MESSAGES.photoInvalid);

      return {
        ...(withOrder ? { order_id: orderId, product_id: v.product_id } : {}),
        name: v.name,
        email: v.email.toLowerCase(),
        purchase_date: withOrder ? undefined : v.purchase_date,
        germination_date: v.germination_date,
        product_name: v.product_name,
        description: v.description,
        photos,
      };
    });
}

const adminText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? '').trim() || null))
    .refine((v) => !v || v.length <= max, message);

/** PATCH /api/warranty-claims/{id}/ (staff); an empty text clears the field. */
export const warrantyClaimUpdateSchema = z
  .object({
    status: z.enum(WARRANTY_STATUSES, { error: 'Estado inválido' }).optional(),
    admin_notes: adminText(5000, 'Las notas no pueden superar 5000 caracteres'),
    admin_response: adminText(5000, 'La respuesta no puede superar 5000 caracteres'),
    resolution_details: adminText(5000, 'Los detalles de la resolución no pueden superar 5000 caracteres'),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), 'No hay cambios para guardar');
export type WarrantyClaimUpdate = z.infer<typeof warrantyClaimUpdateSchema>;

const boolParam = z.enum(['true', 'false', '1', '0'], { error: 'Valor booleano inválido' }).transform((v) => v === 'true' || v === '1');

export const warrantyClaimListQuerySchema = z.object({
  ...pageQuery,
  page_size: pageQuery.page_size.default(WARRANTY_PAGE_SIZE),
  user: z.enum(['current'], { error: 'Filtro de usuario inválido' }).optional(),
  search: z.string().trim().max(100, 'La búsqueda es demasiado larga').optional(),
  status: z.enum(WARRANTY_STATUSES, { error: 'Estado inválido' }).optional(),
  include_user_details: boolParam.optional(),
});
export type WarrantyClaimListQuery = z.infer<typeof warrantyClaimListQuerySchema>;

/** What a customer sees of a claim: never admin_notes. */
export const warrantyClaimDtoSchema = z.object({
  id: z.number().int(),
  status: z.enum(WARRANTY_STATUSES),
  status_display: z.string(),
  status_message: z.string(),
  name: z.string(),
  email: z.string(),
  user_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  order_number: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  purchase_date: z.string(),
  germination_date: z.string(),
  description: z.string(),
  photo1: z.string().nullable(),
  photo2: z.string().nullable(),
  photo3: z.string().nullable(),
  admin_response: z.string().nullable(),
  resolution_details: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WarrantyClaimDto = z.infer<typeof warrantyClaimDtoSchema>;

export const adminWarrantyClaimDtoSchema = warrantyClaimDtoSchema.extend({
  admin_notes: z.string().nullable(),
  order: z.object({ id: z.number().int(), customer_id: z.number().int().nullable() }).nullable(),
  user_phone: z.string().nullable().optional(),
  user_since: z.string().nullable().optional(),
  previous_orders_count: z.number().int().optional(),
});
export type AdminWarrantyClaimDto = z.infer<typeof adminWarrantyClaimDtoSchema>;

export const eligibleOrderDtoSchema = z.object({
  id: z.number().int(),
  /** The number the customer sees for the order. */
  order_number: z.number().int(),
  created_at: z.string(),
  purchase_date: z.string(),
  recipient_name: z.string(),
  status: z.string(),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type EligibleOrderDto = z.infer<typeof eligibleOrderDtoSchema>;
