// Admin catalog payloads shared by the API and the admin forms: product form with its
// blisters (spec accounts-admin §2 product form, §5 product form), brand form (§5 bank) and
// brand discount (§5 discount), with the spec's Spanish messages.
import { z } from 'zod';
import { brandDtoSchema, PRODUCT_TYPES } from './catalog';
import { amountField } from './amount-field';
import { CURRENCIES, roundCents } from './money';
import { clampDiscount } from './pricing';
import { DAY_MS, inShopYears, OUT_OF_SHOP_YEARS_MESSAGE, shopDate, shopDayStart, shopTomorrow } from './dates';
import { slugify } from './text';

export const MAX_BLISTERS = 20;
export const MAX_PRICE = 99_999_999;
export const MAX_STOCK = 1_000_000;
export const MAX_SEED_COUNT = 1000;
export const BRAND_NAME_MAX = 100;
export const PRODUCT_NAME_MAX = 200;

export const BRAND_NAME_REQUIRED = 'Por favor, ingrese un nombre para la marca';
export const SKU_EXISTS = 'El SKU ya existe';
export const brandExistsMessage = (name: string) => `La marca ${name} ya existe`;

// ---------------------------------------------------------------------------------------------
// Field helpers. Form inputs arrive as strings; the API may send numbers. Both are accepted.

/** '' and blanks mean "not given"; '12,5' and '12.5' both mean 12.5; anything else is NaN. */
function toNumberInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(',', '.');
  if (text === '') return undefined;
  return /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

const numberField = (required: string, invalid: string) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });

// Prices and counts are read as typed amounts: "22.000" is 22000, "1450.50" is refused.
const decimal = amountField;

const integer = (required: string, invalid: string) => amountField(required, invalid, { integer: true });

/** Trimmed text; empty becomes null. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} debe ser un texto` })
    .trim()
    .max(max, `${label} no puede superar ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

const booleanField = (message: string) => z.boolean({ error: message });

/** An optional number: blank and null mean none. */
const optionalNumber = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v == null || (typeof v === 'string' && v.trim() === '') ? null : v), inner.nullable()).optional();

const idField = (message: string) =>
  z.preprocess(toNumberInput, z.number({ error: message }).int(message).min(1, message).max(2147483647, message));

