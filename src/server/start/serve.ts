// One serving process (the only one, or a worker): builds the app on a prepared database, listens,
// runs the jobs, and stops gracefully on SIGTERM/SIGINT within SHUTDOWN_TIMEOUT_MS.
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { buildApp } from '../app';
import { startJobs } from '../jobs';
import { countUndeliveredMail } from '../modules/mail/service';
import { createMetrics } from '../operations/metrics';
import { Readiness } from '../operations/readiness';
import type { PreparedShop } from './prepare';

export interface ServeOptions {
  log: FastifyBaseLogger;
  /** Reads the /metrics text from this process's registry; a worker asks the primary instead. */
  metricsReader?: (registry: Registry) => () => Promise<string>;
  /** Runs right before listening: a single process hands its port over from the start-up answers. */
  beforeListen?: () => Promise<void>;
}

export async function serveShop({ database, ctx }: PreparedShop, options: ServeOptions): Promise<void> {
  const { config } = ctx;
  const { log } = options;
  const readiness = new Readiness();
  const metrics = createMetrics({
    ctx,
    mailBacklog: countUndeliveredMail,
    poolStats: database.poolStats,
    processMetrics: true,
    workerSlot: config.workerSlot,
  });
  const readMetrics = options.metricsReader?.(metrics.registry) ?? (() => metrics.registry.metrics());
  const app = await buildApp(ctx, { loggerInstance: log, operations: { readiness, metrics, readMetrics } });
  await options.beforeListen?.();
  await app.listen({ port: config.port, host: config.host });
  readiness.markReady();
  const stopJobs = config.runJobs ? startJobs(ctx, app.log) : () => {};

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    readiness.markStopping();
    app.log.info({ signal }, 'shutting down');
    // A request that never ends (a stuck query, a client that never reads) must not keep a
    // stopping process alive past the orchestrator's patience.
    setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'requests still running at the shutdown timeout: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    stopJobs();
    // Fastify stops accepting connections and waits for in-flight requests before closing.
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
