// The whole data model of the shop (spec storefront §3 and accounts-admin §3).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COUPON_COMBINATIONS, COUPON_KINDS } from '../../domain/coupons';
import { CARRIERS, PAYMENT_METHODS } from '../../domain/fulfilment';
import { REFUND_STATUSES } from '../../domain/order-lifecycle';
import { ORDER_SOURCES } from '../../domain/order-status';
import { PURCHASE_ORDER_STATUSES, type ReceiptLine } from '../../domain/purchasing';
import type { Address, ShippingZone } from '../../domain/shipping';
import { SHIPPING_KINDS } from '../../domain/shipping';
import type { StaffRole } from '../../domain/staff-roles';

/**
 * Lower case without accents: shop_fold() of migration 0006 (unaccent declared immutable), so that
 * trigram indexes can hold it and staff searches ignore accents and case ("gonzalez" finds
 * "González") on both databases.
 */
export const folded = (text: ReturnType<typeof sql>) => sql`shop_fold(${text})`;

/** What the staff order search reads from a customer account (orders/queries searchMatches). */
export const userSearchText = (t: { username: AnyPgColumn; email: AnyPgColumn; first_name: AnyPgColumn; last_name: AnyPgColumn }) =>
  folded(sql`${t.username} || chr(1) || ${t.email} || chr(1) || ${t.first_name} || ' ' || ${t.last_name}`);

/**
 * What the staff order search reads from an order: recipient, e-mail, phone and the customer's
 * names as ordered. chr(1) between fields keeps a term from matching across two of them.
 */
export const orderSearchText = (t: {
  recipient_name: AnyPgColumn;
  customer_email: AnyPgColumn;
  customer_phone: AnyPgColumn;
  customer_username: AnyPgColumn;
  customer_first_name: AnyPgColumn;
  customer_last_name: AnyPgColumn;
}) =>
  folded(
    sql`${t.recipient_name} || chr(1) || ${t.customer_email} || chr(1) || ${t.customer_phone} || chr(1) || coalesce(${t.customer_username}, '') || chr(1) || coalesce(${t.customer_first_name}, '') || ' ' || coalesce(${t.customer_last_name}, '')`,
  );

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    instagram: text('instagram'),
    phone: text('phone'),
    is_staff: boolean('is_staff').notNull().default(false),
    is_superuser: boolean('is_superuser').notNull().default(false),
    /** The staff role (src/domain/staff-roles.ts); null for a customer. is_staff and is_superuser follow it. */
    staff_role: text('staff_role').$type<StaffRole>(),
    /** The permissions of a 'custom' role; null for every other role. */
    staff_permissions: text('staff_permissions').array(),
    is_active: boolean('is_active').notNull().default(true),
    email_verified: boolean('email_verified').notNull().default(false),
    /** The delivery address of the customer's last order (checkout prefills it; Mi cuenta edits it). */
    last_address: jsonb('last_address').$type<Address>(),
    /** 'Quiero recibir recordatorios y novedades por email' (Ley 25.326): off until the customer ticks it. */
    marketing_opt_in: boolean('marketing_opt_in').notNull().default(false),
    /** When the customer last gave or withdrew that consent; null while never touched. */
    marketing_opt_in_changed_at: timestamp('marketing_opt_in_changed_at', { withTimezone: true }),
    last_login: timestamp('last_login', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.created_at),
    // The staff order search looks customers up by any of these (orders/queries searchMatches).
    index('users_search_trgm_idx').using('gin', sql`${userSearchText(t)} gin_trgm_ops`),
    // Checks written by hand in drizzle/0016_staff_roles.sql: staff_role is a known role, is_staff and
    // is_superuser follow it, and only a custom role stores permissions.
  ],
);

