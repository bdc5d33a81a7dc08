// Orders vocabulary shared by the server and the web: payload schemas with the spec's Spanish
// messages (storefront §5 checkout form, accounts-admin §5 order date filter), status and
// delivery labels, and the admin list's date ranges.
import { z } from 'zod';
import { pageQuery, pageSchema } from './page';
import { hasWholeCents, roundCents } from './money';
import { singleLine } from './single-line';
import { DAY_MS, inShopYears, isCalendarDay, OUT_OF_SHOP_YEARS_MESSAGE, shopDate, shopDayStart } from './dates';
import { FULFILMENT_STAGES, PAYMENT_METHODS, paymentDtoSchema, recordPaymentSchema, shipmentDtoSchema } from './fulfilment';
import { ORDER_STAGES, REFUND_STATUSES } from './order-lifecycle';
import { ORDER_SOURCES, ORDER_STATUSES } from './order-status';
import { CARRIERS } from './fulfilment-steps';
import { addressDtoSchema, addressSchema, COORDINATE_ADDRESS, DELIVERY_TYPES, SHIPPING_KINDS, type DeliveryType } from './shipping';
import { phoneSchema } from './phone';
import { presentationName } from './plural';

export { isOrderActive, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from './order-status';

// spec storefront §5: only 'Acordar entrega' (coordinate) is selectable in the form today.
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  address: 'Envío a domicilio',
  coordinate: 'Acordar entrega',
};

export const ADMIN_ORDERS_PAGE_SIZE = 15;
export const MY_ORDERS_PAGE_SIZE = 20;
export const ORDER_MAX_QUANTITY = 99;
export const ORDER_MAX_LINES = 50;

export const CANCELLED_FOR_NO_PRODUCTS = 'Pedido cancelado por falta de productos';
/** The reason the pending-order expiry job writes (README: PENDING_ORDER_DAYS). */
export const EXPIRED_ORDER_REASON = 'Cancelado automáticamente por falta de confirmación';

/** A presentation by its product and seeds, as the cart shows it: 'Gorilla Kush (3 semillas)'. */
export function insufficientStockMessage(name: string, seedCount: number, available: number): string {
  return `No hay suficiente stock de ${presentationName(name, seedCount)}. Stock disponible: ${available}`;
}

/** What the checkout says after it cut a line to the stock left (the refusal above, then this). */
export function cartCutNotice(available: number): string {
  const kept =
    available > 0 ? `Dejamos ${available} ${available === 1 ? 'unidad' : 'unidades'} en tu carrito` : 'La quitamos de tu carrito';
  return `${kept}: revisa el total y confirma de nuevo.`;
}

/** Why a checkout is refused at the cap of orders awaiting payment, naming the orders to settle. */
export function pendingCapMessage(unpaidOrderNumbers: number[], max: number): string {
  const list = unpaidOrderNumbers.map((n) => `#${n}`).join(', ');
  const held = unpaidOrderNumbers.length === 1 ? `el pedido ${list}, que espera` : `los pedidos ${list}, que esperan`;
  const limit = max === 1 ? '1 pedido sin pagar' : `${max} pedidos sin pagar`;
  const settle = unpaidOrderNumbers.length === 1 ? 'Págalo o cancélalo' : 'Paga o cancela alguno';
  return `Puedes tener hasta ${limit} a la vez y tienes ${held} el pago. ${settle} en Mis Pedidos antes de hacer un pedido nuevo.`;
}

// ---------------------------------------------------------------------------------------------
// Checkout form and create payload

const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage, abort: true });

export const recipientNameSchema = requiredText('El nombre es requerido')
  .min(3, { error: 'El nombre debe tener al menos 3 caracteres', abort: true })
  .max(100, 'El nombre no puede superar 100 caracteres')
  .check(singleLine('El nombre'));

export const customerPhoneSchema = phoneSchema('El teléfono es requerido');

export const deliveryTypeSchema = z.enum(DELIVERY_TYPES, { error: 'Selecciona un método de entrega' });

/** What the web checkout form collects; the e-mail comes from the session. */
export const checkoutFormSchema = z.object({
  recipient_name: recipientNameSchema,
  customer_phone: customerPhoneSchema,
  delivery_type: deliveryTypeSchema,
});

const idField = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(2147483647, message);

const quantityField = z.coerce
  .number({ error: 'La cantidad debe ser un número' })
  .int('La cantidad debe ser un número entero')
  .min(1, 'La cantidad mínima es 1')
  .max(ORDER_MAX_QUANTITY, `La cantidad máxima es ${ORDER_MAX_QUANTITY}`);

