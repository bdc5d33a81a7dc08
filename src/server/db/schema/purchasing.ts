// Purchase orders to the seed banks ('Compras'): one brand's blisters with quantity and unit cost, received in one or more deliveries.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PURCHASE_ORDER_STATUSES, type ReceiptLine } from '../../../domain/purchasing';
import { createdAt, money, updatedAt } from './columns';
import { users } from './accounts';
import { blisters, brands, products } from './catalog';

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
