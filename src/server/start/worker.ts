// A worker forked by the primary (start/primary.ts): opens its own pool on the database the
// primary prepared and listens on the shared port. Its /metrics answer covers every worker.
import type { FastifyBaseLogger } from 'fastify';
import type { EnvConfig } from '../config';
import { clusterMetricsReader } from '../operations/cluster-metrics';
import { openPrepared } from './prepare';
import { serveShop } from './serve';

export async function startWorker(envConfig: EnvConfig, log: FastifyBaseLogger): Promise<void> {
  const prepared = await openPrepared(envConfig);
  await serveShop(prepared, { log: log.child({ worker: envConfig.workerSlot }), metricsReader: clusterMetricsReader });
}
