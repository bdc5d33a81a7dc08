// The key that signs access tokens, maintenance bypasses and code hashes: JWT_SECRET when set;
// else, for the embedded database, a key generated once into DATA_DIR/jwt-secret (one process
// owns that folder); for PostgreSQL, one key kept in the database, so every process behind the
// load balancer, whatever its DATA_DIR, accepts the tokens of the others.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sqlRows, type Database } from '../../db/client';

const newKey = () => randomBytes(48).toString('base64url');

function readKeyFile(dataDir: string): string | null {
  const file = path.join(dataDir, 'jwt-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

function loadOrCreateKeyFile(dataDir: string): string {
  const existing = readKeyFile(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const key = newKey();
  writeFileSync(path.join(dataDir, 'jwt-secret'), key, { mode: 0o600 });
  return key;
}

export async function loadSigningKey(database: Database, opts: { jwtSecret: string | undefined; dataDir: string }): Promise<string> {
  if (opts.jwtSecret) return opts.jwtSecret;
  if (database.kind === 'pglite') return loadOrCreateKeyFile(opts.dataDir);
  // The first process to start stores its key; the others read that one. A DATA_DIR key of a shop
  // upgraded from one process is the one offered, so its signed-in customers stay signed in.
  const offered = readKeyFile(opts.dataDir) ?? newKey();
  await database.db.execute(sql`insert into signing_key (id, secret) values (1, ${offered}) on conflict (id) do nothing`);
  const [row] = await sqlRows<{ secret: string }>(database.db, sql`select secret from signing_key where id = 1`);
  return row.secret;
}
