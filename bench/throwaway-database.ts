// A throwaway PostgreSQL database for one bench run: created empty on the server at serverUrl,
// dropped (with force, so open connections do not keep it) when the run ends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  /** serverUrl with the new database's name as its path. */
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<8 hex>` on the server; its name is unique per run, so runs never share one. */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
