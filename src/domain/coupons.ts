// Discount codes (coupons): what staff set, the states a coupon goes through, why a code does
// not apply (in the customer's words) and what it takes off. The check endpoint and the order's
// transaction both ask this module, so the preview and the order never disagree (decision 0016).
import { z } from 'zod';
import { PRODUCT_TYPES } from './catalog-constants';
import { formatArs, roundCents, toCents } from './money';
import { SHOP_TIME_ZONE } from './dates';
import { leavesSomethingToPay } from './pricing';

export const COUPON_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  percent: 'Porcentaje',
  fixed: 'Monto fijo',
  free_shipping: 'Envío gratis',
};

/**
 * How coupons and the brands' discounts combine, as the owner chooses in 'Configuración':
 * `best`: the order gets whichever saves the customer more, the brand discounts or the coupon (on
 * the prices before those discounts); `both`: the coupon applies on the brand-discounted prices.
 */
export const COUPON_COMBINATIONS = ['best', 'both'] as const;
export type CouponCombination = (typeof COUPON_COMBINATIONS)[number];
export const COUPON_COMBINATION_LABELS: Record<CouponCombination, string> = {
  best: 'El mejor de los dos: el cupón o los descuentos de los bancos, el que más ahorre',
  both: 'Los dos: el cupón se aplica sobre los precios con descuento de los bancos',
};

export const COUPON_STATES = ['scheduled', 'active', 'expired', 'exhausted', 'inactive'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  scheduled: 'Programado',
  active: 'Vigente',
  expired: 'Vencido',
  exhausted: 'Agotado',
  inactive: 'Desactivado',
};

export const COUPON_CODE_MAX = 40;
export const COUPON_MAX_VALUE = 100_000_000;

/** The form a code is stored and matched in: without spaces, upper case ("verano 25" is "VERANO25"). */
export const normalizeCouponCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

// ---------------------------------------------------------------------------------------------
// Messages (the customer reads them at checkout)

export const COUPON_MESSAGES = {
  notFound: 'No encontramos ese cupón. Revisa que esté bien escrito.',
  inactive: 'Este cupón ya no está disponible.',
  expired: 'El cupón venció',
  exhausted: 'El cupón se agotó: ya se usaron todos los disponibles.',
  perCustomer: 'Ya usaste este cupón',
  firstOrderOnly: 'Este cupón es solo para tu primera compra.',
  noEligibleProducts: 'Tu carrito no tiene productos de los bancos o tipos de este cupón.',
  brandDiscountsBetter: 'Los descuentos de los bancos ya te ahorran más que este cupón: se aplican ellos.',
  coversWholeOrder: 'Este cupón descontaría todo el valor de tus productos y el pedido quedaría en $ 0: agrega más productos para usarlo.',
} as const;

const dateOf = (value: Date | string) =>
  new Date(value).toLocaleDateString('es-AR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  });
export const notStartedMessage = (startsAt: Date | string) => `El cupón todavía no está vigente: vale desde el ${dateOf(startsAt)}.`;
export const minimumMessage = (min: number) => `Mínimo de compra ${formatArs(min)}`;

// ---------------------------------------------------------------------------------------------
// Schemas

const DATE_MESSAGE = 'Fecha inválida';
const dateField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, issues) => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      issues.addIssue({ code: 'custom', message: DATE_MESSAGE });
      return z.NEVER;
    }
    return date.toISOString();
  });

const usesField = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(1_000_000, message).nullable().default(null);

