// The dashboard (GET /api/dashboard/) with 5,000 products and 50,000 orders on PostgreSQL, over
// real HTTP (autocannon), next to the reference route (/api/health/?db=0) in the same run: as
// served (the answer is kept 30 s, and every order write clears it), while orders clear it four
// times a second, and with the cache off (every request computes it, as no caller ever does:
// requests waiting at a miss share one computation). Then the plans of its statements.
// Target: p99 < 150 ms at 10 connections.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard.ts
//   BENCH_PRODUCTS (5000), BENCH_ORDERS (50000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10)
//   BENCH_KEEP_DB=<name> reuses (and keeps) a seeded database between runs
//   BENCH_EXPLAIN=0 skips the plans
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { ReadCache } from '../src/server/cache/read-cache';
import { createAppContext } from '../src/server/app-context';
import type { Db } from '../src/server/db/client';
import { computeDashboard } from '../src/server/modules/dashboard/service';
import { TEST_JWT_SECRET } from '../tests/helpers/app';
import { loadCatalog } from './catalog';
import { loadOrders, orderFixtures } from './orders';
import { explainStatements, listenLocally, withBenchDatabase } from './staff-list';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_P99_MS = 150;

interface Measure {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

async function main() {
  const seeding = {
    seeded: `${PRODUCTS} products and ${ORDERS} orders`,
    async seed(db: Db) {
      await loadCatalog(db, PRODUCTS);
      await loadOrders(db, ORDERS);
      // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
      await db.execute(sql`vacuum analyze`);
    },
  };
  await withBenchDatabase('dashboard', seeding, async ({ database, url, config }) => {
    const { staffToken } = await orderFixtures(database.db, TEST_JWT_SECRET);

    const ctx = createAppContext(database.db, config);
    const app = await buildApp(ctx, { logger: false });
    const base = await listenLocally(app);
    const headers = { authorization: `Bearer ${staffToken}` };

    const probe = await fetch(`${base}/api/dashboard/`, { headers });
    if (!probe.ok) throw new Error(`GET /api/dashboard/ answered ${probe.status}: ${await probe.text()}`);
    const body = (await probe.json()) as { periods: { last_30_days: { orders: number } }; low_stock_total: number };
    console.log(`last 30 days: ${body.periods.last_30_days.orders} orders sold; ${body.low_stock_total} blisters low on stock`);

    const measure = async (label: string, urlPath: string, withToken: boolean): Promise<Measure> => {
      const options = { url: `${base}${urlPath}`, connections: CONNECTIONS, headers: withToken ? headers : {} };
      await autocannon({ ...options, duration: 1 }); // warm-up: JIT, plans
      const result = await autocannon({ ...options, duration: SECONDS });
      if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max };
    };

    const load = loadavg()[0];
    const results: Measure[] = [];
    if (SECONDS > 0) {
      results.push(await measure('reference', '/api/health/?db=0', false));
      results.push(await measure('dashboard (as served)', '/api/dashboard/', true));
      // A busy shop: an order write clears the answer 4 times a second; the requests waiting at
      // each clear share one computation.
      const writes = setInterval(() => ctx.caches.ordersChanged(), 250);
      try {
        results.push(await measure('dashboard (4 writes/s)', '/api/dashboard/', true));
      } finally {
        clearInterval(writes);
      }
      // What the first request after an order write pays, every time.
      ctx.caches.dashboard = new ReadCache({ ttlMs: 0, maxEntries: 1 });
      results.push(await measure('dashboard (cache off)', '/api/dashboard/', true));
      results.push(await measure('reference (again)', '/api/health/?db=0', false));
    }
    await app.close();

    if (results.length) {
      const last = results[results.length - 1];
      const reference = (results[0].rps + last.rps) / 2;
      const referenceP99 = Math.max(results[0].p99, last.p99);
      console.log(
        `\n${ORDERS} orders, ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s each; load average ${load.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`,
      );
      console.log(
        'route'.padEnd(24),
        'req/s'.padStart(8),
        'p50 ms'.padStart(7),
        'p99 ms'.padStart(7),
        'max ms'.padStart(7),
        'req/s ratio'.padStart(12),
        'p99 ratio'.padStart(10),
        `  p99 < ${TARGET_P99_MS} ms`,
      );
      for (const m of results) {
        const isDashboard = m.label.startsWith('dashboard');
        console.log(
          m.label.padEnd(24),
          m.rps.toFixed(0).padStart(8),
          String(m.p50).padStart(7),
          String(m.p99).padStart(7),
          String(m.max).padStart(7),
          (m.rps / reference).toFixed(3).padStart(12),
          (m.p99 / Math.max(referenceP99, 1)).toFixed(1).padStart(10),
          isDashboard ? (m.p99 < TARGET_P99_MS ? '  met' : '  MISSED') : '',
        );
      }
    }

    if (process.env.BENCH_EXPLAIN !== '0') {
      console.log('\n=== plans of one dashboard computation ===');
      const plans = await explainStatements(url, config, (explained) => computeDashboard(explained.db, new Date(), 7));
      for (const plan of plans) console.log(`${plan}\n---`);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
