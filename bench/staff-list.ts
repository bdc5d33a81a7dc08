// What the PostgreSQL benchmarks share (bench/admin-products.ts, bench/orders-list.ts, bench/dashboard.ts): a seeded
// PostgreSQL database, the app on it with a staff session, a table of scenarios measured over real
// HTTP (autocannon) against a p99 target, and the plans of the statements one page runs.
//   BENCH_DATABASE_URL (or TEST_DATABASE_URL) the PostgreSQL server; BENCH_SECONDS (5) per
//   scenario; BENCH_CONNECTIONS (10); BENCH_KEEP_DB=<name> reuses (and keeps) a seeded database
//   between runs; BENCH_EXPLAIN=0 skips the plans, BENCH_EXPLAIN=1,4 picks scenarios by index
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import type { Config } from '../src/server/config';
import { createAppContext } from '../src/server/app-context';
import type { AppContext } from '../src/server/context';
import type { Database, Db } from '../src/server/db/client';
import { openPostgres } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { startSession } from '../src/server/modules/auth/sessions';
import { testConfig } from '../tests/helpers/app';
import { tableLine } from './table';
import { roleColumns } from '../src/domain/staff-roles';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_P99_MS = 100;

export interface StaffListBench {
  /** Names the database: shop_bench_<name>_<time>. */
  name: string;
  /** What the seed makes, for the log ("5000 products"). */
  seeded: string;
  seed(db: Db): Promise<void>;
  /** The list route, e.g. /api/products/. */
  path: string;
  /** For the line above the table: "GET <path> as staff, <describe>, 10 connections…". */
  describe: string;
  /** Label and full query string of each measure. */
  scenarios: [string, string][];
  /** The query of the warm-up run (the first requests compile the server's code paths). */
  warmUp: string;
  /** Scenarios whose plans are shown by default (indexes). */
  explained: number[];
  /** Runs the list once, as the route does, on a database that records its statements. */
  list(ctx: AppContext, query: string): Promise<unknown>;
}

/** Creates (or reuses, with BENCH_KEEP_DB) the database, runs the bench, drops the database. */
export async function runStaffListBench(bench: StaffListBench): Promise<void> {
  await withBenchDatabase(bench.name, { seed: bench.seed, seeded: bench.seeded }, async ({ database, url, config }) => {
    await measureScenarios(bench, createAppContext(database.db, config));
    if (process.env.BENCH_EXPLAIN !== '0') {
      const wanted = process.env.BENCH_EXPLAIN?.split(',').map(Number) ?? bench.explained;
      for (const [label, query] of wanted.map((i) => bench.scenarios[i])) {
        console.log(`\n=== plans: ${label} (${query}) ===`);
        for (const plan of await explainStatements(url, config, (ctx) => bench.list(ctx, query))) console.log(`${plan}\n---`);
      }
    }
  });
}

export interface BenchDatabase {
  database: Database;
  /** The bench database's URL, for a second pool (plans). */
  url: string;
  /** The test config on a temporary DATA_DIR. */
  config: Config;
}

/**
 * A migrated PostgreSQL database named shop_bench_<name>_<time>, seeded once, for `run`; dropped
 * after it unless BENCH_KEEP_DB=<name> asked to reuse (and keep) a seeded one between runs.
 */