/** One row per refresh token; a family is one login session, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    user_agent: text('user_agent'),
    ip: text('ip'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
    index('refresh_tokens_user_idx').on(t.user_id),
  ],
);

export const CODE_PURPOSES = ['EMAIL_VERIFY', 'PASSWORD_RESET', 'EMAIL_CHANGE'] as const;

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    code_hash: text('code_hash').notNull(),
    new_email: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('verification_codes_lookup_idx').on(sql`lower(${t.email})`, t.purpose, t.created_at)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    brand_id: text('brand_id').notNull(),
    brand_name: text('brand_name').notNull(),
    description: text('description'),
    image: text('image'),
    visible: boolean('visible').notNull().default(true),
    is_national: boolean('is_national').notNull().default(false),
    discount_active: boolean('discount_active').notNull().default(false),
    discount_type: text('discount_type', { enum: ['percentage', 'fixed'] }),
    discount_value: money('discount_value'),
    discount_expires_at: timestamp('discount_expires_at', { withTimezone: true }),
    /** Days from a purchase order sent to the blisters on the shelf (the restock planner). */
    lead_time_days: integer('lead_time_days').notNull().default(14),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('brands_lead_time_non_negative', sql`${t.lead_time_days} >= 0`),
    uniqueIndex('brands_slug_idx').on(t.brand_id),
    uniqueIndex('brands_name_lower_idx').on(sql`lower(${t.brand_name})`),
    index('brands_national_idx').on(t.is_national),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['auto', 'fem', 'reg'] }).notNull(),
    genotype: text('genotype'),
    sativa: numeric('sativa', { precision: 5, scale: 2, mode: 'number' }),
    indica: numeric('indica', { precision: 5, scale: 2, mode: 'number' }),
    effects: text('effects'),
    flavors: text('flavors'),
    thc: text('thc'),
    cbd: text('cbd'),
    flowering_time: text('flowering_time'),
    completed_cicle: text('completed_cicle'),
    height_indoor: text('height_indoor'),
    height_outdoor: text('height_outdoor'),
    yield_indoor: text('yield_indoor'),
    yield_outdoor: text('yield_outdoor'),
    sku: text('sku'),
    currency: text('currency', { enum: ['ARS', 'USD'] })
      .notNull()
      .default('ARS'),
    image: text('image'),
    image_2: text('image_2'),
    image_3: text('image_3'),
    description: text('description'),
    available: boolean('available').notNull().default(true),
    /** Normalised name, brand and type label (see domain/text normalizeSearch) for trigram search. */
    search_text: text('search_text').notNull().default(''),
    /** Soft delete: products that appear in orders are kept for those orders. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_idx')
      .on(t.sku)
      .where(sql`${t.sku} is not null and ${t.deleted_at} is null`),
    index('products_brand_idx').on(t.brand_id),
    index('products_type_idx').on(t.type),
    index('products_created_at_idx').on(t.created_at.desc(), t.id.desc()),
    index('products_name_idx').on(t.name),
    index('products_listing_idx').on(t.available, t.deleted_at),
    index('products_search_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
    // Counts of the catalog's stock and price filters merge the ids of live products with those
    // of blisters_in_stock_idx or blisters_priced_idx, both read from the indexes alone.
    index('products_live_idx')
      .on(t.id)
      .where(sql`${t.deleted_at} is null`),
    // The storefront's page counts by type and brand, read from the index alone.
    index('products_storefront_idx')
      .on(t.type, t.brand_id)
      .where(sql`${t.available} and ${t.deleted_at} is null`),
    // Storefront pages in order within a type or a brand (migration 0012).
    index('products_type_newest_idx')
      .on(t.type, t.created_at.desc(), t.id.desc())
      .where(sql`${t.available} and ${t.deleted_at} is null`),
    index('products_type_name_idx')
      .on(t.type, t.name, t.id)
      .where(sql`${t.available} and ${t.deleted_at} is null`),
    index('products_brand_newest_idx')
      .on(t.brand_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.available} and ${t.deleted_at} is null`),
  ],
);

export const blisters = pgTable(
  'blisters',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    seed_count: integer('seed_count').notNull(),
    /** In the product's currency. */
    price: money('price'),
    stock: integer('stock').notNull().default(0),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** What a blister costs the shop, in ARS (staff with can_manage_products only); null: not known. */
    cost_price: money('cost_price'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('blisters_product_idx').on(t.product_id, t.seed_count),
    index('blisters_discount_idx')
      .on(t.product_id)
      .where(sql`${t.discount} > 0`),
    index('blisters_in_stock_idx')
      .on(t.product_id)
      .where(sql`${t.stock} > 0`),
    index('blisters_priced_idx')
      .on(t.product_id)
      .where(sql`${t.price} > 0`),
    check('blisters_stock_non_negative', sql`${t.stock} >= 0`),
    check('blisters_discount_range', sql`${t.discount} >= 0 and ${t.discount} <= 100`),
    check('blisters_seed_count_positive', sql`${t.seed_count} > 0`),
  ],
);

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

