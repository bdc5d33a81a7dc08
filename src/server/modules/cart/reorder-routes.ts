// POST /api/orders/{id}/reorder/ (issue 38): "Repetir pedido" for the order's customer; another
// customer's order, or none, is 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../domain/page';
import { reorderResultSchema } from '../../../domain/reorder';
import type { AppContext } from '../../context';
import { requireUser } from '../../security/caller';
import { reorder } from './reorder';

export default async function reorderRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/orders/:id/reorder/',
    {
      config: { access: 'user' },
      schema: { params: idParamSchema, body: z.object({}).optional(), response: { 200: reorderResultSchema } },
    },
    async (request) => reorder(opts.ctx, request.params.id, requireUser(request).id),
  );
}
