// A signed-in customer's cart kept by the server, and the reminders of carts left waiting.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './accounts';

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
