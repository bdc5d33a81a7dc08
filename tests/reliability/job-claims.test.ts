// Background jobs claim each period in job_runs (jobs.ts): whatever the number of processes
// checking, one claim per period succeeds, timed by the database's clock.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOB_CHECK_MS, loadConfig } from '../../src/server/config';
import { openPostgres, type Database } from '../../src/server/db/client';
import { claimJobRun } from '../../src/server/jobs';
import { createTestDatabase } from '../helpers/database';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from '../helpers/postgres';

const HOUR = 60 * 60_000;
const available = await postgresAvailable();

/** Moves the job's last run `ms` into the past. */
const ranAgo = (database: Database, name: string, ms: number) =>
  database.db.execute(sql`update job_runs set last_run_at = now() - ${ms} * interval '1 millisecond' where name = ${name}`);

describe('JOB_CHECK_MS', () => {
  const base = { DATA_DIR: '/tmp/shop-config-test' };
  it('defaults to 10 s and takes 100 ms to 60 s', () => {
    expect(loadConfig(base).jobCheckMs).toBe(DEFAULT_JOB_CHECK_MS);
    expect(DEFAULT_JOB_CHECK_MS).toBe(10_000);
    expect(loadConfig({ ...base, JOB_CHECK_MS: '200' }).jobCheckMs).toBe(200);
    expect(() => loadConfig({ ...base, JOB_CHECK_MS: '50' })).toThrow(/JOB_CHECK_MS: debe ser 100 o más/);
    expect(() => loadConfig({ ...base, JOB_CHECK_MS: '120000' })).toThrow(/JOB_CHECK_MS: debe ser 60000 o menos/);
    expect(() => loadConfig({ ...base, JOB_CHECK_MS: 'pronto' })).toThrow(/JOB_CHECK_MS: debe ser un número/);
  });
});

describe('claimJobRun', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('lets a job that never ran run at once, then not again within its period', async () => {
    expect(await claimJobRun(database.db, 'expire-pending-orders', HOUR)).toBe(true);
    expect(await claimJobRun(database.db, 'expire-pending-orders', HOUR)).toBe(false);
    // Each job has its own period.
    expect(await claimJobRun(database.db, 'mail-retry', 60_000)).toBe(true);
  });

  it('lets it run again once its period has passed, once', async () => {
    await ranAgo(database, 'expire-pending-orders', HOUR - 5_000);
    expect(await claimJobRun(database.db, 'expire-pending-orders', HOUR)).toBe(false);
    await ranAgo(database, 'expire-pending-orders', HOUR);
    expect(await claimJobRun(database.db, 'expire-pending-orders', HOUR)).toBe(true);
    expect(await claimJobRun(database.db, 'expire-pending-orders', HOUR)).toBe(false);
  });
});

describe.skipIf(!available)('claimJobRun from several processes on PostgreSQL at once', () => {
  let scratch: ScratchDatabase;
  let pools: Database[];
  beforeAll(async () => {
    scratch = await createScratchDatabase('shop_job_claims');
    pools = [openPostgres(scratch.url, 5), openPostgres(scratch.url, 5)];
  });
  afterAll(async () => {
    for (const pool of pools ?? []) await pool.close();
    await scratch?.drop();
  });

  it('gives each period to exactly one of 20 simultaneous claims', async () => {
    for (const round of [0, 1, 2]) {
      if (round > 0) await ranAgo(pools[0], 'stock-alert', 60_000);
      const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claimJobRun(pools[i % 2].db, 'stock-alert', 60_000)));
      expect(claims.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });
});
