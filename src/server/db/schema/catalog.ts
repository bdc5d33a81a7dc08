// The catalogue: seed banks (brands), products and their blisters, and the stock alerts on them.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';
import { users } from './accounts';

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
