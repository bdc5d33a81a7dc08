// Orders and people for the benchmark catalog (bench/catalog.ts): 1,000 customers with
// 50,000 orders of two lines over the last 14 months (a tenth archived), two blisters with
// stock for the checkout measure and the customers' carts, and access tokens for its customers
// and for a staff member.
// Tokens are made here, before the server starts: the embedded database has a single owner.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { sqlRows } from '../src/server/db/client';
import { startSession } from '../src/server/modules/auth/sessions';

export const BENCH_CUSTOMERS = 1000;
/** Stock of the checkout blisters: never the limit during a run. */
const CHECKOUT_STOCK = 10_000_000;

export interface OrderFixtures {
  staffToken: string;
  /** One per concurrent customer of the checkout measure. */
  customerTokens: string[];
  /** The body every checkout posts: one unit of one blister, two of the other. */
  checkoutBody: string;
  /** The same lines, sent home to Córdoba by a method with zones (the shipping quoted in the order's transaction). */
  checkoutWithShippingBody: string;
  /** The same lines as a signed-in customer's cart saves them (PUT /api/cart/). */
  cartLines: { product_id: number; blister_id: number; quantity: number }[];
}

export async function loadOrders(db: Db, orders: number): Promise<void> {
  const run = (text: string) => db.execute(sql.raw(text));
  await run(`insert into users (username, email, password_hash, first_name, last_name, email_verified)
    select 'usuario' || i, 'usuario' || i || '@bench.local', 'x', 'Nombre' || i, 'Apellido' || i, true
    from generate_series(1, ${BENCH_CUSTOMERS}) i`);
  // The owner: every staff list is open to them (src/domain/staff-roles.ts).
  await run(`insert into users (username, email, password_hash, first_name, last_name, is_staff, is_superuser, staff_role, email_verified)
    values ('staff', 'staff@bench.local', 'x', 'Staff', 'Bench', true, true, 'owner', true)`);
  // One order every 12 minutes back from now: about 120 a day.
  await run(`insert into orders (user_id, status, is_archived, total, recipient_name, shipping_address, customer_email,
      customer_phone, delivery_type, customer_username, customer_first_name, customer_last_name, created_at, updated_at)
    select u.id, (array['pending','completed','cancelled'])[1 + (i % 3)], i % 10 = 0, 20000,
      'Destinatario ' || substr(md5(i::text), 1, 8), 'Coordinar entrega', u.email, '1122334455', 'coordinate',
      u.username, u.first_name, u.last_name, now() - i * interval '12 minutes', now() - i * interval '12 minutes'
    from generate_series(1, ${orders}) i
    join users u on u.username = 'usuario' || (1 + i % ${BENCH_CUSTOMERS})`);
  await run(`insert into order_products (order_id, product_id, blister_id, quantity, price_at_time, product_name, seed_count)
    select o.id, b.product_id, b.id, 1, 10000, 'Producto', b.seed_count
    from orders o cross join (values (0), (1)) k(n)
    join lateral (select id, product_id, seed_count from blisters where id >= 1 + ((o.id * 2 + k.n) * 7) % (select max(id) from blisters) order by id limit 1) b on true`);
  await run(`insert into blisters (product_id, seed_count, price, stock)
    select id, 7, 15000, ${CHECKOUT_STOCK} from products where available order by id limit 2`);
  // A shop's usual shipping set-up: two carriers by zone, pickup and "acordar entrega".
  await run(`insert into shipping_methods (position, name, kind, carrier, zones, rest_of_country_price, free_from, days_min, days_max, pickup_address)
    values
      (0, 'Correo Argentino a domicilio', 'home', 'correo_argentino',
        '[{"provinces":["AR-C","AR-B"],"price":5200},{"provinces":["AR-X","AR-S","AR-E"],"price":6900}]', 8900, 150000, 3, 6, ''),
      (1, 'Andreani a domicilio', 'home', 'andreani',
        '[{"provinces":["AR-C","AR-B"],"price":6100},{"provinces":["AR-X","AR-S"],"price":7600}]', 9800, null, 2, 4, ''),
      (2, 'Retiro en persona', 'pickup', 'retiro', '[]', 0, null, 0, 0, 'Av. Corrientes 1234, CABA'),
      (3, 'Acordar entrega', 'coordinate', 'otro', '[]', 0, null, 0, 0, '')`);
}

/** Run right before the server starts: access tokens last 15 minutes. */
export async function orderFixtures(db: Db, jwtSecret: string): Promise<OrderFixtures & { customers: number }> {
  const ctx = { db, config: { jwtSecret }, now: () => new Date() } as Parameters<typeof startSession>[0];
  const session = async (userId: number) => (await startSession(ctx, db, userId, {})).access;
  const [staff] = await sqlRows<{ id: number }>(db, sql`select id from users where username = 'staff'`);
  const buyers = await sqlRows<{ id: number }>(db, sql`select id from users where username like 'usuario%' order by id limit 20`);
  const lines = await sqlRows<{ id: number; product_id: number }>(
    db,
    sql`select id, product_id from blisters where seed_count = 7 order by id limit 2`,
  );
  const [correo] = await sqlRows<{ id: number }>(db, sql`select id from shipping_methods where carrier = 'correo_argentino'`);
  const products = lines.map((line, i) => ({ product_id: line.product_id, blister_id: line.id, quantity: i + 1 }));
  return {
    staffToken: await session(staff.id),
    customerTokens: await Promise.all(buyers.map((b) => session(b.id))),
    customers: buyers.length,
    cartLines: products,
    checkoutBody: JSON.stringify({
      recipient_name: 'Cliente Bench',
      customer_phone: '1122334455',
      delivery_type: 'coordinate',
      products,
    }),
    checkoutWithShippingBody: JSON.stringify({
      recipient_name: 'Cliente Bench',
      customer_phone: '1122334455',
      delivery_type: 'address',
      shipping_method_id: correo.id,
      address: { street: 'Av. Colón', number: '1234', zip_code: '5000', city: 'Córdoba', province: 'AR-X', details: '' },
      products,
    }),
  };
}
