// WEB_CONCURRENCY=1 (the default): one process prepares the database and serves. The port answers
// from the first moment: alive but not ready while the database is prepared.
import type { FastifyBaseLogger } from 'fastify';
import type { EnvConfig } from '../config';
import { backfillImageWidthsLater, claimEmbeddedDatabase, holdPort, prepareShop } from './prepare';
import { serveShop } from './serve';

export async function startSingle(envConfig: EnvConfig, log: FastifyBaseLogger): Promise<void> {
  claimEmbeddedDatabase(envConfig);
  const startup = await holdPort(envConfig);
  const prepared = await prepareShop(envConfig, log);
  await serveShop(prepared, { log, beforeListen: () => startup.close() });
  log.info(`Tienda lista en ${prepared.config.publicUrl}`);
  backfillImageWidthsLater(prepared.ctx.storage, log);
}
