// Backups: the shop's data as plain SQL (INSERTs that psql or this CLI load into a database the
// shop's migrations created) plus the uploaded images, in one .tar.gz. One format for both
// databases, so moving from the embedded database to a PostgreSQL server is a restore.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openPglite, sqlRows, type Database, type Db } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { contentTypeOf, isSafeKey, readStoredFile, type Storage } from '../../storage';
import { createTarGz, readTarGz } from './tar';

export const BACKUP_FORMAT = 'semillas-backup';
const FORMAT_VERSION = 1;
const ROWS_PER_READ = 2000;
const ROWS_PER_INSERT = 200;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  source: Database['kind'];
  /** The last migration applied to the source (drizzle journal `when`): data fits that schema. */
  schema_version: string | null;
  tables: Record<string, number>;
  uploads: number;
}

export class BackupRefused extends Error {}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string | null) => (value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`);

export async function schemaVersion(db: Db): Promise<string | null> {
  const [row] = await sqlRows<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!row.exists) return null;
  const [last] = await sqlRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return last ? String(last.created_at) : null;
}

interface TableInfo {
  name: string;
  columns: string[];
  serials: string[];
  ordered: boolean;
}

/**
 * A backup that leaks must not let anyone sign tokens: the signing key stays with its server. The
 * rate-limit counters are minutes old at most and name addresses and e-mails: not worth keeping.
 */
const NOT_BACKED_UP = new Set(['signing_key', 'rate_limit_counters']);

/** The shop's tables, parents before children (foreign keys), so inserts never miss a parent. */
async function tablesInLoadOrder(db: Db): Promise<TableInfo[]> {
  const columns = await sqlRows<{ table_name: string; column_name: string; column_default: string | null; is_generated: string }>(
    db,
    sql`
    select c.table_name, c.column_name, c.column_default, c.is_generated
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`,
  );
  const links = await sqlRows<{ child: string; parent: string }>(
    db,
    sql`
    select child.relname as child, parent.relname as parent
    from pg_constraint co
    join pg_class child on child.oid = co.conrelid
    join pg_class parent on parent.oid = co.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where co.contype = 'f' and n.nspname = 'public' and co.conrelid <> co.confrelid`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    if (NOT_BACKED_UP.has(c.table_name)) continue;
    const table = tables.get(c.table_name) ?? { name: c.table_name, columns: [], serials: [], ordered: false };
    if (c.is_generated === 'ALWAYS') continue;
    table.columns.push(c.column_name);
    if (c.column_default?.startsWith('nextval(')) table.serials.push(c.column_name);
    if (c.column_name === 'id') table.ordered = true;
    tables.set(c.table_name, table);
  }
  const parents = new Map([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const link of links) parents.get(link.child)?.add(link.parent);
  const order: TableInfo[] = [];
  const placed = new Set<string>();
  while (order.length < tables.size) {
    const ready = [...tables.keys()]
      .filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p) || !tables.has(p)))
      .sort();
    if (ready.length === 0) throw new Error('Las tablas tienen referencias circulares');
    for (const name of ready) {
      placed.add(name);
      order.push(tables.get(name)!);
    }
  }
  return order;
}

/**
 * Every row of every table as SQL, read in one repeatable-read snapshot so the copy is
 * consistent while the shop keeps running (PostgreSQL). The script empties the tables first, so
 * it replaces what a freshly migrated database holds (the settings rows) in one transaction.
 */
export async function exportData(db: Db): Promise<{ sql: string; tables: Record<string, number>; schemaVersion: string | null }> {
  return db.transaction(
    async (tx) => {
      const tables = await tablesInLoadOrder(tx);
      const version = await schemaVersion(tx);
      const counts: Record<string, number> = {};
      const out: string[] = [
        '-- Semillas del Sur: datos de la tienda.',
        `-- Cargar en una base creada por las migraciones de la misma versión de la tienda (esquema ${version ?? 'desconocido'}):`,
        '--   psql -v ON_ERROR_STOP=1 -f database.sql "postgres://…"   o   npm run restore <respaldo.tar.gz>',
        "SET client_encoding = 'UTF8';",
        'SET standard_conforming_strings = on;',
        'BEGIN;',
        ...[...tables].reverse().map((t) => `DELETE FROM ${ident(t.name)};`),
      ];
      for (const table of tables) {
        const columnList = table.columns.map(ident).join(', ');
        const selectList = table.columns.map((c) => `${ident(c)}::text`).join(', ');
        counts[table.name] = 0;
        for (let offset = 0; ; offset += ROWS_PER_READ) {
          const rows = await sqlRows<Record<string, string | null>>(
            tx,
            sql.raw(
              `select ${selectList} from ${ident(table.name)}${table.ordered ? ` order by ${ident(table.name)}."id"` : ''} limit ${ROWS_PER_READ} offset ${offset}`,
            ),
          );
          for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
            const values = rows.slice(i, i + ROWS_PER_INSERT).map((row) => `(${table.columns.map((c) => literal(row[c])).join(', ')})`);
            out.push(`INSERT INTO ${ident(table.name)} (${columnList}) VALUES\n${values.join(',\n')};`);
          }
          counts[table.name] += rows.length;
          if (rows.length < ROWS_PER_READ) break;
        }
        // New rows continue after the restored ones.
        for (const column of table.serials) {
          out.push(
            `SELECT setval(pg_get_serial_sequence(${literal(`public.${ident(table.name)}`)}, ${literal(column)}), ` +
              `COALESCE((SELECT max(${ident(column)}) FROM ${ident(table.name)}), 0) + 1, false);`,
          );
        }
      }
      out.push('COMMIT;', '');
      return { sql: out.join('\n'), tables: counts, schemaVersion: version };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Runs an exported script on its own connection; a failure rolls everything back. */
export async function importData(database: Database, script: string): Promise<void> {
  if (database.pglite) {
    try {
      await database.pglite.exec(script);
    } catch (error) {
      await database.pglite.exec('ROLLBACK').catch(() => {});
      throw error;
    }
    return;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query(script);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** True when the database holds anything a shop owner would miss. */
export async function hasShopData(db: Db): Promise<boolean> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`
    select ((select count(*) from users) + (select count(*) from brands) + (select count(*) from products) + (select count(*) from orders))::int as n`,
  );
  return Number(row.n) > 0;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

export interface BackupPaths {
  /** The upload store (DATA_DIR/uploads or the S3 bucket): its files go into the backup. */
  uploads: Storage;
  /** Where backup files go. */
  outDir: string;
}

export async function writeBackup(
  database: Database,
  paths: BackupPaths,
  now = new Date(),
): Promise<{ file: string; manifest: BackupManifest }> {
  const data = await exportData(database.db);
  const uploads: string[] = [];
  for await (const key of paths.uploads.list()) uploads.push(key);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: FORMAT_VERSION,
    created_at: now.toISOString(),
    source: database.kind,
    schema_version: data.schemaVersion,
    tables: data.tables,
    uploads: uploads.length,
  };
  mkdirSync(paths.outDir, { recursive: true });
  const file = path.join(paths.outDir, `${stamp(now)}.tar.gz`);
  const partial = `${file}.partial`;
  const tar = createTarGz(partial);
  await tar.add('backup.json', `${JSON.stringify(manifest, null, 2)}\n`, now);
  await tar.add('database.sql', data.sql, now);
  for (const key of uploads) {
    // One file at a time, whichever store holds it; a file removed meanwhile is left out.
    const info = await paths.uploads.head(key);
    const data = info && (await readStoredFile(paths.uploads, key));
    if (data) await tar.add(`uploads/${key}`, data, info.lastModified ?? now);
  }
  await tar.close();
  // Only a complete file carries the final name.
  renameSync(partial, file);
  return { file, manifest };
}

export interface RestoreOptions {
  dataDir: string;
  /** Where the backup's images go: DATA_DIR/uploads or the S3 bucket. */
  uploads: Storage;
  /** Replace a database that already holds shop data. */
  force: boolean;
  /** The configured PostgreSQL server; unset restores the embedded database in DATA_DIR/db. */
  openPostgres?: () => Database;
  now?: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the replaced embedded database was moved, if there was one. */
  previousDbDir?: string;
  uploads: number;
  /** Files under uploads/ whose names the shop never writes (`..`, other folders): not restored. */
  skipped: string[];
}

export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreResult> {
  const entries = readTarGz(file);
  const manifestEntry = (await entries.next()).value;
  const sqlEntry = (await entries.next()).value;
  if (manifestEntry?.name !== 'backup.json' || sqlEntry?.name !== 'database.sql') {
    throw new BackupRefused('El archivo no es un respaldo de la tienda (faltan backup.json y database.sql).');
  }
  const manifest = JSON.parse(manifestEntry.data.toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== FORMAT_VERSION) {
    throw new BackupRefused(`Formato de respaldo desconocido (${manifest.format} ${manifest.version}).`);
  }
  const script = sqlEntry.data.toString('utf8');
  const now = options.now ?? new Date();

  // Into the target: a migrated database of this version, empty unless --force.
  const load = async (database: Database) => {
    await migrateDatabase(database);
    const version = await schemaVersion(database.db);
    if (manifest.schema_version !== version) {
      throw new BackupRefused(
        `El respaldo es de otra versión del esquema (${manifest.schema_version}) que esta instalación (${version}): restáuralo con la misma versión de la tienda.`,
      );
    }
    await importData(database, script);
  };

  let previousDbDir: string | undefined;
  if (options.openPostgres) {
    const database = options.openPostgres();
    try {
      await migrateDatabase(database);
      if (!options.force && (await hasShopData(database.db))) {
        throw new BackupRefused('La base de datos ya tiene datos de la tienda: usa --force para reemplazarlos.');
      }
      await load(database);
    } finally {
      await database.close();
    }
  } else {
    const dbDir = path.join(options.dataDir, 'db');
    if (existsSync(path.join(dbDir, 'PG_VERSION'))) {
      const current = await openPglite(dbDir);
      try {
        await migrateDatabase(current);
        if (!options.force && (await hasShopData(current.db))) {
          throw new BackupRefused(`La base embebida (${dbDir}) ya tiene datos de la tienda: usa --force para reemplazarlos.`);
        }
      } finally {
        await current.close();
      }
    }
    // Built aside and swapped in whole: a failed restore leaves the current database as it was.
    const building = path.join(options.dataDir, 'db.restoring');
    rmSync(building, { recursive: true, force: true });
    const fresh = await openPglite(building);
    try {
      await load(fresh);
    } catch (error) {
      await fresh.close();
      rmSync(building, { recursive: true, force: true });
      throw error;
    }
    await fresh.close();
    if (existsSync(dbDir)) {
      previousDbDir = path.join(options.dataDir, `db.before-restore-${stamp(now)}`);
      renameSync(dbDir, previousDbDir);
    }
    renameSync(building, dbDir);
  }

  let uploads = 0;
  const skipped: string[] = [];
  await options.uploads.prepare();
  for await (const entry of entries) {
    if (!entry.name.startsWith('uploads/')) continue;
    const key = entry.name.slice('uploads/'.length);
    // The data is in place by now: a stray or hostile name is left out and reported, never
    // written outside the store.
    if (!isSafeKey(key)) {
      skipped.push(entry.name);
      continue;
    }
    await options.uploads.put(key, entry.data, contentTypeOf(key));
    uploads++;
  }
  return { manifest, previousDbDir, uploads, skipped };
}
