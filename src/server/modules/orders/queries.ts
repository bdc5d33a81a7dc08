// Reads of orders and their lines, shaped as the API answers (spec accounts-admin §3). Product
// fields come from the product while it exists, else from the snapshot taken when ordering.
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  DELIVERY_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  orderDateRange,
  type AdminOrderListQuery,
  type OrderDto,
  type OrderOrdering,
  type OrderProductDto,
  type OrderShippingDto,
  type OrderStatusCounts,
  type RefundDto,
} from '../../../domain/orders';
import { ORDER_STAGE_LABELS, orderStage, STAGES_NEEDING_SHOP } from '../../../domain/order-lifecycle';
import { inStages } from './stages';
import { roundCents } from '../../../domain/money';
import { trackingUrl, type FulfilmentStage, type PaymentDto, type ShipmentDto } from '../../../domain/fulfilment';
import { normalizePhone } from '../../../domain/phone';
import { storedAddress } from '../../../domain/shipping';
import { preparedPerDb, sqlRows, type DbOrTx } from '../../db/client';
import { folded, orderProducts, orderSearchText, orders, users, userSearchText } from '../../db/schema';
import type { ReadCache } from '../../cache/read-cache';
import { lineBlisters, lineProducts, productIdsMatchingTypos } from '../catalog';

const orderFields = {
  id: orders.id,
  order_number: orders.order_number,
  user_id: orders.user_id,
  status: orders.status,
  is_archived: orders.is_archived,
  total: orders.total,
  recipient_name: orders.recipient_name,
  shipping_address: orders.shipping_address,
  customer_email: orders.customer_email,
  customer_phone: orders.customer_phone,
  delivery_type: orders.delivery_type,
  customer_username: orders.customer_username,
  customer_first_name: orders.customer_first_name,
  customer_last_name: orders.customer_last_name,
  cancel_reason: orders.cancel_reason,
  paid_at: orders.paid_at,
  payment_method: orders.payment_method,
  payment_amount: orders.payment_amount,
  payment_note: orders.payment_note,
  carrier: orders.carrier,
  tracking_code: orders.tracking_code,
  shipped_at: orders.shipped_at,
  refund_status: orders.refund_status,
  refund_amount: orders.refund_amount,
  refunded_at: orders.refunded_at,
  refund_method: orders.refund_method,
  refund_note: orders.refund_note,
  internal_notes: orders.internal_notes,
  source: orders.source,
  shipping_method_id: orders.shipping_method_id,
  shipping_name: orders.shipping_name,
  shipping_kind: orders.shipping_kind,
  shipping_carrier: orders.shipping_carrier,
  shipping_price: orders.shipping_price,
  coupon_code: orders.coupon_code,
  coupon_kind: orders.coupon_kind,
  coupon_discount: orders.coupon_discount,
  address_street: orders.address_street,
  address_number: orders.address_number,
  address_zip_code: orders.address_zip_code,
  address_city: orders.address_city,
  address_province: orders.address_province,
  address_details: orders.address_details,
  created_at: orders.created_at,
  updated_at: orders.updated_at,
  user_username: users.username,
  user_first_name: users.first_name,
  user_last_name: users.last_name,
};

// The indexes are (…, created_at DESC NULLS LAST, id DESC NULLS LAST); a plain DESC means NULLS
// FIRST and would make PostgreSQL sort every matching order instead of reading the index.
const newestFirst = [sql`${orders.created_at} desc nulls last`, sql`${orders.id} desc nulls last`];

const selectOrderRows = (db: DbOrTx) => db.select(orderFields).from(orders).leftJoin(users, eq(users.id, orders.user_id));

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['execute']>>[number];

const selectLines = (db: DbOrTx) =>
  db
    .select({
      id: orderProducts.id,
      order_id: orderProducts.order_id,
      product_id: orderProducts.product_id,
      blister_id: orderProducts.blister_id,
      quantity: orderProducts.quantity,
      price_at_time: orderProducts.price_at_time,
      snapshot_name: orderProducts.product_name,
      snapshot_image: orderProducts.product_image,
      snapshot_brand: orderProducts.product_brand,
      snapshot_type: orderProducts.product_type,
      snapshot_seed_count: orderProducts.seed_count,
      name: lineProducts.name,
      image: lineProducts.image,
      description: lineProducts.description,
      brand: lineProducts.brand,
      type: lineProducts.type,
      genotype: lineProducts.genotype,
      effects: lineProducts.effects,
      thc: lineProducts.thc,
      cbd: lineProducts.cbd,
      sativa: lineProducts.sativa,
      indica: lineProducts.indica,
      flavors: lineProducts.flavors,
      seed_count: lineBlisters.seed_count,
    })
    .from(orderProducts)
    .leftJoin(lineProducts, eq(lineProducts.id, orderProducts.product_id))
    .leftJoin(lineBlisters, eq(lineBlisters.id, orderProducts.blister_id));