/** The URL `POST /api/uploads/` answers (`/uploads/<purpose>/<name>-800.webp`), or a pasted https address. */
export function isImageUrl(value: string): boolean {
  if (/^\/uploads\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/.test(value)) return true;
  return /^https:\/\/[^\s"'<>]+$/i.test(value) && URL.canParse(value);
}

export const imageUrlSchema = z
  .string({ error: 'URL de imagen inválida' })
  .trim()
  .max(500, 'URL de imagen inválida')
  .refine((v) => v === '' || isImageUrl(v), 'URL de imagen inválida')
  .nullish()
  .transform((v) => (v ? v : null));

const percentField = (label: string) =>
  optionalNumber(
    z.preprocess(
      toNumberInput,
      numberField(`${label} es requerido`, `${label} debe ser un número`)
        .min(0, `${label} debe estar entre 0 y 100`)
        .max(100, `${label} debe estar entre 0 y 100`),
    ),
  ).transform((v) => (v == null ? null : roundCents(v)));

// ---------------------------------------------------------------------------------------------
// Blisters (blisters)

// spec accounts-admin §5: seed count, price (min 0, comma decimals) and stock are required;
// discount is clamped to 0-100 and a non-number becomes 0.
export const blisterSchema = z.object({
  /** An existing blister of this product; absent for a new one. */
  id: optionalNumber(idField('Presentación inválida')),
  seed_count: integer('La cantidad de semillas es requerida', 'La cantidad de semillas debe ser un número entero').pipe(
    z
      .number()
      .min(1, 'La cantidad de semillas debe ser mayor que 0')
      .max(MAX_SEED_COUNT, `La cantidad de semillas no puede superar ${MAX_SEED_COUNT}`),
  ),
  price: decimal('El precio es requerido', 'Ingresa un precio válido')
    .pipe(z.number().min(0, 'El precio no puede ser negativo').max(MAX_PRICE, 'El precio es demasiado alto'))
    .transform(roundCents),
  stock: integer('El stock es requerido', 'El stock debe ser un número entero').pipe(
    z.number().min(0, 'El stock no puede ser negativo').max(MAX_STOCK, 'El stock es demasiado alto'),
  ),
  discount: z
    .unknown()
    .optional()
    .transform((v) => roundCents(clampDiscount(toNumberInput(v) ?? 0))),
  /**
   * What the blister costs the shop, ARS (issue 37): blank or null clears it; leaving the key out
   * keeps the stored one.
   */
  cost_price: optionalNumber(
    decimal('El costo es requerido', 'Ingresa un costo válido')
      .pipe(z.number().min(0, 'El costo no puede ser negativo').max(MAX_PRICE, 'El costo es demasiado alto'))
      .transform(roundCents),
  ),
});
export type BlisterInput = z.output<typeof blisterSchema>;

const blisterList = z
  .array(blisterSchema, { error: 'Las presentaciones deben ser una lista' })
  .max(MAX_BLISTERS, `Un producto puede tener hasta ${MAX_BLISTERS} presentaciones`)
  .superRefine((list, ctx) => {
    const ids = new Set<number>();
    const seeds = new Set<number>();
    list.forEach((item, index) => {
      if (item.id != null) {
        if (ids.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'La presentación está repetida' });
        ids.add(item.id);
      }
      if (seeds.has(item.seed_count)) {
        ctx.addIssue({ code: 'custom', path: [index, 'seed_count'], message: `Ya existe una presentación de ${item.seed_count} semillas` });
      }
      seeds.add(item.seed_count);
    });
  });

// ---------------------------------------------------------------------------------------------
// Product form

/** The brand name as stored: trimmed, inner spaces collapsed (spec §5: the name is normalised). */
export function normalizeBrandName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

const productFields = {
  // The brand: `brand_id` (numeric id of an existing brand) wins; otherwise `brand` (a name) links
  // to the brand of that name or slug, or creates it.
  brand_id: optionalNumber(idField('Marca inválida')),
  brand: z
    .string({ error: BRAND_NAME_REQUIRED })
    .max(BRAND_NAME_MAX, `El nombre de la marca no puede superar ${BRAND_NAME_MAX} caracteres`)
    .transform(normalizeBrandName)
    .nullish(),
  name: z
    .string({ error: 'El nombre del producto es requerido' })
    .trim()
    .min(1, 'El nombre del producto es requerido')
    .max(PRODUCT_NAME_MAX, `El nombre no puede superar ${PRODUCT_NAME_MAX} caracteres`),
  type: z.preprocess((v) => (v === 'regular' ? 'reg' : v), z.enum(PRODUCT_TYPES, { error: 'Selecciona el tipo de semilla' })),
  genotype: optionalText(200, 'El genotipo'),
  flavors: optionalText(300, 'Los sabores'),
  effects: optionalText(300, 'Los efectos'),
  sativa: percentField('El porcentaje de sativa'),
  indica: percentField('El porcentaje de indica'),
  thc: optionalText(50, 'El THC'),
  cbd: optionalText(50, 'El CBD'),
  description: optionalText(5000, 'La descripción'),
  image: imageUrlSchema,
  image_2: imageUrlSchema,
  image_3: imageUrlSchema,
  flowering_time: optionalText(100, 'El tiempo de floración'),
  completed_cicle: optionalText(100, 'El ciclo completo'),
  height_indoor: optionalText(100, 'La altura interior'),
  height_outdoor: optionalText(100, 'La altura exterior'),
  yield_indoor: optionalText(100, 'La producción interior'),
  yield_outdoor: optionalText(100, 'La producción exterior'),
  sku: optionalText(64, 'El SKU'),
  currency: z.enum(CURRENCIES, { error: 'La moneda debe ser ARS o USD' }),
  available: booleanField('La disponibilidad debe ser verdadero o falso'),
  /**
   * The full list of blisters after the save: items with `id` are edited, items without are
   * created, and the product's blisters missing from the list are deleted. Leaving the key
   * out keeps the blisters as they are.
   */
  blisters: blisterList.optional(),
  /** The owner confirms price changes of −50% or more, or above +200% (answered 409 otherwise). */
  confirm_price_changes: z.boolean({ error: 'confirm_price_changes debe ser verdadero o falso' }).optional(),
};

