// One owner for the embedded database (hardening issue, item 10): a second server, `npm run dev`,
// backup or restore on the same DATA_DIR is refused with a message naming the process that holds
// it, instead of both running and one side's writes being lost; a killed owner's lock is stale.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createTestPglite } from '../helpers/database';
import { buildServerIfNeeded, CLI_ENTRY, ROOT, startServerProcess } from '../helpers/server-process';

const run = promisify(execFile);

/** Runs a node script to its end; answers the exit code and output, never throws. */
async function node(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  buildServerIfNeeded();
  dataDir = mkdtempSync(path.join(tmpdir(), 'embedded-lock-'));
  env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET };
  // The servers start on a migrated database (a copy of the run's template): creating one is not
  // what this file tests, and it would make the first start the slowest step of the file.
  await (await createTestPglite(path.join(dataDir, 'db'))).close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database has one owner process', () => {
  it('refuses a second server, npm run dev, backup and restore while a server holds it', { timeout: 120_000 }, async () => {
    const first = await startServerProcess(env);
    try {
      const busy = `está en uso por el proceso ${first.child.pid} (el servidor de la tienda)`;
      await expect(startServerProcess(env)).rejects.toThrow(busy);
      const dev = await node(['scripts/dev.mjs'], env);
      expect(dev.code).toBe(2);
      expect(dev.stderr).toContain(busy);
      const backup = await node([CLI_ENTRY, 'backup', '--out', path.join(dataDir, 'backups')], env);
      expect(backup.code).toBe(2);
      expect(backup.stderr).toContain(busy);
      const restore = await node([CLI_ENTRY, 'restore', CLI_ENTRY], env);
      expect(restore.code).toBe(2);
      expect(restore.stderr).toContain(busy);
      // The first server kept its database and still answers.
      expect((await fetch(`${first.url}/api/health/`)).ok).toBe(true);
    } finally {
      await first.stop();
    }
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });

  it('takes over the lock of a server that was killed', { timeout: 120_000 }, async () => {
    const killed = await startServerProcess(env);
    await killed.kill();
    expect(JSON.parse(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).pid).toBe(killed.child.pid);
    const next = await startServerProcess(env);
    try {
      expect(JSON.parse(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).pid).toBe(next.child.pid);
    } finally {
      await next.stop();
    }
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});
