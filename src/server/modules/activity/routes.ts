// /api/activity-logs/ (spec accounts-admin §7 activity): staff read the log and its counters.
import type { FastifyInstance } from 'fastify';
import { activityListQuerySchema } from '../../../domain/activity';
import type { AppContext } from '../../context';
import { paged, parse } from '../../http';
import { activityStats, listActivity } from './service';

export default async function activityRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const staffOnly = { config: { access: 'staff' as const } };

  app.get('/api/activity-logs/', staffOnly, async (request) => {
    const query = parse(activityListQuerySchema, request.query);
    const { results, count } = await listActivity(ctx, query);
    return paged(request, results, count, query.page, query.page_size);
  });

  app.get('/api/activity-logs/stats/', staffOnly, async () => ({ data: await activityStats(ctx) }));
}
