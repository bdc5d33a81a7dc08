// HTTP for orders (spec storefront §7 order calls, accounts-admin §7 orders): customers create,
// read and change their own orders; staff list, read, change and delete any order, record its
// payment and shipment, keep notes on it, act on several at once and export the list (issue 13).
// The checkout's preview of a coupon (POST /api/coupons/check/) is here too: it gathers the
// checkout's facts (prices, the customer's history) and asks the coupons' decision.
// The static paths (bulk/, export.csv, by-number/) win over /api/orders/:id/ in the router, whatever the
// order of registration.
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, orderNumberParamSchema } from '../../../domain/page';
import {
  bulkOrderActionSchema,
  bulkOrderResultSchema,
  internalNotesSchema,
  recordPaymentSchema,
  recordRefundSchema,
  recordShipmentSchema,
} from '../../../domain/fulfilment';
import {
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderUpdateSchema,
  customerOrderUpdateSchema,
  myOrdersQuerySchema,
  manualOrderSchema,
  orderCreateSchema,
  orderDtoSchema,
  orderExportQuerySchema,
  orderPageSchema,
  orderUpdateResultSchema,
  type OrderDto,
} from '../../../domain/orders';
import { messageResponseSchema } from '../../../domain/auth';
import { couponCheckResultSchema, couponCheckSchema } from '../../../domain/coupons';
import { paymentRequestBodySchema } from '../../../domain/payment-request';
import type { AppContext } from '../../context';
import { describedOnly, noContentSchema, paged, parse, type ZodApp } from '../../http';
import { can, requirePermission, requireStaff, requireUser } from '../../security/caller';
import { BULK_ACTION_PERMISSION, type Permission } from '../../../domain/staff-roles';
import { exportOrders } from './export';
import { resendPaymentInstructions } from './payment-request';
import { applyBulkAction, recordPayment, recordRefund, recordShipment, setInternalNotes, undoStep } from './fulfilment';
import { checkCoupon, createOrder } from './place-order';
import { getOrder, getOrderByNumber, listMyOrders, listOrdersForAdmin } from './reads';
import { deleteOrder, updateOrderAsCustomer, updateOrderAsStaff } from './edit';
import type { OrderActor } from './records';
import { createManualOrder } from './manual';

// Staff and customers change an order with different payloads: the handler picks the schema.
const orderUpdateBody = describedOnly(z.union([adminOrderUpdateSchema, customerOrderUpdateSchema]));

