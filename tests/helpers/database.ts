// Test databases: a fresh PGlite, or a fresh database on the PostgreSQL server named by
// TEST_DATABASE_URL. Creating and migrating one costs seconds (PGlite's initdb most of all), so a
// migrated template is kept, named by a hash of what makes the schema (the migrations, the code that
// applies them, the database engine's version), and reused by later runs until that changes: a
// PGlite data folder under node_modules/.cache, a template database on the PostgreSQL server. Each
// test file gets a copy (tests/helpers/global-setup.ts tells the workers where the template is).
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';

/** Set by the global setup for the test workers: the migrated PGlite data folder. */
const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** Set by the global setup for the test workers: the migrated PostgreSQL template database. */
const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';
/** Set by the global setup for the test workers: where their databases go, removed after the run. */
const RUN_FOLDER_ENV = 'TEST_RUN_FOLDER';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PGLITE_CACHE = path.join(ROOT, 'node_modules/.cache/shop-test-templates');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** 16 hex digits naming the schema the migrations make, on this engine. */
export function schemaHash(engine: 'pglite' | 'postgres'): string {
  const hash = createHash('sha256').update(engine);
  const inputs = [...filesUnder(path.join(ROOT, 'drizzle')), path.join(ROOT, 'src/server/db/migrate.ts')];
  if (engine === 'pglite') inputs.push(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'));
  for (const file of inputs) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

async function adminQuery(adminUrl: string, query: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await admin.query(query, values);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated PGlite data folder for the current migrations. Built in a folder of its own and
 * renamed into place, so a run never sees a half-made template, and two runs building it at once
 * both end with one. Templates of other migrations are removed.
 */
async function pgliteTemplate(): Promise<string> {
  const name = `pglite-${schemaHash('pglite')}`;
  const folder = path.join(PGLITE_CACHE, name);
  if (existsSync(folder)) return path.join(folder, 'db');
  mkdirSync(PGLITE_CACHE, { recursive: true });
  const building = mkdtempSync(path.join(PGLITE_CACHE, 'building-'));
  try {
    const database = await openPglite(path.join(building, 'db'));
    await migrateDatabase(database);
    await database.close();
    renameSync(building, folder);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  for (const old of readdirSync(PGLITE_CACHE)) {
    if (old.startsWith('pglite-') && old !== name) rmSync(path.join(PGLITE_CACHE, old), { recursive: true, force: true });
  }
  return path.join(folder, 'db');
}

/**
 * The migrated template database for the current migrations on the server at `adminUrl`. It is
 * migrated under a name of its own and renamed when complete: a template under the final name is
 * always whole, and a run that loses the race to create it uses the winner's.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `shop_template_${schemaHash('postgres')}`;
  const exists = async () => (await adminQuery(adminUrl, 'select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (await exists()) return name;
  const building = `shop_building_${randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(adminUrl, `drop database if exists ${building} with (force)`);
  await adminQuery(adminUrl, `create database ${building}`);
  try {
    // Closed before the copies start: PostgreSQL copies a template nobody is connected to.
    const database = openPostgres(databaseUrl(adminUrl, building), 1);
    await migrateDatabase(database).finally(() => database.close());
    await adminQuery(adminUrl, `alter database ${building} rename to ${name}`);
  } catch (error) {
    await drop();
    if (!(await exists())) throw error;
  }
  return name;
}

/**
 * Makes sure the template of the current migrations exists and tells the test workers where; on
 * PGlite also makes the folder of the run's worker databases. Returns what removes that folder.
 */
export async function createTemplateDatabase(): Promise<() => void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    process.env[POSTGRES_TEMPLATE_ENV] = await postgresTemplate(adminUrl);
    return () => {};
  }
  process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplate();
  const runFolder = mkdtempSync(path.join(tmpdir(), 'shop-test-run-'));
  process.env[RUN_FOLDER_ENV] = runFolder;
  return () => rmSync(runFolder, { recursive: true, force: true });
}

/**
 * A migrated PGlite in `dataDir` (which must hold no database yet), or in a folder of its own
 * that closing it removes.
 */
export async function createTestPglite(dataDir?: string): Promise<Database> {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const own = dataDir ? undefined : mkdtempSync(path.join(tmpdir(), 'shop-test-db-'));
  const folder = dataDir ?? path.join(own!, 'db');
  if (template) cpSync(template, folder, { recursive: true });
  const database = await openPglite(folder);
  if (!template) await migrateDatabase(database);
  if (!own) return database;
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(own, { recursive: true, force: true });
    },
  };
}

