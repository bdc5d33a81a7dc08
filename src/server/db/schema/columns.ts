// Column helpers every table file uses, and the folded search texts of migration 0006.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, numeric, timestamp } from 'drizzle-orm/pg-core';

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

export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