const BRAND_FIELDS = new Set<PropertyKey>(['brand', 'brand_id']);

const hasBrand = (value: { brand_id?: number | null; brand?: string | null }) => value.brand_id != null || !!value.brand;

/**
 * A brand, by id or by name, is required. Checked even when other fields already failed, so an
 * empty form marks the brand with the rest; skipped when the brand fields failed on their own.
 */
const requireBrand = {
  path: ['brand'],
  message: BRAND_NAME_REQUIRED,
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => !!issue.path?.length && BRAND_FIELDS.has(issue.path[0])),
};

/**
 * `POST /api/products/` and `PUT /api/products/{id}/`: the whole form. `currency` and `available`
 * may be left out: a new product is then in ARS and available, an edited one keeps its values
 * (the form has no availability field, so saving it must not re-enable a product).
 */
export const productFormSchema = z
  .object({
    ...productFields,
    currency: productFields.currency.optional(),
    available: productFields.available.optional(),
  })
  .refine(hasBrand, requireBrand);
export type ProductFormValues = z.output<typeof productFormSchema>;

/** `PATCH /api/products/{id}/`: any subset of the form, such as `{ available: false }`. */
export const productPatchSchema = z.object(productFields).partial();
export type ProductPatchValues = z.output<typeof productPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Brand form

// spec storefront §5 and accounts-admin §3 reconciled in `slugify`: the slug is derived from the
// name unless one is given, and always passes through the same rule.
export const brandFormFields = {
  brand_name: z
    .string({ error: 'El nombre del banco es requerido' })
    .transform(normalizeBrandName)
    .pipe(
      z.string().min(1, 'El nombre del banco es requerido').max(BRAND_NAME_MAX, `El nombre no puede superar ${BRAND_NAME_MAX} caracteres`),
    ),
  /** The slug; optional, derived from the name when absent. */
  brand_id: z
    .string({ error: 'Identificador de banco inválido' })
    .max(BRAND_NAME_MAX, 'Identificador de banco inválido')
    .transform((v) => slugify(v))
    .nullish()
    .transform((v) => (v ? v : null)),
  description: optionalText(2000, 'La descripción'),
  image: imageUrlSchema,
  visible: booleanField('Visible debe ser verdadero o falso'),
  is_national: booleanField('El tipo de banco debe ser verdadero o falso'),
  /** Days from a purchase order sent to the blisters on the shelf (issue 37); absent keeps it (14 for a new bank). */
  lead_time_days: integer('Los días de entrega son requeridos', 'Los días de entrega deben ser un número entero')
    .pipe(z.number().min(0, 'Los días de entrega no pueden ser negativos').max(365, 'Los días de entrega no pueden superar 365'))
    .optional(),
};

/** `POST /api/brands/` and `PUT /api/brands/{id}/`. */
export const brandFormSchema = z.object({
  ...brandFormFields,
  visible: brandFormFields.visible.default(true),
  is_national: brandFormFields.is_national.default(false),
});
export type BrandFormValues = z.output<typeof brandFormSchema>;

