// Fuzzing every route the app registers (read from the router, so a new route is fuzzed too) with
// thousands of seeded malformed requests as anonymous, customer and staff callers: wrong types,
// missing and extra fields, huge strings and arrays, odd unicode, injection strings, invalid JSON,
// wrong content types and bad ids. The server must never answer 5xx, every 4xx must carry a
// Spanish `error`, only accepted writes may change the database, and it must still answer after.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/server/db/client';
import { api, startTestServer, type TestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff, createUser, TEST_PASSWORD } from '../helpers/factories';
import { collectRoutes, concreteUrl, routeLabel, type RegisteredRoute } from '../helpers/routes';
import {
  BAD_IDS,
  badUpload,
  BODY_MUTATIONS,
  encodeLoose,
  HOSTILE_STRINGS,
  hostileQueryValue,
  INVALID_JSON,
  leafPaths,
  leafValue,
  multipart,
  mutateBody,
  Rand,
  RAW_QUERY_PIECES,
  setLeaf,
  WRONG_CONTENT_TYPES,
} from './fuzz-inputs';
import { closeRawAgent, isSpanishMessage, rawRequest, rawSocket, type RawResponse } from './raw-http';

// FUZZ_SEED explores other sequences; the default keeps every run the same.
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed5);
/** Requests per API route, spread over the three callers. */
const PER_ROUTE = 30;
/** Requests per static file route (index.html, assets): they take no input but the URL. */
const PER_STATIC_ROUTE = 2;

// The tables whose rows must not change when a request is refused, with the columns compared
// (mail delivery updates its own status columns in the background, after the answer).
const TABLES: Record<string, string> = {
  users: 't.*',
  refresh_tokens: 't.*',
  verification_codes: 't.*',
  brands: 't.*',
  products: 't.*',
  blisters: 't.*',
  orders: 't.*',
  order_products: 't.*',
  warranty_claims: 't.*',
  activity_logs: 't.*',
  site_settings: 't.*',
  dollar_rate: 't.*',
  dollar_rate_history: 't.*',
  mail_outbox: 't.id, t.to_address, t.subject, t.html, t.text_body, t.created_at',
  stock_notifications: 't.*',
  stock_alert_settings: 't.*',
  shipping_methods: 't.*',
  legal_pages: 't.*',
  revocation_requests: 't.*',
  purchase_orders: 't.*',
  purchase_order_lines: 't.*',
  purchase_order_receipts: 't.*',
};

let provider: http.Server;
let server: TestServer;
let routes: RegisteredRoute[];

type CallerName = 'anonymous' | 'customer' | 'staff';
interface Fixtures {
  tokens: Record<CallerName, string | undefined>;
  customer: Awaited<ReturnType<typeof createUser>>;
  victim: Awaited<ReturnType<typeof createUser>>;
  brand: Awaited<ReturnType<typeof createBrand>>;
  victimBrand: Awaited<ReturnType<typeof createBrand>>;
  doomedBrand: Awaited<ReturnType<typeof createBrand>>;
  product: Awaited<ReturnType<typeof createProduct>>;
  victimProduct: Awaited<ReturnType<typeof createProduct>>;
  doomedProduct: Awaited<ReturnType<typeof createProduct>>;
  soldOutProduct: Awaited<ReturnType<typeof createProduct>>;
  victimNotificationId: number;
  orderIds: number[];
  doomedOrderId: number;
  shippingMethodId: number;
  claimId: number;
  photoUrl: string;
  png: Buffer;
}
let f: Fixtures;

/** A digest of every compared row. */
async function checksum(): Promise<string> {
  const parts = Object.entries(TABLES).map(
    ([table, columns]) =>
      `select '${table}' as name, coalesce(md5(string_agg((select r::text from (select ${columns}) r), '|' order by t.id)), '') as hash from ${table} t`,
  );
  const [row] = await sqlRows<{ sum: string }>(
    server.database.db,
    sql.raw(`select md5(string_agg(name || hash, '' order by name)) as sum from (${parts.join(' union all ')}) s`),
  );
  return row.sum;
}

/**
 * The next transaction id: it only moves when some transaction wrote (or tried to), so while it
 * stands still the rows cannot have changed and the digest need not be recomputed.
 */
