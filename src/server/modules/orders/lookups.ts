// What other areas ask of orders, each a narrow question, so only this area's files read the
// order tables (src/server/db/table-owners.js). Leaf module: it imports nothing of the areas, so
// coupons, users, warranty, legal and the catalog can call it without a circle.
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { orderProducts, orders } from '../../db/schema';

type OrderStatus = (typeof orders.$inferSelect)['status'];

/** Whether the customer has an order that is not cancelled (coupons for first orders). */
export async function hasActiveOrder(db: DbOrTx, userId: number): Promise<boolean> {
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.user_id, userId), ne(orders.status, 'cancelled')))
    .limit(1);
  return !!earlier;
}

/** Whether the customer placed an order (of any state) at or after `since`: a cart reminder is then not sent. */
export async function orderedSince(db: DbOrTx, userId: number, since: Date): Promise<boolean> {
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.user_id, userId), sql`${orders.created_at} >= ${since.toISOString()}::timestamptz`))
    .limit(1);
  return !!found;
}

/** Revenue per coupon: the totals of the orders that carry it and are not cancelled. */
export async function revenueByCoupon(db: DbOrTx, id?: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: orders.coupon_id, revenue: sql<number>`coalesce(sum(${orders.total}), 0)`.mapWith(Number) })
    .from(orders)
    .where(sql`${orders.coupon_id} is not null and ${orders.status} <> 'cancelled'${id ? sql` and ${orders.coupon_id} = ${id}` : sql``}`)
    .groupBy(orders.coupon_id);
  return new Map(rows.map((r) => [r.id!, Math.round(r.revenue * 100) / 100]));
}

/**
 * Whether any order names the product (a product in an order is hidden, not deleted). The caller
 * holds the product's row lock, which waits for any order still inserting a line naming it.
 */
export async function productInAnyOrder(tx: Tx, productId: number): Promise<boolean> {
  const [line] = await tx.select({ id: orderProducts.id }).from(orderProducts).where(eq(orderProducts.product_id, productId)).limit(1);
  return !!line;
}

/** Orders an account placed, as a number. */
export async function countOrdersOf(db: DbOrTx, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.user_id, userId));
  return n;
}

/**
 * The same count as a column of a query over accounts: `userId` is the account id of the outer
 * row, written out qualified (drizzle renders a column as a bare "id", which inside the subquery
 * would be the order's id).
 */
export const ordersCountColumn = (userId: SQL) =>
  sql<number>`(select count(*)::int from orders o where o.user_id = ${userId})`.mapWith(Number);

/**
 * Before an account is deleted (orders.user_id becomes null through the foreign key), its orders
 * that lack the customer snapshot columns get them, so no order loses who placed it.
 */
export async function keepCustomerOnOrders(
  tx: Tx,
  account: { id: number; username: string; first_name: string; last_name: string },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      customer_username: sql`coalesce(${orders.customer_username}, ${account.username})`,
      customer_first_name: sql`coalesce(${orders.customer_first_name}, ${account.first_name})`,
      customer_last_name: sql`coalesce(${orders.customer_last_name}, ${account.last_name})`,
    })
    .where(
      and(
        eq(orders.user_id, account.id),
        or(isNull(orders.customer_username), isNull(orders.customer_first_name), isNull(orders.customer_last_name)),
      ),
    );
}

/**
 * The order with this number placed with this e-mail: the order's own, or its account's
 * (`accountId`, the account registered with the e-mail, if any). `email` is in lower case.
 */
