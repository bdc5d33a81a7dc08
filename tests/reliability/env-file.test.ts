import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, withEnvFile } from '../../src/server/config';
import { createTestPglite } from '../helpers/database';
import { buildServerIfNeeded, freePort, startServerProcess, type ServerProcess } from '../helpers/server-process';

describe('the .env file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-env-'));
    buildServerIfNeeded();
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds its variables beneath those of the environment', () => {
    const file = path.join(dir, 'vars.env');
    writeFileSync(file, '# comment\nPENDING_ORDER_DAYS=3\nMAIL_FROM="Tienda <hola@example.com>"\nPORT=4000\n');
    const config = loadConfig(withEnvFile({ PORT: '5000', JWT_SECRET: 'x'.repeat(32) }, file));
    expect(config.pendingOrderDays).toBe(3);
    expect(config.mailFrom).toBe('Tienda <hola@example.com>');
    expect(config.port).toBe(5000);
  });

  it('is optional', () => {
    const env = { PORT: '5000' };
    expect(withEnvFile(env, path.join(dir, 'missing.env'))).toBe(env);
  });

  it('is read by the server from its working directory', async () => {
    const port = await freePort();
    writeFileSync(path.join(dir, '.env'), `DATA_DIR=./data-from-env-file\nPORT=${port === 1 ? 2 : 1}\n`);
    // A migrated database is already there (a copy of the run's template): a first start's
    // migration is not what this test is about.
    const dataDir = path.join(dir, 'data-from-env-file');
    await (await createTestPglite(path.join(dataDir, 'db'))).close();
    let server: ServerProcess | undefined;
    try {
      // PORT from the environment wins over the file's; DATA_DIR comes from the file: the server
      // holds the lock of the embedded database there.
      server = await startServerProcess({}, { port, cwd: dir });
      expect(server.port).toBe(port);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).pid).toBe(server.child.pid);
    } finally {
      await server?.stop();
    }
  }, 120_000);
});