/** `PATCH /api/brands/{id}/`: e.g. `{ is_national: true }` or `{ visible: false }`. */
export const brandPatchSchema = z.object(brandFormFields).partial();
export type BrandPatchValues = z.output<typeof brandPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Brand discount

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export const DISCOUNT_TYPE_LABELS: Record<(typeof DISCOUNT_TYPES)[number], string> = {
  percentage: 'Porcentaje',
  fixed: 'Monto fijo',
};
export const DISCOUNT_EXPIRY_MESSAGE = 'La fecha de vencimiento debe ser a partir de mañana';

/**
 * When a discount chosen to expire on `value` stops: a day (YYYY-MM-DD) lasts until that day ends
 * in the shop; a full date-time is taken as given. Null when unreadable.
 */
export function discountExpiryInstant(value: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = shopDayStart(value);
    if (Number.isNaN(start.getTime()) || shopDate(start) !== value) return null;
    return new Date(start.getTime() + DAY_MS);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * `POST /api/brands/{id}/apply-discount/` (spec accounts-admin §5 discount): type required, value
 * above 0, percentage at most 100, optional expiry at least tomorrow (in the shop's time zone).
 * A percentage of 0 removes the discount (spec §4: removal sends percentage with value 0).
 * `discount_expires_at` left out keeps the current expiry (changing the value must not make a
 * sale endless); null or '' clears it.
 * The expiry rule depends on today: the schema is built for a moment (`brandDiscountSchema(now)`)
 * or for a clock read at each check (`brandDiscountSchema(ctx.now)`).
 */
export function brandDiscountSchema(now: Date | (() => Date)) {
  return z
    .object({
      discount_type: z.enum(DISCOUNT_TYPES, { error: 'Selecciona el tipo de descuento' }),
      discount_value: decimal('Ingresa el valor del descuento', 'El valor del descuento debe ser un número')
        .pipe(z.number().min(0, 'El valor del descuento debe ser mayor que 0').max(MAX_PRICE, 'El valor del descuento es demasiado alto'))
        .transform(roundCents),
      discount_expires_at: z
        .string({ error: 'Fecha de vencimiento inválida' })
        .trim()
        .max(40, 'Fecha de vencimiento inválida')
        .nullish()
        .transform((v, ctx) => {
          if (v === undefined) return undefined;
          if (!v) return null;
          const instant = discountExpiryInstant(v);
          if (!instant) {
            ctx.addIssue({ code: 'custom', message: 'Fecha de vencimiento inválida' });
            return z.NEVER;
          }
          if (!inShopYears(v)) {
            ctx.addIssue({ code: 'custom', message: OUT_OF_SHOP_YEARS_MESSAGE });
            return z.NEVER;
          }
          if (shopDate(new Date(instant.getTime() - 1)) < shopTomorrow(typeof now === 'function' ? now() : now)) {
            ctx.addIssue({ code: 'custom', message: DISCOUNT_EXPIRY_MESSAGE });
            return z.NEVER;
          }
          return instant;
        }),
    })
    .superRefine((value, ctx) => {
      if (value.discount_type === 'percentage' && value.discount_value > 100) {
        ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'El porcentaje no puede superar 100' });
      }
      if (value.discount_type === 'fixed' && value.discount_value === 0) {
        ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'El valor del descuento debe ser mayor que 0' });
      }
    });
}
export type BrandDiscountValues = z.output<ReturnType<typeof brandDiscountSchema>>;

export const isDiscountRemoval = (value: BrandDiscountValues) => value.discount_type === 'percentage' && value.discount_value === 0;

export const applyDiscountResultDtoSchema = z.object({
  message: z.string(),
  /** Live products of the brand the discount now applies to (0 when removed). */
  products_updated: z.number().int(),
  /** Their blisters. */
  blisters_updated: z.number().int(),
  brand: brandDtoSchema,
});
export type ApplyDiscountResultDto = z.infer<typeof applyDiscountResultDtoSchema>;
