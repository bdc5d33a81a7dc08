// Several workers (issue 15): the built server on PostgreSQL with WEB_CONCURRENCY=1 and then 2, in
// the same run, on the storefront's list (first page and filtered) with the micro-cache off
// (CATALOG_CACHE_MS=0) and on the reference route that skips the database. Prints req/s of each,
// the 2-to-1 ratio (goal: 1.6 or more on 2 cores) and the CPU one request costs in the server's
// processes and in PostgreSQL's backends: a second worker only adds Node.js capacity, and here
// PostgreSQL and autocannon run on the same cores.
// The load comes from wrk when it is installed (`apt-get install wrk`): it takes a fraction of the
// CPU autocannon does, and here every CPU it takes is one the workers do not get.
//   BENCH_SECONDS (5) per measure; BENCH_PG_URL the PostgreSQL server; BENCH_PRODUCTS (5000);
//   BENCH_POOL_SIZE: DATABASE_POOL_SIZE of each worker (the server's default when unset);
//   BENCH_LOAD=autocannon uses autocannon even with wrk installed
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { buildServerIfNeeded, startServerProcess, type ServerProcess } from '../tests/helpers/server-process';
import { loadCatalog } from './catalog';
import { createThrowawayDatabase } from './throwaway-database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 50;
/** The reference skips the database; the lists are the storefront's, uncached. */
const ROUTES: [string, string][] = [
  ['reference', '/api/health/?db=0'],
  ['first page', '/api/products/'],
  ['filtered list', '/api/products/?page=3&type=fem&brand=banco-1,banco-2'],
];
const TARGET_RATIO = 1.6;

/** CPU time (user + system, ms) of these processes so far, from /proc (0 where it cannot be read). */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command name, which is in parentheses and may hold spaces.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended, or no /proc
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

interface Measured {
  rps: number;
  p99: number;
  /** CPU per request, ms: the server's processes and the database's backends. */
  nodeMs: number;
  postgresMs: number;
}

/** What one run of the load generator gave: requests served, req/s, p99 in ms, failed answers. */
interface Load {
  total: number;
  rps: number;
  p99: number;
  failed: number;
}

const useWrk = process.env.BENCH_LOAD !== 'autocannon' && spawnSync('wrk', ['--version']).error === undefined;

async function autocannonLoad(url: string, seconds: number): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return { total: result.requests.total, rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

/** One wrk thread (C, epoll) with the same connections; its summary read from what it prints. */
function wrkLoad(url: string, seconds: number): Load {
  const run = spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url], { encoding: 'utf8' });
  const out = run.stdout;
  const total = /^\s*(\d+) requests in/m.exec(out);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)$/m.exec(out);
  if (run.status !== 0 || !total || !p99) throw new Error(`wrk ${url}: ${run.stderr || out}`);
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const p99Ms = Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2] as 'us' | 'ms' | 's'];
  return {
    total: Number(total[1]),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p99: Math.round(p99Ms),
    failed: failed + (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

const load = (url: string, seconds: number) => (useWrk ? Promise.resolve(wrkLoad(url, seconds)) : autocannonLoad(url, seconds));

async function measure(url: string, processes: { node: number[]; postgres: () => Promise<number[]> }): Promise<Measured> {
  await load(url, 1); // warm-up: JIT, plans, pools
  const backends = await processes.postgres();
  const before = { node: cpuMs(processes.node), postgres: cpuMs(backends) };
  const result = await load(url, SECONDS);
  if (result.failed) throw new Error(`${url}: ${result.failed} failed answers`);
  return {
    rps: result.rps,
    p99: result.p99,
    nodeMs: (cpuMs(processes.node) - before.node) / result.total,
    postgresMs: (cpuMs(backends) - before.postgres) / result.total,
  };
}

/** Waits until every worker listens (the metrics list one series per worker); answers their pids. */
async function allWorkersUp(server: ServerProcess, workers: number): Promise<number[]> {
  for (let i = 0; i < 600; i++) {
    const text = await (await fetch(`${server.url}/metrics`)).text().catch(() => '');
    const pids = [...text.matchAll(/^shop_worker_info\{slot="\d+",pid="(\d+)"\}/gm)].map(([, pid]) => Number(pid));
    if (pids.length === workers) return pids;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${workers} workers did not start`);
}

async function main() {
  buildServerIfNeeded();
  const { name, url, drop } = await createThrowawayDatabase(PG_URL, 'bench_workers');
  // Asks the server which backends serve the bench's database, while it runs.
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-workers-'));
  try {
    const database = openPostgres(url, 4);
    await migrateDatabase(database);
    await loadCatalog(database.db, PRODUCTS);
    await database.db.execute(sql`analyze`);
    await database.close();

    console.log(
      `\nCATALOG_CACHE_MS=0, PostgreSQL, ${PRODUCTS} products, ${CONNECTIONS} connections (${useWrk ? 'wrk' : 'autocannon'}), ${SECONDS} s each; ` +
        `${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}`,
    );
    console.log(
      'workers'.padEnd(8),
      'route'.padEnd(66),
      'req/s'.padStart(7),
      'p99 ms'.padStart(7),
      '  CPU ms per request: Node.js, PostgreSQL',
    );
    const figures: Record<string, number[]> = {};
    for (const workers of [1, 2]) {
      const server = await startServerProcess(
        {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          WEB_CONCURRENCY: String(workers),
          CATALOG_CACHE_MS: '0',
          ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        },
        { waitFor: '/api/health/ready/' },
      );
      try {
        const processes = {
          // One process with WEB_CONCURRENCY=1: the server is its own worker.
          node: [...new Set([server.child.pid!, ...(await allWorkersUp(server, workers))])],
          postgres: async () =>
            (await admin.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid as number),
        };
        for (const [label, route] of ROUTES) {
          const m = await measure(`${server.url}${route}`, processes);
          (figures[label] ??= []).push(m.rps);
          console.log(
            String(workers).padEnd(8),
            `${label} ${route}`.padEnd(66),
            m.rps.toFixed(0).padStart(7),
            String(m.p99).padStart(7),
            `  ${m.nodeMs.toFixed(2)}, ${m.postgresMs.toFixed(2)}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
    console.log('\n2 workers / 1 worker:');
    for (const [label] of ROUTES) {
      const [one, two] = figures[label];
      const ratio = two / one;
      const goal = label === 'reference' ? '' : ` (goal ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'missed'})`;
      console.log(`  ${label.padEnd(14)} ${ratio.toFixed(2)}x${goal}`);
    }
    console.log(`load average now ${loadavg()[0].toFixed(1)}`);
  } finally {
    await admin.end();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
