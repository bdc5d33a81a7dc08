// The embedded database has exactly one owner process (architecture: scale-out path): a second
// PGlite on the same folder keeps its own copy in memory and one side's writes are lost. Every
// entry point that opens it (server, dev, backup, restore) first takes DATA_DIR/db.lock, a file
// holding the owner's pid and what it is. It lies next to db/, so restore can swap that folder.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class EmbeddedDatabaseBusy extends Error {}

export interface LockOwner {
  pid: number;
  /** What the owner is, in the shop owner's words: "el servidor de la tienda", "un respaldo". */
  role: string;
}

export const lockFile = (dataDir: string) => path.join(dataDir, 'db.lock');

function isAlive(pid: number): boolean {
  // A lock naming this very process is left over from an earlier run that had the same pid
  // (in a container the server is always pid 1).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function parseOwner(text: string | null): LockOwner | null {
  try {
    const owner = JSON.parse(text ?? '') as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

/** The live process holding the embedded database of `dataDir`, if any. */
export function embeddedDatabaseOwner(dataDir: string): LockOwner | null {
  const owner = parseOwner(readText(lockFile(dataDir)));
  return owner && isAlive(owner.pid) ? owner : null;
}

export function busyMessage(dataDir: string, owner: LockOwner): string {
  return (
    `La base embebida (${path.join(dataDir, 'db')}) está en uso por el proceso ${owner.pid} (${owner.role}): ` +
    'detén ese proceso y vuelve a intentarlo.'
  );
}

/**
 * Takes the lock for this process until it exits, or throws EmbeddedDatabaseBusy naming the live
 * owner. A lock whose process is gone (killed, power cut) is stale and taken over.
 */
export function lockEmbeddedDatabase(dataDir: string, role: string): { release(): void } {
  const file = lockFile(dataDir);
  const content = JSON.stringify({ pid: process.pid, role, started_at: new Date().toISOString() });
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644); // atomic: fails if the file exists
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
      const seen = readText(file);
      if (seen === null) continue; // released meanwhile
      const owner = parseOwner(seen);
      if (owner && isAlive(owner.pid)) throw new EmbeddedDatabaseBusy(busyMessage(dataDir, owner));
      if (!owner && attempt === 0) {
        // Just created by another process that has not written its pid yet: look again.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
      // Stale. Removed only if unchanged, so a process that took it over meanwhile keeps it.
      if (readText(file) === seen) rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, content);
    closeSync(fd);
    break;
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (readText(file) === content) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { release };
}
