// Starts the shop: one process (start/single.ts), or with WEB_CONCURRENCY=N a primary that
// prepares the database once (start/primary.ts) and N workers sharing the port (start/worker.ts).
import cluster from 'node:cluster';
import { pino } from 'pino';
import { loadConfig } from './config';
import { logOptions } from './log-output';
import { startPrimary } from './start/primary';
import { startSingle } from './start/single';
import { startWorker } from './start/worker';

const envConfig = loadConfig();
const log = pino(logOptions(envConfig.logLevel));

if (cluster.isWorker) await startWorker(envConfig, log);
else if (envConfig.webConcurrency > 1) await startPrimary(envConfig, log);
else await startSingle(envConfig, log);
