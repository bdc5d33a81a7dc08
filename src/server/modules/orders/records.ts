// An order's row and lines as every workflow of the area reads and writes them: who calls, the
// transaction that writes orders (and drops the caches it made stale), the order locked, the
// lifecycle's refusals and the order as the answer shows it. A new order's row is written by the
// workflow that places it (place-order.ts).
import type { StaffRole } from '../../../domain/staff-roles';
import { asc, eq } from 'drizzle-orm';
import { refusal, type OrderAction } from '../../../domain/order-lifecycle';
import type { OrderDto } from '../../../domain/orders';
import { paymentInstructions } from '../../../domain/fulfilment';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { retryingDeadlocks } from '../../db/errors';
import { orderProducts, orders } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { Actor } from '../../shared/activity-log';
import { shopWhatsapp, readShopSettings, type ShopSettings } from '../site';
import { findOrderDto, type OrderView } from './queries';

/** Who is calling, as the auth plugin loaded it. */
export interface OrderActor extends Actor {
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_superuser: boolean;
  /** The staff role and custom permissions, as the auth plugin loaded them (src/domain/staff-roles.ts). */
  role?: StaffRole | null;
  staff_permissions?: string[] | null;
}

export const ORDER_NOT_FOUND = 'Pedido no encontrado';

export type OrderRecord = typeof orders.$inferSelect;

/**
 * Every write to orders goes through here: once its writes have ended (committed, or failed with
 * an unknown outcome), the caches they make stale are dropped (the staff list, and the catalog
 * whose stock they moved), so the next read in this process, the client's included, sees them.
 * A batch of transactions (the expiry job) drops them once, after the last.
 */
export async function afterOrderWrites<T>(ctx: AppContext, writes: () => Promise<T>): Promise<T> {
  try {
    return await writes();
  } finally {
    ctx.caches.ordersChanged();
  }
}

/** One transaction writing orders (afterOrderWrites). */
export function writeOrders<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return afterOrderWrites(ctx, () => retryingDeadlocks(() => ctx.db.transaction(work)));
}

export async function lockOrder(tx: Tx, id: number): Promise<OrderRecord | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

export const currentLines = (tx: Tx, orderId: number) =>
  tx.select().from(orderProducts).where(eq(orderProducts.order_id, orderId)).orderBy(asc(orderProducts.id));

/** Refuses (409) what the lifecycle does not allow from the order's stage (domain/order-lifecycle.ts). */
export function assertAllowed(order: OrderRecord, action: OrderAction): void {
  const refused = refusal(order, action);
  if (refused) throw conflict(refused.message, refused.code);
}

/**
 * How a customer sees their orders: while one waits for payment, with the shop's payment
 * instructions and the WhatsApp to send the payment message to.
 */
export async function customerView(ctx: AppContext, settings?: ShopSettings): Promise<OrderView> {
  settings ??= await readShopSettings(ctx);
  return { audience: 'customer', paymentInstructions: paymentInstructions(settings), shopWhatsapp: shopWhatsapp(settings, ctx.config) };
}

export async function withOrderDto<T extends object>(ctx: AppContext, id: number, extra: T, view: OrderView): Promise<OrderDto & T> {
  const dto = await findOrderDto(ctx.db, id, view);
  if (!dto) throw notFound(ORDER_NOT_FOUND);
  return { ...dto, ...extra };
}