// The reads every order list and order answer repeats, with the order ids as their only
// parameter (see preparedPerDb).
const orderRowsById = preparedPerDb((db) =>
  selectOrderRows(db)
    .where(sql`${orders.id} = any(${sql.placeholder('ids')})`)
    .prepare('order_rows_by_id'),
);
const orderLinesByOrder = preparedPerDb((db) =>
  selectLines(db)
    .where(sql`${orderProducts.order_id} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(orderProducts.order_id), asc(orderProducts.id))
    .prepare('order_lines_by_order'),
);

/** Orders by id, in the order of `ids`. */
async function rowsById(db: DbOrTx, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  const rows = await orderRowsById(db).execute({ ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function loadLines(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return orderLinesByOrder(db).execute({ ids: orderIds });
}

type LineRow = Awaited<ReturnType<typeof loadLines>>[number];

function lineDto(line: LineRow): OrderProductDto {
  return {
    id: line.id,
    product: line.product_id,
    blister: line.blister_id,
    product_id: line.product_id,
    blister_id: line.blister_id,
    quantity: line.quantity,
    price_at_time: line.price_at_time,
    subtotal: roundCents(line.price_at_time * line.quantity),
    product_name: line.name ?? line.snapshot_name,
    product_image: line.image ?? line.snapshot_image,
    product_description: line.description,
    product_brand: line.brand ?? line.snapshot_brand,
    product_type: line.type ?? line.snapshot_type,
    genotype: line.genotype,
    effects: line.effects,
    thc: line.thc,
    cbd: line.cbd,
    sativa: line.sativa,
    indica: line.indica,
    flavors: line.flavors,
    blister_info: { seed_count: line.seed_count ?? line.snapshot_seed_count },
  };
}

/**
 * Who an order is shaped for. Staff see the payment note and the internal notes; the customer
 * sees how to pay (the shop's payment instructions) while the order waits for payment.
 */
export type OrderView = { audience: 'staff' } | { audience: 'customer'; paymentInstructions: string | null; shopWhatsapp: string | null };
export const STAFF_VIEW: OrderView = { audience: 'staff' };

function paymentOf(row: OrderRow, staff: boolean): PaymentDto | null {
  if (!row.paid_at || !row.payment_method) return null;
  const payment: PaymentDto = { paid_at: row.paid_at.toISOString(), method: row.payment_method, amount: row.payment_amount ?? row.total };
  return staff ? { ...payment, note: row.payment_note } : payment;
}

function shipmentOf(row: OrderRow): ShipmentDto | null {
  if (!row.shipped_at || !row.carrier) return null;
  return {
    carrier: row.carrier,
    tracking_code: row.tracking_code,
    tracking_url: trackingUrl(row.carrier, row.tracking_code),
    shipped_at: row.shipped_at.toISOString(),
  };
}

function refundOf(row: OrderRow, staff: boolean): RefundDto | null {
  if (!row.refund_status) return null;
  const refund: RefundDto = {
    status: row.refund_status,
    amount: row.refund_amount ?? row.payment_amount ?? row.total,
    refunded_at: row.refunded_at?.toISOString() ?? null,
    method: row.refund_method,
  };
  return staff ? { ...refund, note: row.refund_note } : refund;
}

function shippingOf(row: OrderRow): OrderShippingDto | null {
  if (!row.shipping_kind || !row.shipping_carrier || row.shipping_name === null) return null;
  return {
    method_id: row.shipping_method_id,
    name: row.shipping_name,
    kind: row.shipping_kind,
    carrier: row.shipping_carrier,
    price: row.shipping_price ?? 0,
  };
}

function orderDto(row: OrderRow, lines: OrderProductDto[], view: OrderView): OrderDto {
  const staff = view.audience === 'staff';
  const payment = paymentOf(row, staff);
  const stage = orderStage(row);
  const awaitingPayment = stage === 'awaiting_payment';
  const dto: OrderDto = {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    status_display: ORDER_STATUS_LABELS[row.status],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    is_archived: row.is_archived,
    subtotal: roundCents(row.total - (row.shipping_price ?? 0) + row.coupon_discount),
    total: row.total,
    coupon: row.coupon_code
      ? { code: row.coupon_code, discount: row.coupon_discount, free_shipping: row.coupon_kind === 'free_shipping' }
      : null,
    source: row.source,
    shipping: shippingOf(row),
    address: storedAddress(row) ?? null,
    customer: {
      id: row.user_id,
      username: row.user_username ?? row.customer_username,
      first_name: row.user_first_name ?? row.customer_first_name,
      last_name: row.user_last_name ?? row.customer_last_name,
    },
    customer_phone: row.customer_phone,
    customer_email: row.customer_email,
    recipient_name: row.recipient_name,
    shipping_address: row.shipping_address,
    delivery_type: row.delivery_type,
    delivery_type_display: DELIVERY_TYPE_LABELS[row.delivery_type],
    cancel_reason: row.cancel_reason,
    order_products: lines,
    payment,
    shipment: shipmentOf(row),
    stage,
    stage_display: ORDER_STAGE_LABELS[stage],
    refund: refundOf(row, staff),
    payment_instructions: view.audience === 'customer' && awaitingPayment ? view.paymentInstructions : null,
    // The customer writes to the shop to pay, or to change an order that is paid or on its way.
    shop_whatsapp: view.audience === 'customer' && row.status === 'pending' ? view.shopWhatsapp : null,
  };
  if (staff) dto.internal_notes = row.internal_notes;
  return dto;
}

/** Orders as the API answers them, lines loaded in one query for all of them. */
async function toDtos(db: DbOrTx, rows: OrderRow[], view: OrderView, loaded?: LineRow[]): Promise<OrderDto[]> {
  const lines =
    loaded ??
    (await loadLines(
      db,
      rows.map((r) => r.id),
    ));
  const byOrder = new Map<number, OrderProductDto[]>();
  for (const line of lines) {
    const list = byOrder.get(line.order_id) ?? [];
    list.push(lineDto(line));
    byOrder.set(line.order_id, list);
  }
  return rows.map((row) => orderDto(row, byOrder.get(row.id) ?? [], view));
}

/** One order; with `ownerId`, only if it belongs to that customer. */
export async function findOrderDto(db: DbOrTx, id: number, view: OrderView = STAFF_VIEW, ownerId?: number): Promise<OrderDto | null> {
  const where = ownerId === undefined ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.user_id, ownerId));
  const rows = await selectOrderRows(db).where(where);
  if (rows.length === 0) return null;
  const [dto] = await toDtos(db, rows, view);
  return dto;
}

export async function findOrderDtoByNumber(db: DbOrTx, orderNumber: number): Promise<OrderDto | null> {
  const rows = await selectOrderRows(db).where(eq(orders.order_number, orderNumber));
  if (rows.length === 0) return null;
  const [dto] = await toDtos(db, rows, STAFF_VIEW);
  return dto;
}

export async function listUserOrders(
  db: DbOrTx,
  userId: number,
  opts: { status?: OrderDto['status']; page: number; pageSize: number; view: OrderView },
) {
  const where = and(eq(orders.user_id, userId), opts.status ? eq(orders.status, opts.status) : undefined);
  const [rows, [{ count }]] = await Promise.all([
    selectOrderRows(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(where),
  ]);
  return { results: await toDtos(db, rows, opts.view), count };
}

/** `%term%` for LIKE, with the wildcard characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits of a term that looks like a phone, as orders keep phones (10 digits); else null. */
function phoneDigits(term: string): string | null {
  if (!/^[\d\s\-().+]+$/.test(term)) return null;
  const normalized = normalizePhone(term);
  const digits = /^\d+$/.test(normalized) ? normalized : term.replace(/\D/g, '');
  return digits.length >= 4 ? digits : null;
}

/**
 * The staff search (issue 13): a term anywhere in the recipient, e-mail, phone (typed in any
 * form) or customer names of the order, in the names of the customer's account, in a line's
 * product name, or the order's number; accents and case ignored (shop_fold). Each branch
 * reads its own trigram or unique index (orders_search_trgm_idx, users_search_trgm_idx,
 * order_products_name_trgm_idx). The ids are read once, before the page and the counts, which
 * then fetch those orders by key instead of joining the union with every order of the tab.
 */
async function searchMatches(db: DbOrTx, term: string, now: Date): Promise<SQL> {
  const pattern = folded(sql`${containsPattern(term)}`);
  const orderText = orderSearchText(orders);
  const digits = phoneDigits(term);
  const branches = [
    sql`select ${orders.id} from ${orders} where ${orderText} like ${pattern}${digits ? sql` or ${orderText} like ${`%${digits}%`}` : sql``}`,
    sql`select ${orders.id} from ${orders} where ${orders.user_id} in (select ${users.id} from ${users} where ${userSearchText(users)} like ${pattern})`,
    sql`select ${orderProducts.order_id} from ${orderProducts} where ${folded(sql`${orderProducts.product_name}`)} like ${pattern}`,
  ];
  // An order number typed in the search box; never the id, which drifts from it (issue 34).
  if (/^\d{1,9}$/.test(term)) {
    branches.push(sql`select ${orders.id} from ${orders} where ${orders.order_number} = ${Number(term)}`);
  }
  let rows = await sqlRows<{ id: number }>(db, sql.join(branches, sql` union `));
  if (rows.length === 0) {
    // Nothing as typed: the product names with typos, matched as the catalog search matches them.
    const productIds = await productIdsMatchingTypos(db, term, now, TYPO_PRODUCTS);
    if (productIds.length) {
      rows = await sqlRows<{ id: number }>(
        db,
        sql`select distinct ${orderProducts.order_id} as id from ${orderProducts} where ${orderProducts.product_id} = any(${sql.param(productIds)})`,
      );
    }
  }
  if (rows.length === 0) return sql`false`;
  return sql`${orders.id} = any(${sql.param(rows.map((r) => Number(r.id)))})`;
}

/** Products a search with typos may match; past these, the orders search asks for a better word. */
const TYPO_PRODUCTS = 200;

/** Pending orders at one stage; archived ones are left out, as in the pending tab. */
function stageFilter(stage: FulfilmentStage): SQL {
  return and(statusFilter('pending'), inStages([stage]))!;
}

// The indexes are (…, created_at DESC NULLS LAST, id DESC NULLS LAST): oldest first reads them
// backwards, which gives NULLS FIRST.
const ORDERINGS: Record<OrderOrdering, SQL[]> = {
  '-created_at': newestFirst,
  created_at: [sql`${orders.created_at} asc nulls first`, sql`${orders.id} asc nulls first`],
  '-total': [sql`${orders.total} desc`, sql`${orders.id} desc`],
  total: [sql`${orders.total} asc`, sql`${orders.id} asc`],
};

interface AdminFilters {
  /** Every condition but the status tab. */
  where: SQL | undefined;
  /** Every condition but the status tab and the stage: the tabs' and stages' counts. */
  countsWhere: SQL | undefined;
  /** Ordering before the chosen one: the order whose number was searched comes first. */
  first: SQL[];
  /** Counts that depend on the date range alone are shared through the cache. */
  countsKey: string | null;
}

async function adminFilters(db: DbOrTx, query: AdminOrderListQuery, now: Date): Promise<AdminFilters> {
  const { from, to } = orderDateRange(query.date_filter, now, query.start_date, query.end_date);
  const conditions: (SQL | undefined)[] = [from ? gte(orders.created_at, from) : undefined, to ? lt(orders.created_at, to) : undefined];
  const typed = query.search?.trim() ?? '';
  const term = typed.replace(/^#\s*/, '');
  const number = /^\d{1,9}$/.test(term) ? Number(term) : null;
  // "#5" is order number 5 alone; "5" is every match, number 5 first.
  if (number !== null && typed.startsWith('#')) conditions.push(eq(orders.order_number, number));
  else if (term) conditions.push(await searchMatches(db, term, now));
  const first = number === null ? [] : [sql`(${orders.order_number} = ${number}) desc`];
  if (query.ids) conditions.push(inArray(orders.id, query.ids));
  if (query.numbers) conditions.push(inArray(orders.order_number, query.numbers));
  const countsWhere = and(...conditions);
  const where = query.stage ? and(countsWhere, stageFilter(query.stage)) : countsWhere;
  const countsKey = term || query.ids || query.numbers ? null : `${from?.toISOString() ?? ''}/${to?.toISOString() ?? ''}`;
  return { where, countsWhere, first, countsKey };
}

// spec accounts-admin §4: archived orders are left out of the pending and completed tabs.
function statusFilter(status: AdminOrderListQuery['status']): SQL | undefined {
  if (!status) return undefined;
  if (status === 'cancelled') return eq(orders.status, status);
  return and(eq(orders.status, status), eq(orders.is_archived, false));
}

/**
 * One grouped pass over the filtered orders gives every tab's count, each pending stage's (as
 * the pending tab shows them: archived ones left out, so the three add up to the tab), the
 * orders that need the shop (awaiting payment or paid, not shipped) and the refunds owed.
 */
async function statusCounts(db: DbOrTx, filters: SQL | undefined): Promise<OrderStatusCounts> {
  const counter = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const open = (stages: Parameters<typeof inStages>[0]) => counter(and(statusFilter('pending'), inStages(stages))!);
  const [row] = await db
    .select({
      pending: counter(statusFilter('pending')!),
      completed: counter(statusFilter('completed')!),
      cancelled: counter(statusFilter('cancelled')!),
      total: sql<number>`count(*)`.mapWith(Number),
      awaiting_payment: open(['awaiting_payment']),
      paid: open(['paid']),
      shipped: open(['shipped']),
      needs_shop: open(STAGES_NEEDING_SHOP),
      refunds_owed: counter(eq(orders.refund_status, 'owed')),
    })
    .from(orders)
    .where(filters);
  const { awaiting_payment, paid, shipped, ...counts } = row;
  return { ...counts, stages: { awaiting_payment, paid, shipped } };
}

/**
 * One page of the staff list. The page's ids are picked first, from the tab's index alone (an
 * index-only scan of orders_created_idx, orders_status_created_idx or
 * orders_open_status_created_idx); only those orders and their lines are then read, so a deep
 * page does not read every order it skips. `counts`, when given, keeps the status counts of
 * unsearched views (see orders/caches.ts).
 */
export async function listAdminOrders(db: DbOrTx, query: AdminOrderListQuery, now: Date, counts?: ReadCache<OrderStatusCounts>) {
  const filters = await adminFilters(db, query, now);
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(filters.where, statusFilter(query.status)))
    .orderBy(...filters.first, ...ORDERINGS[query.ordering])
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const countAll = () => statusCounts(db, filters.countsWhere);
  const [ids, tabCounts] = await Promise.all([
    pageIds.then((page) => page.map((r) => r.id)),
    counts && filters.countsKey !== null ? counts.get(filters.countsKey, countAll) : countAll(),
  ]);
  const [rows, lines] = await Promise.all([rowsById(db, ids), loadLines(db, ids)]);
  return { results: await toDtos(db, rows, STAFF_VIEW, lines), count: listCount(query, tabCounts), status_counts: tabCounts };
}

/** How many orders the list itself holds: its stage's count, or its tab's (the counts leave the stage out). */
function listCount(query: AdminOrderListQuery, counts: OrderStatusCounts): number {
  if (query.stage) return query.status && query.status !== 'pending' ? 0 : counts.stages[query.stage];
  return query.status ? counts[query.status] : counts.total;
}

/**
 * The ids of every order the staff list shows for these filters, in its order, up to `limit`
 * (the CSV export: all pages at once).
 */
export async function matchingOrderIds(db: DbOrTx, query: AdminOrderListQuery, now: Date, limit: number): Promise<number[]> {
  const filters = await adminFilters(db, query, now);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(filters.where, statusFilter(query.status)))
    .orderBy(...filters.first, ...ORDERINGS[query.ordering])
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Orders by id as staff see them, in the order of `ids` (those deleted meanwhile left out). */
export async function staffOrdersById(db: DbOrTx, ids: number[]): Promise<OrderDto[]> {
  const [rows, lines] = await Promise.all([rowsById(db, ids), loadLines(db, ids)]);
  return toDtos(db, rows, STAFF_VIEW, lines);
}
