// The reminder of a cart left waiting, sent by built server processes (issue 38: "two processes
// send it once"). On PostgreSQL two servers share one database and run the reminders' job at the
// same time: the test makes the job due again every 50 ms, so that each process claims a period
// while the other's run is still going, and both take carts. On the embedded database a second
// process cannot open the data while the first holds it (decision 0002): the two run one after
// the other on the same data folder, the first sending the carts then due, the second only those
// that became due after. Either way every cart gets exactly one e-mail in the outbox.
// The setting (abandoned_cart_hours) is on and the carts were saved 30 hours ago. A fresh process
// runs the job before any request has read the dollar rate: read inside the claim's transaction,
// on the embedded database it waited for that transaction, which waited for it, and the shop hung.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database, type Db } from '../../src/server/db/client';
import { cartLines, cartReminders, carts, jobRuns, mailOutbox, siteSettings } from '../../src/server/db/schema';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createTestPglite } from '../helpers/database';
import { createProduct, createUser } from '../helpers/factories';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from '../helpers/postgres';
import { buildServerIfNeeded, startServerProcess, type ServerProcess } from '../helpers/server-process';

const available = await postgresAvailable();
const HOUR = 3_600_000;
const SUBJECT = 'Tu carrito te espera';
const JOB = 'cart-reminders';
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const folders: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `cart-reminders-${name}-`));
  folders.push(dir);
  return dir;
};

/** Every process started: stopped at the end even when a test times out. */
const started: ServerProcess[] = [];
const start = async (env: Record<string, string>) => {
  const server = await startServerProcess(env, { timeoutMs: 180_000 });
  started.push(server);
  return server;
};

beforeAll(() => buildServerIfNeeded());
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
}, 60_000);

const serverEnv = (dataDir: string, databaseUrl?: string) => ({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DATA_DIR: dataDir,
  JWT_SECRET: TEST_JWT_SECRET,
  // Every job is checked every 100 ms.
  JOB_CHECK_MS: '100',
  DOLLAR_RATE_URL: 'http://127.0.0.1:9/unused',
});

/** Reminders after 24 hours, and the job's period taken now: it runs when the test makes it due. */
async function turnRemindersOn(db: Db) {
  await db
    .insert(siteSettings)
    .values({ id: 1, abandoned_cart_hours: 24 })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { abandoned_cart_hours: 24 },
    });
  await db
    .insert(jobRuns)
    .values({ name: JOB, last_run_at: sql`now()` })
    .onConflictDoUpdate({ target: jobRuns.name, set: { last_run_at: sql`now()` } });
}

/** Its last run an hour ago: the next process to check claims it. */
const makeJobDue = (db: Db) => db.execute(sql`update job_runs set last_run_at = now() - interval '1 hour' where name = ${JOB}`);

/** `count` consenting customers, each with a cart of one line saved `hoursAgo` hours ago. */
async function leaveCarts(db: Db, count: number, hoursAgo: number) {
  const product = await createProduct(db, { name: 'Northern Lights', blisters: [{ seed_count: 3, price: 10000, stock: 1000 }] });
  const customers = [];
  for (let i = 0; i < count; i++) customers.push(await createUser(db, { marketing_opt_in: true }));
  const savedAt = new Date(Date.now() - hoursAgo * HOUR);
  await db.insert(carts).values(customers.map((c) => ({ user_id: c.id, updated_at: savedAt })));
  await db
    .insert(cartLines)
    .values(customers.map((c) => ({ user_id: c.id, product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 })));
  return customers;
}

type Customer = Awaited<ReturnType<typeof leaveCarts>>[number];

/** The reminders in the outbox table, per customer's address. */
async function outboxRows(db: Db, customers: Customer[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ to: mailOutbox.to_address })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.subject, SUBJECT),
        inArray(
          mailOutbox.to_address,
          customers.map((c) => c.email),
        ),
      ),
    );
  return tally(rows.map((r) => r.to));
}

/** The reminders delivered as files to the outbox folder of each data folder, by address. */
function outboxFiles(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(outbox);
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
    .filter((text) => /^Subject: (.*)$/m.exec(text)?.[1] === SUBJECT)
    .map((text) => /^To: (.*)$/m.exec(text)![1].trim());
}

function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Each customer's address once, and nothing else. */
const oncePerCustomer = (customers: Customer[]) => new Map(customers.map((c) => [c.email, 1]));

