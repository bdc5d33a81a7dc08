// Applies the committed SQL migrations (drizzle/) and makes the single-row settings exist.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The package root, found from this file whether it runs from src/ or from the dist bundle. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found');
    dir = parent;
  }
  return dir;
}

const MIGRATION_LOCK = 727_001; // advisory lock id: one process migrates at a time

export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = path.join(packageRoot(), 'drizzle');
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    // Several processes may start at once against one server: serialise them.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await migrateNodePg(tx as never, { migrationsFolder });
    });
  }
  await database.db.execute(sql`insert into site_settings (id) values (1) on conflict do nothing`);
  await database.db.execute(sql`insert into dollar_rate (id) values (1) on conflict do nothing`);
}