/** Starts `app` on a free local port; its base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export async function withBenchDatabase(
  name: string,
  seeding: { seed(db: Db): Promise<void>; seeded: string },
  run: (bench: BenchDatabase) => Promise<void>,
): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const keep = process.env.BENCH_KEEP_DB;
  const databaseName = keep ?? `shop_bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount;
  if (!exists) await admin.query(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const database = openPostgres(url.toString(), 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  try {
    await migrateDatabase(database);
    if (!exists) {
      const started = Date.now();
      await seeding.seed(database.db);
      console.log(`seeded ${seeding.seeded} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await run({ database, url: url.toString(), config: testConfig(dataDir) });
  } finally {
    await database.close();
    if (!keep) await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function staffToken(ctx: AppContext): Promise<string> {
  const [staff] = await ctx.db
    .insert(schema.users)
    .values({ username: 'bench_admin', email: 'admin@bench.local', password_hash: 'x', ...roleColumns('owner') })
    .onConflictDoNothing()
    .returning();
  const staffId = staff?.id ?? (await ctx.db.select().from(schema.users).where(eq(schema.users.username, 'bench_admin')))[0].id;
  return (await startSession(ctx, ctx.db, staffId, {})).access;
}

/** The app on a loopback port; one autocannon run per scenario, printed as a table. */
async function measureScenarios(bench: StaffListBench, ctx: AppContext): Promise<void> {
  const app = await buildApp(ctx, { logger: false });
  try {
    const base = await listenLocally(app);
    const headers = { authorization: `Bearer ${await staffToken(ctx)}` };
    const target = (query: string) => `${base}${bench.path}?${query}`;

    if (SECONDS > 0) await autocannon({ url: target(bench.warmUp), connections: CONNECTIONS, duration: 1, headers });

    console.log(
      `\nGET ${bench.path} as staff, ${bench.describe}, ${CONNECTIONS} connections, ${SECONDS} s each; load average ${loadavg()[0].toFixed(1)}`,
    );
    // The reference of the same run: a route that reads no database, at the same concurrency.
    const reference =
      SECONDS > 0 ? await autocannon({ url: `${base}/api/health/?db=0`, connections: CONNECTIONS, duration: SECONDS }) : null;
    if (reference) {
      console.log(
        `reference /api/health/?db=0: ${reference.requests.average.toFixed(0)} req/s, p50 ${reference.latency.p50} ms, p99 ${reference.latency.p99} ms`,
      );
    }
    tableLine('scenario', ['req/s', 'ratio', 'p50 ms', 'p99 ms', 'max ms', 'count'], `p99 < ${TARGET_P99_MS} ms`);
    let missed = 0;
    for (const [label, query] of SECONDS > 0 ? bench.scenarios : []) {
      const probe = await fetch(target(query), { headers });
      const body = (await probe.json()) as { count: number };
      if (!probe.ok) throw new Error(`${label}: ${probe.status} ${JSON.stringify(body)}`);
      const result = await autocannon({ url: target(query), connections: CONNECTIONS, duration: SECONDS, headers });
      if (result.non2xx) throw new Error(`${label}: ${result.non2xx} non-2xx answers`);
      const met = result.latency.p99 < TARGET_P99_MS;
      if (!met) missed++;
      const ratio = reference ? `${((result.requests.average / reference.requests.average) * 100).toFixed(1)}%` : '';
      tableLine(
        label,
        [result.requests.average.toFixed(0), ratio, result.latency.p50, result.latency.p99, result.latency.max, body.count],
        met ? 'met' : 'MISSED',
      );
    }
    if (missed) console.log(`\n${missed} scenario(s) missed p99 < ${TARGET_P99_MS} ms (load average now ${loadavg()[0].toFixed(1)})`);
  } finally {
    await app.close();
  }
}

/** The plans of the statements `run` sends, in order, inside one transaction as the app does. */
export async function explainStatements(url: string, config: Config, run: (ctx: AppContext) => Promise<unknown>): Promise<string[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The database is dropped (with force) at the end: a connection still closing may be cut.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => captured.push({ sql: text, params }) } }) as unknown as Db;
  await run(createAppContext(db, config));
  const client = await pool.connect();
  const plans: string[] = [];
  try {
    await client.query('begin');
    for (const statement of captured) {
      if (/^(begin|commit|rollback)/i.test(statement.sql)) continue;
      // Planner settings (withPlanSettings) are applied as the page applies them.
      if (/set_config/.test(statement.sql)) {
        await client.query(statement.sql, statement.params);
        continue;
      }
      const result = await client.query(`explain (analyze, costs off, timing on, summary on) ${statement.sql}`, statement.params);
      plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    await client.query('rollback');
  } finally {
    client.release();
    await pool.end();
  }
  return plans;
}
