// Reading orders: a customer's own (Mis Pedidos, with the shop's payment data while one waits for
// payment), any order for staff, by id or by the number staff see, and the staff list (cached).
import { hasPermission } from '../../../domain/staff-roles';
import type { AdminOrderListQuery, MyOrdersQuery, OrderDto } from '../../../domain/orders';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findOrderDto, findOrderDtoByNumber, listAdminOrders, listUserOrders, STAFF_VIEW } from './queries';
import { customerView, ORDER_NOT_FOUND, type OrderActor } from './records';

/** A customer's orders: as the customer sees them, or as staff do (the user detail page). */
export async function listMyOrders(ctx: AppContext, userId: number, query: MyOrdersQuery, audience: 'customer' | 'staff' = 'customer') {
  const view = audience === 'staff' ? STAFF_VIEW : await customerView(ctx);
  return listUserOrders(ctx.db, userId, { status: query.status, page: query.page, pageSize: query.page_size, view });
}

/** Staff read any order; a customer only their own (anyone else's answers 404, not 403). */
export async function getOrder(ctx: AppContext, actor: OrderActor, id: number): Promise<OrderDto> {
  const dto = isStaff(actor) ? await findOrderDto(ctx.db, id) : await findOrderDto(ctx.db, id, await customerView(ctx), actor.id);
  if (!dto) throw notFound(ORDER_NOT_FOUND);
  return dto;
}

/** Staff open an order by the number they see on it (issue 34: ids drift from numbers). */
export async function getOrderByNumber(ctx: AppContext, orderNumber: number): Promise<OrderDto> {
  const dto = await findOrderDtoByNumber(ctx.db, orderNumber);
  if (!dto) throw notFound(ORDER_NOT_FOUND);
  return dto;
}

export async function listOrdersForAdmin(ctx: AppContext, query: AdminOrderListQuery) {
  const load = () => listAdminOrders(ctx.db, query, ctx.now(), ctx.caches.orderCounts);
  // Searches always read the database: they are rare, and staff expect them exact.
  return query.search ? load() : ctx.caches.orderPages.get(JSON.stringify(query), load);
}

/** Staff who may see every order read them whole; any other caller reads them as a customer. */
const isStaff = (actor: OrderActor) =>
  hasPermission({ staff_role: actor.role ?? null, staff_permissions: actor.staff_permissions ?? null }, 'can_view_orders');