/** A test database; on PostgreSQL, `url` lets a test open a second pool on it, as a second server process would. */
export type TestDatabase = Database & { url?: string };

/** A new database on the server at `adminUrl`, copied from `template`, dropped when closed. */
async function newPostgresDatabase(adminUrl: string, template: string): Promise<TestDatabase> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const url = databaseUrl(adminUrl, name);
  const database = openPostgres(url, 20);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A fresh, migrated database of its own (a copy of the template when there is one), dropped or
 * removed when closed.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return createTestPglite();
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const database = await newPostgresDatabase(adminUrl, template ?? 'template1');
  if (!template) await migrateDatabase(database);
  return database;
}

/**
 * An empty database, never migrated, as a shop's first start finds it: a new in-memory PGlite, or
 * a new database on TEST_DATABASE_URL's server copied from `template0`. Dropped, or gone, when
 * closed.
 */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? newPostgresDatabase(adminUrl, 'template0') : openPglite();
}

/**
 * Statements that put a database of the same schema back to the state `pglite` holds now: every
 * table emptied, its rows put back, every sequence set back. Read from a fresh copy of the
 * template, they reset a lent database; read before a browser test, they let its retry start
 * where the first try did (e2e/helpers/shop.ts).
 */
export async function stateStatements(pglite: PGlite): Promise<string> {
  const tables = (await pglite.query<{ name: string }>(`select format('%I', tablename) as name from pg_tables where schemaname = 'public'`))
    .rows;
  const sequences = await pglite.query<{ statement: string }>(
    `select format('select setval(%L, %s, %L)', format('%I', sequencename), coalesce(last_value, start_value), last_value is not null) as statement
       from pg_sequences where schemaname = 'public'`,
  );
  // Replica mode skips the foreign key checks, so the tables can be emptied in any order.
  const statements = ['begin', 'set local session_replication_role = replica'];
  for (const { name } of tables) statements.push(`delete from ${name}`);
  for (const { name } of tables) {
    const [{ insert }] = (
      await pglite.query<{ insert: string | null }>(
        `select case when count(*) > 0 then format('insert into %s select * from json_populate_recordset(null::%s, %L)', $1::text, $1::text, json_agg(t)::text) end as insert
           from ${name} t`,
        [name],
      )
    ).rows;
    if (insert) statements.push(insert);
  }
  statements.push(...sequences.rows.map((row) => row.statement), 'commit');
  return statements.map((statement) => `${statement};`).join('\n');
}

interface WorkerPglite {
  database: Database;
  reset: string;
  lent: boolean;
}
let workerPglite: Promise<WorkerPglite> | undefined;

async function openWorkerPglite(): Promise<WorkerPglite> {
  // Open while the worker lives: the global setup's teardown removes its files.
  const folder = mkdtempSync(path.join(process.env[RUN_FOLDER_ENV] ?? tmpdir(), 'worker-'));
  const database = await createTestPglite(path.join(folder, 'db'));
  return { database, reset: await stateStatements(database.pglite!), lent: false };
}

/**
 * The database of a test file's server (useTestServer in ./app.ts), holding only what the
 * template holds. On PGlite, opening a copy of the template costs more than the rest of a
 * server's start (copying its data folder and starting PGlite: about 0.4 s on an idle machine,
 * seconds on a busy one), so each test worker keeps one open and lends it to one server at a
 * time, put back to the template's state first (a few milliseconds); a second server while it
 * is lent gets a copy of its own. On PostgreSQL, where a copy of the template takes some tens of
 * milliseconds, every server gets a new database.
 */
export async function lendTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_URL) return createTestDatabase();
  workerPglite ??= openWorkerPglite();
  const worker = await workerPglite;
  if (worker.lent) return createTestDatabase();
  worker.lent = true;
  await worker.database.pglite!.exec(worker.reset);
  return {
    ...worker.database,
    async close() {
      worker.lent = false;
    },
  };
}
