// Two built server processes on one PostgreSQL database, on different ports and with different
// data folders, as two machines behind a load balancer (issue 15): they must behave as one shop.
// Each keeps its catalog answers 60 s (CATALOG_CACHE_MS), so what the other process wrote can
// only show in time through the cache notifications; jobs are checked every 200 ms (JOB_CHECK_MS).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, sqlRows, type Database } from '../../src/server/db/client';
import { activityLogs, blisters, mailOutbox, orders } from '../../src/server/db/schema';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from '../helpers/postgres';
import { buildServerIfNeeded, startServerProcess, type ServerProcess } from '../helpers/server-process';

const available = await postgresAvailable();
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ORDER_FIELDS = { recipient_name: 'Cliente Prueba', customer_phone: '1122334455', delivery_type: 'coordinate' };
/** What the issue allows for a change made on one process to show on the other. */
const SHOWN_WITHIN_MS = 1000;

async function call(server: ServerProcess, method: string, urlPath: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${urlPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: res.status, json, text };
}

/** Milliseconds from `since` until `check` holds, polled every 20 ms up to `limitMs` (Infinity if never). */
async function msUntil(check: () => Promise<boolean>, limitMs: number, since = performance.now()): Promise<number> {
  while (performance.now() - since <= limitMs) {
    if (await check()) return performance.now() - since;
    await later(20);
  }
  return Infinity;
}

