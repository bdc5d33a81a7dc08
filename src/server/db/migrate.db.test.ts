// Migrating from nothing, as a shop's first start does: an empty database gets every table and
// column schema.ts declares and the single rows the shop reads from its first request; the next
// start runs the migrations again and applies nothing, keeping the data; on PostgreSQL, processes
// starting at once on one empty database take turns and it is migrated once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../../../tests/helpers/database';
import { packageRoot } from '../paths';
import { openPostgres, schema, sqlRows, type DbOrTx } from './client';
import { migrateDatabase } from './migrate';

const journal: { entries: { tag: string }[] } = JSON.parse(readFileSync(path.join(packageRoot(), 'drizzle/meta/_journal.json'), 'utf8'));

/** Each table schema.ts declares, with its columns' names. */
const declared = Object.fromEntries(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .map(({ name, columns }) => [name, columns.map((column) => column.name).sort()]),
);

/** Each table of the database's public schema, with its columns' names. */
async function tablesOf(db: DbOrTx): Promise<Record<string, string[]>> {
  const rows = await sqlRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by c.table_name, c.column_name`,
  );
  const tables: Record<string, string[]> = {};
  for (const { table_name, column_name } of rows) (tables[table_name] ??= []).push(column_name);
  return tables;
}

const applied = (db: DbOrTx) =>
  sqlRows<{ id: number; hash: string; created_at: string }>(
    db,
    sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id`,
  );

describe('migrateDatabase', () => {
  it('makes every table and column schema.ts declares in an empty database, and the single rows', { timeout: 60_000 }, async () => {
    const database = await createEmptyTestDatabase();
    try {
      expect(await tablesOf(database.db)).toEqual({});
      await migrateDatabase(database);
      expect(await tablesOf(database.db)).toEqual(declared);
      expect(await applied(database.db)).toHaveLength(journal.entries.length);
      expect(await sqlRows(database.db, sql`select id, maintenance_mode from site_settings`)).toEqual([{ id: 1, maintenance_mode: false }]);
      expect(await sqlRows(database.db, sql`select id, rate_type from dollar_rate`)).toEqual([{ id: 1, rate_type: 'blue' }]);
      expect(await sqlRows(database.db, sql`select id, last_number from order_number_counter`)).toEqual([{ id: 1, last_number: 0 }]);
    } finally {
      await database.close();
    }
  });

  it('applies nothing on a second run and keeps what the shop wrote', { timeout: 60_000 }, async () => {
    const database = await createEmptyTestDatabase();
    try {
      await migrateDatabase(database);
      const first = await applied(database.db);
      await database.db.execute(sql`update site_settings set maintenance_mode = true`);
      await database.db.execute(sql`update dollar_rate set rate_type = 'oficial'`);
      await database.db.execute(sql`update order_number_counter set last_number = 41`);

      await migrateDatabase(database);
      expect(await applied(database.db)).toEqual(first);
      expect(await tablesOf(database.db)).toEqual(declared);
      expect(await sqlRows(database.db, sql`select id, maintenance_mode from site_settings`)).toEqual([{ id: 1, maintenance_mode: true }]);
      expect(await sqlRows(database.db, sql`select id, rate_type from dollar_rate`)).toEqual([{ id: 1, rate_type: 'oficial' }]);
      expect(await sqlRows(database.db, sql`select id, last_number from order_number_counter`)).toEqual([{ id: 1, last_number: 41 }]);
    } finally {
      await database.close();
    }
  });

  // Concurrency needs PostgreSQL: PGlite has one process and runs one query at a time.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'migrates an empty PostgreSQL database once when two processes start on it at once',
    { timeout: 60_000 },
    async () => {
      const database = await createEmptyTestDatabase();
      // A pool of its own, as a second server process has.
      const second = openPostgres(database.url!, 2);
      try {
        await Promise.all([migrateDatabase(database), migrateDatabase(second)]);
        expect(await applied(database.db)).toHaveLength(journal.entries.length);
        expect(await tablesOf(second.db)).toEqual(declared);
        expect(await sqlRows(database.db, sql`select count(*)::int as n from site_settings`)).toEqual([{ n: 1 }]);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});
