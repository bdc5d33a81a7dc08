// Several workers (issue 15): WEB_CONCURRENCY=N starts N processes sharing the port on PostgreSQL
// and is refused on the embedded database; a killed worker is replaced; readiness fails while the
// migrations wait and a stop signal ends within SHUTDOWN_TIMEOUT_MS even when a request hangs.
// Real server processes; the PostgreSQL part runs with TEST_DATABASE_URL.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../helpers/app';
import { buildServerIfNeeded, exitOf, ROOT, startServerProcess, waitUntilAnswers, type ServerProcess } from '../helpers/server-process';

const adminUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'workers-'));
  folders.push(dir);
  return dir;
};
const withoutDatabaseUrl = ({ DATABASE_URL: _, ...env }: NodeJS.ProcessEnv) => env;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(() => buildServerIfNeeded());
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The workers the metrics list: slot -> pid. */
async function workers(server: ServerProcess): Promise<Map<string, number>> {
  const text = await (await fetch(`${server.url}/metrics`, { signal: AbortSignal.timeout(15_000) })).text();
  const found = new Map<string, number>();
  for (const [, slot, pid] of text.matchAll(/^shop_worker_info\{slot="(\d+)",pid="(\d+)"\} 1$/gm)) found.set(slot, Number(pid));
  return found;
}

