// Several workers (issue 15): the built server on PostgreSQL with WEB_CONCURRENCY=1 and then 2, in
// the same run, on the storefront's filtered list with the micro-cache off (CATALOG_CACHE_MS=0) and
// on the reference route that skips the database. Prints req/s of each and the 2-to-1 ratio
// (goal: 1.6 or more on 2 cores). autocannon runs in this process, on the same cores.
//   BENCH_SECONDS (5) per measure; BENCH_PG_URL the PostgreSQL server; BENCH_PRODUCTS (5000)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { buildServerIfNeeded, startServerProcess, type ServerProcess } from '../tests/helpers/server-process';
import { loadCatalogue } from './catalogue';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 50;
const LIST = '/api/products/?page=3&type=fem&brand=banco-1,banco-2';
const REFERENCE = '/api/health/?db=0';
const TARGET_RATIO = 1.6;

async function requestsPerSecond(url: string): Promise<{ rps: number; p99: number }> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up: JIT, plans, pools
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Waits until every worker listens: the metrics list one series per worker. */
async function allWorkersUp(server: ServerProcess, workers: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const text = await (await fetch(`${server.url}/metrics`)).text().catch(() => '');
    if ((text.match(/^shop_worker_info\{/gm) ?? []).length === workers) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${workers} workers did not start`);
}

async function main() {
  buildServerIfNeeded();
  const name = `bench_workers_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-workers-'));
  try {
    const database = openPostgres(url.toString(), 4);
    await migrateDatabase(database);
    await loadCatalogue(database.db, PRODUCTS);
    await database.db.execute(sql`analyze`);
    await database.close();

    console.log(
      `\nGET ${LIST}, CATALOG_CACHE_MS=0, PostgreSQL, ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s each; ` +
        `${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}`,
    );
    const figures: Record<number, { list: number; reference: number }> = {};
    for (const workers of [1, 2]) {
      const server = await startServerProcess(
        {
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          WEB_CONCURRENCY: String(workers),
          CATALOG_CACHE_MS: '0',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        },
        { waitFor: '/api/health/ready/' },
      );
      try {
        await allWorkersUp(server, workers);
        const reference = await requestsPerSecond(`${server.url}${REFERENCE}`);
        const list = await requestsPerSecond(`${server.url}${LIST}`);
        figures[workers] = { list: list.rps, reference: reference.rps };
        console.log(
          `${workers} worker${workers > 1 ? 's' : ' '}: list ${list.rps.toFixed(0).padStart(6)} req/s (p99 ${list.p99} ms), ` +
            `reference ${reference.rps.toFixed(0).padStart(6)} req/s (p99 ${reference.p99} ms)`,
        );
      } finally {
        await server.stop();
      }
    }
    const ratio = figures[2].list / figures[1].list;
    const referenceRatio = figures[2].reference / figures[1].reference;
    console.log(
      `2 workers / 1 worker: list ${ratio.toFixed(2)}x (goal ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'missed'}), ` +
        `reference ${referenceRatio.toFixed(2)}x; load average now ${loadavg()[0].toFixed(1)}`,
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