export const WARRANTY_STATUSES = ['pending', 'reviewing', 'approved', 'rejected', 'resolved'] as const;

export const warrantyClaims = pgTable(
  'warranty_claims',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: WARRANTY_STATUSES }).notNull().default('pending'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    product_name: text('product_name').notNull(),
    purchase_date: date('purchase_date', { mode: 'string' }).notNull(),
    germination_date: date('germination_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    photo1: text('photo1'),
    photo2: text('photo2'),
    photo3: text('photo3'),
    admin_response: text('admin_response'),
    admin_notes: text('admin_notes'),
    resolution_details: text('resolution_details'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('warranty_claims_user_idx').on(t.user_id, t.created_at.desc()),
    index('warranty_claims_status_idx').on(t.status, t.created_at.desc()),
    index('warranty_claims_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'register', 'login', 'order', 'status_change'] as const;

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action', { enum: ACTIVITY_ACTIONS }).notNull(),
    description: text('description').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshot of who acted; null means the system ('Sistema'). */
    username: text('username'),
    entity_type: text('entity_type'),
    entity_id: text('entity_id'),
    changes: jsonb('changes'),
    created_at: createdAt(),
  },
  (t) => [
    index('activity_logs_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('activity_logs_action_idx').on(t.action, t.created_at.desc()),
  ],
);

/** A single row (id = 1) with the shop's switches. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  maintenance_mode: boolean('maintenance_mode').notNull().default(false),
  maintenance_message: text('maintenance_message'),
  bypass_password_hash: text('bypass_password_hash'),
  // How customers pay (GET/PUT /api/core/payment-settings/): '' when not set.
  bank_holder: text('bank_holder').notNull().default(''),
  cbu: text('cbu').notNull().default(''),
  alias: text('alias').notNull().default(''),
  bank_name: text('bank_name').notNull().default(''),
  cuit: text('cuit').notNull().default(''),
  other_instructions: text('other_instructions').notNull().default(''),
  /** 10 digits; '' falls back to WHATSAPP_NUMBER. */
  whatsapp_number: text('whatsapp_number').notNull().default(''),
  /** The dashboard lists blisters with some stock below this (GET/PUT /api/core/inventory-settings/). */
  low_stock_threshold: integer('low_stock_threshold').notNull().default(5),
  /** Orders awaiting payment a customer may hold at once; null: MAX_PENDING_ORDERS (GET/PUT /api/core/order-settings/). */
  max_pending_orders: integer('max_pending_orders'),
  /** How coupons combine with the brands' discounts (domain/coupons.ts COUPON_COMBINATIONS). */
  coupon_combination: text('coupon_combination', { enum: COUPON_COMBINATIONS }).notNull().default('best'),
  /** Days of sales a purchase should cover beyond the brand's lead time (the restock planner). */
  restock_cover_days: integer('restock_cover_days').notNull().default(45),
  /** Hours a signed-in customer's cart waits before its one reminder e-mail; null: no reminders. */
  abandoned_cart_hours: integer('abandoned_cart_hours'),
  // How customers reach the shop and its fiscal data (GET/PUT /api/core/contact-settings/): ''
  // when not set. The contact WhatsApp is `whatsapp_number` above, shared with the payment settings.
  /** '' falls back to SHOP_EMAIL. */
  contact_email: text('contact_email').notNull().default(''),
  /** The account without '@'. */
  instagram: text('instagram').notNull().default(''),
  business_name: text('business_name').notNull().default(''),
  /** The business's CUIT, 11 digits (the payment settings' `cuit` is the bank account holder's). */
  business_cuit: text('business_cuit').notNull().default(''),
  /** AFIP's 'Data fiscal' picture: a path under /uploads/ this shop stored. */
  fiscal_image: text('fiscal_image').notNull().default(''),
  updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: updatedAt(),
});

/** The legal pages the owner edited (GET/PUT /api/pages/{slug}/); a slug without a row serves its default text. */
export const legalPages = pgTable('legal_pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: updatedAt(),
});

