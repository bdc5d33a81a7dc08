// Opens the database: PostgreSQL when a URL is given, else the embedded PGlite in DATA_DIR/db.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The PGlite instance, for dumps and backups (embedded only). */
  pglite?: PGlite;
  /** The connection pool's state, for /metrics (PostgreSQL only). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// numeric columns come back as strings from node-postgres; count(*) as bigint strings. Drizzle's
// numeric 'number' mode converts columns; raw SQL results are converted where they are read.

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: dataDir ? path.resolve(dataDir) : undefined,
    extensions: { pg_trgm, unaccent },
    loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize);
  return openPglite(path.join(opts.dataDir, 'db'));
}

export { schema };

/** Rows of a raw SQL query, typed by the caller (PGlite and node-postgres both answer `.rows`). */
export async function sqlRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A statement built once per database (or transaction) by `build`, which ends in
 * `.prepare(name)`: for short queries run on most requests, building them with the query builder
 * costs more CPU than running them, and a prepared statement is also parsed once per connection.
 * Anything else kept per database goes the same way (the catalog's coalesced reads).
 */
export function preparedPerDb<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

interface RawPrepared {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** Drizzle keeps its dialect and session internal; a raw statement has no builder to prepare it. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: unknown, fields: undefined, name: string | undefined, arrayMode: boolean): RawPrepared };
}
const internalsOf = (db: DbOrTx) => db as unknown as DrizzleInternals;

/**
 * At most this many statement texts get a name: each connection keeps every named statement it
 * ran (node-postgres cannot forget one), so the names are few and given out once; texts past
 * the bound, which only unusual combinations of filters reach, run unnamed.
 */
export const MAX_NAMED_SHAPES = 200;
const shapeNames = new Map<string, string>();

/**
 * Rows of a raw SQL query whose text depends only on the request's shape (filters chosen, not
 * their values): the text gets a name, so PostgreSQL parses and plans it once per connection
 * instead of on every request. Not for statements whose best plan depends on the values (search
 * patterns): after a few runs PostgreSQL may keep one generic plan for all values.
 */
export async function sqlRowsByShape<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { dialect, session } = internalsOf(db);
  const compiled = dialect.sqlToQuery(query);
  let name = shapeNames.get(compiled.sql);
  if (name === undefined && shapeNames.size < MAX_NAMED_SHAPES) {
    name = `shape_${shapeNames.size + 1}`;
    shapeNames.set(compiled.sql, name);
  }
  const result = (await session.prepareQuery(compiled, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * A raw SQL statement prepared under `name` (use sql.placeholder for its values), built once per
 * database like preparedPerDb: node-postgres parses and plans it once per connection and
 * PostgreSQL may keep a generic plan, for fixed-shape reads run on most requests.
 */
export function preparedRows<T>(name: string, query: SQL): (db: DbOrTx, values: Record<string, unknown>) => Promise<T[]> {
  const statement = preparedPerDb((db): RawPrepared => {
    const { dialect, session } = internalsOf(db);
    return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  });
  return async (db, values) => ((await statement(db).execute(values)) as { rows: T[] }).rows;
}
