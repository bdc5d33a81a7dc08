// WEB_CONCURRENCY=N>1: this process prepares the database once, then forks N workers that share
// the port (node:cluster hands connections out in turn). A worker that dies unexpectedly is
// replaced, unless workers keep dying (a crash loop stops the shop instead of spinning); SIGTERM
// and SIGINT stop the workers gracefully. The embedded database has a single owner process, so
// several workers need PostgreSQL.
import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { EnvConfig } from '../config';
import { serveClusterMetrics } from '../operations/cluster-metrics';
import { backfillImageWidthsLater, holdPort, prepareShop, refuse } from './prepare';

/** More unexpected worker exits than this within CRASH_WINDOW_MS stop the shop. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;

/** Why this configuration cannot run several workers, or null when it can. */
export function clusterRefusal(envConfig: Pick<EnvConfig, 'webConcurrency' | 'databaseUrl'>): string | null {
  if (envConfig.webConcurrency <= 1 || envConfig.databaseUrl) return null;
  return (
    `WEB_CONCURRENCY=${envConfig.webConcurrency} necesita DATABASE_URL: la base embebida tiene un solo proceso dueño. ` +
    'Configura PostgreSQL o deja WEB_CONCURRENCY=1.'
  );
}

export async function startPrimary(envConfig: EnvConfig, log: FastifyBaseLogger): Promise<void> {
  const refusal = clusterRefusal(envConfig);
  if (refusal) refuse(refusal);
  const startup = await holdPort(envConfig);
  const prepared = await prepareShop(envConfig, log);
  // The workers open their own pools; the port goes to them.
  await prepared.database.close();
  await startup.close();

  serveClusterMetrics();
  const slots = new Map<Worker, number>();
  const fork = (slot: number) => slots.set(cluster.fork({ SHOP_WORKER_SLOT: String(slot) }), slot);
  for (let slot = 1; slot <= envConfig.webConcurrency; slot++) fork(slot);

  let stopping = false;
  const crashes: number[] = [];
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening !== envConfig.webConcurrency) return;
    log.info(`Tienda lista en ${prepared.config.publicUrl} con ${envConfig.webConcurrency} procesos`);
  });
  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker)!;
    slots.delete(worker);
    if (stopping) {
      // 0 after a stop signal; 1 (process.exitCode) after a crash loop.
      if (slots.size === 0) process.exit();
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length > MAX_CRASHES) {
      log.fatal({ code, signal }, `${crashes.length} procesos de la tienda terminaron en un minuto: se detiene la tienda`);
      stopping = true;
      process.exitCode = 1;
      stopWorkers();
      if (slots.size === 0) process.exit();
      return;
    }
    log.error({ slot, workerPid: worker.process.pid, code, signal }, 'worker exited unexpectedly: starting another');
    fork(slot);
  });

  function stopWorkers() {
    for (const worker of slots.keys()) worker.process.kill('SIGTERM');
    // Each worker has its own shutdown timeout; this is the backstop for a worker that hangs.
    setTimeout(() => {
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
    }, envConfig.shutdownTimeoutMs + 2000).unref();
  }
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down the workers');
    stopWorkers();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  backfillImageWidthsLater(prepared.ctx.storage, log);
}
