// The signing key without JWT_SECRET (hardening issue, item 12): server processes on one
// PostgreSQL, each with its own DATA_DIR, accept each other's access tokens; a key already kept in
// DATA_DIR/jwt-secret keeps signing, so an upgrade signs nobody out. Real server processes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/client';
import { signAccessToken } from '../../src/server/security/tokens';
import { createTestPglite } from '../helpers/database';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { buildServerIfNeeded, startServerProcess, type ServerProcess } from '../helpers/server-process';

const adminUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'signing-key-'));
  folders.push(dir);
  return dir;
};

async function profileStatus(server: ServerProcess, token: string) {
  return (await fetch(`${server.url}/api/auth/profile/`, { headers: { authorization: `Bearer ${token}` } })).status;
}

beforeAll(() => buildServerIfNeeded());
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.skipIf(!adminUrl)('the signing key on PostgreSQL without JWT_SECRET', () => {
  const databases: string[] = [];
  async function freshDatabase(): Promise<string> {
    const name = `shop_key_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databases.push(name);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('is the same for two processes with different DATA_DIRs started at once, and after a restart', { timeout: 180_000 }, async () => {
    const url = await freshDatabase();
    const env = () => ({ DATABASE_URL: url, DATA_DIR: dataDir() });
    const envB = env();
    const [a, firstB] = await Promise.all([startServerProcess(env()), startServerProcess(envB)]);
    let b = firstB;
    const database = openPostgres(url, 2);
    try {
      const user = await createUser(database.db);
      const login = await fetch(`${a.url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username_or_email: user.email, password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { access } = (await login.json()) as { access: string };
      expect(await profileStatus(a, access)).toBe(200);
      expect(await profileStatus(b, access)).toBe(200);
      await b.stop();
      b = await startServerProcess(envB);
      expect(await profileStatus(b, access)).toBe(200);
    } finally {
      await database.close();
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('keeps the key of DATA_DIR/jwt-secret from before the upgrade, for every process', { timeout: 180_000 }, async () => {
    const url = await freshDatabase();
    const upgraded = dataDir();
    const oldKey = randomBytes(48).toString('base64url');
    writeFileSync(path.join(upgraded, 'jwt-secret'), oldKey);
    const a = await startServerProcess({ DATABASE_URL: url, DATA_DIR: upgraded });
    const b = await startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir() });
    const database = openPostgres(url, 2);
    try {
      const user = await createUser(database.db);
      const token = await signAccessToken(oldKey, user.id, user.session_id);
      expect(await profileStatus(a, token)).toBe(200);
      expect(await profileStatus(b, token)).toBe(200);
    } finally {
      await database.close();
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('the signing key of the embedded database without JWT_SECRET', () => {
  it('keeps signing with DATA_DIR/jwt-secret', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const oldKey = randomBytes(48).toString('base64url');
    writeFileSync(path.join(dir, 'jwt-secret'), oldKey);
    const database = await createTestPglite(path.join(dir, 'db'));
    const user = await createUser(database.db);
    await database.close();
    const server = await startServerProcess({ DATA_DIR: dir });
    try {
      expect(await profileStatus(server, await signAccessToken(oldKey, user.id, user.session_id))).toBe(200);
      expect(await profileStatus(server, await signAccessToken(randomBytes(48).toString('base64url'), user.id, user.session_id))).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