/** POST /api/coupons/ and PUT /api/coupons/{id}/ (staff), shared with the admin form. */
export const couponInputSchema = z
  .object({
    code: z
      .string({ error: 'El código es requerido' })
      .trim()
      .min(1, 'El código es requerido')
      .max(COUPON_CODE_MAX, `El código puede tener como máximo ${COUPON_CODE_MAX} caracteres`)
      .refine((code) => /^[\p{L}\p{N} _-]+$/u.test(code), 'El código solo puede tener letras, números, espacios, guiones y guiones bajos')
      .refine((code) => normalizeCouponCode(code).length >= 3, 'El código debe tener al menos 3 caracteres'),
    kind: z.enum(COUPON_KINDS, { error: 'Elige el tipo de cupón: porcentaje, monto fijo o envío gratis' }),
    value: z
      .number({ error: 'El valor debe ser un número' })
      .min(0, 'El valor no puede ser negativo')
      .max(COUPON_MAX_VALUE, 'El valor es demasiado grande')
      .default(0),
    min_subtotal: z
      .number({ error: 'El mínimo de compra debe ser un número' })
      .min(0, 'El mínimo de compra no puede ser negativo')
      .max(COUPON_MAX_VALUE, 'El mínimo de compra es demasiado grande')
      .default(0),
    starts_at: dateField,
    ends_at: dateField,
    max_uses: usesField('Los usos totales deben ser un número entero de 1 en adelante, o vacío para sin límite'),
    max_uses_per_customer: usesField('Los usos por cliente deben ser un número entero de 1 en adelante, o vacío para sin límite'),
    first_order_only: z.boolean({ error: 'Indica si es solo para la primera compra' }).default(false),
    brand_ids: z
      .array(z.number({ error: 'Banco inválido' }).int('Banco inválido').positive('Banco inválido'), { error: 'Bancos inválidos' })
      .max(200)
      .default([])
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    types: z
      .array(z.enum(PRODUCT_TYPES, { error: 'Tipo de producto inválido' }), { error: 'Tipos inválidos' })
      .default([])
      .transform((types) => [...new Set(types)]),
    active: z.boolean({ error: 'Indica si el cupón está activo' }).default(true),
  })
  .superRefine((value, issues) => {
    if (value.kind === 'percent' && (value.value <= 0 || value.value > 100)) {
      issues.addIssue({ code: 'custom', path: ['value'], message: 'El porcentaje debe estar entre 1 y 100' });
    }
    if (value.kind === 'fixed' && value.value <= 0) {
      issues.addIssue({ code: 'custom', path: ['value'], message: 'El monto a descontar debe ser mayor a 0' });
    }
    if (value.starts_at && value.ends_at && value.ends_at <= value.starts_at) {
      issues.addIssue({ code: 'custom', path: ['ends_at'], message: 'El fin debe ser posterior al inicio' });
    }
  })
  .transform((value) => ({
    ...value,
    value: value.kind === 'free_shipping' ? 0 : roundCents(value.value),
    min_subtotal: roundCents(value.min_subtotal),
  }));
export type CouponInput = z.output<typeof couponInputSchema>;

