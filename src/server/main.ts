// Starts the shop: configuration, database and migrations, first data, HTTP server, jobs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createAppContext } from './context';
import { openDatabase } from './db/client';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { prepareData } from './db/seed';
import { startJobs } from './jobs';
import { loadSigningKey } from './modules/auth/signing-key';
import { backfillImageWidths } from './modules/uploads/images';

const envConfig = loadConfig();
if (!envConfig.databaseUrl) {
  try {
    lockEmbeddedDatabase(envConfig.dataDir, 'el servidor de la tienda');
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusy)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
// The first start of an embedded shop takes a while (creating the database, drawing the demo
// pictures): each step says what it is doing.
const log = pino({ level: envConfig.logLevel });
const embeddedDir = path.join(envConfig.dataDir, 'db');
log.info(
  envConfig.databaseUrl
    ? 'Conectando con PostgreSQL'
    : existsSync(path.join(embeddedDir, 'PG_VERSION'))
      ? `Abriendo la base embebida en ${embeddedDir}`
      : `Creando la base embebida en ${embeddedDir} (solo la primera vez)`,
);
const database = await openDatabase({ databaseUrl: envConfig.databaseUrl, dataDir: envConfig.dataDir });
log.info('Aplicando las migraciones de la base de datos');
await migrateDatabase(database);
const config = { ...envConfig, jwtSecret: await loadSigningKey(database, envConfig) };
const ctx = createAppContext(database.db, config);
const app = await buildApp(ctx, { loggerInstance: log });
await prepareData(ctx, database, app.log);

await app.listen({ port: config.port, host: config.host });
log.info(`Tienda lista en ${config.publicUrl}`);
const stopJobs = config.runJobs ? startJobs(ctx, app.log) : () => {};
// Pictures stored before a width was added get it, in the background.
backfillImageWidths(ctx.storage).then(
  (written) => written && app.log.info({ written }, 'image widths added'),
  (error: unknown) => app.log.error({ err: error }, 'adding image widths failed'),
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Fastify stops accepting connections and waits for in-flight requests before closing.
  stopJobs();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
