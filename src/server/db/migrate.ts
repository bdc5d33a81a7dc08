// Applies the committed SQL migrations (drizzle/) and makes the single-row settings and the
// order number counter exist.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { packageRoot } from '../paths';
import type { Database, Db } from './client';

const START_LOCK = 727_001; // advisory lock id: one process at a time migrates, then seeds

/**
 * Runs `work` in a transaction holding the start-up lock, so processes starting at once against
 * one PostgreSQL server take turns (the embedded database has a single process anyway).
 */
export async function underStartLock<T>(database: Database, work: (tx: Db) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`);
    return work(tx);
  });
}

export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = path.join(packageRoot(), 'drizzle');
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    // Several processes may start at once against one server: serialise them.
    await underStartLock(database, (tx) => migrateNodePg(tx as never, { migrationsFolder }));
  }
  await database.db.execute(sql`insert into site_settings (id) values (1) on conflict do nothing`);
  await database.db.execute(sql`insert into dollar_rate (id) values (1) on conflict do nothing`);
  await database.db.execute(
    sql`insert into order_number_counter (id, last_number) select 1, coalesce(max(order_number), 0) from orders on conflict do nothing`,
  );
}
