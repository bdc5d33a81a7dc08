// Crash test (issue 6, reliability): 20 customers order and cancel at once against the built
// server, which is killed with SIGKILL mid-way and started again on the same data. Every order
// answered 201 must exist with its lines, no order may lack lines, and each blister's stock
// must equal its initial stock minus the units held by stored non-cancelled orders.
// Runs on the embedded database (PGlite in DATA_DIR) and, with TEST_DATABASE_URL, on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, sqlRows, type Database } from '../../src/server/db/client';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createTestPglite } from '../helpers/database';
import { createScratchDatabase } from '../helpers/postgres';
import { createProduct, createUser } from '../helpers/factories';
import { buildServerIfNeeded, startServerProcess, type ServerProcess } from '../helpers/server-process';

const CUSTOMERS = 20;
/** Kill rounds: start, shop, SIGKILL, on the same data each time. */
const ROUNDS = 2;
/** The server is killed once about this many orders were answered 201 (or after KILL_AFTER_MS). */
const KILL_AFTER_ORDERS = 50;
const KILL_AFTER_MS = 5_000;
const EMBEDDED = 'embedded PGlite';
/** Customers keep ordering for the whole round, past the usual cap on pending orders. */
const UNCAPPED = '1000';

interface Line {
  product_id: number;
  blister_id: number;
  quantity: number;
}

interface Outcome {
  created: { id: number; lines: Line[]; cancelled: 'yes' | 'no' | 'unknown' }[];
  refused: number;
  /** Requests whose answer never came: the kill cut them. */
  cut: number;
}

interface Target {
  name: string;
  env: Record<string, string>;
  /** Opens the new, migrated database from the test process. */
  create(): Promise<Database>;
  /** Opens the database from the test process (PGlite: only while no server runs on it). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-pglite-'));
  return {
    name: EMBEDDED,
    env: { DATA_DIR: dataDir, MAX_PENDING_ORDERS: UNCAPPED },
    create: () => createTestPglite(path.join(dataDir, 'db')),
    open: () => openPglite(path.join(dataDir, 'db')),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-pg-'));
  const scratch = await createScratchDatabase('shop_crash');
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url, MAX_PENDING_ORDERS: UNCAPPED },
    create: async () => openPostgres(scratch.url, 4),
    open: async () => openPostgres(scratch.url, 4),
    async cleanup() {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Products with two blisters each; one scarce blister makes some orders fail with 409. */
async function seed(db: Database['db']) {
  const products = [
    await createProduct(db, {
      blisters: [
        { seed_count: 3, price: 10000, stock: 500 },
        { seed_count: 5, price: 15000, stock: 500 },
      ],
    }),
    await createProduct(db, {
      currency: 'USD',
      blisters: [
        { seed_count: 1, price: 12, stock: 500 },
        { seed_count: 3, price: 30, stock: 500 },
      ],
    }),
    await createProduct(db, { blisters: [{ seed_count: 3, price: 20000, stock: 12 }] }),
  ];
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) customers.push(await createUser(db));
  const blisters = products.flatMap((p) => p.blisters.map((b) => ({ product_id: p.id, blister_id: b.id, stock: b.stock })));
  return { blisters, tokens: customers.map((c) => c.token) };
}

const ORDER_FIELDS = { recipient_name: 'Cliente Prueba', customer_phone: '1122334455', delivery_type: 'coordinate' };

