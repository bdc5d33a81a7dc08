// Maintenance commands for the shop owner:
//   npm run backup [-- --out <folder>]     data and images into <folder>/<date>.tar.gz (default backups/)
//   npm run restore <file> [-- --force]    brings a backup back into the configured database
// Both use the same configuration as the server (DATA_DIR, DATABASE_URL, and S3_* for images kept
// in a bucket: those are read from and written back to the bucket).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { openPglite, openPostgres } from './db/client';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from './db/lock';
import { BackupRefused, restoreBackup, writeBackup } from './modules/backup/service';
import { uploadStorage } from './storage';

const USAGE = `Uso:
  npm run backup [-- --out <carpeta>]
  npm run restore <archivo.tar.gz> [-- --force]`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function backup(args: string[]) {
  const config = loadConfig();
  const outDir = path.resolve(option(args, '--out') ?? 'backups');
  let database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl, 2);
  } else {
    const dbDir = path.join(config.dataDir, 'db');
    if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupRefused(`No hay una base embebida en ${dbDir}.`);
    lockEmbeddedDatabase(config.dataDir, 'un respaldo, npm run backup');
    database = await openPglite(dbDir);
  }
  const uploads = uploadStorage(config);
  try {
    await uploads.prepare();
    if (config.s3) console.log(`Copiando las imágenes del bucket S3 "${config.s3.bucket}" dentro del respaldo.`);
    const { file, manifest } = await writeBackup(database, { uploads, outDir });
    const t = manifest.tables;
    console.log(
      `Respaldo guardado en ${path.relative(process.cwd(), file) || file}: ${plural(t.products ?? 0, 'producto', 'productos')}, ` +
        `${plural(t.orders ?? 0, 'pedido', 'pedidos')}, ${plural(t.users ?? 0, 'usuario', 'usuarios')}, ${plural(manifest.uploads, 'imagen', 'imágenes')}.`,
    );
  } finally {
    await uploads.close();
    await database.close();
  }
}

async function restore(args: string[]) {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new BackupRefused(`Falta el archivo a restaurar.\n${USAGE}`);
  if (!existsSync(file)) throw new BackupRefused(`No existe el archivo ${file}.`);
  const config = loadConfig();
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl) lockEmbeddedDatabase(config.dataDir, 'una restauración, npm run restore');
  const uploads = uploadStorage(config);
  const result = await restoreBackup(path.resolve(file), {
    dataDir: config.dataDir,
    uploads,
    force: args.includes('--force'),
    openPostgres: databaseUrl ? () => openPostgres(databaseUrl, 2) : undefined,
  }).finally(() => uploads.close());
  const t = result.manifest.tables;
  console.log(
    `Restaurado el respaldo del ${result.manifest.created_at} en ${databaseUrl ? 'PostgreSQL' : 'la base embebida'}: ` +
      `${plural(t.products ?? 0, 'producto', 'productos')}, ${plural(t.orders ?? 0, 'pedido', 'pedidos')}, ` +
      `${plural(t.users ?? 0, 'usuario', 'usuarios')}, ${plural(result.uploads, 'imagen', 'imágenes')}` +
      `${config.s3 ? ` (en el bucket S3 "${config.s3.bucket}")` : ''}.`,
  );
  if (result.skipped.length) {
    console.log(
      `No se restauraron ${plural(result.skipped.length, 'archivo', 'archivos')} con nombres que la tienda no usa: ${result.skipped.join(', ')}`,
    );
  }
  if (result.previousDbDir) console.log(`La base anterior quedó en ${result.previousDbDir}: bórrala cuando compruebes la tienda.`);
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'backup') await backup(args);
  else if (command === 'restore') await restore(args);
  else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = error instanceof BackupRefused || error instanceof EmbeddedDatabaseBusy ? 2 : 1;
}
