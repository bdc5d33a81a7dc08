// Admin product list with 5,000 products on PostgreSQL: latency of GET /api/products/ as staff
// (page size 20, newest first, as the admin page asks) per filter combination over real HTTP
// (autocannon), and the plans of the statements a page runs. The catalog micro-cache is off:
// every product write of the admin clears it, so the database path is what staff wait for.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/admin-products.ts
//   BENCH_PRODUCTS (5000); the other settings are in bench/staff-list.ts
import { sql } from 'drizzle-orm';
import { productListQuerySchema } from '../src/domain/catalog';
import { listProducts } from '../src/server/modules/catalog/service';
import { loadCatalog } from './catalog';
import { runStaffListBench } from './staff-list';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);

// What the admin page sends (web admin products/api.ts filtersToApiQuery) before any filter.
const BASE = 'available=all&ordering=-created_at&page_size=20';

/** The admin page's query with a scenario's parameters set over it. */
function queryOf(extra: string): string {
  const params = new URLSearchParams(BASE);
  for (const [key, value] of new URLSearchParams(extra)) params.set(key, value);
  return params.toString().replaceAll('%2C', ',');
}

const SCENARIOS: [string, string][] = [
  ['all, page 1', ''],
  ['all, page 100', 'page=100'],
  ['brand', 'brand=banco-7'],
  ['type', 'type=auto'],
  ['unavailable', 'available=false'],
  ['with stock', 'stockFilter=with-stock'],
  ['low stock', 'stockFilter=low-stock'],
  ['out of stock, page 2', 'stockFilter=out-of-stock&page=2'],
  ['without price', 'priceStatus=no-price'],
  ['with price, USD', 'priceStatus=with-price&currency=USD'],
  ['brand+type+stock+price', 'brand=banco-3,banco-4&type=regular&stockFilter=with-stock&priceStatus=with-price'],
  ['search', 'search=gorilla'],
];

runStaffListBench({
  name: 'admin_products',
  seeded: `${PRODUCTS} products`,
  async seed(db) {
    await loadCatalog(db, PRODUCTS);
    // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
    await db.execute(sql`vacuum analyze`);
  },
  path: '/api/products/',
  describe: `${PRODUCTS} products, micro-cache off, ${BASE}`,
  scenarios: SCENARIOS.map(([label, extra]) => [label, queryOf(extra)]),
  warmUp: queryOf('type=fem'),
  explained: [0, 6, 10],
  list: (ctx, query) => listProducts(ctx, 'staff', productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))),
}).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
