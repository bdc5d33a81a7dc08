// A PostgreSQL server for the tests that need one in every run (several processes sharing one
// database): TEST_DATABASE_URL's server, else the local one. They skip, saying why, when neither answers.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresTemplate } from './database';

export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** Whether the server answers. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await adminQuery('select 1');
    return true;
  } catch {
    return false;
  }
}

export interface ScratchDatabase {
  url: string;
  /** Drops the database, ending whatever sessions are still on it. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own on that server: a copy of the cached template. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name} template ${await postgresTemplate(POSTGRES_ADMIN_URL)}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}
