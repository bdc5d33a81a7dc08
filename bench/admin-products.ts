// Admin product list with 5,000 products on PostgreSQL: latency of GET /api/products/ as staff
// (page size 20, newest first, as the admin page asks) per filter combination over real HTTP
// (autocannon), and the plans of the statements a page runs. The catalogue micro-cache is off:
// every product write of the admin clears it, so the database path is what staff wait for.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/admin-products.ts
//   BENCH_PRODUCTS (5000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10)
//   BENCH_KEEP_DB=<name> reuses (and keeps) a seeded database between runs
//   BENCH_EXPLAIN=0 skips the plans; BENCH_EXPLAIN=1,4 picks scenarios by index
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { productListQuerySchema } from '../src/domain/catalog';
import { buildApp } from '../src/server/app';
import type { Db } from '../src/server/db/client';
import { openPostgres } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { startSession } from '../src/server/modules/auth/sessions';
import { listProducts } from '../src/server/modules/catalog/service';
import { testConfig } from '../tests/helpers/app';
import { loadCatalogue } from './catalogue';
import { createAppContext } from '../src/server/context';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_P99_MS = 100;

// What the admin page sends (web admin products/api.ts filtersToApiQuery) before any filter.
const BASE = 'available=all&ordering=-created_at&page_size=20';
const SCENARIOS: [string, string][] = [
  ['all, page 1', ''],
  ['all, page 100', 'page=100'],
  ['brand', 'brand=banco-7'],
  ['type', 'type=auto'],
  ['unavailable', 'available=false'],
  ['with stock', 'stockFilter=with-stock'],
  ['low stock', 'stockFilter=low-stock'],
  ['out of stock, page 2', 'stockFilter=out-of-stock&page=2'],
  ['without price', 'priceStatus=no-price'],
  ['with price, USD', 'priceStatus=with-price&currency=USD'],
  ['brand+type+stock+price', 'brand=banco-3,banco-4&type=regular&stockFilter=with-stock&priceStatus=with-price'],
  ['search', 'search=gorilla'],
];

/** The admin page's query with a scenario's parameters set over it. */
function queryOf(extra: string): string {
  const params = new URLSearchParams(BASE);
  for (const [key, value] of new URLSearchParams(extra)) params.set(key, value);
  return params.toString().replaceAll('%2C', ',');
}

/** The plans of the statements one page runs, in order, inside one transaction as the app does. */
async function explain(url: string, query: string) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The database is dropped (with force) at the end: a connection still closing may be cut.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => captured.push({ sql: text, params }) } }) as unknown as Db;
  const parsed = productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  await listProducts(createAppContext(db, testConfig(tmpdir())), 'staff', parsed);
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

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const keep = process.env.BENCH_KEEP_DB;
  const name = keep ?? `shop_bench_admin_products_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  try {
    await migrateDatabase(database);
    if (!exists) {
      const started = Date.now();
      await loadCatalogue(database.db, PRODUCTS);
      // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
      await database.db.execute(sql`vacuum analyze`);
      console.log(`seeded ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }

    const config = testConfig(dataDir);
    const app = await buildApp(createAppContext(database.db, config), { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const [staff] = await database.db
      .insert(schema.users)
      .values({ username: 'bench_admin', email: 'admin@bench.local', password_hash: 'x', is_staff: true })
      .onConflictDoNothing()
      .returning();
    const staffId = staff?.id ?? (await database.db.select().from(schema.users).where(eq(schema.users.username, 'bench_admin')))[0].id;
    const { access: token } = await startSession(createAppContext(database.db, config), database.db, staffId, {});

    // Warm-up: the first requests compile the server's code paths.
    if (SECONDS > 0) {
      await autocannon({
        url: `http://127.0.0.1:${port}/api/products/?${queryOf('type=fem')}`,
        connections: CONNECTIONS,
        duration: 1,
        headers: { authorization: `Bearer ${token}` },
      });
    }

    console.log(
      `\nGET /api/products/ as staff (${BASE}), ${PRODUCTS} products, micro-cache off, ${CONNECTIONS} connections, ${SECONDS} s each; load average ${loadavg()[0].toFixed(1)}`,
    );
    console.log(
      'scenario'.padEnd(28),
      'req/s'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'max ms'.padStart(7),
      'count'.padStart(7),
      '  p99 < 100 ms',
    );
    let missed = 0;
    for (const [label, extra] of SECONDS > 0 ? SCENARIOS : []) {
      const target = `http://127.0.0.1:${port}/api/products/?${queryOf(extra)}`;
      const probe = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
      const body = (await probe.json()) as { count: number };
      if (!probe.ok) throw new Error(`${label}: ${probe.status} ${JSON.stringify(body)}`);
      const result = await autocannon({
        url: target,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { authorization: `Bearer ${token}` },
      });
      if (result.non2xx) throw new Error(`${label}: ${result.non2xx} non-2xx answers`);
      const met = result.latency.p99 < TARGET_P99_MS;
      if (!met) missed++;
      console.log(
        label.padEnd(28),
        result.requests.average.toFixed(0).padStart(7),
        String(result.latency.p50).padStart(7),
        String(result.latency.p99).padStart(7),
        String(result.latency.max).padStart(7),
        String(body.count).padStart(7),
        met ? '  met' : '  MISSED',
      );
    }
    await app.close();
    if (missed) console.log(`\n${missed} scenario(s) missed p99 < ${TARGET_P99_MS} ms (load average now ${loadavg()[0].toFixed(1)})`);

    if (process.env.BENCH_EXPLAIN !== '0') {
      const wanted = process.env.BENCH_EXPLAIN?.split(',').map(Number) ?? [0, 6, 10];
      for (const [label, extra] of wanted.map((i) => SCENARIOS[i])) {
        console.log(`\n=== plans: ${label} (${queryOf(extra)}) ===`);
        for (const plan of await explain(url.toString(), queryOf(extra))) console.log(`${plan}\n---`);
      }
    }
  } finally {
    await database.close();
    if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
