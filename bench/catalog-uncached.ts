// The catalog with its micro-cache off (CATALOG_CACHE_MS=0): what the database costs per request
// when nothing is kept. The built server on PostgreSQL with 5,000 and 50,000 products, anonymous
// callers, every request a different one: filtered lists on pages 1-50, 50 search terms (typos
// and accents among them), product details by many ids. Each as a ratio to the trivial route
// (/api/health/?db=0) measured on the same server in the same run, and with the statements and
// round trips one request sends, and their plans.
//   BENCH_SIZES (5000,50000) catalog sizes; BENCH_SECONDS (5) per scenario; BENCH_CONNECTIONS
//   (50); BENCH_EXPLAIN=1 prints the plans of one request of each kind; BENCH_KEEP_DB as in
//   bench/staff-list.ts (the size is appended to the name)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../src/server/config';
import { createAppContext } from '../src/server/app-context';
import type { AppContext } from '../src/server/context';
import { sqlRows, type Db } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { productListQuerySchema } from '../src/domain/catalog';
import { getProduct, listProducts } from '../src/server/modules/catalog/service';
import { buildServerIfNeeded, startServerProcess } from '../tests/helpers/server-process';
import { loadCatalog } from './catalog';
import { explainStatements, withBenchDatabase } from './staff-list';
import { tableLine } from './table';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SIZES = (process.env.BENCH_SIZES ?? '5000,50000').split(',').map(Number);
/** Issue 15: list and detail at 15% of the trivial route or more, search at 10%. */
const TARGETS = { list: 0.15, search: 0.1, detail: 0.15 } as const;

/** Filters of the catalog page; each is read on pages 1 to 50 (all in range at 5,000). */
const LIST_FILTERS = [
  'type=fem',
  'type=auto&has_stock=true',
  'ordering=name&type=reg',
  'brand=banco-3,banco-7,banco-11,banco-19,banco-23',
  'discount=true',
  'type=fem,reg&brand=banco-1,banco-2,banco-4,banco-5,banco-6,banco-8,banco-9,banco-10',
];

/** 50 searches as customers type them: whole names, pieces, typos, accents, brand and type words. */
export const SEARCH_TERMS = [
  'gorilla',
  'gorila',
  'gorilla glue',
  'gorila glu',
  'amnesia haze',
  'amnesa',
  'critical',
  'critcal kush',
  'crítical',
  'northern light',
  'nothern',
  'blue dream',
  'blu dreem',
  'lemon',
  'lemmon haze',
  'purple',
  'purpel',
  'jack',
  'white widow',
  'white widdow',
  'sweet',
  'royal cheese',
  'royal cheeze',
  'mango',
  'black domina',
  'wedding cake',
  'weding cake',
  'orange bud',
  'super skunk',
  'super sknuk',
  'big bud',
  'green gelato',
  'gelatto',
  'tropical mimosa',
  'cherry berry',
  'zkittlez',
  'zkitles',
  'diesel',
  'cookies',
  'auto',
  'automática',
  'automatica',
  'feminizada',
  'banco 12',
  'banco 7 haze',
  'kush',
  'haze auto',
  'cheese',
  'skunk',
  'domina',
];

interface Scenario {
  kind: keyof typeof TARGETS;
  label: string;
  paths: string[];
}