/** Polls the workers listed by the metrics until `done` holds (60 s at most: starts are slow on a busy machine). */
async function waitForWorkers(server: ServerProcess, done: (found: Map<string, number>) => boolean): Promise<Map<string, number>> {
  const deadline = Date.now() + 60_000;
  let found = new Map<string, number>();
  while (Date.now() < deadline) {
    found = await workers(server).catch(() => new Map<string, number>());
    if (done(found)) break;
    await sleep(200);
  }
  return found;
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

/** The exit code once the process has ended, or a failure naming what it wrote. */
async function exitWithin(server: ServerProcess, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running ${ms} ms after SIGTERM: ${server.stderr()}`)), ms);
  });
  return Promise.race([exitOf(server.child), timeout]).finally(() => clearTimeout(timer));
}

/** A GET on a connection of its own (fetch would keep one connection, always to the same worker). */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

async function requestsBySlot(server: ServerProcess): Promise<Record<string, number>> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Object.fromEntries(
    [...text.matchAll(/^shop_worker_http_requests_total\{slot="(\d+)"\} (\d+)$/gm)].map(([, s, n]) => [s, Number(n)]),
  );
}

describe('several workers on the embedded database', () => {
  it('are refused with a Spanish message and exit code 2', { timeout: 60_000 }, async () => {
    const result = await promisify(execFile)(process.execPath, ['dist/server/main.js'], {
      cwd: ROOT,
      env: { ...withoutDatabaseUrl(process.env), WEB_CONCURRENCY: '2', DATA_DIR: dataDir(), LOG_LEVEL: 'warn' },
      timeout: 30_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('WEB_CONCURRENCY=2 necesita DATABASE_URL: la base embebida tiene un solo proceso dueño');
  });
});

describe.skipIf(!adminUrl)('workers on PostgreSQL', () => {
  const databases: string[] = [];
  const admin = () => new pg.Client({ connectionString: adminUrl });
  async function freshDatabase(): Promise<string> {
    const name = `shop_workers_${randomBytes(5).toString('hex')}`;
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    databases.push(name);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const env = (url: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: url,
    DATA_DIR: dataDir(),
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_POOL_SIZE: '3',
    ...extra,
  });

  it('share one port with two workers, replace a killed one and stop together', { timeout: 240_000 }, async () => {
    const server = await startServerProcess(env(await freshDatabase(), { WEB_CONCURRENCY: '2' }), { waitFor: '/api/health/ready/' });
    try {
      const before = await waitForWorkers(server, (found) => found.size === 2);
      expect([...before.keys()].sort()).toEqual(['1', '2']);
      expect(new Set(before.values()).size).toBe(2);
      expect(before.has(String(server.child.pid))).toBe(false);

      // New connections are handed out in turn: both workers answer. A worker busy starting may
      // be skipped and a scrape can miss a worker slow to report, so both are tried for a while.
      let served: Record<string, number> = {};
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
        for (let i = 0; i < 10; i++) await getOnNewConnection(`${server.url}/api/health/`);
        served = await requestsBySlot(server).catch(() => ({}));
        if (served['1'] > 2 && served['2'] > 2) break;
      }
      expect(served['1']).toBeGreaterThan(2);
      expect(served['2']).toBeGreaterThan(2);

      process.kill(before.get('1')!, 'SIGKILL');
      const after = await waitForWorkers(server, (found) => found.size === 2 && found.get('1') !== before.get('1'));
      expect(after.get('1')).not.toBe(before.get('1'));
      expect(after.get('2')).toBe(before.get('2'));
      expect((await fetch(`${server.url}/api/health/`)).ok).toBe(true);

      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 30_000)).toBe(0);
      for (const pid of after.values()) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await server.kill();
    }
  });

  it('stops with exit code 1 when workers keep dying instead of restarting them forever', { timeout: 180_000 }, async () => {
    const server = await startServerProcess(env(await freshDatabase(), { WEB_CONCURRENCY: '2' }), { waitFor: '/api/health/ready/' });
    try {
      const primary = server.child.pid!;
      const deadline = Date.now() + 120_000;
      let killed = 0;
      while (server.child.exitCode === null && Date.now() < deadline) {
        for (const pid of childrenOf(primary)) {
          try {
            process.kill(pid, 'SIGKILL');
            killed++;
          } catch {
            // already gone
          }
        }
        await sleep(100);
      }
      expect(await exitWithin(server, 30_000)).toBe(1);
      // More than 5 exits in a minute.
      expect(killed).toBeGreaterThan(5);
    } finally {
      await server.kill();
    }
  });

  it('answers alive but not ready while the migrations wait for another process', { timeout: 120_000 }, async () => {
    const url = await freshDatabase();
    // Another machine holds the start-up lock (db/migrate.ts) as if it were migrating.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('select pg_advisory_lock(727001)');
    const server = await startServerProcess(env(url), { waitFor: '/api/health/live/' });
    try {
      const ready = await fetch(`${server.url}/api/health/ready/`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'starting' });
      const page = await fetch(`${server.url}/api/products/`);
      expect(page.status).toBe(503);
      expect((await page.json()).error).toBe('La tienda se está iniciando. Por favor, intenta nuevamente en unos segundos.');
      await sleep(500);
      expect((await fetch(`${server.url}/api/health/ready/`)).status).toBe(503);

      await other.query('select pg_advisory_unlock(727001)');
      await waitUntilAnswers(server, '/api/health/ready/');
      expect((await fetch(`${server.url}/api/products/`)).status).toBe(200);
    } finally {
      await other.end();
      await server.stop();
    }
  });

  it('exits at SHUTDOWN_TIMEOUT_MS when a request hangs, at once when none runs', { timeout: 120_000 }, async () => {
    const url = await freshDatabase();
    const server = await startServerProcess(env(url, { SHUTDOWN_TIMEOUT_MS: '1500', CATALOG_CACHE_MS: '0' }));
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table products in access exclusive mode');
      const hanging = fetch(`${server.url}/api/products/`).catch(() => null);
      await sleep(500);
      const started = Date.now();
      server.child.kill('SIGTERM');
      expect(await exitOf(server.child)).toBe(1);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(6000);
      await hanging;
    } finally {
      await locker.query('rollback');
      await locker.end();
      await server.kill();
    }

    const idle = await startServerProcess(env(url, { SHUTDOWN_TIMEOUT_MS: '10000' }));
    const started = Date.now();
    idle.child.kill('SIGTERM');
    expect(await exitOf(idle.child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
