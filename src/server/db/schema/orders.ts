// Orders: their lines, numbers and shipping methods, and the coupons they use.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COUPON_KINDS } from '../../../domain/coupons';
import { CARRIERS, PAYMENT_METHODS } from '../../../domain/fulfilment';
import { REFUND_STATUSES } from '../../../domain/order-lifecycle';
import { ORDER_SOURCES } from '../../../domain/order-status';
import type { ShippingZone } from '../../../domain/shipping';
import { SHIPPING_KINDS } from '../../../domain/shipping';
import { createdAt, folded, money, orderSearchText, updatedAt } from './columns';
import { users } from './accounts';
import { blisters, products } from './catalog';

export const ORDER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export const DELIVERY_TYPES = ['address', 'coordinate'] as const;

/**
 * A single row (id = 1): the last order number given. Orders take the next one from it in the
 * transaction that creates them (next_order_number(), migration 0004), so a failed checkout
 * rolls its number back and customers see numbers without gaps.
 */
export const orderNumberCounter = pgTable(
  'order_number_counter',
  {
    id: integer('id').primaryKey().default(1),
    last_number: integer('last_number').notNull().default(0),
  },
  (t) => [check('order_number_counter_single_row', sql`${t.id} = 1`)],
);

export const orders = pgTable(
  'orders',
  {
    /** The API's key. Customers and staff see `order_number` instead. */
    id: serial('id').primaryKey(),
    order_number: integer('order_number')
      .notNull()
      .default(sql`next_order_number()`),
    /** Null once the customer's account is deleted; the snapshot fields below keep the name. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    is_archived: boolean('is_archived').notNull().default(false),
    total: money('total').notNull(),
    recipient_name: text('recipient_name').notNull(),
    shipping_address: text('shipping_address').notNull(),
    customer_email: text('customer_email').notNull(),
    customer_phone: text('customer_phone').notNull(),
    delivery_type: text('delivery_type', { enum: DELIVERY_TYPES }).notNull(),
    customer_username: text('customer_username'),
    customer_first_name: text('customer_first_name'),
    customer_last_name: text('customer_last_name'),
    dollar_rate: money('dollar_rate'),
    cancel_reason: text('cancel_reason'),
    /** The payment staff recorded (all null until then). */
    paid_at: timestamp('paid_at', { withTimezone: true }),
    payment_method: text('payment_method', { enum: PAYMENT_METHODS }),
    payment_amount: money('payment_amount'),
    payment_note: text('payment_note'),
    payment_recorded_by: integer('payment_recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The shipment staff recorded (all null until then). */
    carrier: text('carrier', { enum: CARRIERS }),
    tracking_code: text('tracking_code'),
    shipped_at: timestamp('shipped_at', { withTimezone: true }),
    shipped_by: integer('shipped_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A cancelled order that was paid owes its payment back (domain/order-lifecycle.ts): 'owed'
     * from the cancellation until staff record the refund, then 'done'. Null otherwise.
     */
    refund_status: text('refund_status', { enum: REFUND_STATUSES }),
    refund_amount: money('refund_amount'),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    refund_method: text('refund_method', { enum: PAYMENT_METHODS }),
    refund_note: text('refund_note'),
    refund_recorded_by: integer('refund_recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Staff only. */
    internal_notes: text('internal_notes').notNull().default(''),
    /** 'web': the customer's checkout; 'manual': entered by staff for a sale agreed by message. */
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('web'),
    /** Staff who entered a manual order. */
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The shipping method chosen, as it was then (all null: the spec's order without shipping).
     * `total` includes shipping_price: the lines' subtotal is total − shipping_price.
     */
    shipping_method_id: integer('shipping_method_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
    shipping_name: text('shipping_name'),
    shipping_kind: text('shipping_kind', { enum: SHIPPING_KINDS }),
    shipping_carrier: text('shipping_carrier', { enum: CARRIERS }),
    shipping_price: money('shipping_price'),
    /** The delivery address as fields (home delivery; the province alone for the other kinds). */
    address_street: text('address_street'),
    address_number: text('address_number'),
    address_zip_code: text('address_zip_code'),
    address_city: text('address_city'),
    address_province: text('address_province'),
    address_details: text('address_details'),
    /**
     * The coupon the order was placed with (domain/coupons.ts), as confirmed: `total` = lines'
     * subtotal + shipping_price − coupon_discount. A free-shipping coupon leaves the discount at 0
     * and the shipping_price at 0.
     */
    coupon_id: integer('coupon_id').references((): AnyPgColumn => coupons.id, { onDelete: 'restrict' }),
    coupon_code: text('coupon_code'),
    coupon_kind: text('coupon_kind', { enum: COUPON_KINDS }),
    coupon_discount: money('coupon_discount').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('orders_coupon_idx')
      .on(t.coupon_id)
      .where(sql`${t.coupon_id} is not null`),
    // The admin tabs (orders/queries statusFilter) in list order, so a page's ids come from the
    // index alone: pending and completed leave archived orders out, cancelled keeps them.
    index('orders_status_created_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    index('orders_open_status_created_idx')
      .on(t.status, t.created_at.desc(), t.id.desc())
      .where(sql`${t.is_archived} = false`),
    index('orders_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('orders_user_created_idx').on(t.user_id, t.created_at.desc()),
    // The staff search (orders/queries searchMatches): a term anywhere in these, with trigrams.
    index('orders_search_trgm_idx').using('gin', sql`${orderSearchText(t)} gin_trgm_ops`),
    uniqueIndex('orders_order_number_idx').on(t.order_number),
    // The dashboard's sums over a span of days read the orders from this index alone.
    index('orders_sales_idx').on(t.created_at, t.status, t.total, t.id),
    // The sales report's and the restock planner's counted orders (paid, not cancelled, nothing
    // refunded) in a span of days, with what the report reads of them, from the index alone.
    index('orders_counted_created_idx')
      .on(t.created_at, t.id, t.coupon_discount, t.shipping_price, t.address_province)
      .where(sql`${t.paid_at} is not null and ${t.status} <> 'cancelled' and ${t.refund_status} is null`),
    // The dashboard's money collected and refunded in a span of days, by when it moved.
    index('orders_paid_idx')
      .on(t.paid_at)
      .where(sql`${t.paid_at} is not null`),
    index('orders_refunded_idx')
      .on(t.refunded_at)
      .where(sql`${t.refunded_at} is not null`),
  ],
);

/**
 * The shipping methods staff set up ('Configuración → Envíos'). Orders keep a copy of what they
 * chose, so editing or removing a method never changes an order.
 */
export const shippingMethods = pgTable('shipping_methods', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  name: text('name').notNull(),
  kind: text('kind', { enum: SHIPPING_KINDS }).notNull(),
  carrier: text('carrier', { enum: CARRIERS }).notNull(),
  zones: jsonb('zones').$type<ShippingZone[]>().notNull().default([]),
  /** Null: the method does not reach provinces outside its zones. */
  rest_of_country_price: money('rest_of_country_price'),
  free_from: money('free_from'),
  days_min: integer('days_min').notNull().default(0),
  days_max: integer('days_max').notNull().default(0),
  pickup_address: text('pickup_address').notNull().default(''),
  active: boolean('active').notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    blister_id: integer('blister_id').references(() => blisters.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    /** Unit price in ARS after discount, as charged when the order was placed. */
    price_at_time: money('price_at_time').notNull(),
    product_name: text('product_name').notNull(),
    product_image: text('product_image'),
    product_brand: text('product_brand'),
    product_type: text('product_type'),
    seed_count: integer('seed_count'),
    /** The blister's cost_price (ARS) when the line was sold; null when it had none. Staff only. */
    cost_at_time: money('cost_at_time'),
    created_at: createdAt(),
  },
  (t) => [
    // An order's lines; with the figures the dashboard sums, read from the index alone.
    index('order_products_order_idx').on(t.order_id, t.product_id, t.blister_id, t.quantity, t.price_at_time),
    index('order_products_product_idx').on(t.product_id),
    // The staff order search by product name, on the name the line keeps.
    index('order_products_name_trgm_idx').using('gin', sql`${folded(sql`${t.product_name}`)} gin_trgm_ops`),
    check('order_products_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Discount codes staff create (domain/coupons.ts). `code_key` is the normalized code (no spaces,
 * upper case) customers are matched by. `uses` counts the uses held by orders that are not
 * cancelled: it only moves under this row's lock (coupons/uses.ts), so it never passes max_uses.
 * A coupon is never deleted, only deactivated.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    code_key: text('code_key').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    value: money('value').notNull().default(0),
    min_subtotal: money('min_subtotal').notNull().default(0),
    starts_at: timestamp('starts_at', { withTimezone: true }),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    max_uses: integer('max_uses'),
    max_uses_per_customer: integer('max_uses_per_customer'),
    first_order_only: boolean('first_order_only').notNull().default(false),
    brand_ids: jsonb('brand_ids').$type<number[]>().notNull().default([]),
    types: jsonb('types').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key_idx').on(t.code_key),
    check('coupons_uses_within_max', sql`${t.uses} >= 0 and (${t.max_uses} is null or ${t.uses} <= ${t.max_uses})`),
  ],
);

/** One row per order placed with a coupon: who used it, and when the use came back (a cancel). */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    coupon_id: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    returned_at: timestamp('returned_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('coupon_uses_order_idx').on(t.order_id), index('coupon_uses_coupon_user_idx').on(t.coupon_id, t.user_id)],
);