/**
 * Requests sent through the 'Botón de arrepentimiento' (Res. SCI 424/2020, POST /api/revocations/).
 * `order_number` is what the customer typed; `order_id` is set only when it named an order placed
 * with the same e-mail.
 */
export const revocationRequests = pgTable(
  'revocation_requests',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    order_number: text('order_number').notNull(),
    reason: text('reason').notNull().default(''),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('revocation_requests_created_idx').on(t.created_at.desc()), index('revocation_requests_order_idx').on(t.order_id)],
);

/**
 * A single row (id = 1): the key that signs access tokens when JWT_SECRET is not set, shared by
 * every process on one PostgreSQL server. Not copied into backups.
 */
export const signingKey = pgTable('signing_key', {
  id: integer('id').primaryKey().default(1),
  secret: text('secret').notNull(),
  created_at: createdAt(),
});

export const RATE_TYPES = ['blue', 'oficial', 'manual'] as const;

/** A single row (id = 1): the dollar rate in force. */
export const dollarRate = pgTable('dollar_rate', {
  id: integer('id').primaryKey().default(1),
  rate_type: text('rate_type', { enum: RATE_TYPES }).notNull().default('blue'),
  value: money('value').notNull().default(1000),
  auto_update: boolean('auto_update').notNull().default(false),
  is_manual: boolean('is_manual').notNull().default(false),
  last_update: timestamp('last_update', { withTimezone: true }),
  last_error: text('last_error'),
  updated_at: updatedAt(),
});

export const dollarRateHistory = pgTable(
  'dollar_rate_history',
  {
    id: serial('id').primaryKey(),
    rate_type: text('rate_type', { enum: RATE_TYPES }).notNull(),
    value: money('value').notNull(),
    source: text('source', { enum: ['auto', 'force', 'manual', 'settings'] }).notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('dollar_rate_history_created_idx').on(t.created_at.desc())],
);

/** Outgoing mail queue: a failed send is retried later and never fails the caller. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text_body: text('text_body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * 'Avisarme cuando haya stock' (issue 14). A request is open while `closed_at` is null; the
 * trigger `blisters_restocked` (migration 0007) closes the open ones of a blister in the
 * very transaction that takes its stock from 0 to more, whatever path wrote the stock, and the
 * e-mail goes out once `notified_at` is claimed (stock-alerts/restock.ts).
 */
export const stockNotifications = pgTable(
  'stock_notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blister_id: integer('blister_id')
      .notNull()
      .references(() => blisters.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    notified_at: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_notifications_open_idx')
      .on(t.user_id, t.blister_id)
      .where(sql`${t.closed_at} is null`),
    index('stock_notifications_waiting_idx')
      .on(t.blister_id)
      .where(sql`${t.closed_at} is null`),
    index('stock_notifications_unsent_idx')
      .on(t.id)
      .where(sql`${t.closed_at} is not null and ${t.notified_at} is null`),
  ],
);

/**
 * A single row (id = 1): the daily low-stock e-mail to the shop and what its last run saw, so a
 * blister is reported once when it falls under the threshold and again only if it sells out
 * or comes back and falls again.
 */
