// The built server (dist/server/main.js) as a child process on a free port, for tests and
// benchmarks that need a real process: killing it, restarting it on the same data, Lighthouse.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
/** The maintenance commands (npm run backup / restore). */
export const CLI_ENTRY = path.join(ROOT, 'dist/server/cli.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Bundles the server again when its sources changed since the last build. Only the server: the
 * web build is not needed to test the API, and others may be building it at the same time.
 */
export function buildServerIfNeeded(): void {
  // Test files run in parallel workers: one builds while the others wait for it.
  const lock = path.join(ROOT, 'dist', '.server-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    const inputs = ['src/server', 'src/domain', 'drizzle'].map((d) => newestMtime(path.join(ROOT, d)));
    const outputs = [SERVER_ENTRY, CLI_ENTRY];
    const built = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
    if (Math.max(...inputs, statSync(path.join(ROOT, 'package.json')).mtimeMs) > built) {
      execSync('npm run build:server --silent', { cwd: ROOT, stdio: 'ignore' });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process wrote to stderr so far (start-up failures, crashes). */
  stderr(): string;
  /** SIGKILL: no shutdown code runs, like a power cut of the process. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

export interface StartOptions {
  port?: number;
  timeoutMs?: number;
  cwd?: string;
  /** The path that must answer 2xx before the start counts as done (/api/health/); null: do not wait. */
  waitFor?: string | null;
  /** The command line after node (the server entry by default). */
  args?: string[];
}

/** Starts `node dist/server/main.js` with `env` and waits until /api/health/ (or `waitFor`) answers. */
export async function startServerProcess(env: Record<string, string>, options: StartOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, options.args ?? [SERVER_ENTRY], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const handle: ServerProcess = {
    url,
    port,
    child,
    stderr: () => stderr,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited(child), new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) await handle.kill();
    },
  };
  const waitFor = options.waitFor === undefined ? '/api/health/' : options.waitFor;
  if (waitFor === null) return handle;
  try {
    await waitUntilAnswers(handle, waitFor, options.timeoutMs ?? 60_000);
  } catch (error) {
    await handle.kill();
    throw error;
  }
  return handle;
}

/** Polls `urlPath` until it answers 2xx; throws when the process exits or the time runs out. */
export async function waitUntilAnswers(server: ServerProcess, urlPath: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}: ${server.stderr()}`);
    try {
      if ((await fetch(`${server.url}${urlPath}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start: ${server.stderr()}`);
}

/** Resolves with the exit code (null after a signal) once the process has ended. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return exited(child).then(() => child.exitCode);
}