describe.skipIf(!available)('two server processes on one PostgreSQL database', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let staffToken: string;
  const db = () => database.db;

  beforeAll(async () => {
    buildServerIfNeeded();
    scratch = await createScratchDatabase('shop_two_processes');
    database = openPostgres(scratch.url, 4);
    const env = (dataDir: string) => ({
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      CATALOG_CACHE_MS: '60000',
      JOB_CHECK_MS: '200',
      MAX_PENDING_ORDERS: '1000',
      PENDING_ORDER_DAYS: '7',
      DOLLAR_RATE_URL: 'http://127.0.0.1:9/unused',
    });
    for (const name of ['a', 'b']) dataDirs.push(mkdtempSync(path.join(tmpdir(), `two-processes-${name}-`)));
    [a, b] = await Promise.all(dataDirs.map((dir) => startServerProcess(env(dir), { timeoutMs: 180_000 })));
    expect(a.port).not.toBe(b.port);
    staffToken = (await createStaff(db())).token;
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await scratch?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('never oversells: 40 simultaneous checkouts over both processes for 25 units', async () => {
    const product = await createProduct(db(), { name: 'Escasa Compartida', blisters: [{ seed_count: 3, price: 10000, stock: 25 }] });
    const blister = product.blisters[0];
    const customers = [];
    for (let i = 0; i < 40; i++) customers.push(await createUser(db()));
    const answers = await Promise.all(
      customers.map((customer, i) =>
        call(i % 2 === 0 ? a : b, 'POST', '/api/orders/', {
          token: customer.token,
          body: { ...ORDER_FIELDS, products: [{ product_id: product.id, blister_id: blister.id, quantity: 1 }] },
        }),
      ),
    );
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(created).toHaveLength(25);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.json)).toBe(409);
      expect(r.json.error).toBe('No hay suficiente stock de Escasa Compartida (3 semillas). Stock disponible: 0');
    }
    // Both processes took orders.
    expect(answers.filter((r, i) => r.status === 201 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(answers.filter((r, i) => r.status === 201 && i % 2 === 1).length).toBeGreaterThan(0);

    const [stored] = await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blister.id));
    expect(stored.stock).toBe(0);
    const [sold] = await sqlRows<{ units: number }>(
      db(),
      sql`select coalesce(sum(l.quantity), 0)::int as units from order_products l join orders o on o.id = l.order_id
          where l.blister_id = ${blister.id} and o.status <> 'cancelled'`,
    );
    expect(sold.units).toBe(25);
  });

  it('serves a price and name change made on one process from the other within 1 s, in the API and the page', async () => {
    const product = await createProduct(db(), { name: 'Precio Viejo', blisters: [{ seed_count: 3, price: 10000, stock: 50 }] });
    const blister = product.blisters[0];
    const customer = await createUser(db());
    const priceOnB = async () => (await call(b, 'GET', `/api/products/${product.id}/`, { token: customer.token })).json.blisters[0].price;
    const pageOnB = async () => (await call(b, 'GET', `/producto/${product.id}`)).text;
    // B keeps both answers (for 60 s without notifications).
    expect(await priceOnB()).toBe(10000);
    expect(await pageOnB()).toContain('Precio Viejo');
    expect(await priceOnB()).toBe(10000);

    const change = await call(a, 'PATCH', `/api/products/${product.id}/`, {
      token: staffToken,
      body: { name: 'Precio Nuevo', blisters: [{ id: blister.id, seed_count: 3, price: 12500, stock: 50 }] },
    });
    const since = performance.now();
    expect(change.status, JSON.stringify(change.json)).toBe(200);
    expect(await msUntil(async () => (await priceOnB()) === 12500, SHOWN_WITHIN_MS, since)).toBeLessThanOrEqual(SHOWN_WITHIN_MS);
    expect(await msUntil(async () => (await pageOnB()).includes('Precio Nuevo'), SHOWN_WITHIN_MS, since)).toBeLessThanOrEqual(
      SHOWN_WITHIN_MS,
    );
  });

  it('shows the maintenance switch toggled on one process on the other within 1 s', async () => {
    const anonymousOn = (server: ServerProcess) => async () => (await call(server, 'GET', '/api/products/')).status === 503;
    expect(await anonymousOn(b)()).toBe(false);
    const on = await call(a, 'POST', '/api/core/toggle-maintenance/', { token: staffToken, body: { maintenance_mode: true } });
    let since = performance.now();
    expect(on.status).toBe(200);
    expect(await msUntil(anonymousOn(b), SHOWN_WITHIN_MS, since)).toBeLessThanOrEqual(SHOWN_WITHIN_MS);

    const off = await call(b, 'POST', '/api/core/toggle-maintenance/', { token: staffToken, body: { maintenance_mode: false } });
    since = performance.now();
    expect(off.status).toBe(200);
    expect(await msUntil(async () => !(await anonymousOn(a)()), SHOWN_WITHIN_MS, since)).toBeLessThanOrEqual(SHOWN_WITHIN_MS);
  });

  it("serves a settings change made on one process from the other at once, not after its settings' cache lapses", async () => {
    // Each process keeps the settings a second (site/caches.ts): only the notification can show
    // the change on the other before that. The fastest of three, as a loaded core can delay one.
    const whatsappOn = async (server: ServerProcess) => (await call(server, 'GET', '/api/core/contact-settings/')).json.whatsapp_number;
    let best = Infinity;
    for (const [attempt, number] of ['3511111111', '3512222222', '3513333333'].entries()) {
      const [writer, reader] = attempt % 2 ? [b, a] : [a, b];
      expect(await whatsappOn(reader)).not.toBe(number);
      const saved = await call(writer, 'PUT', '/api/core/payment-settings/', { token: staffToken, body: { whatsapp_number: number } });
      const since = performance.now();
      expect(saved.status).toBe(200);
      best = Math.min(best, await msUntil(async () => (await whatsappOn(reader)) === number, SHOWN_WITHIN_MS, since));
      // The staff's form reads the same settings.
      expect((await call(reader, 'GET', '/api/core/payment-settings/', { token: staffToken })).json.whatsapp_number).toBe(number);
    }
    expect(best).toBeLessThanOrEqual(300);
  });

  it('delivers each queued mail once while both processes retry the outbox', async () => {
    const queued = await db()
      .insert(mailOutbox)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          to_address: `cola${i}@test.local`,
          subject: `Prueba de cola ${i}`,
          html: `<p>Mensaje ${i}</p>`,
          text_body: `Mensaje ${i}`,
        })),
      )
      .returning({ id: mailOutbox.id });
    const ids = queued.map((row) => row.id);
    // Make the retry job due again and again, so that both processes take turns at the outbox.
    const deadline = performance.now() + 20_000;
    for (;;) {
      const pending = await db()
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
      if (pending.length === 0 || performance.now() > deadline) break;
      await db().execute(sql`update job_runs set last_run_at = now() - interval '1 hour' where name = 'mail-retry'`);
      await later(100);
    }
    // Deliveries of the orders' own mails may still be finishing.
    expect(
      await msUntil(async () => {
        const [{ pending }] = await db()
          .select({ pending: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'pending'));
        return pending === 0;
      }, 20_000),
    ).toBeLessThan(20_000);

    const files = dataDirs.flatMap((dir) => {
      const outbox = path.join(dir, 'outbox');
      try {
        return readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), 'utf8'));
      } catch {
        return [];
      }
    });
    const subjects = files.map((text) => /^Subject: (.*)$/m.exec(text)?.[1]);
    for (let i = 0; i < 60; i++)
      expect(
        subjects.filter((s) => s === `Prueba de cola ${i}`),
        `mail ${i}`,
      ).toHaveLength(1);
    const [{ sent }] = await db()
      .select({ sent: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'));
    // Every message sent (the orders' confirmations too) is one file, in one of the two outboxes.
    expect(files).toHaveLength(sent);
  }, 90_000);

  it('runs the hourly order expiry once per hour whatever the number of processes', async () => {
    const product = await createProduct(db(), { name: 'Reserva Vencida', blisters: [{ seed_count: 3, price: 10000, stock: 10 }] });
    const blister = product.blisters[0];
    const customer = await createUser(db());
    const order = async () => {
      const res = await call(a, 'POST', '/api/orders/', {
        token: customer.token,
        body: { ...ORDER_FIELDS, products: [{ product_id: product.id, blister_id: blister.id, quantity: 2 }] },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      // Placed eight days ago: past PENDING_ORDER_DAYS.
      await db()
        .update(orders)
        .set({ created_at: sql`now() - interval '8 days'` })
        .where(eq(orders.id, res.json.id));
      return res.json.id as number;
    };
    const stock = async () => (await db().select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blister.id)))[0].stock;
    const status = async (id: number) => (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0].status;

    const first = await order();
    expect(await stock()).toBe(8);
    // The last run an hour ago: both processes, checking every 200 ms, find it due.
    await db().execute(sql`update job_runs set last_run_at = now() - interval '61 minutes' where name = 'expire-pending-orders'`);
    expect(await msUntil(async () => (await status(first)) === 'cancelled', 10_000)).toBeLessThan(10_000);
    await later(1000);
    expect(await stock()).toBe(10);
    const entries = await db()
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.entity_type, 'order'), eq(activityLogs.entity_id, String(first)), eq(activityLogs.action, 'status_change')),
      );
    expect(entries).toHaveLength(1);

    // Within the same hour neither process runs it again, though a stale order is waiting.
    const second = await order();
    await later(2000);
    expect(await status(second)).toBe('pending');
    expect(await stock()).toBe(8);
  }, 60_000);
});
