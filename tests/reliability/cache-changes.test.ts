// Cache clearing between processes on PostgreSQL (cache/postgres-changes.ts): two app contexts,
// each with its own pool and listening connection on one database, as two server processes
// have. A change made through one clears the other's caches within 100 ms, far under every TTL;
// after the listening connection is cut, it comes back and clears everything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, shareChangesThroughPostgres, type PostgresChanges } from '../../src/server/cache/postgres-changes';
import type { ReadCache } from '../../src/server/cache/read-cache';
import { createAppContext } from '../../src/server/app-context';
import type { AppContext } from '../../src/server/context';
import { openPostgres, type Database } from '../../src/server/db/client';
import { readMaintenanceState, toggleMaintenance } from '../../src/server/modules/site/maintenance';
import { testConfig } from '../helpers/app';
import { createStaff } from '../helpers/factories';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from '../helpers/postgres';

const available = await postgresAvailable();
const WITHIN_MS = 100;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ShopProcess {
  ctx: AppContext;
  database: Database;
  changes: PostgresChanges;
}

/** Keeps a marker in `cache`; the returned function says whether it is still there. */
async function probe(cache: ReadCache<unknown>): Promise<() => Promise<boolean>> {
  const marker = {};
  await cache.get('probe', async () => marker);
  return async () => (await cache.get('probe', async () => ({}))) === marker;
}

/** Milliseconds until `cleared` holds, polled every 2 ms up to `limitMs`; Infinity if it never did. */
async function msUntil(cleared: () => Promise<boolean>, limitMs: number, since = performance.now()): Promise<number> {
  while (performance.now() - since <= limitMs) {
    if (await cleared()) return performance.now() - since;
    await later(2);
  }
  return Infinity;
}

/**
 * The fastest of up to three measures: on a loaded 2-core machine one delivery can miss 100 ms
 * by a scheduling hiccup, while a broken notification misses it every time (the caches' TTLs
 * are a minute here).
 */
async function fastest(measure: () => Promise<number>): Promise<number> {
  let best = Infinity;
  for (let attempt = 0; attempt < 3 && best > WITHIN_MS; attempt++) best = Math.min(best, await measure());
  return best;
}

describe.skipIf(!available)('cache clearing between processes on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  let a: ShopProcess;
  let b: ShopProcess;

  async function start(): Promise<ShopProcess> {
    const database = openPostgres(scratch.url, 4);
    const ctx = createAppContext(database.db, testConfig(dataDir, { databaseUrl: scratch.url, catalogCacheMs: 60_000 }));
    const changes = shareChangesThroughPostgres({ url: scratch.url, db: database.db, sharing: ctx.caches.sharing, log: quiet });
    await changes.started;
    return { ctx, database, changes };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('shop_cache_changes');
    dataDir = mkdtempSync(path.join(tmpdir(), 'cache-changes-'));
    a = await start();
    b = await start();
  });

  afterAll(async () => {
    for (const p of [a, b]) {
      await p?.changes.close();
      await p?.database.close();
    }
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens from the start', () => {
    expect(a.changes.listening()).toBe(true);
    expect(b.changes.listening()).toBe(true);
  });

  it('clears the other process’s catalog, dashboard and restock plans within 100 ms of a catalog change', async () => {
    const countsKept = await probe(b.ctx.caches.orderCounts);
    const salesKept = await probe(b.ctx.caches.salesReports);
    const ms = await fastest(async () => {
      const catalogKept = await probe(b.ctx.caches.catalog);
      const dashboardKept = await probe(b.ctx.caches.dashboard);
      const restockKept = await probe(b.ctx.caches.restockPlans);
      const since = performance.now();
      a.ctx.caches.catalogChanged();
      const took = await msUntil(async () => !(await catalogKept()), 1000, since);
      expect(await dashboardKept()).toBe(false);
      expect(await restockKept()).toBe(false);
      return took;
    });
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
    // Only what that kind of change makes stale: a cost or a stock count never changes a sale made.
    expect(await countsKept()).toBe(true);
    expect(await salesKept()).toBe(true);
  });

  it('clears the order caches and the reports of the other process within 100 ms, both ways', async () => {
    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ]) {
      const ms = await fastest(async () => {
        const kept = await Promise.all(
          [reader.ctx.caches.orderCounts, reader.ctx.caches.orderPages, reader.ctx.caches.salesReports, reader.ctx.caches.restockPlans].map(
            probe,
          ),
        );
        const since = performance.now();
        writer.ctx.caches.ordersChanged();
        return msUntil(async () => (await Promise.all(kept.map((isKept) => isKept()))).every((isKept) => !isKept), 1000, since);
      });
      expect(ms).toBeLessThanOrEqual(WITHIN_MS);
    }
  });

  it('shows a maintenance toggle made through one process in the other within 100 ms', async () => {
    const staff = await createStaff(a.database.db);
    expect((await readMaintenanceState(b.ctx)).maintenance_mode).toBe(false);
    let on = false;
    // Each measure flips the switch through `from` and waits for `to` to read the new state.
    const flip = async (from: ShopProcess, to: ShopProcess) => {
      on = !on;
      await toggleMaintenance(from.ctx, staff, { maintenance_mode: on });
      const since = performance.now();
      return msUntil(async () => (await readMaintenanceState(to.ctx)).maintenance_mode === on, WITHIN_MS, since);
    };
    expect(await fastest(() => flip(a, b))).toBeLessThanOrEqual(WITHIN_MS);
    expect(await fastest(() => flip(b, a))).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('reconnects after its listening connection is cut, clears everything, and hears changes again', async () => {
    const catalogKept = await probe(b.ctx.caches.catalog);
    const countsKept = await probe(b.ctx.caches.orderCounts);
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      const cut = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
        [LISTENER_APPLICATION_NAME],
      );
      expect(cut.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    // Notifications sent while it was away are lost: reconnecting clears every cache.
    expect(await msUntil(async () => !(await catalogKept()) && !(await countsKept()), 5000)).toBeLessThan(5000);
    expect(await msUntil(async () => b.changes.listening() && a.changes.listening(), 5000)).toBeLessThan(5000);

    const ms = await fastest(async () => {
      const keptAgain = await probe(b.ctx.caches.catalog);
      const since = performance.now();
      a.ctx.caches.catalogChanged();
      return msUntil(async () => !(await keptAgain()), 1000, since);
    });
    expect(ms).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('stops listening and publishing once closed', async () => {
    const extra = await start();
    expect(extra.changes.listening()).toBe(true);
    await extra.changes.close();
    expect(extra.changes.listening()).toBe(false);
    const kept = await probe(extra.ctx.caches.catalog);
    a.ctx.caches.catalogChanged();
    await later(200);
    expect(await kept()).toBe(true);
    await extra.database.close();
  });
});
