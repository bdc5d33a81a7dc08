// HTTP for orders (spec storefront §7 order calls, accounts-admin §7 orders): customers create,
// read and change their own orders; staff list, read, change and delete any order.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema } from '../../../domain/catalog';
import {
  adminOrderListQuerySchema, adminOrderUpdateSchema, customerOrderUpdateSchema, myOrdersQuerySchema, orderCreateSchema,
  type AdminOrderPage,
} from '../../../domain/orders';
import type { AppContext } from '../../context';
import { paged, parse } from '../../http';
import { isAdmin, requireStaff, requireUser } from '../auth/caller';
import {
  createOrder, deleteOrder, getOrder, listMyOrders, listOrdersForAdmin, updateOrderAsCustomer, updateOrderAsStaff,
} from './service';

const orderId = (request: FastifyRequest) => parse(idParamSchema, request.params).id;

export default async function orderRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;

  app.post('/api/orders/', { config: { access: 'user' } }, async (request, reply) => {
    const input = parse(orderCreateSchema, request.body);
    const order = await createOrder(ctx, requireUser(request), input, request.log);
    return reply.status(201).send(order);
  });

  app.get('/api/orders/my-orders/', { config: { access: 'user' } }, async (request) => {
    const query = parse(myOrdersQuerySchema, request.query);
    const { results, count } = await listMyOrders(ctx, requireUser(request).id, query);
    return paged(request, results, count, query.page, query.page_size);
  });

  app.get('/api/orders/', { config: { access: 'staff' } }, async (request): Promise<AdminOrderPage> => {
    const query = parse(adminOrderListQuerySchema, request.query);
    const { results, count, status_counts } = await listOrdersForAdmin(ctx, query);
    return {
      ...paged(request, results, count, query.page, query.page_size),
      totalPages: Math.max(1, Math.ceil(count / query.page_size)),
      status_counts,
    };
  });

  app.get('/api/orders/:id/', { config: { access: 'user' } }, async (request) => {
    return getOrder(ctx, requireUser(request), orderId(request));
  });

  app.put('/api/orders/:id/', { config: { access: 'user' } }, async (request) => {
    const user = requireUser(request);
    const id = orderId(request);
    if (isAdmin(user)) return updateOrderAsStaff(ctx, user, id, parse(adminOrderUpdateSchema, request.body), request.log);
    return updateOrderAsCustomer(ctx, user, id, parse(customerOrderUpdateSchema, request.body));
  });

  app.delete('/api/orders/:id/', { config: { access: 'staff' } }, async (request, reply) => {
    await deleteOrder(ctx, requireStaff(request), orderId(request));
    return reply.status(204).send();
  });
}