/** One order line as the client sends it; any price it sends is dropped here. */
export const orderLineSchema = z.object({
  product_id: idField('Producto inválido'),
  blister_id: idField('Presentación inválida'),
  quantity: quantityField,
});
export type OrderLineInput = z.output<typeof orderLineSchema>;

/** Lines of the same blister are merged; the merged quantity must stay within 1-99. */
export function mergeLines<T extends OrderLineInput>(lines: T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const key = `${line.product_id}:${line.blister_id}`;
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}

const orderLinesSchema = z
  .array(orderLineSchema, { error: 'El pedido debe tener al menos un producto' })
  .min(1, 'El pedido debe tener al menos un producto')
  .max(ORDER_MAX_LINES, `Un pedido puede tener como máximo ${ORDER_MAX_LINES} productos`)
  .transform(mergeLines)
  .refine((lines) => lines.every((l) => l.quantity <= ORDER_MAX_QUANTITY), {
    error: `La cantidad máxima es ${ORDER_MAX_QUANTITY}`,
  });

/**
 * What an order carries besides its lines, for a checkout and a manual order alike: who receives
 * it and how it is delivered. With `shipping_method_id` the server quotes the method for
 * `address.province` (and home delivery needs the full address); without it the order is the
 * spec's, with no shipping.
 */
const deliveryFields = {
  recipient_name: recipientNameSchema,
  customer_phone: customerPhoneSchema,
  delivery_type: deliveryTypeSchema,
  shipping_address: z.string().trim().max(300, 'La dirección es demasiado larga').optional(),
  shipping_method_id: idField('Método de envío inválido').optional(),
  address: addressSchema.optional(),
};

function checkDelivery(
  value: { delivery_type: DeliveryType; shipping_address?: string; shipping_method_id?: number; address?: unknown },
  issues: z.RefinementCtx,
) {
  if (value.shipping_method_id !== undefined) {
    if (!value.address) issues.addIssue({ code: 'custom', path: ['address', 'province'], message: 'Elige la provincia' });
    return;
  }
  if (value.delivery_type === 'address' && !value.shipping_address) {
    issues.addIssue({ code: 'custom', path: ['shipping_address'], message: 'La dirección es requerida' });
  }
}

/** The spec's address text, until the shipping method (if any) gives the order its own. */
const specAddress = <T extends { delivery_type: DeliveryType; shipping_address?: string }>(value: T) => ({
  ...value,
  shipping_address: value.delivery_type === 'coordinate' ? COORDINATE_ADDRESS : (value.shipping_address ?? ''),
});

/** POST /api/orders/ (spec storefront §3 order create payload, with shipping). */
export const orderCreateSchema = z
  .object({
    ...deliveryFields,
    customer_email: z.string().trim().max(254).email('Ingrese un email válido').optional().or(z.literal('')),
    products: orderLinesSchema,
    /** The total the customer saw when confirming: a different one on the server answers 409 PRICE_CHANGED. */
    expected_total: z
      .number({ error: 'El total esperado debe ser un número' })
      .min(0)
      .max(1_000_000_000)
      .refine(hasWholeCents, 'El total esperado puede tener como máximo 2 decimales')
      .optional(),
    /** A discount code (domain/coupons.ts): matched without case or spaces; '' is none. */
    coupon_code: z
      .string({ error: 'El cupón debe ser un texto' })
      .trim()
      .max(100, 'No encontramos ese cupón. Revisa que esté bien escrito.')
      .optional(),
  })
  .superRefine(checkDelivery)
  .transform(specAddress);
export type OrderCreateInput = z.output<typeof orderCreateSchema>;

// ---------------------------------------------------------------------------------------------
// Updates

/**
 * PUT /api/orders/{id}/ by the owner (spec storefront §7, accounts-admin §7): `status` with
 * products, or just products. `products` lists the lines that remain; `remove_line_ids` is the
 * explicit form (order product ids).
 */
export const customerOrderUpdateSchema = z
  .object({
    status: z.enum(['pending', 'cancelled'], { error: 'Solo puedes cancelar tu pedido' }).optional(),
    products: z
      .array(orderLineSchema, { error: 'Productos inválidos' })
      .max(ORDER_MAX_LINES, `Un pedido puede tener como máximo ${ORDER_MAX_LINES} productos`)
      .transform(mergeLines)
      .optional(),
    remove_line_ids: z.array(idField('Línea inválida')).max(ORDER_MAX_LINES).optional(),
  })
  .refine((v) => v.status !== undefined || v.products !== undefined || v.remove_line_ids !== undefined, {
    error: 'No hay cambios para aplicar',
  });