/** 20 customers ordering (1-2 lines) and cancelling every third order, until the server dies. */
async function shop(
  server: ServerProcess,
  tokens: string[],
  blisters: { product_id: number; blister_id: number }[],
  outcome: Outcome,
  stopped: () => boolean,
): Promise<void> {
  let seq = 0;
  const call = async (method: string, urlPath: string, token: string, body: unknown) => {
    const res = await fetch(`${server.url}${urlPath}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: res.status, json: await res.json() };
  };
  const customer = async (token: string, n: number) => {
    let placed = 0;
    while (!stopped()) {
      const k = seq++;
      const first = blisters[(k + n) % blisters.length];
      const second = blisters[(k * 7 + n + 1) % blisters.length];
      const lines: Line[] = [{ ...first, quantity: 1 + (k % 3) }];
      if (k % 2 === 0 && second.blister_id !== first.blister_id) lines.push({ ...second, quantity: 1 });
      let res: Awaited<ReturnType<typeof call>>;
      try {
        res = await call('POST', '/api/orders/', token, { ...ORDER_FIELDS, products: lines });
      } catch {
        outcome.cut++;
        return;
      }
      if (res.status !== 201) {
        expect(res.status, JSON.stringify(res.json)).toBe(409);
        outcome.refused++;
        continue;
      }
      const created: Outcome['created'][number] = { id: res.json.id, lines, cancelled: 'no' };
      outcome.created.push(created);
      if (++placed % 3 !== 0) continue;
      created.cancelled = 'unknown';
      try {
        res = await call('PUT', `/api/orders/${created.id}/`, token, { status: 'cancelled' });
      } catch {
        outcome.cut++;
        return;
      }
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      created.cancelled = 'yes';
    }
  };
  await Promise.all(tokens.map((token, n) => customer(token, n)));
}

interface StoredOrder {
  id: number;
  status: string;
  lines: { blister_id: number; quantity: number }[] | null;
}

async function readState(db: Database['db']) {
  // One statement, one snapshot.
  const [row] = await sqlRows<{ orders: StoredOrder[] | string | null; stock: { id: number; stock: number }[] | string }>(
    db,
    sql`
    select
      (select json_agg(json_build_object('id', o.id, 'status', o.status, 'lines',
          (select json_agg(json_build_object('blister_id', l.blister_id, 'quantity', l.quantity) order by l.id)
           from order_products l where l.order_id = o.id)) order by o.id)
       from orders o) as orders,
      (select json_agg(json_build_object('id', b.id, 'stock', b.stock)) from blisters b) as stock`,
  );
  const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? JSON.parse(v) : v);
  return { orders: parse(row.orders) ?? [], stock: new Map(parse(row.stock)!.map((b) => [b.id, b.stock])) };
}

function checkConsistency(state: Awaited<ReturnType<typeof readState>>, initial: Map<number, number>, outcome: Outcome) {
  const stored = new Map(state.orders.map((o) => [o.id, o]));
  // Every order answered 201 exists with the lines it was placed with.
  for (const order of outcome.created) {
    const found = stored.get(order.id);
    expect(found, `order #${order.id} answered 201 is missing`).toBeDefined();
    expect(found!.lines).toEqual(order.lines.map((l) => ({ blister_id: l.blister_id, quantity: l.quantity })));
    if (order.cancelled === 'yes') expect(found!.status).toBe('cancelled');
    if (order.cancelled === 'no') expect(found!.status).toBe('pending');
  }
  // No order without lines.
  expect(state.orders.filter((o) => !o.lines?.length).map((o) => o.id)).toEqual([]);
  // Orders nobody heard of can only come from requests the kill cut.
  expect(state.orders.length - outcome.created.length).toBeGreaterThanOrEqual(0);
  expect(state.orders.length - outcome.created.length).toBeLessThanOrEqual(outcome.cut);
  // Stock = initial - units held by stored non-cancelled orders, for every blister.
  const held = new Map<number, number>();
  for (const o of state.orders) {
    if (o.status === 'cancelled') continue;
    for (const l of o.lines ?? []) held.set(l.blister_id, (held.get(l.blister_id) ?? 0) + l.quantity);
  }
  for (const [id, stock] of initial) expect(state.stock.get(id), `stock of blister ${id}`).toBe(stock - (held.get(id) ?? 0));
}

const targets: [string, () => Promise<Target>][] = [[EMBEDDED, pgliteTarget]];
if (process.env.TEST_DATABASE_URL) targets.push(['PostgreSQL', postgresTarget]);

beforeAll(() => buildServerIfNeeded(), 120_000);

describe.each(targets)('SIGKILL during checkout on %s', (_name, makeTarget) => {
  let target: Target;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    target = await makeTarget();
  });

  afterAll(async () => {
    for (const s of servers) await s.kill();
    await target?.cleanup();
  });

  it('keeps every answered order with its lines and stock that matches the stored orders', { timeout: 120_000 }, async () => {
    const database = await target.create();
    const { blisters, tokens } = await seed(database.db);
    const initial = new Map(blisters.map((p) => [p.blister_id, p.stock]));
    await database.close();

    const env = { ...target.env, JWT_SECRET: TEST_JWT_SECRET, DOLLAR_RATE_URL: 'http://127.0.0.1:9/', CATALOG_CACHE_MS: '0' };
    const lines = blisters.map(({ product_id, blister_id }) => ({ product_id, blister_id }));
    const outcome: Outcome = { created: [], refused: 0, cut: 0 };
    const report: string[] = [];

    // Each round starts the server on the data the previous kill left: recovery, shopping, kill.
    for (let round = 1; round <= ROUNDS; round++) {
      const bootStart = Date.now();
      const server = await startServerProcess(env);
      servers.push(server);
      const bootMs = Date.now() - bootStart;
      const before = { created: outcome.created.length, cut: outcome.cut };
      let killed = false;
      const shopping = shop(server, tokens, lines, outcome, () => killed);
      const shopStart = Date.now();
      // A different moment each round; every customer has a request in flight then.
      const killAfter = before.created + KILL_AFTER_ORDERS - round * 7;
      while (outcome.created.length < killAfter && Date.now() - shopStart < KILL_AFTER_MS) await new Promise((r) => setTimeout(r, 2));
      await server.kill();
      killed = true;
      await shopping;
      const created = outcome.created.length - before.created;
      const cut = outcome.cut - before.cut;
      expect(created, 'orders answered before the kill').toBeGreaterThan(0);
      expect(cut, 'requests in flight at the kill').toBeGreaterThan(0);
      report.push(
        `round ${round}: start ${bootMs} ms, ${created} orders answered 201 in ${Date.now() - shopStart} ms, ${cut} requests cut by SIGKILL`,
      );
    }

    // Start once more: the shop takes orders again.
    const last = await startServerProcess(env);
    servers.push(last);
    const line = { ...lines[0], quantity: 1 };
    const after = await fetch(`${last.url}/api/orders/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify({ ...ORDER_FIELDS, products: [line] }),
    });
    expect(after.status).toBe(201);
    outcome.created.push({ id: ((await after.json()) as { id: number }).id, lines: [line], cancelled: 'no' });

    // PGlite has a single owner: read it once the server is gone.
    if (target.name === EMBEDDED) await last.stop();
    const check = await target.open();
    try {
      checkConsistency(await readState(check.db), initial, outcome);
    } finally {
      await check.close();
      await last.stop();
    }
    console.log(`${target.name}: ${report.join('; ')}; ${outcome.refused} refused for stock; all consistent after restart`);
  });
});