export const stockAlertSettings = pgTable(
  'stock_alert_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    /** The shop's hour (Argentina, 0-23) from which the day's alert goes out. */
    hour: integer('hour').notNull().default(9),
    /** The shop day the last check ran on: claimed atomically, so one process runs it per day. */
    last_run_on: date('last_run_on', { mode: 'string' }),
    /** Blisters under the threshold at the last check: `{ blister_id: stock }`. */
    low_stock_seen: jsonb('low_stock_seen').$type<Record<string, number>>().notNull().default({}),
    last_alert_at: timestamp('last_alert_at', { withTimezone: true }),
    /** What the last e-mail listed. */
    last_alert_items: jsonb('last_alert_items').$type<unknown[]>().notNull().default([]),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: updatedAt(),
  },
  (t) => [
    check('stock_alert_settings_single_row', sql`${t.id} = 1`),
    check('stock_alert_settings_hour_range', sql`${t.hour} >= 0 and ${t.hour} <= 23`),
  ],
);

/**
 * Rate-limit counters shared by the server processes on one PostgreSQL (src/server/counters/
 * postgres.ts): a key's hits inside its window, epoch milliseconds, at most the rule's maximum.
 * `allowed` is whether the last hit was counted, which the upsert answers with.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: bigint('hits', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    allowed: boolean('allowed').notNull().default(true),
    /** When the last window ends: later, the row is deleted. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expires_at)],
);

/** When each background job last ran (jobs.ts): a process claims a period by moving it forward. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  last_run_at: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

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

// ─── Purchase orders to the seed banks ('Compras', issue 37): one brand's blisters with quantity
// and unit cost, received in one or more deliveries.

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    /** What staff and the bank read ('OC-12'); from its own sequence. */
    number: serial('number').notNull(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('draft'),
    note: text('note').notNull().default(''),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    received_at: timestamp('received_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_idx').on(t.number),
    index('purchase_orders_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('purchase_orders_brand_idx').on(t.brand_id),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    purchase_order_id: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    /** Null once the blister or its product is deleted; the line keeps its name and seeds. */
    blister_id: integer('blister_id').references(() => blisters.id, { onDelete: 'set null' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    product_name: text('product_name').notNull(),
    seed_count: integer('seed_count').notNull(),
    quantity: integer('quantity').notNull(),
    received: integer('received').notNull().default(0),
    /** ARS per blister; null: not agreed yet. */
    unit_cost: money('unit_cost'),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_blister_idx').on(t.purchase_order_id, t.blister_id),
    check('purchase_order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('purchase_order_lines_received_range', sql`${t.received} >= 0 and ${t.received} <= ${t.quantity}`),
  ],
);

/** One row per delivery received: `receipt_key` makes a retried receipt a no-op. */
export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    id: serial('id').primaryKey(),
    purchase_order_id: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    receipt_key: text('receipt_key'),
    /** `[{ blister_id, quantity, unit_cost }]` as received. */
    lines: jsonb('lines').$type<ReceiptLine[]>().notNull(),
    received_by: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('purchase_order_receipts_key_idx').on(t.purchase_order_id, t.receipt_key)],
);

/**
 * A signed-in customer's cart, kept by the server (issue 38): one row per customer while it has
 * lines. `updated_at` moves on every change; `reminded_at` is claimed by the one reminder e-mail
 * (cart/reminders.ts) and cleared when the cart empties.
 */
export const carts = pgTable(
  'carts',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    updated_at: updatedAt(),
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    index('carts_unreminded_idx')
      .on(t.updated_at)
      .where(sql`${t.reminded_at} is null`),
  ],
);

/**
 * The cart's lines: product, blister and quantity only (prices are read fresh). No foreign key to
 * the catalog: a line whose blister was removed stays, shown as no longer sold.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => carts.user_id, { onDelete: 'cascade' }),
    product_id: integer('product_id').notNull(),
    blister_id: integer('blister_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Order of the lines as the customer added them. */
    position: integer('position').notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_blister_idx').on(t.user_id, t.product_id, t.blister_id),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

/** Each abandoned-cart reminder sent: the dashboard counts them and the orders that followed within 7 days. */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cart_reminders_sent_at_idx').on(t.sent_at)],
);