export type CustomerOrderUpdate = z.output<typeof customerOrderUpdateSchema>;

const priceField = z.coerce
  .number({ error: 'El precio debe ser un número' })
  .min(0, 'El precio no puede ser negativo')
  .max(999_999_999, 'El precio es demasiado alto')
  .transform(roundCents);

/** An order line as staff edit it; `id` names an existing line, price_at_time is in ARS. */
export const adminOrderLineSchema = z.object({
  id: idField('Línea inválida').optional(),
  product_id: idField('Producto inválido').nullish(),
  blister_id: idField('Presentación inválida').nullish(),
  quantity: quantityField,
  price_at_time: priceField.optional(),
});
export type AdminOrderLineInput = z.output<typeof adminOrderLineSchema>;

/** PUT /api/orders/{id}/ by staff (spec accounts-admin §7 orders: status and order_products). */
export const adminOrderUpdateSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: 'Estado inválido' }).optional(),
    order_products: z
      .array(adminOrderLineSchema, { error: 'Productos inválidos' })
      .min(1, 'El pedido debe tener al menos un producto')
      .max(ORDER_MAX_LINES, `Un pedido puede tener como máximo ${ORDER_MAX_LINES} productos`)
      .optional(),
    // The customer's shape, accepted from staff too (their own Mis Pedidos page sends it).
    products: z
      .array(orderLineSchema, { error: 'Productos inválidos' })
      .max(ORDER_MAX_LINES, `Un pedido puede tener como máximo ${ORDER_MAX_LINES} productos`)
      .optional(),
    remove_line_ids: z.array(idField('Línea inválida')).max(ORDER_MAX_LINES).optional(),
    is_archived: z.boolean({ error: 'Valor inválido para archivado' }).optional(),
    /** Why staff cancel (with status 'cancelled'): the customer's e-mail quotes it. */
    cancel_reason: z.string({ error: 'El motivo debe ser texto' }).trim().max(300, 'El motivo no puede superar 300 caracteres').optional(),
    /** Delivery of an order awaiting payment: a method (null: none, the spec's order) and its address. */
    shipping_method_id: idField('Método de envío inválido').nullable().optional(),
    address: addressSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'No hay cambios para aplicar' })
  .superRefine((v, issues) => {
    for (const [i, line] of (v.order_products ?? []).entries()) {
      if (!line.id && (!line.product_id || !line.blister_id)) {
        issues.addIssue({ code: 'custom', path: ['order_products', i], message: 'Cada producto nuevo necesita producto y presentación' });
      }
    }
  });
export type AdminOrderUpdate = z.output<typeof adminOrderUpdateSchema>;

/** POST /api/orders/manual/ (staff): a sale agreed by message, for an account or a new e-mail. */
export const manualOrderSchema = z
  .object({
    customer_email: z.string({ error: 'El email es requerido' }).trim().toLowerCase().max(254).email('Ingresa un email válido'),
    first_name: z.string().trim().max(150, 'El nombre es demasiado largo').optional(),
    last_name: z.string().trim().max(150, 'El apellido es demasiado largo').optional(),
    phone: customerPhoneSchema,
    ...deliveryFields,
    // The customer's name when not given.
    recipient_name: recipientNameSchema.optional(),
    customer_phone: customerPhoneSchema.optional(),
    products: orderLinesSchema,
    /** Recorded at once, as POST /api/orders/{id}/payment/ would. */
    payment: recordPaymentSchema.optional(),
    /** Kept as the order's internal notes. */
    note: z.string().trim().max(2000, 'La nota es demasiado larga').optional(),
  })
  .superRefine(checkDelivery)
  .transform(specAddress);
export type ManualOrderInput = z.output<typeof manualOrderSchema>;

// ---------------------------------------------------------------------------------------------
// Lists

