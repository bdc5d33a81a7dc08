// Admin order list with 50,000 orders on PostgreSQL: latency per filter combination over real HTTP
// (autocannon), next to the reference route (/api/health/?db=0) of the same run, and the plans of
// the queries the list runs. Target: p99 < 100 ms.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/orders-list.ts
//   BENCH_ORDERS (50000); the other settings are in bench/staff-list.ts
import { sql } from 'drizzle-orm';
import { adminOrderListQuerySchema } from '../src/domain/orders';
import type { Db } from '../src/server/db/client';
import { listAdminOrders } from '../src/server/modules/orders/queries';
import { runStaffListBench } from './staff-list';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);

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

runStaffListBench({
  name: 'orders',
  seeded: `${ORDERS} orders (${ORDERS * 2} lines)`,
  seed,
  path: '/api/orders/',
  describe: `${ORDERS} orders`,
  scenarios: SCENARIOS,
  warmUp: 'status=pending',
  // Plans are taken without the server's counts cache, so the status counts statement (the
  // aggregate) shows as it runs on a miss: once per date range every few seconds.
  explained: [0, 2, 3, 8, 11, 12],
  list: (ctx, query) =>
    listAdminOrders(ctx.db, adminOrderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), new Date()),
}).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
