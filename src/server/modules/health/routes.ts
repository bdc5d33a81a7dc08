import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { describedOnly } from '../../http';

const healthQuery = describedOnly(z.object({ db: z.literal('0').optional().describe('0 skips the database round trip') }));

export default async function healthRoutes(app: FastifyInstance, opts: { db: Db }) {
  // With ?db=0 the database is skipped: the benchmarks' reference route.
  app.get(
    '/api/health/',
    { schema: { querystring: healthQuery, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (request) => {
      const skipDb = (request.query as { db?: string }).db === '0';
      if (!skipDb) await opts.db.execute(sql`select 1`);
      return { status: 'ok' };
    },
  );
}