async function writeMark(): Promise<string> {
  const [row] = await sqlRows<{ mark: string }>(server.database.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`);
  return row.mark;
}

async function ok<T = any>(promise: Promise<{ status: number; json: any; text: string }>): Promise<T> {
  const res = await promise;
  if (res.status >= 300) throw new Error(`setup call failed ${res.status}: ${res.text}`);
  return res.json as T;
}

beforeAll(async () => {
  // A local stand-in for the dollar rate provider, so a forced update has something to read.
  provider = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify([
        { casa: 'blue', venta: 1250 },
        { casa: 'oficial', venta: 1010 },
      ]),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/`;

  // The test client is the trusted proxy, so each request names its own client address and the
  // per-IP guards of the auth, upload, warranty and bypass calls let the fuzzer reach validation
  // instead of answering 429.
  ({ result: server, routes } = await collectRoutes(() =>
    startTestServer({ trustProxy: ['127.0.0.1'], dollarRateUrl: providerUrl, maxPendingOrders: 1000 }),
  ));
  const db = server.database.db;
  // The victim comes first, so the low ids a lenient parser might read point at it.
  const victim = await createUser(db, { first_name: 'Víctima' });
  const customer = await createUser(db);
  const staff = await createStaff(db);
  const brand = await createBrand(db, { brand_name: 'Banco Fuzz' });
  const victimBrand = await createBrand(db);
  const doomedBrand = await createBrand(db);
  const product = await createProduct(db, {
    brand_id: brand.id,
    name: 'Gorilla Fuzz',
    blisters: [
      { seed_count: 3, price: 10000, stock: 5000 },
      { seed_count: 5, price: 15000, stock: 5000, discount: 10 },
    ],
  });
  const victimProduct = await createProduct(db, { brand_id: victimBrand.id });
  const doomedProduct = await createProduct(db, { brand_id: brand.id });
  const soldOutProduct = await createProduct(db, { brand_id: brand.id, blisters: [{ stock: 0 }] });
  const victimNotification = await ok(
    api(server, 'POST', '/api/stock-notifications/', { token: victim.token, body: { blister_id: soldOutProduct.blisters[0].id } }),
  );
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2d6a4f' } })
    .png()
    .toBuffer();

  const upload = multipart([
    { name: 'purpose', data: 'warranty' },
    { name: 'file', filename: 'foto.png', type: 'image/png', data: png },
  ]);
  const uploaded = await rawRequest(server.url, {
    method: 'POST',
    path: '/api/uploads/',
    body: upload.body,
    headers: { 'content-type': upload.contentType, authorization: `Bearer ${staff.token}` },
  });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.text}`);
  const photoUrl = uploaded.json.secure_url as string;

  const shipping = await ok<{ methods: { id: number }[] }>(
    api(server, 'PUT', '/api/core/shipping-settings/', { token: staff.token, body: { methods: [shippingMethodBody()] } }),
  );
  const orderBody = {
    recipient_name: 'Ana Pérez',
    customer_phone: '1122334455',
    delivery_type: 'coordinate',
    products: [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }],
  };
  const orderIds: number[] = [];
  for (let i = 0; i < 3; i++) orderIds.push((await ok(api(server, 'POST', '/api/orders/', { token: customer.token, body: orderBody }))).id);
  const doomedOrderId = (await ok(api(server, 'POST', '/api/orders/', { token: customer.token, body: orderBody }))).id;
  const claim = await ok(
    api(server, 'POST', '/api/warranty-claims/', {
      token: customer.token,
      body: {
        purchase_type: 'without-order',
        purchase_date: '2024-01-10',
        germination_date: '2024-01-20',
        product_name: 'Gorilla Fuzz',
        description: 'Ninguna semilla germinó después de diez días',
        photos: [photoUrl],
      },
    }),
  );

  f = {
    tokens: { anonymous: undefined, customer: customer.token, staff: staff.token },
    customer,
    victim,
    brand,
    victimBrand,
    doomedBrand,
    product,
    victimProduct,
    doomedProduct,
    soldOutProduct,
    victimNotificationId: victimNotification.id,
    orderIds,
    doomedOrderId,
    shippingMethodId: shipping.methods[0].id,
    claimId: claim.id,
    photoUrl,
    png,
  };
}, 120_000);

afterAll(async () => {
  closeRawAgent();
  await server?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

// ---------------------------------------------------------------------------------------------
// What a valid request to each route looks like; the fuzzer breaks it.

const shippingMethodBody = (id?: number) => ({
  ...(id ? { id } : {}),
  name: 'Correo Argentino a domicilio',
  kind: 'home',
  carrier: 'correo_argentino',
  zones: [{ provinces: ['AR-C', 'AR-B'], price: 5000 }],
  rest_of_country_price: 8000,
  free_from: 150000,
  days_min: 2,
  days_max: 5,
  pickup_address: '',
  active: true,
});

const cordobaAddress = () => ({
  street: 'Av. Colón',
  number: '1234',
  zip_code: '5000',
  city: 'Córdoba',
  province: 'AR-X',
  details: 'Piso 2',
});

let unique = 0;
const next = () => ++unique;

interface Template {
  body?: (caller: CallerName) => unknown;
  query?: () => Record<string, string>;
  /** Real values for the route's path parameter. */
  ids?: () => (string | number)[];
}

function templates(): Record<string, Template> {
  const line = () => ({ product_id: f.product.id, blister_id: f.product.blisters[1].id, quantity: 1 });
  const productBody = () => ({
    brand_id: f.brand.id,
    name: `Fuzz ${next()}`,
    type: 'fem',
    currency: 'ARS',
    description: 'Una genética estable',
    thc: '20%',
    sativa: 40,
    indica: 60,
    image: null,
    available: true,
    blisters: [{ seed_count: 3, price: 1000, stock: 5, discount: 0 }],
  });
  const brandBody = () => ({ brand_name: `Banco Fuzz ${next()}`, description: 'Banco de prueba', is_national: false, visible: true });
  const catalogQuery = () => ({
    page: '1',
    page_size: '9',
    type: 'fem',
    brand: f.brand.brand_id,
    search: 'gorilla',
    ordering: 'min_price',
    stockFilter: 'with-stock',
    priceRange: '5000-10000',
    discount: 'true',
  });
  return {
    'GET /api/health/': { query: () => ({ db: '1' }) },
    'POST /api/auth/login/': { body: () => ({ username_or_email: f.customer.username, password: TEST_PASSWORD }) },
    'POST /api/auth/refresh/': { body: () => ({ refresh: 'x'.repeat(43) }) },
    'POST /api/auth/logout/': { body: () => ({ refresh: 'y'.repeat(43) }) },
    'POST /api/auth/register/': {
      body: () => {
        const n = next();
        return {
          first_name: 'Ana',
          last_name: 'Pérez',
          username: `fuzz${n}`,
          email: `fuzz${n}@test.local`,
          password: 'clave-123',
          password2: 'clave-123',
          instagram: '@ana',
        };
      },
    },
    'PUT /api/auth/profile/': { body: () => ({ first_name: 'Nombre', last_name: 'Apellido' }) },
    'POST /api/auth/change-password/': {
      body: () => ({ old_password: TEST_PASSWORD, new_password: 'otra-clave-456', new_password2: 'otra-clave-456' }),
    },
    'POST /api/auth/verify-change/': {
      body: () => ({ type: 'EMAIL_CHANGE', new_email: `nuevo${next()}@test.local`, password: TEST_PASSWORD }),
    },
    // The customer is verified and has no codes, so a wrong code spends no attempts of anyone.
    'POST /api/auth/verify-email/': { body: () => ({ email: f.customer.email, code: '123456' }) },
    'POST /api/auth/resend-verification/': { body: () => ({ email: f.customer.email }) },
    'POST /api/auth/request-password-reset/': { body: () => ({ email: 'nadie@test.local' }) },
    'POST /api/auth/resend-password-reset/': { body: () => ({ email: 'nadie@test.local' }) },
    'POST /api/auth/verify-password-reset/': {
      body: () => ({ email: 'nadie@test.local', code: '123456', new_password: 'clave-nueva-1', new_password2: 'clave-nueva-1' }),
    },
    'GET /api/brands/': { query: () => ({ is_national: 'true' }) },
    'GET /api/brands/:id/': { ids: () => [f.brand.id, f.brand.brand_id] },
    'GET /api/products/': { query: catalogQuery },
    'GET /api/products/facets/': { query: catalogQuery },
    'GET /api/products/on-sale/': { query: catalogQuery },
    'GET /api/products/blisters/:id/': { ids: () => [f.product.blisters[0].id] },
    'GET /api/products/:id/': { ids: () => [f.product.id] },
    'GET /api/products/:id/related/': { ids: () => [f.product.id], query: () => ({ limit: '4' }) },
    'POST /api/orders/': {
      body: () => ({
        recipient_name: 'Ana Pérez',
        customer_phone: '11 2233-4455',
        delivery_type: 'address',
        shipping_address: 'Calle Falsa 123',
        customer_email: 'ana@test.local',
        shipping_method_id: f.shippingMethodId,
        address: cordobaAddress(),
        products: [line()],
      }),
    },
    'POST /api/orders/manual/': {
      body: () => ({
        customer_email: `manual${next()}@test.local`,
        first_name: 'Luis',
        last_name: 'Gómez',
        phone: '11 2233-4455',
        delivery_type: 'address',
        shipping_method_id: f.shippingMethodId,
        address: cordobaAddress(),
        products: [line()],
        payment: { method: 'transferencia', amount: 1000, note: 'Comprobante por WhatsApp' },
        note: 'Venta por WhatsApp',
      }),
    },
    'PUT /api/core/shipping-settings/': { body: () => ({ methods: [shippingMethodBody(f.shippingMethodId)] }) },
    'GET /api/shipping/options/': { query: () => ({ province: 'AR-X', subtotal: '45000' }) },
    'GET /api/orders/my-orders/': { query: () => ({ page: '1', status: 'pending' }) },
    'GET /api/orders/': {
      query: () => ({
        status: 'pending',
        date_filter: 'custom',
        start_date: '2024-01-01',
        end_date: '2030-12-31',
        search: 'ana',
        page_size: '15',
      }),
    },
    'GET /api/orders/:id/': { ids: () => f.orderIds },
    'PUT /api/orders/:id/': {
      ids: () => f.orderIds,
      body: (caller) => (caller === 'staff' ? { status: 'pending', is_archived: false } : { status: 'cancelled' }),
    },
    'DELETE /api/orders/:id/': { ids: () => [f.doomedOrderId] },
    'POST /api/core/toggle-maintenance/': {
      body: () => ({ maintenance_mode: false, maintenance_message: 'Volvemos pronto', bypass_password: 'clave-de-paso' }),
    },
    'POST /api/core/validate-bypass-password/': { body: () => ({ password: 'clave-equivocada' }) },
    'POST /api/core/dollar-rate/': {
      body: () => ({ rate_type: 'blue', auto_update: false, is_manual: true, manual_value: '1200,50', confirm_rate_change: true }),
    },
    'POST /api/warranty-claims/': {
      body: () => ({
        name: 'Ana Pérez',
        email: 'ana@test.local',
        purchase_type: 'without-order',
        purchase_date: '2024-01-10',
        germination_date: '2024-01-20',
        product_name: 'Gorilla Fuzz',
        description: 'Ninguna semilla germinó después de diez días',
        photos: [f.photoUrl],
      }),
    },
    'GET /api/warranty-claims/': { query: () => ({ page: '1', status: 'pending', search: 'gorilla', include_user_details: 'true' }) },
    'GET /api/warranty-claims/:id/': { ids: () => [f.claimId] },
    'PATCH /api/warranty-claims/:id/': {
      ids: () => [f.claimId],
      body: () => ({ status: 'reviewing', admin_response: 'Estamos revisando', admin_notes: 'Fotos claras' }),
    },
    'GET /api/auth/users/': { query: () => ({ search: 'cliente', status: 'active', user_type: 'customer', page: '1' }) },
    'GET /api/auth/users/:id/': { ids: () => [f.victim.id] },
    'PATCH /api/auth/users/:id/': { ids: () => [f.victim.id], body: () => ({ is_active: true }) },
    'DELETE /api/auth/users/:id/': { ids: () => [f.victim.id] },
    'POST /api/auth/admin/create-user/': {
      body: () => {
        const n = next();
        return {
          first_name: 'Creado',
          last_name: 'Por Staff',
          username: `creado_${n}`,
          email: `creado${n}@test.local`,
          password: 'clave1234',
          password2: 'clave1234',
          instagram: null,
        };
      },
    },
    'GET /api/activity-logs/': { query: () => ({ action: 'create', date_from: '2024-01-01', search: 'fuzz', page: '1' }) },
    'POST /api/products/': { body: productBody },
    'PUT /api/products/:id/': { ids: () => [f.victimProduct.id], body: productBody },
    'PATCH /api/products/:id/': { ids: () => [f.victimProduct.id], body: () => ({ available: true, name: `Fuzz ${next()}` }) },
    'DELETE /api/products/:id/': { ids: () => [f.doomedProduct.id] },
    'POST /api/brands/': { body: brandBody },
    'PUT /api/brands/:id/': { ids: () => [f.victimBrand.id], body: brandBody },
    'PATCH /api/brands/:id/': { ids: () => [f.victimBrand.id], body: () => ({ visible: true }) },
    'DELETE /api/brands/:id/': { ids: () => [f.doomedBrand.id] },
    'POST /api/brands/:id/apply-discount/': {
      ids: () => [f.victimBrand.id],
      body: () => ({ discount_type: 'percentage', discount_value: 10, discount_expires_at: null }),
    },
    'POST /api/stock-notifications/': { body: () => ({ blister_id: f.soldOutProduct.blisters[0].id }) },
    'DELETE /api/stock-notifications/:id/': { ids: () => [f.victimNotificationId] },
    'PUT /api/core/stock-alert-settings/': { body: () => ({ enabled: true, hour: 9 }) },
    'POST /api/products/bulk/': { body: () => ({ ids: [f.victimProduct.id], action: 'discount', value: '10', dry_run: false }) },
    'PUT /api/core/contact-settings/': {
      body: () => ({
        whatsapp_number: '11 2345-6789',
        email: 'hola@tienda.test',
        instagram: '@semillasdelsur',
        business_name: 'Semillas del Sur SRL',
        cuit: '30-71234567-1',
        fiscal_image: '',
      }),
    },
    'GET /api/pages/:slug/': { ids: () => ['terminos', 'privacidad', 'cambios-y-devoluciones'] },
    'PUT /api/pages/:slug/': {
      ids: () => ['terminos', 'privacidad'],
      body: () => ({ title: 'Términos', body: '## Uno\n\nTexto **legal**.' }),
    },
    'POST /api/revocations/': {
      body: () => ({ name: 'Ana Pérez', email: 'ana@test.local', order_number: '1001', reason: 'Ya no lo quiero' }),
    },
    'GET /api/revocations/': { query: () => ({ page: '1', page_size: '10', search: 'ARR', order_id: String(f.orderIds[0]) }) },
    'GET /uploads/*': { ids: () => [f.photoUrl.replace('/uploads/', ''), 'warranty/nada-800.webp'] },
  };
}

// ---------------------------------------------------------------------------------------------
// Building one malformed request

interface FuzzRequest {
  caller: CallerName;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  kind: string;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function templateOf(all: Record<string, Template>, route: RegisteredRoute): Template {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return all[`${method} ${route.url}`] ?? {};
}

function pathFor(rand: Rand, route: RegisteredRoute, template: Template): { path: string; kind: string } {
  if (!/[:*]/.test(route.url)) return { path: route.url, kind: '' };
  const real = template.ids?.() ?? [];
  if (route.url.includes('*')) {
    const file =
      real.length && rand.chance(0.3)
        ? String(rand.pick(real))
        : rand.pick([
            '../../../etc/passwd',
            '..%2f..%2fetc%2fpasswd',
            '%2e%2e/%2e%2e/package.json',
            'warranty/%00.webp',
            'x%00.png',
            '....//....//etc/passwd',
            '%5c..%5c..%5cwin.ini',
            'product/',
            '.',
            'a'.repeat(300),
          ]);
    return { path: route.url.replace('*', file), kind: 'file' };
  }
  if (real.length && rand.chance(0.35)) return { path: concreteUrl(route.url, encodeLoose(String(rand.pick(real)))), kind: 'real-id' };
  return { path: concreteUrl(route.url, rand.pick(BAD_IDS)), kind: 'bad-id' };
}

function queryFor(rand: Rand, template: Template): { query: string; kind: string } {
  const base = template.query?.() ?? {};
  const keys = Object.keys(base);
  const encode = (params: Record<string, string>) =>
    Object.entries(params)
      .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`)
      .join('&');
  const roll = rand.int(10);
  if (roll === 0) return { query: encode(base), kind: 'valid-query' };
  if (roll <= 4 && keys.length) {
    const key = rand.pick(keys);
    return { query: encode({ ...base, [key]: hostileQueryValue(rand) }), kind: `query-${key}` };
  }
  if (roll <= 6) return { query: `${encode(base)}&${rand.pick(RAW_QUERY_PIECES)}`, kind: 'raw-query' };
  if (roll === 7)
    return {
      query: encode({
        ...base,
        [rand.pick(['page', 'page_size', 'limit', 'search', 'id', 'fuzz'])]: rand.pick([
          '-1',
          '0',
          '1e309',
          '99999999999',
          '1.5',
          'abc',
          '',
        ]),
      }),
      kind: 'query-number',
    };
  if (roll === 8 && keys.length)
    return { query: keys.map((k) => `${k}=${encodeLoose(rand.pick(HOSTILE_STRINGS))}&${k}=1`).join('&'), kind: 'query-repeat' };
  return { query: encode({ ...base, [`x${rand.int(100)}`]: hostileQueryValue(rand) }), kind: 'query-extra' };
}