export default async function orderRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;

  app.post(
    '/api/orders/',
    { config: { access: 'user' }, schema: { body: orderCreateSchema, response: { 201: orderDtoSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      // A code typed at checkout is a try at guessing one, as on POST /api/coupons/check/: the
      // same counters (address and account), shared by every process.
      if (request.body.coupon_code) await app.rateLimits.check(request, reply, 'couponCheck', user.email);
      const order = await createOrder(ctx, user, request.body, request.log);
      return reply.status(201).send(order);
    },
  );

  app.post(
    '/api/coupons/check/',
    { config: { access: 'user' }, schema: { body: couponCheckSchema, response: { 200: couponCheckResultSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.rateLimits.check(request, reply, 'couponCheck', user.email);
      return checkCoupon(ctx, user, request.body);
    },
  );

  app.post(
    '/api/orders/manual/',
    {
      config: { access: 'staff', permission: 'can_manage_orders' },
      schema: { body: manualOrderSchema, response: { 201: orderDtoSchema } },
    },
    async (request, reply) => {
      const order = await createManualOrder(ctx, requireStaff(request), request.body, request.log);
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/api/orders/my-orders/',
    { config: { access: 'user' }, schema: { querystring: myOrdersQuerySchema, response: { 200: orderPageSchema } } },
    async (request) => {
      const { query } = request;
      const { results, count } = await listMyOrders(ctx, requireUser(request).id, query);
      return paged(request, results, count, query.page, query.page_size);
    },
  );

  app.get(
    '/api/orders/',
    {
      config: { access: 'staff', permission: 'can_view_orders' },
      schema: { querystring: adminOrderListQuerySchema, response: { 200: adminOrderPageSchema } },
    },
    async (request) => {
      const { query } = request;
      const { results, count, status_counts } = await listOrdersForAdmin(ctx, query);
      return {
        ...paged(request, results, count, query.page, query.page_size),
        totalPages: Math.max(1, Math.ceil(count / query.page_size)),
        status_counts,
      };
    },
  );

  // The admin's order page is addressed by the number staff see; writes keep the id.
  app.get(
    '/api/orders/by-number/:number/',
    {
      config: { access: 'staff', permission: 'can_view_orders' },
      schema: { params: orderNumberParamSchema, response: { 200: orderDtoSchema } },
    },
    async (request) => getOrderByNumber(ctx, request.params.number),
  );

  app.get(
    '/api/orders/:id/',
    { config: { access: 'user' }, schema: { params: idParamSchema, response: { 200: orderDtoSchema } } },
    async (request) => getOrder(ctx, requireUser(request), request.params.id),
  );

  app.put(
    '/api/orders/:id/',
    { config: { access: 'user' }, schema: { params: idParamSchema, body: orderUpdateBody, response: { 200: orderUpdateResultSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (can(user, 'can_manage_orders'))
        return updateOrderAsStaff(ctx, user, id, parse(adminOrderUpdateSchema, request.body), request.log);
      return updateOrderAsCustomer(ctx, user, id, parse(customerOrderUpdateSchema, request.body), request.log);
    },
  );

  app.delete(
    '/api/orders/:id/',
    { config: { access: 'staff', permission: 'can_manage_orders' }, schema: { params: idParamSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteOrder(ctx, requireStaff(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Each fulfilment step is recorded (POST), corrected (PUT) and undone (DELETE) alike.
  fulfilmentStepRoutes(app, ctx, 'payment', 'can_manage_orders', recordPaymentSchema, recordPayment);
  fulfilmentStepRoutes(app, ctx, 'shipment', 'can_ship_orders', recordShipmentSchema, recordShipment);

  app.post(
    '/api/orders/:id/payment-instructions/',
    {
      config: { access: 'staff', permission: 'can_manage_orders' },
      schema: { params: idParamSchema, body: paymentRequestBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => resendPaymentInstructions(ctx, requireStaff(request), request.params.id, request.log),
  );

  app.post(
    '/api/orders/:id/refund/',
    {
      config: { access: 'staff', permission: 'can_manage_orders' },
      schema: { params: idParamSchema, body: recordRefundSchema, response: { 200: orderDtoSchema } },
    },
    async (request) => recordRefund(ctx, requireStaff(request), request.params.id, request.body, request.log),
  );

  app.put(
    '/api/orders/:id/internal-notes/',
    {
      config: { access: 'staff', permission: 'can_manage_orders' },
      schema: { params: idParamSchema, body: internalNotesSchema, response: { 200: orderDtoSchema } },
    },
    async (request) => setInternalNotes(ctx, requireStaff(request), request.params.id, request.body.internal_notes),
  );

  app.post(
    '/api/orders/bulk/',
    {
      config: { access: 'staff', permission: 'can_ship_orders' },
      schema: { body: bulkOrderActionSchema, response: { 200: bulkOrderResultSchema } },
    },
    async (request) =>
      applyBulkAction(ctx, requirePermission(request, BULK_ACTION_PERMISSION[request.body.action]), request.body, request.log),
  );

  app.get(
    '/api/orders/export.csv',
    {
      config: { access: 'staff', permission: 'can_view_orders' },
      schema: {
        querystring: orderExportQuerySchema,
        response: {
          200: {
            description:
              "Los pedidos del listado con sus filtros (rows=orders) o una fila por producto (rows=lines): UTF-8 con BOM, separador ';'.",
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { filename, chunks } = await exportOrders(ctx, request.query);
      // The stream is the text the schema describes, written as it is read.
      return (reply as FastifyReply)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type('text/csv; charset=utf-8')
        .send(Readable.from(chunks));
    },
  );
}

/** POST records the step, PUT corrects it, DELETE undoes it; staff with `permission` only. */
function fulfilmentStepRoutes<Body extends z.ZodType>(
  app: ZodApp,
  ctx: AppContext,
  step: 'payment' | 'shipment',
  permission: Permission,
  body: Body,
  record: (
    ctx: AppContext,
    actor: OrderActor,
    orderId: number,
    input: z.output<Body>,
    log: FastifyBaseLogger,
    options?: { replace?: boolean },
  ) => Promise<OrderDto>,
) {
  const url = `/api/orders/:id/${step}/`;
  const config = { access: 'staff', permission } as const;
  const schema = { params: idParamSchema, body, response: { 200: orderDtoSchema } };
  // The type provider cannot resolve a generic schema's output: the body is checked against `body` all the same.
  const input = (request: { body: unknown }) => request.body as z.output<Body>;
  app.post(url, { config, schema }, async (request) => record(ctx, requireStaff(request), request.params.id, input(request), request.log));
  app.put(url, { config, schema }, async (request) =>
    record(ctx, requireStaff(request), request.params.id, input(request), request.log, { replace: true }),
  );
  app.delete(url, { config, schema: { params: idParamSchema, response: { 200: orderDtoSchema } } }, async (request) =>
    undoStep(ctx, requireStaff(request), request.params.id, step),
  );
}