function scenarios(detailIds: number[]): Scenario[] {
  const list: string[] = [];
  for (let page = 1; page <= 50; page++) for (const filter of LIST_FILTERS) list.push(`/api/products/?${filter}&page=${page}`);
  // Spread so that consecutive requests differ in both filter and page.
  const spread = list.map((_, i) => list[(i * 37) % list.length]);
  const search = SEARCH_TERMS.flatMap((term, i) => {
    const q = encodeURIComponent(term);
    return [`/api/products/?search=${q}`, `/api/products/?search=${q}&page=${1 + (i % 3)}`];
  });
  return [
    { kind: 'list', label: 'list, 6 filters x pages 1-50', paths: spread },
    { kind: 'search', label: 'search, 50 terms', paths: search },
    { kind: 'detail', label: `detail, ${detailIds.length} ids`, paths: detailIds.map((id) => `/api/products/${id}/`) },
  ];
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One autocannon run; every request takes the next path of the list. */
async function measure(url: string, paths: string[], seconds: number): Promise<Measured> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Waits until a database read answers quickly again: a slow scenario leaves requests queued for
 * the server's pool, which the next measure would otherwise pay for.
 */
async function drain(url: string) {
  for (let i = 0; i < 600; i++) {
    const started = performance.now();
    await fetch(`${url}/api/health/`).then((r) => r.text());
    if (performance.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Median time of one request alone (one after the other, every path of the scenario once): what
 * a request costs, less swayed than req/s by what else the machine runs.
 */
async function alone(url: string, paths: string[]): Promise<number> {
  const times: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    await fetch(`${url}${p}`).then((r) => r.arrayBuffer());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Statements (round trips) one request sends, counted on a pool that records them. */
async function countStatements(url: string, config: Config, run: (ctx: AppContext) => Promise<unknown>): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  let count = 0;
  const db = drizzle(pool, { schema, logger: { logQuery: () => count++ } }) as unknown as Db;
  try {
    // The second request of a process: what the first one kept in memory (the dollar rate) is kept.
    const ctx = createAppContext(db, config);
    await run(ctx);
    count = 0;
    await run(ctx);
  } finally {
    await pool.end();
  }
  return count;
}

const listQuery = (query: string) => productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

async function benchSize(size: number): Promise<void> {
  const name = `uncached_${size}`;
  const seed = async (db: Db) => {
    await loadCatalog(db, size);
    await db.execute(sql`analyze`);
  };
  const keep = process.env.BENCH_KEEP_DB;
  if (keep) process.env.BENCH_KEEP_DB = `${keep}_${size}`;
  try {
    await withBenchDatabase(name, { seed, seeded: `${size} products` }, async ({ database, url, config }) => {
      const ids = await sqlRows<{ id: number }>(
        database.db,
        sql`select id from products where available and deleted_at is null order by md5(id::text) limit 200`,
      );
      const detailIds = ids.map((r) => Number(r.id));
      const kinds = {
        list: (ctx: AppContext) => listProducts(ctx, 'anonymous', listQuery('type=fem&brand=banco-3,banco-7&page=7')),
        search: (ctx: AppContext) => listProducts(ctx, 'anonymous', listQuery('search=gorilla glue')),
        'search with a typo': (ctx: AppContext) => listProducts(ctx, 'anonymous', listQuery('search=gorila glu')),
        detail: (ctx: AppContext) => getProduct(ctx, 'anonymous', detailIds[0]),
      };
      const trips: string[] = [];
      for (const [kind, run] of Object.entries(kinds)) trips.push(`${kind} ${await countStatements(url, config, run)}`);
      if (process.env.BENCH_EXPLAIN === '1') {
        for (const [kind, run] of Object.entries(kinds)) {
          console.log(`\n=== plans at ${size}: ${kind} ===`);
          for (const plan of await explainStatements(url, config, run)) console.log(`${plan}\n---`);
        }
      }

      // A shop's tables in steady state: visibility maps set, so counts read indexes alone.
      await database.db.execute(sql`vacuum analyze products, blisters, brands`);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-uncached-'));
      const server = await startServerProcess({ DATABASE_URL: url, CATALOG_CACHE_MS: '0', DATA_DIR: dataDir });
      try {
        const all = scenarios(detailIds);
        // Every path must answer 200 before it is measured (10 at a time).
        const paths = all.flatMap((s) => s.paths);
        for (let i = 0; i < paths.length; i += 10) {
          await Promise.all(
            paths.slice(i, i + 10).map(async (p) => {
              const res = await fetch(`${server.url}${p}`);
              if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
              await res.arrayBuffer();
            }),
          );
        }
        console.log(
          `\n${size} products, PostgreSQL, CATALOG_CACHE_MS=0, anonymous, ${CONNECTIONS} connections, ${SECONDS} s each; load average ${loadavg()[0].toFixed(1)}`,
        );
        console.log(`statements per request: ${trips.join(', ')}`);
        const reference = await measure(`${server.url}`, ['/api/health/?db=0'], SECONDS);
        console.log(`reference /api/health/?db=0: ${reference.rps.toFixed(0)} req/s, p50 ${reference.p50} ms, p99 ${reference.p99} ms`);
        tableLine('scenario', ['req/s', 'ratio', 'p50 ms', 'p99 ms', ['alone ms', 9]], 'target');
        const rows: [Scenario, Measured, number][] = [];
        for (const s of all) {
          await drain(server.url);
          const single = await alone(server.url, s.paths);
          await measure(server.url, s.paths, 1); // warm-up: JIT, plans, connections
          await drain(server.url);
          const m = await measure(server.url, s.paths, SECONDS);
          rows.push([s, m, single]);
          if (m.errors) throw new Error(`${s.label}: ${m.errors} errors`);
        }
        await drain(server.url);
        const again = await measure(`${server.url}`, ['/api/health/?db=0'], SECONDS);
        const ref = (reference.rps + again.rps) / 2;
        for (const [s, m, single] of rows) {
          const ratio = m.rps / ref;
          tableLine(
            s.label,
            [m.rps.toFixed(0), `${(ratio * 100).toFixed(1)}%`, m.p50, m.p99, [single.toFixed(1), 9]],
            `≥ ${TARGETS[s.kind] * 100}% ${ratio >= TARGETS[s.kind] ? 'met' : 'MISSED'}`,
          );
        }
        console.log(`reference again: ${again.rps.toFixed(0)} req/s (ratios use the mean of both)`);
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  } finally {
    if (keep) process.env.BENCH_KEEP_DB = keep;
  }
}

buildServerIfNeeded();
for (const size of SIZES) await benchSize(size);