export async function orderByNumberAndEmail(
  db: DbOrTx,
  orderNumber: number,
  email: string,
  accountId: number | null,
): Promise<{ id: number; order_number: number } | null> {
  const [row] = await db
    .select({ id: orders.id, order_number: orders.order_number })
    .from(orders)
    .where(
      and(
        eq(orders.order_number, orderNumber),
        or(sql`lower(${orders.customer_email}) = ${email}`, accountId === null ? undefined : eq(orders.user_id, accountId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One of the customer's orders in the given statuses (a warranty claim names it). */
export async function customerOrderIn(db: DbOrTx, orderId: number, userId: number, statuses: readonly OrderStatus[]) {
  const [order] = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      created_at: orders.created_at,
      recipient_name: orders.recipient_name,
      customer_email: orders.customer_email,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.user_id, userId), inArray(orders.status, [...statuses])));
  return order;
}

/** A line of the order for this product, if it has one. */
export async function orderLineFor(db: DbOrTx, orderId: number, productId: number) {
  const [line] = await db
    .select({ product_id: orderProducts.product_id, product_name: orderProducts.product_name })
    .from(orderProducts)
    .where(and(eq(orderProducts.order_id, orderId), eq(orderProducts.product_id, productId)))
    .limit(1);
  return line;
}

/** The customer's latest 100 orders in the given statuses, each with its products that still exist. */
export async function customerOrdersWithProducts(db: DbOrTx, userId: number, statuses: readonly OrderStatus[]) {
  const found = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      created_at: orders.created_at,
      recipient_name: orders.recipient_name,
      status: orders.status,
    })
    .from(orders)
    .where(and(eq(orders.user_id, userId), inArray(orders.status, [...statuses])))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(100);
  if (!found.length) return [];
  const lines = await db
    .select({ order_id: orderProducts.order_id, product_id: orderProducts.product_id, product_name: orderProducts.product_name })
    .from(orderProducts)
    .where(
      and(
        inArray(
          orderProducts.order_id,
          found.map((o) => o.id),
        ),
        isNotNull(orderProducts.product_id),
      ),
    )
    .orderBy(orderProducts.id);
  return found.map((order) => {
    const products = new Map<number, string>();
    for (const line of lines) if (line.order_id === order.id && line.product_id) products.set(line.product_id, line.product_name);
    return { ...order, products: [...products].map(([id, name]) => ({ id, name })) };
  });
}

/**
 * The number and the customer of the order an outer row names by id, as columns of the caller's
 * query; `orderId` written out qualified, as for ordersCountColumn.
 */
export const orderColumns = (orderId: SQL) => ({
  order_number: sql<number | null>`(select o.order_number from orders o where o.id = ${orderId})`,
  order_customer_id: sql<number | null>`(select o.user_id from orders o where o.id = ${orderId})`,
});

/** The ids of the orders with this number, as a subquery (a search by order number). */
export const orderIdsNumbered = (db: DbOrTx, orderNumber: number) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.order_number, orderNumber));

/** The number and the customer of one order. */
export async function orderNumberAndCustomer(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ order_number: orders.order_number, order_customer_id: orders.user_id })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** A customer's orders as a condition on `orders o`: placed by the account or with the e-mail (SQL of the outer row). */
const customerOrders = (userId: SQL, email: AnyPgColumn | SQL) => sql`(o.user_id = ${userId} or lower(o.customer_email) = lower(${email}))`;

/** The phone of the customer's latest order, as a column of the caller's query. */
export const latestOrderPhone = (userId: SQL, email: AnyPgColumn | SQL) =>
  sql<string | null>`(select o.customer_phone from orders o where ${customerOrders(userId, email)} order by o.created_at desc limit 1)`;

/** How many of the customer's orders are not cancelled, as a column of the caller's query. */
export const activeOrdersCount = (userId: SQL, email: AnyPgColumn | SQL) =>
  sql<number>`(select count(*)::int from orders o where ${customerOrders(userId, email)} and o.status <> 'cancelled')`;

/** The lines of an order, if it is this customer's (else null). */
export async function customerOrderLines(db: DbOrTx, orderId: number, userId: number) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.user_id, userId)));
  if (!order) return null;
  return db
    .select({
      product_id: orderProducts.product_id,
      blister_id: orderProducts.blister_id,
      quantity: orderProducts.quantity,
      price_at_time: orderProducts.price_at_time,
      name: orderProducts.product_name,
      seed_count: orderProducts.seed_count,
    })
    .from(orderProducts)
    .where(eq(orderProducts.order_id, orderId))
    .orderBy(asc(orderProducts.id));
}
