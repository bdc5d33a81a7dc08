// Admin order list with 50,000 orders on PostgreSQL: latency per filter combination over real HTTP
// (autocannon), next to the reference route (/api/health/?db=0) of the same run, and the plans of
// the queries the list runs. Target: p99 < 100 ms.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/orders-list.ts
//   BENCH_ORDERS (50000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10)
//   BENCH_KEEP_DB=<name> reuses (and keeps) a seeded database between runs
//   BENCH_EXPLAIN=0 skips the plans; BENCH_EXPLAIN=0,1,6 picks scenarios by index
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { adminOrderListQuerySchema } from '../src/domain/orders';
import { buildApp } from '../src/server/app';
import type { Db } from '../src/server/db/client';
import { openPostgres } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { listAdminOrders } from '../src/server/modules/orders/queries';
import { startSession } from '../src/server/modules/auth/sessions';
import { testConfig } from '../tests/helpers/app';
import { createAppContext } from '../src/server/context';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_P99_MS = 100;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Order i's phone: 10 digits, different for (nearly) every order. */
const benchPhone = (i: number) => `11${String((i * 7919) % 100_000_000).padStart(8, '0')}`;
/** A pending order's phone as staff type it from a message: with the trunk 0, the mobile 15 and dashes. */
const typedPhone = (phone: string) => `(0${phone.slice(0, 2)}) 15 ${phone.slice(2, 6)}-${phone.slice(6)}`;

// Orders are seeded one every 12 minutes back from now: about 120 a day over 14 months. Order
// 4242 is pending (i % 3 = 0) and not archived (i % 10 > 0); each product is in about 330 orders,
// 'Gorilla Glue 67' in pending ones that are not archived (ids 33 modulo 150).
const SCENARIOS: [string, string][] = [
  ['all, page 1', ''],
  ['pending tab', 'status=pending'],
  ['completed tab, page 40', 'status=completed&page=40'],
  ['all, page 2000', 'page=2000'],
  ['week', 'date_filter=week'],
  ['month, cancelled', 'date_filter=month&status=cancelled'],
  ['custom range (90 days)', `date_filter=custom&start_date=${daysAgo(120)}&end_date=${daysAgo(30)}`],
  ['search recipient', 'search=a1b2'],
  ['search customer', 'search=usuario77'],
  ['pending + month + search', 'status=pending&date_filter=month&search=nombre12'],
  // Fulfilment (issue 13): oldest pending first, searched by phone and by product name.
  ['pending, oldest first', 'status=pending&ordering=created_at'],
  ['oldest pending + phone', `status=pending&ordering=created_at&search=${encodeURIComponent(typedPhone(benchPhone(4242)))}`],
  ['oldest pending + product', 'status=pending&ordering=created_at&search=Gorilla%20Glue%2067'],
  ['oldest pending + product, accents', 'status=pending&ordering=created_at&search=GORILLA%20GL%C3%9AE%2012'],
];

async function seed(db: Db) {
  const run = (text: string) => db.execute(sql.raw(text));
  await run(`insert into users (username, email, password_hash, first_name, last_name)
    select 'usuario' || i, 'usuario' || i || '@bench.local', 'x', 'Nombre' || i, 'Apellido' || i from generate_series(1, 1000) i`);
  await run(`insert into brands (brand_id, brand_name) select 'banco-' || i, 'Banco ' || i from generate_series(1, 20) i`);
  await run(`insert into products (brand_id, name, type) select 1 + (i % 20), 'Gorilla Glue ' || i, 'fem' from generate_series(1, 300) i`);
  await run(
    `insert into blisters (product_id, seed_count, price, stock) select 1 + (i % 300), 3 + (i % 3), 10000, 100 from generate_series(0, 599) i`,
  );
  await run(`insert into orders (user_id, status, is_archived, total, recipient_name, shipping_address, customer_email,
      customer_phone, delivery_type, customer_username, customer_first_name, customer_last_name, created_at, updated_at)
    select 1 + (i % 1000), (array['pending','completed','cancelled'])[1 + (i % 3)], i % 10 = 0, 20000,
      'Destinatario ' || substr(md5(i::text), 1, 8), 'Coordinar entrega', 'usuario' || (1 + i % 1000) || '@bench.local',
      '11' || lpad(((i * 7919) % 100000000)::text, 8, '0'), 'coordinate', 'usuario' || (1 + i % 1000), 'Nombre' || (1 + i % 1000), 'Apellido' || (1 + i % 1000),
      now() - i * interval '12 minutes', now() - i * interval '12 minutes'
    from generate_series(1, ${ORDERS}) i`);
  await run(`insert into order_products (order_id, product_id, blister_id, quantity, price_at_time, product_name, seed_count)
    select o.id, 1 + ((o.id * 2 + k) % 300), 1 + ((o.id * 2 + k) % 600), 1, 10000, 'Gorilla Glue ' || (1 + ((o.id * 2 + k) % 300)), 3
    from orders o cross join generate_series(0, 1) k`);
  // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
  await run('vacuum analyze');
}

