// A transaction PostgreSQL ends to break a deadlock is run again (db/errors.ts retryingDeadlocks):
// two real transactions lock two rows in opposite orders, and both end up done. The embedded
// database runs one transaction at a time, so it never deadlocks: PostgreSQL only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/server/db/client';
import { isDeadlock, retryingDeadlocks } from '../../src/server/db/errors';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let database: TestDatabase;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  await database.db.execute(sql`create table deadlock_rows (id int primary key, touched int not null default 0)`);
  await database.db.execute(sql`insert into deadlock_rows (id) values (1), (2)`);
});
afterAll(() => database?.close());

/** Locks `first`, waits for the other transaction to lock its row, then wants `second`. */
function crossing(first: number, second: number, bothLocked: Promise<unknown>, locked: () => void) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`update deadlock_rows set touched = touched + 1 where id = ${first}`);
    locked();
    await bothLocked;
    await tx.execute(sql`update deadlock_rows set touched = touched + 1 where id = ${second}`);
  });
}

describe.skipIf(!onPostgres)('retryingDeadlocks', () => {
  it('lets a deadlock through without retries, and ends both transactions with them', async () => {
    // Without retrying: PostgreSQL rolls one of the two back with 40P01.
    const plain = await crossingPair((run) => run());
    expect(plain.filter((r) => r.status === 'rejected' && isDeadlock(r.reason))).toHaveLength(1);

    const before = await touched();
    const retried = await crossingPair((run) => retryingDeadlocks(run));
    expect(retried.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    // Each transaction touched both rows once: the retried one did its whole work again.
    const after = await touched();
    expect(after.map((n, i) => n - before[i])).toEqual([2, 2]);
  });
});

async function touched(): Promise<number[]> {
  const rows = await sqlRows<{ touched: number }>(database.db, sql`select touched from deadlock_rows order by id`);
  return rows.map((r) => r.touched);
}

async function crossingPair(wrap: (run: () => Promise<void>) => Promise<void>) {
  let lockedCount = 0;
  let release!: () => void;
  const bothLocked = new Promise<void>((resolve) => (release = resolve));
  const locked = () => {
    if (++lockedCount === 2) release();
  };
  // Later attempts find the rows free: they only wait for the first round.
  return Promise.allSettled([wrap(() => crossing(1, 2, bothLocked, locked)), wrap(() => crossing(2, 1, bothLocked, locked))]);
}
