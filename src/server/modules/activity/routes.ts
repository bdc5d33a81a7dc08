// /api/activity-logs/ (spec accounts-admin §7 activity): staff read the log and its counters.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityEntryDtoSchema, activityListQuerySchema, activityStatsDtoSchema } from '../../../domain/activity';
import { pageSchema } from '../../../domain/page';
import type { AppContext } from '../../context';
import { paged } from '../../http';
import { activityStats, listActivity } from './service';

export default async function activityRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  const staffOnly = { config: { access: 'staff' as const, permission: 'can_view_activity' as const } };

  app.get(
    '/api/activity-logs/',
    { ...staffOnly, schema: { querystring: activityListQuerySchema, response: { 200: pageSchema(activityEntryDtoSchema) } } },
    async (request) => {
      const { query } = request;
      const { results, count } = await listActivity(ctx, query);
      return paged(request, results, count, query.page, query.page_size);
    },
  );

  app.get(
    '/api/activity-logs/stats/',
    { ...staffOnly, schema: { response: { 200: z.object({ data: activityStatsDtoSchema }) } } },
    async () => ({
      data: await activityStats(ctx),
    }),
  );
}
