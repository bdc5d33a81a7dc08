// The shop itself: settings, legal pages, warranty claims, the activity log, the dollar rate, and what the server keeps for itself (mail outbox, rate limits, jobs, signing key).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { COUPON_COMBINATIONS } from '../../../domain/coupons';
import { createdAt, money, updatedAt } from './columns';
import { users } from './accounts';
import { products } from './catalog';
import { orders } from './orders';

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
