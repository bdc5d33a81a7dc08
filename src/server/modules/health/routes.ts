import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

export default async function healthRoutes(app: FastifyInstance, opts: { db: Db }) {
  // With ?db=0 the database is skipped: the benchmarks' reference route.
  app.get('/api/health/', async (request) => {
    const skipDb = (request.query as { db?: string }).db === '0';
    if (!skipDb) await opts.db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}
