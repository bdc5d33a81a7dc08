// Order creation on PostgreSQL: orders/s and latency with 20 concurrent customers buying the same
// two presentations (the worst case for the row locks), then a check that no unit was lost.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/orders-create.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openPostgres, sqlRows } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { testConfig } from '../tests/helpers/app';
import { createProduct, createUser } from '../tests/helpers/factories';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const STOCK = 1_000_000;

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `shop_bench_checkout_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 20);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  try {
    await migrateDatabase(database);
    const db = database.db;
    const a = await createProduct(db, { blisters: [{ price: 10000, stock: STOCK }] });
    const b = await createProduct(db, { currency: 'USD', blisters: [{ price: 25, stock: STOCK }] });
    const buyers = await Promise.all(Array.from({ length: CUSTOMERS }, () => createUser(db)));
    const body = JSON.stringify({
      recipient_name: 'Cliente Bench',
      customer_phone: '1122334455',
      delivery_type: 'coordinate',
      products: [
        { product_id: a.id, blister_id: a.blisters[0].id, quantity: 1 },
        { product_id: b.id, blister_id: b.blisters[0].id, quantity: 2 },
      ],
    });

    // The confirmation mails go to the outbox folder of a temporary DATA_DIR.
    const app = await buildApp({ db, config: testConfig(dataDir), now: () => new Date() }, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    let next = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/orders/`,
      method: 'POST',
      connections: CUSTOMERS,
      duration: SECONDS,
      headers: { 'content-type': 'application/json' },
      body,
      // One customer per connection.
      setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${buyers[next++ % CUSTOMERS].token}` }),
    });
    await app.close();

    // One statement, one snapshot: orders, their lines and the stock they took commit together.
    const blisterB = b.blisters[0].id;
    const [check] = await sqlRows<{ orders: string; units: string; stock: number }>(
      db,
      sql`select (select count(*) from orders) as orders,
                 (select coalesce(sum(quantity), 0) from order_products where blister_id = ${blisterB}) as units,
                 (select stock from blisters where id = ${blisterB}) as stock`,
    );
    const count = Number(check.orders);
    const units = Number(check.units);
    const bStock = check.stock;

    console.log(`POST /api/orders/ with ${CUSTOMERS} concurrent customers, ${SECONDS} s, 2 lines per order (same presentations)`);
    console.log(`orders/s ${result.requests.average.toFixed(0)}  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms`);
    // Requests still in flight when the run stops complete afterwards, so more orders may be stored.
    console.log(`answers: ${result['2xx']} created, ${result.non2xx} other, ${result.errors} errors; ${count} orders stored`);
    console.log(`stock check: ${STOCK} - ${units} units ordered = ${STOCK - units}; stock now ${bStock} ${STOCK - units === bStock ? '(consistent)' : '(INCONSISTENT)'}`);
    if (result.non2xx || STOCK - units !== bStock || count < result['2xx']) process.exitCode = 1;
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