/** Header tampering on some requests: broken credentials, cookies and proxy headers. */
function tamperHeaders(rand: Rand, headers: Record<string, string>): string {
  const roll = rand.int(10);
  switch (roll) {
    case 0:
      headers.authorization = rand.pick([
        'Bearer',
        'Bearer ',
        'Bearer a.b.c',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${'x'.repeat(4000)}`,
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
        'bearer null',
        'Bearer %00',
      ]);
      return 'auth-header';
    case 1:
      headers.cookie = rand.pick([
        'refresh_token=%00; maintenance_bypass=x',
        `refresh_token=${'z'.repeat(3000)}`,
        'maintenance_bypass="; DROP',
        '=;=;;',
        'refresh_token',
      ]);
      return 'cookie';
    case 2:
      headers['x-maintenance-bypass'] = rand.pick(['x', 'eyJ.eyJ.sig', '%00', 'a'.repeat(2000)]);
      return 'bypass-header';
    case 3:
      headers['x-forwarded-for'] = rand.pick(['not-an-ip', '999.999.999.999', '', ', , ,', '::ffff:zz', '127.0.0.1, 10.0.0.1, <script>']);
      headers['x-forwarded-proto'] = rand.pick(['https', 'gopher', '']);
      return 'proxy-headers';
    case 4:
      headers['if-none-match'] = rand.pick(['*', 'W/"x"', '"' + 'a'.repeat(1000) + '"', ',,,']);
      headers['accept-encoding'] = rand.pick(['gzip;q=abc', 'br, zstd, *', 'identity;q=0', 'x'.repeat(500)]);
      return 'cache-headers';
    case 5:
      headers.range = rand.pick(['bytes=999999999-', 'bytes=abc', 'bytes=5-1', 'bytes=0-1,2-3,4-5', 'bytes=-0']);
      return 'range';
    default:
      return '';
  }
}

function buildRequest(rand: Rand, all: Record<string, Template>, route: RegisteredRoute, caller: CallerName): FuzzRequest {
  const template = templateOf(all, route);
  const headers: Record<string, string> = {
    'x-forwarded-for': `10.${rand.int(256)}.${rand.int(256)}.${1 + rand.int(254)}`,
    accept: 'application/json',
  };
  const token = f.tokens[caller];
  if (token) headers.authorization = `Bearer ${token}`;
  const kinds: string[] = [];
  const { path, kind: pathKind } = pathFor(rand, route, template);
  if (pathKind) kinds.push(pathKind);
  let fullPath = path;
  if (!WRITE_METHODS.has(route.method) || rand.chance(0.15)) {
    const { query, kind } = queryFor(rand, template);
    fullPath = `${path}?${query}`;
    kinds.push(kind);
  }
  let body: string | Buffer | undefined;
  if (route.url === '/api/uploads/' && route.method === 'POST') {
    if (rand.chance(0.8)) {
      const upload = badUpload(rand, f.png);
      headers['content-type'] = upload.contentType;
      body = upload.body;
      kinds.push('bad-upload');
    } else {
      headers['content-type'] = 'application/json';
      body = mutateBody(rand, { purpose: 'product', file: 'data:image/png;base64,AAAA' }, rand.pick(BODY_MUTATIONS));
      kinds.push('upload-as-json');
    }
  } else if (WRITE_METHODS.has(route.method) && route.method !== 'DELETE') {
    const valid = template.body?.(caller) ?? {};
    const roll = rand.int(20);
    if (roll < 13) {
      const mutation = rand.pick(BODY_MUTATIONS);
      headers['content-type'] = 'application/json';
      body = mutateBody(rand, valid, mutation);
      kinds.push(mutation);
    } else if (roll < 15) {
      headers['content-type'] = 'application/json';
      body = rand.pick(INVALID_JSON);
      kinds.push('invalid-json');
    } else if (roll < 17) {
      headers['content-type'] = rand.pick(WRONG_CONTENT_TYPES);
      body = rand.chance(0.5) ? JSON.stringify(valid) : 'a=1&b=<script>';
      kinds.push('content-type');
    } else if (roll === 17) {
      headers['content-type'] = 'application/json';
      body = rand.chance(0.5) ? '' : `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`;
      kinds.push(body === '' ? 'empty-json' : 'over-limit');
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(valid);
      kinds.push('valid-body');
    }
  } else if (rand.chance(0.1)) {
    // A body where none belongs.
    headers['content-type'] = rand.pick(['application/json', 'text/plain']);
    body = rand.pick(INVALID_JSON);
    kinds.push('body-on-read');
  }
  const tamper = tamperHeaders(rand, headers);
  if (tamper) kinds.push(tamper);
  return { caller, method: route.method, path: fullPath, headers, body, kind: kinds.join('+') };
}

/** Texts every string field of every write is tried with, one field at a time. */
const SWEEP_VALUES = ['\uD800x', 'a\u0000b', "'; DROP TABLE users; --\\", '<img src=x onerror=alert(1)>', '\u202E🌱\u200F'];

/**
 * The systematic part: each string field of each write's valid body, replaced in turn by each
 * sweep value, sent by the caller the route is meant for and on a real id, so it reaches the
 * service and the database (the random part may never hit a given field with a given value).
 */
function sweepRequests(all: Record<string, Template>, routes: RegisteredRoute[]): { route: RegisteredRoute; request: FuzzRequest }[] {
  const requests: { route: RegisteredRoute; request: FuzzRequest }[] = [];
  let ip = 0;
  for (const route of routes) {
    if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
    const template = templateOf(all, route);
    if (!template.body) continue;
    const caller: CallerName = route.access === 'staff' ? 'staff' : route.access === 'user' ? 'customer' : 'anonymous';
    const realId = template.ids?.()[0];
    const path = realId === undefined ? route.url : concreteUrl(route.url, encodeLoose(String(realId)));
    for (const value of SWEEP_VALUES) {
      const valid = template.body(caller);
      for (const field of leafPaths(valid).filter((p) => typeof leafValue(valid, p) === 'string')) {
        const body = structuredClone(template.body(caller)) as Record<string, unknown>;
        setLeaf(body, field, value);
        // The caller's token is added when the request is sent: it may have changed by then.
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'x-forwarded-for': `10.200.${(ip >> 8) & 255}.${ip++ & 255}`,
        };
        requests.push({
          route,
          request: { caller, method: route.method, path, headers, body: JSON.stringify(body), kind: `sweep-${field.join('.')}` },
        });
      }
    }
  }
  // Each query parameter of each read, the same way (LIKE patterns and search parsers meet
  // backslashes, wildcards and broken UTF-8 here).
  for (const route of routes) {
    if (route.method !== 'GET') continue;
    const template = templateOf(all, route);
    if (!template.query) continue;
    const caller: CallerName = route.access === 'public' ? 'anonymous' : 'staff';
    const realId = template.ids?.()[0];
    const path = realId === undefined ? route.url : concreteUrl(route.url, encodeLoose(String(realId)));
    for (const value of [...SWEEP_VALUES, '\\', 'abc\\', '%_%', "o'neil", ' ']) {
      for (const key of Object.keys(template.query())) {
        const query = Object.entries({ ...template.query(), [key]: value })
          .map(([k, v]) => `${k}=${encodeLoose(v)}`)
          .join('&');
        const headers: Record<string, string> = { 'x-forwarded-for': `10.201.${(ip >> 8) & 255}.${ip++ & 255}` };
        requests.push({ route, request: { caller, method: 'GET', path: `${path}?${query}`, headers, kind: `sweep-query-${key}` } });
      }
    }
  }
  return requests;
}

function callersFor(route: RegisteredRoute): CallerName[] {
  const weights: Record<string, [number, number, number]> = { staff: [4, 4, 22], user: [6, 12, 12], public: [10, 10, 10] };
  const [anonymous, customer, staff] = weights[route.access] ?? weights.public;
  const scale = PER_ROUTE / 30;
  return [
    ...Array<CallerName>(Math.round(anonymous * scale)).fill('anonymous'),
    ...Array<CallerName>(Math.round(customer * scale)).fill('customer'),
    ...Array<CallerName>(Math.round(staff * scale)).fill('staff'),
  ];
}

const describeRequest = (r: FuzzRequest) => {
  const body = r.body === undefined ? '' : ` body=${(Buffer.isBuffer(r.body) ? r.body.toString('latin1') : r.body).slice(0, 160)}`;
  return `${r.caller} ${r.method} ${r.path.slice(0, 160)} [${r.kind}]${body}`;
};

// ---------------------------------------------------------------------------------------------

describe('fuzzing every route', () => {
  const failures: string[] = [];
  const sent: Record<string, number> = {};
  let malformed = 0;
  let rejectedWrites = 0;

  function judge(request: FuzzRequest, response: RawResponse) {
    const where = describeRequest(request);
    if (response.status >= 500) {
      failures.push(`${response.status} for ${where}: ${response.text.slice(0, 200)}`);
    } else if (response.status >= 400 && request.method !== 'HEAD' && !isSpanishMessage(response.json?.error)) {
      failures.push(`${response.status} without a Spanish error for ${where}: ${response.text.slice(0, 200)}`);
    }
  }

  it('sends thousands of malformed requests: no 5xx, Spanish 4xx, the database changes only when a write is accepted', async () => {
    const rand = new Rand(SEED);
    const all = templates();
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/uploads/'));
    const staticRoutes = routes.filter((r) => !apiRoutes.includes(r));
    const plan: { route: RegisteredRoute; caller: CallerName; request?: FuzzRequest }[] = [];
    for (const route of apiRoutes) for (const caller of callersFor(route)) plan.push({ route, caller });
    for (const route of staticRoutes)
      for (let i = 0; i < PER_STATIC_ROUTE; i++) plan.push({ route, caller: rand.pick(['anonymous', 'customer', 'staff'] as const) });
    // Interleaved, so one route's accepted writes meet the other routes' requests.
    for (let i = plan.length - 1; i > 0; i--) {
      const j = rand.int(i + 1);
      [plan[i], plan[j]] = [plan[j], plan[i]];
    }
    for (const { route, request } of sweepRequests(all, apiRoutes)) plan.push({ route, caller: request.caller, request });

    let before = await checksum();
    let mark = await writeMark();
    for (const item of plan) {
      const { route } = item;
      const request = item.request ?? buildRequest(rand, all, route, item.caller);
      if (item.request && f.tokens[item.caller]) request.headers.authorization = `Bearer ${f.tokens[item.caller]}`;
      let response: RawResponse;
      try {
        response = await rawRequest(server.url, request);
      } catch (error) {
        failures.push(`no HTTP answer (${(error as Error).message}) for ${describeRequest(request)}`);
        continue;
      }
      if (request.kind.split('+').some((k) => !['', 'real-id', 'valid-body', 'valid-query'].includes(k))) malformed++;
      sent[routeLabel(route)] = (sent[routeLabel(route)] ?? 0) + 1;
      judge(request, response);
      // A password change ends the caller's other sessions, its token included, and answers a new one.
      if (
        request.caller !== 'anonymous' &&
        response.status === 200 &&
        request.path.startsWith('/api/auth/change-password/') &&
        typeof response.json?.access === 'string'
      ) {
        f.tokens[request.caller] = response.json.access;
      }
      const newMark = await writeMark();
      const after = newMark === mark ? before : await checksum();
      mark = newMark;
      const acceptedWrite = WRITE_METHODS.has(request.method) && response.status < 400;
      if (!acceptedWrite && after !== before)
        failures.push(`the database changed after ${response.status} for ${describeRequest(request)}`);
      if (WRITE_METHODS.has(request.method) && response.status >= 400) rejectedWrites++;
      before = after;
    }

    expect(failures.slice(0, 25), `${failures.length} failures`).toEqual([]);
    expect(malformed).toBeGreaterThanOrEqual(2000);
    expect(rejectedWrites).toBeGreaterThanOrEqual(600);
    for (const route of apiRoutes) expect(sent[routeLabel(route)] ?? 0, routeLabel(route)).toBeGreaterThanOrEqual(PER_ROUTE);
  }, 180_000);

  it('refuses malformed HTTP itself with a Spanish error', async () => {
    const cases = [
      `GET /api/products/?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /api/products/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      'GARBAGE\r\n\r\n',
      'GET /api/health/ HTTP/9.9\r\nHost: x\r\n\r\n',
      'POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      'POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      'POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'GET /api/health/ HTTP/1.1\r\nHost: x\r\nBad Header: yes\r\n\r\n',
      'GET /api/\u0000health/ HTTP/1.1\r\nHost: x\r\n\r\n',
    ];
    for (const bytes of cases) {
      const response = await rawSocket(server.url, bytes);
      const label = bytes.slice(0, 80).replace(/\r\n/g, '⏎');
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      let message: unknown;
      try {
        message = JSON.parse(response.text).error;
      } catch {
        message = undefined;
      }
      expect(isSpanishMessage(message), `${label}: ${response.text.slice(0, 200)}`).toBe(true);
    }
  });

  it('still answers afterwards, with the shop open and both callers still signed in', async () => {
    const health = await api(server, 'GET', '/api/health/');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'ok' });
    const status = await api(server, 'GET', '/api/core/maintenance-status/');
    expect(status.json.maintenance_mode).toBe(false);
    const catalog = await api(server, 'GET', '/api/products/');
    expect(catalog.status).toBe(200);
    // Otherwise most of the customer and staff requests above were only bounced at the door.
    expect((await api(server, 'GET', '/api/auth/profile/', { token: f.tokens.customer })).status).toBe(200);
    expect((await api(server, 'GET', '/api/orders/', { token: f.tokens.staff })).status).toBe(200);
  });
});
