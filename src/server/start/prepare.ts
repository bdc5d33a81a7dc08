// What runs once before the shop serves: open the database, apply the migrations, settle the
// signing key and the first data (admin user, demo catalog). With several workers the primary
// runs it alone; the migrations and the first data take a PostgreSQL advisory lock (db/migrate.ts),
// so several machines starting at once take turns.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, EnvConfig } from '../config';
import { createAppContext } from '../app-context';
import type { AppContext } from '../context';
import { openDatabase, type Database } from '../db/client';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from '../db/lock';
import { migrateDatabase } from '../db/migrate';
import { prepareData } from './seed';
import { loadSigningKey } from '../modules/auth/signing-key';
import { backfillImageWidths } from '../modules/uploads/images';
import type { Storage } from '../storage';
import { listenWhileStarting, type StartupServer } from '../operations/startup-server';

/** Exit code of a start refused because of how the shop is set up (busy database, cluster on PGlite). */
export const REFUSED_EXIT_CODE = 2;

export function refuse(message: string): never {
  console.error(message);
  process.exit(REFUSED_EXIT_CODE);
}

/** The embedded database has one owner: a second server on the same DATA_DIR stops here. */
export function claimEmbeddedDatabase(envConfig: EnvConfig): void {
  if (envConfig.databaseUrl) return;
  try {
    lockEmbeddedDatabase(envConfig.dataDir, 'el servidor de la tienda');
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusy)) throw error;
    refuse(error.message);
  }
}

/** The start-up answers on the shop's port (not ready yet), or a clear exit when the port is taken. */
export async function holdPort(envConfig: EnvConfig): Promise<StartupServer> {
  try {
    return await listenWhileStarting(envConfig.port, envConfig.host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') refuse(`El puerto ${envConfig.port} de ${envConfig.host} ya está en uso por otro proceso.`);
    throw error;
  }
}

export interface PreparedShop {
  database: Database;
  config: Config;
  ctx: AppContext;
}

export async function prepareShop(envConfig: EnvConfig, log: FastifyBaseLogger): Promise<PreparedShop> {
  // The first start of an embedded shop takes a while (creating the database, drawing the demo
  // pictures): each step says what it is doing.
  const embeddedDir = path.join(envConfig.dataDir, 'db');
  log.info(
    envConfig.databaseUrl
      ? 'Conectando con PostgreSQL'
      : existsSync(path.join(embeddedDir, 'PG_VERSION'))
        ? `Abriendo la base embebida en ${embeddedDir}`
        : `Creando la base embebida en ${embeddedDir} (solo la primera vez)`,
  );
  const database = await openDatabase({ ...envConfig, poolSize: envConfig.databasePoolSize });
  log.info('Aplicando las migraciones de la base de datos');
  await migrateDatabase(database);
  const config = { ...envConfig, jwtSecret: await loadSigningKey(database, envConfig) };
  const ctx = createAppContext(database.db, config);
  await prepareData(ctx, database, log);
  return { database, config, ctx };
}

/** A worker's database and context: the primary already migrated and settled the signing key. */
export async function openPrepared(envConfig: EnvConfig): Promise<PreparedShop> {
  const database = await openDatabase({ ...envConfig, poolSize: envConfig.databasePoolSize });
  const config = { ...envConfig, jwtSecret: await loadSigningKey(database, envConfig) };
  return { database, config, ctx: createAppContext(database.db, config) };
}

/** Pictures stored before a width was added get it, in the background (once per start). */
export function backfillImageWidthsLater(storage: Storage, log: FastifyBaseLogger): void {
  backfillImageWidths(storage).then(
    (written) => written && log.info({ written }, 'image widths added'),
    (error: unknown) => log.error({ err: error }, 'adding image widths failed'),
  );
}