async function remindersRecorded(db: Db, customers: Customer[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ user_id: cartReminders.user_id })
    .from(cartReminders)
    .where(
      inArray(
        cartReminders.user_id,
        customers.map((c) => c.id),
      ),
    );
  const emails = new Map(customers.map((c) => [c.id, c.email]));
  return tally(rows.map((r) => emails.get(r.user_id)!));
}

/** Polls `check` every 50 ms until it holds; false after `ms`. */
async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await later(50);
  }
  return false;
}

describe.skipIf(!available)('two server processes on one PostgreSQL database', () => {
  const CARTS = 150;
  let scratch: ScratchDatabase;
  let database: Database;
  let customers: Customer[];
  const dataDirs = [folder('a'), folder('b')];
  let servers: ServerProcess[] = [];
  const db = () => database.db;

  beforeAll(async () => {
    scratch = await createScratchDatabase('shop_cart_reminders');
    database = openPostgres(scratch.url, 4);
    await turnRemindersOn(db());
    customers = await leaveCarts(db(), CARTS, 30);
    servers = await Promise.all(dataDirs.map((dir) => start(serverEnv(dir, scratch.url))));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await scratch?.drop();
  }, 60_000);

  it('send one e-mail per cart while both run the job at once', async () => {
    const unclaimed = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(carts)
          .where(
            and(
              isNull(carts.reminded_at),
              inArray(
                carts.user_id,
                customers.map((c) => c.id),
              ),
            ),
          )
      )[0].n;
    // Due again and again: a process claims each period while the other may still be running one.
    const claimedAll = await within(120_000, async () => {
      await makeJobDue(db());
      return (await unclaimed()) === 0;
    });
    expect(claimedAll, `${await unclaimed()} carts never claimed`).toBe(true);
    // Both keep running it for another second over carts already reminded.
    const until = Date.now() + 1000;
    while (Date.now() < until) {
      await makeJobDue(db());
      await later(50);
    }
    const delivered = await within(60_000, () => dataDirs.flatMap(outboxFiles).length >= CARTS);
    await later(500);
    for (const server of servers) expect(server.child.exitCode, server.stderr()).toBeNull();

    expect(await outboxRows(db(), customers)).toEqual(oncePerCustomer(customers));
    expect(await remindersRecorded(db(), customers)).toEqual(oncePerCustomer(customers));
    expect(delivered).toBe(true);
    const files = dataDirs.map(outboxFiles);
    expect(tally(files.flat())).toEqual(oncePerCustomer(customers));
    // Both processes sent some: the runs overlapped, each taking carts the other had not claimed.
    for (const sent of files) expect(sent.length).toBeGreaterThan(0);
  }, 240_000);
});

describe('two server processes one after the other on one embedded database', () => {
  it('send one e-mail per cart: the first process the carts due then, the second only those due since', async () => {
    const dataDir = folder('pglite');
    const dbDir = path.join(dataDir, 'db');
    // The data is written while no server holds it (decision 0002).
    let database = await createTestPglite(dbDir);
    await turnRemindersOn(database.db);
    await makeJobDue(database.db);
    const early = await leaveCarts(database.db, 6, 30);
    const recent = await leaveCarts(database.db, 6, 2);
    await database.close();

    const first = await start(serverEnv(dataDir));
    try {
      expect(await within(90_000, () => outboxFiles(dataDir).length >= early.length)).toBe(true);
      await later(500);
    } finally {
      await first.stop();
    }
    expect(tally(outboxFiles(dataDir))).toEqual(oncePerCustomer(early));

    // The other carts are due now, and so is the job again.
    database = await openPglite(dbDir);
    await database.db.execute(sql`update carts set updated_at = now() - interval '30 hours' where reminded_at is null`);
    await makeJobDue(database.db);
    await database.close();

    const second = await start(serverEnv(dataDir));
    try {
      expect(await within(90_000, () => outboxFiles(dataDir).length >= early.length + recent.length)).toBe(true);
      await later(500);
    } finally {
      await second.stop();
    }

    const everyone = [...early, ...recent];
    expect(tally(outboxFiles(dataDir))).toEqual(oncePerCustomer(everyone));
    database = await openPglite(dbDir);
    try {
      expect(await outboxRows(database.db, everyone)).toEqual(oncePerCustomer(everyone));
      expect(await remindersRecorded(database.db, everyone)).toEqual(oncePerCustomer(everyone));
    } finally {
      await database.close();
    }
  }, 480_000);
});