export const couponDtoSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  min_subtotal: z.number(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  first_order_only: z.boolean(),
  brand_ids: z.array(z.number().int()),
  types: z.array(z.enum(PRODUCT_TYPES)),
  active: z.boolean(),
  /** Uses held by orders that are not cancelled. */
  uses: z.number().int(),
  /** What those orders add up to (their totals, the discount already off). */
  revenue: z.number(),
  state: z.enum(COUPON_STATES),
  state_display: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CouponDto = z.infer<typeof couponDtoSchema>;

/** POST /api/coupons/check/ (logged-in). */
export const couponCheckSchema = z.object({
  code: z.string({ error: 'Ingresa el código del cupón' }).trim().min(1, 'Ingresa el código del cupón').max(100, COUPON_MESSAGES.notFound),
  products: z
    .array(
      z.object({
        product_id: z.number({ error: 'Producto inválido' }).int('Producto inválido').positive('Producto inválido'),
        blister_id: z.number({ error: 'Presentación inválida' }).int('Presentación inválida').positive('Presentación inválida'),
        quantity: z
          .number({ error: 'Cantidad inválida' })
          .int('Cantidad inválida')
          .min(1, 'Cantidad inválida')
          .max(1000, 'Cantidad inválida'),
      }),
      { error: 'El carrito está vacío' },
    )
    .min(1, 'El carrito está vacío')
    .max(100),
});
export type CouponCheckInput = z.output<typeof couponCheckSchema>;

export const couponCheckResultSchema = z.object({
  valid: z.boolean(),
  /** What the coupon takes off the products (0 for free shipping: the shipping becomes $ 0). */
  discount: z.number(),
  message: z.string(),
  code: z.string().nullable(),
  kind: z.enum(COUPON_KINDS).nullable(),
  free_shipping: z.boolean(),
  /**
   * The products' subtotal the order would charge with this answer: with the brands' discounts, or
   * at list prices when the coupon wins over them ("best of both"). The total before shipping is
   * `subtotal − discount`.
   */
  subtotal: z.number(),
});
export type CouponCheckResult = z.infer<typeof couponCheckResultSchema>;

// ---------------------------------------------------------------------------------------------
// States and rules

export interface CouponRules {
  kind: CouponKind;
  value: number;
  min_subtotal: number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  first_order_only: boolean;
  brand_ids: number[];
  types: string[];
  active: boolean;
  /** Uses held by orders that are not cancelled. */
  uses: number;
}

const time = (value: Date | string) => new Date(value).getTime();

export function couponState(coupon: CouponRules, now: Date): CouponState {
  if (!coupon.active) return 'inactive';
  if (coupon.ends_at && time(coupon.ends_at) <= now.getTime()) return 'expired';
  if (coupon.starts_at && time(coupon.starts_at) > now.getTime()) return 'scheduled';
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return 'exhausted';
  return 'active';
}

/** A line of the cart as the coupon sees it: prices from the server. */
export interface CouponLine {
  brand_id: number | null;
  product_type: string | null;
  /** Unit price before the brands' discounts. */
  list_price: number;
  /** Unit price after them (what the line costs without the coupon). */
  price: number;
  quantity: number;
}

export interface CouponFacts {
  now: Date;
  lines: CouponLine[];
  /** This customer's uses of this coupon held by orders that are not cancelled. */
  customer_uses: number;
  /** Whether this customer has an order that is not cancelled. */
  has_orders: boolean;
}

const restricted = (coupon: Pick<CouponRules, 'brand_ids' | 'types'>) => coupon.brand_ids.length > 0 || coupon.types.length > 0;

/** Whether the coupon covers a line: every line when it names no brands nor types. */
export function lineEligible(
  coupon: Pick<CouponRules, 'brand_ids' | 'types'>,
  line: Pick<CouponLine, 'brand_id' | 'product_type'>,
): boolean {
  if (coupon.brand_ids.length > 0 && (line.brand_id === null || !coupon.brand_ids.includes(line.brand_id))) return false;
  if (coupon.types.length > 0 && (line.product_type === null || !coupon.types.includes(line.product_type))) return false;
  return true;
}

const sum = (lines: CouponLine[], price: (l: CouponLine) => number) => roundCents(lines.reduce((s, l) => s + price(l) * l.quantity, 0));

/** Why the coupon does not apply to this cart and customer (in Spanish), or null when it does. */
export function couponRefusal(coupon: CouponRules, facts: CouponFacts): string | null {
  const state = couponState(coupon, facts.now);
  if (state === 'inactive') return COUPON_MESSAGES.inactive;
  if (state === 'expired') return COUPON_MESSAGES.expired;
  if (state === 'scheduled') return notStartedMessage(coupon.starts_at!);
  if (state === 'exhausted') return COUPON_MESSAGES.exhausted;
  if (coupon.max_uses_per_customer !== null && facts.customer_uses >= coupon.max_uses_per_customer) return COUPON_MESSAGES.perCustomer;
  if (coupon.first_order_only && facts.has_orders) return COUPON_MESSAGES.firstOrderOnly;
  return couponCartRefusal(coupon, facts.lines);
}

/**
 * The rules that depend on the lines alone (the products it covers, the minimum): asked at
 * checkout and again on every edit of an order's lines, by the customer or staff.
 */
export function couponCartRefusal(coupon: Pick<CouponRules, 'brand_ids' | 'types' | 'min_subtotal'>, lines: CouponLine[]): string | null {
  if (restricted(coupon) && !lines.some((l) => lineEligible(coupon, l))) return COUPON_MESSAGES.noEligibleProducts;
  if (toCents(sum(lines, (l) => l.price)) < toCents(coupon.min_subtotal)) return minimumMessage(coupon.min_subtotal);
  return null;
}

/** What a percent or fixed coupon takes off the eligible lines at the given unit prices. */
export function couponDiscount(
  coupon: Pick<CouponRules, 'kind' | 'value' | 'brand_ids' | 'types'>,
  lines: CouponLine[],
  priced: (l: CouponLine) => number = (l) => l.price,
): number {
  if (coupon.kind === 'free_shipping') return 0;
  const base = sum(
    lines.filter((l) => lineEligible(coupon, l)),
    priced,
  );
  const off = coupon.kind === 'percent' ? base * (coupon.value / 100) : coupon.value;
  return roundCents(Math.min(base, Math.max(0, off)));
}

export interface CouponOutcome {
  /** Whether the order carries the coupon (false: the brands' discounts saved more). */
  applied: boolean;
  /** Unit price to charge per line, in the lines' order. */
  prices: number[];
  /** Taken off the lines' subtotal. */
  discount: number;
  /** The shipping becomes $ 0. */
  free_shipping: boolean;
}

/**
 * The coupon on a cart it applies to (couponRefusal said null), combined with the brands'
 * discounts as the owner chose. Free shipping touches no price and combines with them always.
 */
export function applyCoupon(
  coupon: Pick<CouponRules, 'kind' | 'value' | 'brand_ids' | 'types'>,
  lines: CouponLine[],
  combination: CouponCombination,
): CouponOutcome {
  const withBrands = lines.map((l) => l.price);
  if (coupon.kind === 'free_shipping') return { applied: true, prices: withBrands, discount: 0, free_shipping: true };
  const onBrandPrices = couponDiscount(coupon, lines);
  if (combination === 'both') return { applied: true, prices: withBrands, discount: onBrandPrices, free_shipping: false };
  const brandSaving = roundCents(lines.reduce((s, l) => s + (l.list_price - l.price) * l.quantity, 0));
  const onListPrices = couponDiscount(coupon, lines, (l) => l.list_price);
  // Equal savings keep the brands' prices: the coupon stays unused for another order.
  if (onListPrices <= brandSaving) return { applied: false, prices: withBrands, discount: 0, free_shipping: false };
  return { applied: true, prices: lines.map((l) => l.list_price), discount: onListPrices, free_shipping: false };
}

/** The lines' subtotal at `prices` (one per line). */
export const linesSubtotal = (lines: Pick<CouponLine, 'quantity'>[], prices: number[]) =>
  roundCents(lines.reduce((sum, line, i) => sum + prices[i] * line.quantity, 0));

export type CouponOnLines = { outcome: CouponOutcome } | { refusal: string };

/**
 * The coupon on lines its rules accept: combined with the brands' discounts, refused when the
 * brands save more, or when it would leave the order at $ 0 (pricing.leavesSomethingToPay).
 */
export function couponOnLines(
  coupon: Pick<CouponRules, 'kind' | 'value' | 'brand_ids' | 'types'>,
  lines: CouponLine[],
  combination: CouponCombination,
): CouponOnLines {
  const outcome = applyCoupon(coupon, lines, combination);
  if (!outcome.applied) return { refusal: COUPON_MESSAGES.brandDiscountsBetter };
  if (!leavesSomethingToPay(linesSubtotal(lines, outcome.prices), outcome.discount)) return { refusal: COUPON_MESSAGES.coversWholeOrder };
  return { outcome };
}

/**
 * An order's coupon after its lines changed (lines at the prices the order charges): the same
 * cart rules and the same "$ 0" rule as at checkout. Its dates, uses and the customer's history
 * were settled when the order took its use.
 */
export function couponOnEditedLines(
  coupon: Pick<CouponRules, 'kind' | 'value' | 'brand_ids' | 'types' | 'min_subtotal'>,
  lines: CouponLine[],
) {
  const refusal = couponCartRefusal(coupon, lines);
  return refusal ? { refusal } : couponOnLines(coupon, lines, 'both');
}

/** The answer of an edit that dropped the order's coupon: which code, and why. */
export const couponDroppedMessage = (code: string, reason: string) =>
  `El cupón ${code} ya no se aplica a este pedido (${reason.charAt(0).toLowerCase()}${reason.slice(1).replace(/\.$/, '')}): lo quitamos y el total se calculó sin él.`;

/**
 * The staff form's warning for a fixed amount that could bring an order to $ 0: a cart of that
 * amount or less that meets the minimum could not use the coupon (couponOnLines refuses it).
 * None when the minimum purchase is above the amount, or when the cheapest product the coupon
 * covers (`cheapest`, its price after discounts; null: not known) costs more than the amount.
 */
export function fixedCouponWarning(value: number, minSubtotal: number, cheapest: number | null = null): string | null {
  if (!(value > 0) || toCents(minSubtotal) > toCents(value)) return null;
  if (cheapest !== null && toCents(cheapest) > toCents(value)) return null;
  const example = cheapest === null ? '' : ` (el producto más barato al que se aplica cuesta ${formatArs(cheapest)})`;
  return `Un carrito de ${formatArs(value)} o menos${example} quedaría en ${formatArs(0)} con este cupón, así que no podrá usarlo. Para que valga en cualquier carrito, pon una compra mínima mayor que ${formatArs(value)}.`;
}

/** "10 %", "$ 5.000" or "Envío gratis", for lists and e-mails. */

export function couponValueLabel(coupon: Pick<CouponRules, 'kind' | 'value'>): string {
  if (coupon.kind === 'percent') return `${coupon.value} %`;
  if (coupon.kind === 'fixed') return formatArs(coupon.value);
  return 'Envío gratis';
}
