// HTTP for purchase orders ('Compras', issue 37): GET/POST /api/purchase-orders/, GET/PUT/DELETE
// /api/purchase-orders/{id}/ (drafts only), and send, cancel and receive.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, pageSchema } from '../../../domain/page';
import {
  purchaseOrderDtoSchema,
  purchaseOrderInputSchema,
  purchaseOrderListQuerySchema,
  purchaseOrderMoveSchema,
  receiveInputSchema,
} from '../../../domain/purchasing';
import type { AppContext } from '../../context';
import { noContentSchema, paged } from '../../http';
import { requireStaff } from '../../security/caller';
import {
  createPurchaseOrder,
  deletePurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  movePurchaseOrder,
  receivePurchaseOrder,
  updatePurchaseOrder,
} from './service';

export default async function purchasingRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: 'staff' as const, permission: 'can_manage_purchasing' as const } };

  app.get(
    '/api/purchase-orders/',
    { ...staff, schema: { querystring: purchaseOrderListQuerySchema, response: { 200: pageSchema(purchaseOrderDtoSchema) } } },
    async (request) => {
      const { page, page_size = 25, ...filters } = request.query;
      const { results, count } = await listPurchaseOrders(ctx.db, filters, page_size, (page - 1) * page_size);
      return paged(request, results, count, page, page_size);
    },
  );

  app.post(
    '/api/purchase-orders/',
    { ...staff, schema: { body: purchaseOrderInputSchema, response: { 201: purchaseOrderDtoSchema } } },
    async (request, reply) => reply.status(201).send(await createPurchaseOrder(ctx, requireStaff(request), request.body)),
  );

  app.get(
    '/api/purchase-orders/:id/',
    { ...staff, schema: { params: idParamSchema, response: { 200: purchaseOrderDtoSchema } } },
    (request) => getPurchaseOrder(ctx, request.params.id),
  );

  app.put(
    '/api/purchase-orders/:id/',
    { ...staff, schema: { params: idParamSchema, body: purchaseOrderInputSchema, response: { 200: purchaseOrderDtoSchema } } },
    (request) => updatePurchaseOrder(ctx, requireStaff(request), request.params.id, request.body),
  );

  app.delete(
    '/api/purchase-orders/:id/',
    { ...staff, schema: { params: idParamSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deletePurchaseOrder(ctx, requireStaff(request), request.params.id);
      return reply.status(204).send();
    },
  );

  for (const action of ['send', 'cancel'] as const) {
    app.post(
      `/api/purchase-orders/:id/${action}/`,
      { ...staff, schema: { params: idParamSchema, body: purchaseOrderMoveSchema, response: { 200: purchaseOrderDtoSchema } } },
      (request) => movePurchaseOrder(ctx, requireStaff(request), request.params.id, action),
    );
  }

  app.post(
    '/api/purchase-orders/:id/receive/',
    { ...staff, schema: { params: idParamSchema, body: receiveInputSchema, response: { 200: purchaseOrderDtoSchema } } },
    (request) => receivePurchaseOrder(ctx, requireStaff(request), request.params.id, request.body),
  );
}
