// Health checks. /api/health/ answers once the database does; /api/health/live/ while the process
// is up (a restart is the cure when it stops answering); /api/health/ready/ while the process
// should get traffic: 503 while it starts (operations/startup-server.ts) and once shutdown began.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { describedOnly } from '../../http';
import { HEALTH_LIVE_PATH, HEALTH_READY_PATH, type Readiness } from '../../operations/readiness';

const healthQuery = describedOnly(z.object({ db: z.literal('0').optional().describe('0 skips the database round trip') }));
const okSchema = z.object({ status: z.literal('ok') });

export default async function healthRoutes(app: FastifyInstance, opts: { db: Db; readiness: Readiness }) {
  // With ?db=0 the database is skipped: the benchmarks' reference route.
  app.get('/api/health/', { schema: { querystring: healthQuery, response: { 200: okSchema } } }, async (request) => {
    const skipDb = (request.query as { db?: string }).db === '0';
    if (!skipDb) await opts.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  app.get(HEALTH_LIVE_PATH, { schema: { response: { 200: okSchema } } }, async () => ({ status: 'ok' as const }));

  // No database round trip: one slow or lost database would otherwise drain every process at once.
  app.get(
    HEALTH_READY_PATH,
    { schema: { response: { 200: okSchema, 503: z.object({ status: z.enum(['starting', 'stopping']) }) } } },
    async (_request, reply) => {
      const { state } = opts.readiness;
      if (state === 'ready') return { status: 'ok' as const };
      return reply.code(503).send({ status: state });
    },
  );
}
