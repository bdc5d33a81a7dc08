// Test databases: a fresh PGlite, or a fresh database on the PostgreSQL server named by
// TEST_DATABASE_URL. Creating and migrating one costs seconds (PGlite's initdb most of all), so
// the run migrates a template once (tests/helpers/global-setup.ts) and each test file gets a copy.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';

/** Set by the global setup for the test workers: the migrated PGlite data folder. */
const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** Set by the global setup for the test workers: the migrated PostgreSQL template database. */
const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
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
 * Migrates the template of this run and tells the test workers where it is; returns the teardown.
 * Each run names its own template: other runs may share the PostgreSQL server.
 */
export async function createTemplateDatabase(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // A data folder on disk: a copy of it opens in half the time a tarball loaded into memory takes.
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-test-template-'));
    const database = await openPglite(path.join(dir, 'db'));
    await migrateDatabase(database);
    await database.close();
    process.env[PGLITE_TEMPLATE_ENV] = path.join(dir, 'db');
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `shop_template_${randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}`);
  try {
    // Closed before the copies start: PostgreSQL copies a template nobody is connected to.
    const database = openPostgres(databaseUrl(adminUrl, name), 1);
    await migrateDatabase(database).finally(() => database.close());
  } catch (error) {
    await drop();
    throw error;
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return drop;
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

/**
 * A fresh, migrated database for one test file: a copy of the template when there is one. On
 * PostgreSQL, `url` lets a test open a second pool on it, as a second server process would.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return createTestPglite();
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  const database = openPostgres(url, 20);
  if (!template) await migrateDatabase(database);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