export const DATE_FILTERS = ['today', 'week', 'month', 'custom'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

/** Newest first by default; oldest first for fulfilment (with status=pending). */
export const ORDER_ORDERINGS = ['-created_at', 'created_at', '-total', 'total'] as const;
export type OrderOrdering = (typeof ORDER_ORDERINGS)[number];

/** A day in the shop's years; '' (a date field left empty) is no date. */
const isoDate = z
  .string()
  .refine((v) => v === '' || isCalendarDay(v), { error: 'Fecha inválida', abort: true })
  .refine((v) => v === '' || inShopYears(v), OUT_OF_SHOP_YEARS_MESSAGE)
  .transform((v) => v || undefined);

/** Up to 100 comma-separated order ids or numbers. */
function orderList() {
  return z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Lista de pedidos inválida')
    .transform((v) => v.split(',').map(Number))
    .optional();
}
const adminOrderListFields = {
  ...pageQuery,
  // 'limit' is the spec's incremental-load name for the page size.
  limit: pageQuery.page_size,
  status: z.enum([...ORDER_STATUSES, 'all'], { error: 'Estado inválido' }).optional(),
  date_filter: z.enum([...DATE_FILTERS, 'all', ''], { error: 'Filtro de fecha inválido' }).optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  search: z.string().trim().max(100, 'La búsqueda es demasiado larga').optional(),
  ordering: z.enum(ORDER_ORDERINGS, { error: 'Orden inválido' }).optional(),
  /** Pending orders at one step: not paid yet, paid and not shipped, shipped. */
  stage: z.enum(FULFILMENT_STAGES, { error: 'Etapa inválida' }).optional(),
  /** Comma-separated ids (export of a selection). */
  ids: orderList(),
  /** Comma-separated order numbers (the print page, whose address staff see and share). */
  numbers: orderList(),
};

function checkDateRange(q: { date_filter?: string; start_date?: string; end_date?: string }, issues: z.RefinementCtx) {
  if (q.date_filter !== 'custom') return;
  if (!q.start_date || !q.end_date) {
    issues.addIssue({ code: 'custom', path: ['start_date'], message: 'Debes seleccionar fechas de inicio y fin' });
  } else if (q.end_date < q.start_date) {
    issues.addIssue({ code: 'custom', path: ['end_date'], message: 'La fecha de fin no puede ser anterior a la fecha de inicio' });
  }
}

function normalizeListQuery<T extends z.output<z.ZodObject<typeof adminOrderListFields>>>({
  limit,
  page_size,
  status,
  date_filter,
  ordering,
  ...rest
}: T) {
  return {
    ...rest,
    page_size: page_size ?? limit ?? ADMIN_ORDERS_PAGE_SIZE,
    status: status === 'all' ? undefined : status,
    date_filter: date_filter === 'all' || date_filter === '' ? undefined : date_filter,
    ordering: ordering ?? '-created_at',
  };
}

/** GET /api/orders/ (admin; spec storefront §7, accounts-admin §5 order date filter). */
export const adminOrderListQuerySchema = z.object(adminOrderListFields).superRefine(checkDateRange).transform(normalizeListQuery);
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** GET /api/orders/export.csv (admin): the list's filters, one row per order or per line. */
export const orderExportQuerySchema = z
  .object({ ...adminOrderListFields, rows: z.enum(['orders', 'lines'], { error: 'Formato de exportación inválido' }).default('orders') })
  .superRefine(checkDateRange)
  .transform(normalizeListQuery);
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;

export const myOrdersQuerySchema = z
  .object({
    ...pageQuery,
    status: z.enum(ORDER_STATUSES, { error: 'Estado inválido' }).optional(),
  })
  .transform((q) => ({ ...q, page_size: q.page_size ?? MY_ORDERS_PAGE_SIZE }));
export type MyOrdersQuery = z.output<typeof myOrdersQuerySchema>;

/**
 * The [from, to) window of a date filter: today since the shop's midnight, week the last 7 days
 * and month the last 30 days (both counting today), custom both dates inclusive.
 */
export function orderDateRange(
  filter: DateFilter | undefined,
  now: Date,
  startDate?: string,
  endDate?: string,
): { from?: Date; to?: Date } {
  if (!filter) return {};
  const today = shopDayStart(shopDate(now));
  switch (filter) {
    case 'today':
      return { from: today };
    case 'week':
      return { from: new Date(today.getTime() - 6 * DAY_MS) };
    case 'month':
      return { from: new Date(today.getTime() - 29 * DAY_MS) };
    case 'custom':
      return {
        from: startDate ? shopDayStart(startDate) : undefined,
        to: endDate ? new Date(shopDayStart(endDate).getTime() + DAY_MS) : undefined,
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Shapes the API answers with (spec accounts-admin §3 order and order product)

export const orderProductDtoSchema = z.object({
  id: z.number().int(),
  product: z.number().int().nullable(),
  blister: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  blister_id: z.number().int().nullable(),
  quantity: z.number().int(),
  /** Unit price in ARS after discount, as charged. */
  price_at_time: z.number(),
  subtotal: z.number(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  product_description: z.string().nullable(),
  product_brand: z.string().nullable(),
  product_type: z.string().nullable(),
  genotype: z.string().nullable(),
  effects: z.string().nullable(),
  thc: z.string().nullable(),
  cbd: z.string().nullable(),
  sativa: z.number().nullable(),
  indica: z.number().nullable(),
  flavors: z.string().nullable(),
  blister_info: z.object({ seed_count: z.number().int().nullable() }),
});
export type OrderProductDto = z.infer<typeof orderProductDtoSchema>;

export const orderCustomerDtoSchema = z.object({
  id: z.number().int().nullable(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

export const refundDtoSchema = z.object({
  status: z.enum(REFUND_STATUSES),
  amount: z.number(),
  refunded_at: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** Staff only: absent from the customer's order. */
  note: z.string().nullable().optional(),
});
export type RefundDto = z.infer<typeof refundDtoSchema>;

export const orderShippingDtoSchema = z.object({
  /** Null once the method was removed from the settings; the rest is the order's copy. */
  method_id: z.number().int().nullable(),
  name: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  carrier: z.enum(CARRIERS),
  price: z.number(),
});
export type OrderShippingDto = z.infer<typeof orderShippingDtoSchema>;

export const orderDtoSchema = z.object({
  /** The API's key (paths, references). */
  id: z.number().int(),
  /** What customers and staff see as the order's number: consecutive, without gaps. */
  order_number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  status_display: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  is_archived: z.boolean(),
  /** The lines' sum. */
  subtotal: z.number(),
  /** subtotal + shipping − the coupon's discount. */
  total: z.number(),
  /** The coupon the order was placed with: its code and what it took off the products (free shipping: 0, the shipping is $ 0). */
  coupon: z.object({ code: z.string(), discount: z.number(), free_shipping: z.boolean() }).nullable(),
  /** web: the customer's checkout; manual: entered by staff. */
  source: z.enum(ORDER_SOURCES),
  shipping: orderShippingDtoSchema.nullable(),
  address: addressDtoSchema.nullable(),
  customer: orderCustomerDtoSchema,
  customer_phone: z.string(),
  customer_email: z.string(),
  recipient_name: z.string(),
  shipping_address: z.string(),
  delivery_type: z.enum(DELIVERY_TYPES),
  delivery_type_display: z.string(),
  cancel_reason: z.string().nullable(),
  order_products: z.array(orderProductDtoSchema),
  payment: paymentDtoSchema.nullable(),
  shipment: shipmentDtoSchema.nullable(),
  /** Where the order stands (domain/order-lifecycle.ts). */
  stage: z.enum(ORDER_STAGES),
  stage_display: z.string(),
  /** A cancelled order that was paid: the refund owed, or done. */
  refund: refundDtoSchema.nullable(),
  /** How to pay (the shop's payment settings), on the customer's pending orders; else null. */
  payment_instructions: z.string().nullable(),
  /** The shop's WhatsApp (10 digits) on the customer's pending orders: to pay, or to ask for a change once paid; else null. */
  shop_whatsapp: z.string().nullable().optional(),
  /** Staff only. */
  internal_notes: z.string().optional(),
});
export type OrderDto = z.infer<typeof orderDtoSchema>;

export const orderStatusCountsSchema = z.object({
  pending: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  total: z.number().int(),
  /** The pending tab by stage; the three add up to `pending`. */
  stages: z.object({ awaiting_payment: z.number().int(), paid: z.number().int(), shipped: z.number().int() }),
  /** Orders the shop has to act on: awaiting payment or paid, not shipped (the sidebar badge). */
  needs_shop: z.number().int(),
  /** Cancelled orders that were paid and whose refund is not recorded yet. */
  refunds_owed: z.number().int(),
});
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

export const orderPageSchema = pageSchema(orderDtoSchema);

export const adminOrderPageSchema = orderPageSchema.extend({
  totalPages: z.number().int(),
  status_counts: orderStatusCountsSchema,
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** What PUT answers: the order after the change and a message to show. */
export const orderUpdateResultSchema = orderDtoSchema.extend({ message: z.string() });
export type OrderUpdateResult = z.infer<typeof orderUpdateResultSchema>;