/** The plans of the statements the list runs for one query string. */
async function explain(url: string, query: string) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The database is dropped (with force) at the end: a connection still closing may be cut.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => captured.push({ sql: text, params }) } }) as unknown as Db;
  await listAdminOrders(db, adminOrderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), new Date());
  const plans: string[] = [];
  for (const statement of captured) {
    const result = await pool.query(`explain (analyze, costs off, timing on, summary on) ${statement.sql}`, statement.params);
    plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  await pool.end();
  return plans;
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // BENCH_KEEP_DB=<name> reuses (and keeps) a seeded database between runs.
  const keep = process.env.BENCH_KEEP_DB;
  const name = keep ?? `shop_bench_orders_${Date.now()}`;
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
      await seed(database.db);
      console.log(`seeded ${ORDERS} orders (${ORDERS * 2} lines) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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

    const headers = { authorization: `Bearer ${token}` };
    // Warm-up: the first requests compile the server's code paths.
    if (SECONDS > 0)
      await autocannon({ url: `http://127.0.0.1:${port}/api/orders/?status=pending`, connections: CONNECTIONS, duration: 1, headers });

    console.log(
      `\nGET /api/orders/ as staff, ${ORDERS} orders, ${CONNECTIONS} connections, ${SECONDS} s each; load average ${loadavg()[0].toFixed(1)}`,
    );
    // The reference of the same run: a route that reads no database, at the same concurrency.
    const reference =
      SECONDS > 0
        ? await autocannon({ url: `http://127.0.0.1:${port}/api/health/?db=0`, connections: CONNECTIONS, duration: SECONDS })
        : null;
    if (reference) {
      console.log(
        `reference /api/health/?db=0: ${reference.requests.average.toFixed(0)} req/s, p50 ${reference.latency.p50} ms, p99 ${reference.latency.p99} ms`,
      );
    }
    console.log(
      'scenario'.padEnd(34),
      'req/s'.padStart(7),
      'ratio'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'max ms'.padStart(7),
      'count'.padStart(7),
      '  p99 < 100 ms',
    );
    let missed = 0;
    for (const [label, query] of SECONDS > 0 ? SCENARIOS : []) {
      const target = `http://127.0.0.1:${port}/api/orders/?${query}`;
      const probe = await fetch(target, { headers });
      const body = (await probe.json()) as { count: number };
      const result = await autocannon({ url: target, connections: CONNECTIONS, duration: SECONDS, headers });
      if (result.non2xx) throw new Error(`${label}: ${result.non2xx} non-2xx answers`);
      const met = result.latency.p99 < TARGET_P99_MS;
      if (!met) missed++;
      const ratio = reference ? `${((result.requests.average / reference.requests.average) * 100).toFixed(1)}%` : '';
      console.log(
        label.padEnd(34),
        result.requests.average.toFixed(0).padStart(7),
        ratio.padStart(7),
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
      // Plans are taken without the server's counts cache, so the status counts statement (the
      // aggregate) shows as it runs on a miss: once per date range every few seconds.
      const wanted = process.env.BENCH_EXPLAIN?.split(',').map(Number) ?? [0, 2, 3, 8, 11, 12];
      for (const [label, query] of wanted.map((i) => SCENARIOS[i])) {
        console.log(`\n=== plans: ${label} (${query}) ===`);
        for (const plan of await explain(url.toString(), query)) console.log(`${plan}\n---`);
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
