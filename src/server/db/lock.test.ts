import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedDatabaseOwner, lockEmbeddedDatabase, lockFile } from './lock';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lock-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A process that is running, and stops when the test is done with it. */
function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockEmbeddedDatabase', () => {
  it('writes this process into the lock file and removes it on release', () => {
    const lock = lockEmbeddedDatabase(dataDir, 'el servidor de la tienda');
    expect(JSON.parse(readFileSync(lockFile(dataDir), 'utf8'))).toMatchObject({ pid: process.pid, role: 'el servidor de la tienda' });
    lock.release();
    expect(() => readFileSync(lockFile(dataDir))).toThrow();
  });

  it('refuses while another live process holds it, naming that process', () => {
    const other = liveProcess();
    try {
      writeFileSync(lockFile(dataDir), JSON.stringify({ pid: other.pid, role: 'un respaldo, npm run backup' }));
      expect(() => lockEmbeddedDatabase(dataDir, 'el servidor de la tienda')).toThrow(
        `La base embebida (${path.join(dataDir, 'db')}) está en uso por el proceso ${other.pid} (un respaldo, npm run backup): detén ese proceso y vuelve a intentarlo.`,
      );
      expect(embeddedDatabaseOwner(dataDir)?.pid).toBe(other.pid);
    } finally {
      other.stop();
    }
  });

  it('takes over a lock whose process is gone, or that is unreadable', async () => {
    writeFileSync(lockFile(dataDir), JSON.stringify({ pid: await deadPid(), role: 'el servidor de la tienda' }));
    expect(embeddedDatabaseOwner(dataDir)).toBeNull();
    lockEmbeddedDatabase(dataDir, 'una restauración').release();
    writeFileSync(lockFile(dataDir), 'basura');
    const lock = lockEmbeddedDatabase(dataDir, 'una restauración');
    expect(JSON.parse(readFileSync(lockFile(dataDir), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});
