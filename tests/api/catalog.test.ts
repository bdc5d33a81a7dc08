import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import type { ProductDto } from '../../src/domain/catalog';
import { defaultCardBlister } from '../../src/domain/blister';
import { createBrand, createProduct, createStaff, createUser, type BlisterInput } from '../helpers/factories';

const PRICE_FIELDS = ['price', 'price_in_ars', 'price_in_usd', 'final_price', 'min_price'];

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, keys));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      keysOf(v, keys);
    }
  }
  return keys;
}

const server = useTestServer();
let customer: string;
let staff: string;
const ids: Record<string, number> = {};
const blisterIds: Record<string, number> = {};
const brandIds: Record<string, number> = {};

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const names = (res: { json: { results: { name: string }[] } }) => res.json.results.map((p) => p.name);

beforeAll(async () => {
  const db = server.ctx.db;
  await db.execute(sql`update dollar_rate set value = 1200 where id = 1`);
  const sur = await createBrand(db, { brand_name: 'Semillas del Sur', is_national: true });
  const rqs = await createBrand(db, { brand_name: 'Royal Queen Seeds' });
  const gorilla = await createBrand(db, {
    brand_name: 'Gorilla Seeds Bank',
    discount_active: true,
    discount_type: 'percentage',
    discount_value: 20,
  });
  const expired = await createBrand(db, {
    brand_name: 'Expirado Seeds',
    discount_active: true,
    discount_type: 'percentage',
    discount_value: 50,
    discount_expires_at: new Date('2020-01-01T00:00:00Z'),
  });
  Object.assign(brandIds, { sur: sur.id, rqs: rqs.id, gorilla: gorilla.id, expired: expired.id });

  const make = async (key: string, fields: Parameters<typeof createProduct>[1]) => {
    const p = await createProduct(db, fields);
    ids[key] = p.id;
    p.blisters.forEach((b, i) => (blisterIds[`${key}${i}`] = b.id));
  };
  await make('northern', {
    name: 'Northern Light',
    type: 'auto',
    brand_id: rqs.id,
    created_at: day(1),
    blisters: [
      { seed_count: 3, price: 10000, stock: 5 },
      { seed_count: 5, price: 15000, stock: 0 },
    ],
  });
  await make('glue', {
    name: 'Gorilla Glue',
    type: 'fem',
    brand_id: gorilla.id,
    currency: 'USD',
    created_at: day(2),
    blisters: [{ seed_count: 3, price: 10, stock: 4 }],
  });
  await make('amnesia', {
    name: 'Amnesia Haze',
    type: 'reg',
    brand_id: sur.id,
    created_at: day(3),
    blisters: [{ seed_count: 3, price: 20000, stock: 2, discount: 10 }],
  });
  await make('noprice', {
    name: 'Sin Precio',
    type: 'fem',
    brand_id: sur.id,
    created_at: day(4),
    blisters: [{ seed_count: 1, price: null, stock: 3 }],
  });
  await make('soldout', {
    name: 'Agotada Kush',
    type: 'fem',
    brand_id: rqs.id,
    created_at: day(5),
    blisters: [{ seed_count: 3, price: 60000, stock: 0 }],
  });
  await make('expired', {
    name: 'Blue Dream',
    type: 'fem',
    brand_id: expired.id,
    created_at: day(6),
    blisters: [{ seed_count: 3, price: 30000, stock: 7 }],
  });
  await make('hidden', {
    name: 'Oculta',
    type: 'fem',
    brand_id: rqs.id,
    available: false,
    created_at: day(7),
    blisters: [{ price: 5000, stock: 9 }],
  });
  await make('deleted', {
    name: 'Borrada',
    type: 'fem',
    brand_id: rqs.id,
    deleted_at: new Date(),
    created_at: day(8),
    blisters: [{ price: 5000, stock: 9 }],
  });

  customer = (await createUser(db)).token;
  staff = (await createStaff(db)).token;
});

describe('GET /api/products/', () => {
  it('lists visible products newest first, with the page shape', async () => {
    const res = await api(server, 'GET', '/api/products/');
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(6);
    expect(res.json.next).toBeNull();
    expect(res.json.previous).toBeNull();
    expect(names(res)).toEqual(['Blue Dream', 'Agotada Kush', 'Sin Precio', 'Amnesia Haze', 'Gorilla Glue', 'Northern Light']);
  });

  it('leaves every price field out for anonymous callers', async () => {
    const res = await api(server, 'GET', '/api/products/?page_size=100');
    const keys = keysOf(res.json.results);
    for (const field of PRICE_FIELDS) expect(keys.has(field), field).toBe(false);
    expect(keys.has('stock')).toBe(true);
    const detail = await api(server, 'GET', `/api/products/${ids.glue}/`);
    for (const field of PRICE_FIELDS) expect(keysOf(detail.json).has(field), field).toBe(false);
    const blister = await api(server, 'GET', `/api/products/blisters/${blisterIds.glue0}/`);
    for (const field of PRICE_FIELDS) expect(keysOf(blister.json).has(field), field).toBe(false);
  });

  it('prices for customers: USD converted at the rate, brand discount, own discount', async () => {
    const res = await api(server, 'GET', '/api/products/?page_size=100', { token: customer });
    const byName = Object.fromEntries(res.json.results.map((p: any) => [p.name, p]));
    expect(byName['Gorilla Glue'].blisters[0]).toMatchObject({
      price: 12000,
      price_in_ars: 12000,
      price_in_usd: 10,
      final_price: 9600,
      discount: 20,
    });
    expect(byName['Gorilla Glue'].min_price).toBe(9600);
    expect(byName['Amnesia Haze'].blisters[0]).toMatchObject({ price: 20000, price_in_usd: null, final_price: 18000, discount: 10 });
    // An expired brand discount no longer applies.
    expect(byName['Blue Dream'].blisters[0]).toMatchObject({ final_price: 30000, discount: 0 });
    expect(byName['Sin Precio'].min_price).toBeNull();
    expect(byName['Northern Light']).toMatchObject({ stock: 5, min_price: 10000, max_discount: 0 });
    expect(byName['Northern Light'].blisters.map((b: any) => b.seed_count)).toEqual([3, 5]);
    // Stored values are for staff only.
    expect(keysOf(res.json).has('own_discount')).toBe(false);
  });

  it('never shows unavailable or deleted products to anonymous callers or customers', async () => {
    for (const token of [undefined, customer]) {
      const res = await api(server, 'GET', '/api/products/?page_size=100&available=all', { token });
      expect(names(res)).not.toContain('Oculta');
      expect(names(res)).not.toContain('Borrada');
      expect((await api(server, 'GET', `/api/products/${ids.hidden}/`, { token })).status).toBe(404);
      expect((await api(server, 'GET', `/api/products/blisters/${blisterIds.hidden0}/`, { token })).status).toBe(404);
    }
  });

  it('shows staff unavailable products (never deleted ones) and lets them filter by availability', async () => {
    const all = await api(server, 'GET', '/api/products/?page_size=100', { token: staff });
    expect(names(all)).toContain('Oculta');
    expect(names(all)).not.toContain('Borrada');
    expect(all.json.results[0].blisters[0]).toHaveProperty('own_discount');
    const off = await api(server, 'GET', '/api/products/?available=false', { token: staff });
    expect(names(off)).toEqual(['Oculta']);
    const on = await api(server, 'GET', '/api/products/?available=true', { token: staff });
    expect(on.json.count).toBe(6);
    expect((await api(server, 'GET', `/api/products/${ids.hidden}/`, { token: staff })).status).toBe(200);
    expect((await api(server, 'GET', `/api/products/${ids.deleted}/`, { token: staff })).status).toBe(404);
  });

  it('ignores the staff-only filters for everyone else', async () => {
    const asCustomer = await api(server, 'GET', '/api/products/?currency=USD&priceStatus=no-price', { token: customer });
    expect(asCustomer.json.count).toBe(6);
    const usd = await api(server, 'GET', '/api/products/?currency=USD', { token: staff });
    expect(names(usd)).toEqual(['Gorilla Glue']);
    const noPrice = await api(server, 'GET', '/api/products/?priceStatus=no-price', { token: staff });
    expect(names(noPrice)).toEqual(['Sin Precio']);
    const withPrice = await api(server, 'GET', '/api/products/?priceStatus=with-price&available=true', { token: staff });
    expect(withPrice.json.count).toBe(5);
  });

  it('pages with next and previous links', async () => {
    const first = await api(server, 'GET', '/api/products/?page_size=4&type=fem,auto,reg');
    expect(first.json.count).toBe(6);
    expect(first.json.results).toHaveLength(4);
    expect(first.json.previous).toBeNull();
    expect(first.json.next).toBe('/api/products/?page_size=4&type=fem%2Cauto%2Creg&page=2');
    const second = await api(server, 'GET', first.json.next);
    expect(second.json.results).toHaveLength(2);
    expect(second.json.next).toBeNull();
    expect(second.json.previous).toContain('page=1');
    const seen = [...names(first), ...names(second)];
    expect(new Set(seen).size).toBe(6);
  });

  it('answers each of many simultaneous requests with its own page, as if it came alone', async () => {
    // Simultaneous pages are read together (db/coalesce.ts): no page may take another's products,
    // nor a customer's prices reach an anonymous visitor.
    const requests: { path: string; token?: string }[] = [
      ...[1, 2, 3].map((page) => ({ path: `/api/products/?page_size=2&page=${page}` })),
      ...[1, 2, 3].map((page) => ({ path: `/api/products/?page_size=2&page=${page}`, token: customer })),
      { path: '/api/products/?type=fem&page_size=3' },
      { path: '/api/products/?search=gorila' },
      { path: '/api/products/?search=haze', token: customer },
      { path: '/api/products/?available=false', token: staff },
      { path: '/api/products/?ordering=name&page_size=5&page=2' },
    ];
    const alone = [];
    for (const r of requests) alone.push((await api(server, 'GET', r.path, { token: r.token })).json);
    for (let round = 0; round < 3; round++) {
      const together = await Promise.all(requests.map((r) => api(server, 'GET', r.path, { token: r.token })));
      expect(together.map((res) => res.json)).toEqual(alone);
    }
    expect(names({ json: alone[9] })).toEqual(['Oculta']);
    expect(alone[0].results[0].blisters[0].price).toBeUndefined();
    expect(alone[3].results[0].blisters[0].price).toBeGreaterThan(0);
  });

  it('answers an honest empty page far past the end', async () => {
    const res = await api(server, 'GET', '/api/products/?page=10000');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ count: 6, next: null, results: [] });
    expect(res.json.previous).toContain('page=1');
  });

  it('filters by type list, also as repeated params and the admin spelling', async () => {
    expect(names(await api(server, 'GET', '/api/products/?type=auto'))).toEqual(['Northern Light']);
    const two = await api(server, 'GET', '/api/products/?type=auto,reg');
    expect(names(two).sort()).toEqual(['Amnesia Haze', 'Northern Light']);
    const repeated = await api(server, 'GET', '/api/products/?type=auto&type=reg');
    expect(repeated.json.count).toBe(2);
    expect((await api(server, 'GET', '/api/products/?type=regular')).json.count).toBe(1);
  });

  it('filters by brands given as slugs or ids; an unknown brand gives an empty page', async () => {
    const res = await api(server, 'GET', `/api/products/?brand=semillas-del-sur,${brandIds.gorilla}`);
    expect(names(res).sort()).toEqual(['Amnesia Haze', 'Gorilla Glue', 'Sin Precio']);
    const none = await api(server, 'GET', '/api/products/?brand=no-existe');
    expect(none.status).toBe(200);
    expect(none.json).toMatchObject({ count: 0, results: [] });
  });

  it('filters discounted products (own or active brand discount)', async () => {
    const res = await api(server, 'GET', '/api/products/?discount=true');
    expect(names(res).sort()).toEqual(['Amnesia Haze', 'Gorilla Glue']);
    const onSale = await api(server, 'GET', '/api/products/on-sale/');
    expect(onSale.status).toBe(200);
    expect(names(onSale).sort()).toEqual(['Amnesia Haze', 'Gorilla Glue']);
    expect((await api(server, 'GET', '/api/products/?discount=false')).json.count).toBe(6);
  });

  it('filters by stock', async () => {
    const q = async (query: string) =>
      names(
        await api(server, 'GET', `/api/products/?brand=semillas-del-sur,royal-queen-seeds,gorilla-seeds-bank,expirado-seeds&${query}`),
      ).sort();
    expect(await q('stockFilter=out-of-stock')).toEqual(['Agotada Kush']);
    expect(await q('no_stock=true')).toEqual(['Agotada Kush']);
    expect(await q('stockFilter=low-stock')).toEqual(['Amnesia Haze', 'Gorilla Glue', 'Sin Precio']);
    expect(await q('stockFilter=with-stock')).toEqual(['Amnesia Haze', 'Blue Dream', 'Gorilla Glue', 'Northern Light', 'Sin Precio']);
    expect(await q('has_stock=true')).toEqual(['Amnesia Haze', 'Blue Dream', 'Gorilla Glue', 'Northern Light', 'Sin Precio']);
    expect(await q('has_stock=true&has_price=true')).toEqual(['Amnesia Haze', 'Blue Dream', 'Gorilla Glue', 'Northern Light']);
  });

  it('counts the staff filters most products fail on every page, past the last one and when nothing matches', async () => {
    const page = (query: string) =>
      api(server, 'GET', `/api/products/?available=all&ordering=-created_at&page_size=2&${query}`, { token: staff });
    const first = await page('stockFilter=low-stock');
    expect(first.json.count).toBe(3);
    expect(names(first)).toEqual(['Sin Precio', 'Amnesia Haze']);
    const second = await page('stockFilter=low-stock&page=2');
    expect(second.json).toMatchObject({ count: 3, next: null });
    expect(names(second)).toEqual(['Gorilla Glue']);
    expect((await page('stockFilter=low-stock&page=3')).json).toMatchObject({ count: 3, results: [] });
    expect((await page('stockFilter=out-of-stock')).json).toMatchObject({ count: 1 });
    expect((await page('priceStatus=no-price&page=2')).json).toMatchObject({ count: 1, results: [] });
    expect((await page('priceStatus=no-price&currency=USD')).json).toMatchObject({ count: 0, results: [], next: null });
  });

  it('filters by price range on the final ARS price the card shows', async () => {
    const q = async (range: string) => names(await api(server, 'GET', `/api/products/?priceRange=${range}`, { token: customer })).sort();
    expect(await q('5000-10000')).toEqual(['Gorilla Glue']);
    expect(await q('10000-20000')).toEqual(['Amnesia Haze', 'Northern Light']);
    expect(await q('20000-50000')).toEqual(['Blue Dream']);
    expect(await q('over-50000')).toEqual(['Agotada Kush']);
    expect(await q('under-5000')).toEqual([]);
  });

  it('ignores price ranges from anonymous callers, who see no prices, in the list and the filter counts', async () => {
    const everything = await api(server, 'GET', '/api/products/?ordering=name');
    const facets = await api(server, 'GET', '/api/products/facets/');
    for (const range of ['under-5000', '5000-10000', '10000-20000', '20000-50000', 'over-50000']) {
      const list = await api(server, 'GET', `/api/products/?ordering=name&priceRange=${range}`);
      expect(list.status, range).toBe(200);
      expect(names(list), range).toEqual(names(everything));
      expect(list.json.count, range).toBe(6);
      expect((await api(server, 'GET', `/api/products/facets/?priceRange=${range}`)).json, range).toEqual(facets.json);
      expect(names(await api(server, 'GET', `/api/products/on-sale/?priceRange=${range}`)), range).toEqual(
        names(await api(server, 'GET', '/api/products/on-sale/')),
      );
    }
  });

  // The catalog's sort select ('Menor precio', 'Mayor precio') is every visitor's (spec
  // storefront §2 Catalog), so anonymous callers may sort by price: an order gives no amount.
  it('orders by final price (USD converted, discounts applied, sold out and unpriced last), name and date', async () => {
    const base = '/api/products/?brand=semillas-del-sur,royal-queen-seeds,gorilla-seeds-bank,expirado-seeds&ordering=';
    expect(names(await api(server, 'GET', `${base}min_price`))).toEqual([
      'Gorilla Glue',
      'Northern Light',
      'Amnesia Haze',
      'Blue Dream',
      'Agotada Kush',
      'Sin Precio',
    ]);
    expect(names(await api(server, 'GET', `${base}-min_price`))).toEqual([
      'Blue Dream',
      'Amnesia Haze',
      'Northern Light',
      'Gorilla Glue',
      'Agotada Kush',
      'Sin Precio',
    ]);
    expect(names(await api(server, 'GET', `${base}name`))).toEqual([
      'Agotada Kush',
      'Amnesia Haze',
      'Blue Dream',
      'Gorilla Glue',
      'Northern Light',
      'Sin Precio',
    ]);
    expect(names(await api(server, 'GET', `${base}-created_at`))[0]).toBe('Blue Dream');
  });

  it('follows the dollar rate and the clock', async () => {
    await server.ctx.db.execute(sql`update dollar_rate set value = 1500 where id = 1`);
    // Written behind the app's back: the app clears its kept rate when it changes it itself.
    server.ctx.caches.catalogChanged();
    const res = await api(server, 'GET', `/api/products/${ids.glue}/`, { token: customer });
    expect(res.json.blisters[0]).toMatchObject({ price_in_ars: 15000, final_price: 12000 });
    await server.ctx.db.execute(sql`update brands set discount_expires_at = ${'2030-01-01T00:00:00Z'} where id = ${brandIds.gorilla}`);
    server.setNow(new Date('2030-01-02T00:00:00Z'));
    const later = await api(server, 'GET', `/api/products/${ids.glue}/`, { token: customer });
    expect(later.json.blisters[0]).toMatchObject({ price_in_ars: 15000, final_price: 15000, discount: 0 });
    server.setNow(null);
    await server.ctx.db.execute(sql`update brands set discount_expires_at = null where id = ${brandIds.gorilla}`);
    await server.ctx.db.execute(sql`update dollar_rate set value = 1200 where id = 1`);
    server.ctx.caches.catalogChanged();
  });

  it('refuses bad parameters with 400 and a Spanish error', async () => {
    const cases: [string, string][] = [
      ['page=0', 'La página debe ser 1 o mayor'],
      ['page=abc', 'La página debe ser un número'],
      ['page_size=10000', 'El tamaño de página no puede superar 100'],
      ['page_size=0', 'El tamaño de página debe ser 1 o mayor'],
      ['type=hybrid', 'Tipo de producto inválido'],
      ['brand=Royal%20Queen!', 'Banco inválido'],
      ['ordering=price', 'Orden inválido'],
      ['stockFilter=lots', 'Filtro de stock inválido'],
      ['priceRange=cheap', 'Rango de precio inválido'],
      ['discount=maybe', 'Valor booleano inválido'],
      [`search=${'a'.repeat(10_000)}`, 'La búsqueda es demasiado larga'],
    ];
    for (const [query, message] of cases) {
      const res = await api(server, 'GET', `/api/products/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error, query).toBe(message);
    }
  });

  it('sends ETag and Cache-Control, and answers 304 to a matching If-None-Match', async () => {
    const res = await api(server, 'GET', '/api/products/?type=fem');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=60/);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await api(server, 'GET', '/api/products/?type=fem', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const privateRes = await api(server, 'GET', '/api/products/?type=fem', { token: customer });
    expect(privateRes.headers.get('cache-control')).toBe('private, no-cache');
  });
});

describe('GET /api/products/facets/', () => {
  it('counts each filter group under the other active filters', async () => {
    const res = await api(server, 'GET', '/api/products/facets/?type=fem');
    expect(res.status).toBe(200);
    // Types ignore the type filter itself.
    expect(res.json.types).toEqual({ auto: 1, fem: 4, reg: 1 });
    const brand = (slug: string) => res.json.brands.find((b: any) => b.brand_id === slug);
    // Brands are counted among feminised products.
    expect(brand('royal-queen-seeds').count).toBe(1);
    expect(brand('semillas-del-sur')).toMatchObject({ count: 1, is_national: true });
    expect(res.json.on_sale).toBe(1);
    expect(res.json.with_stock).toBe(3);
  });

  it('applies the discount and stock filters to the other groups', async () => {
    const res = await api(server, 'GET', '/api/products/facets/?discount=true&stockFilter=low-stock');
    expect(res.json.types).toEqual({ auto: 0, fem: 1, reg: 1 });
    // on_sale ignores the discount filter, with_stock ignores the stock filter.
    expect(res.json.on_sale).toBe(2);
    expect(res.json.with_stock).toBe(2);
  });

  it('validates like the list', async () => {
    const res = await api(server, 'GET', '/api/products/facets/?type=x');
    expect(res.status).toBe(400);
  });
});

describe('GET /api/products/{id}/', () => {
  it('answers one product with its brand info', async () => {
    const res = await api(server, 'GET', `/api/products/${ids.amnesia}/`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: ids.amnesia,
      name: 'Amnesia Haze',
      type: 'reg',
      type_display: 'Regular',
      brand: 'Semillas del Sur',
      brand_slug: 'semillas-del-sur',
      is_national: true,
      stock: 2,
      max_discount: 10,
      brand_info: { brand_name: 'Semillas del Sur', is_national: true, description: 'Descripción del Semillas del Sur' },
    });
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    const missing = await api(server, 'GET', '/api/products/999999/');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Producto no encontrado');
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await api(server, 'GET', `/api/products/${bad}/`);
      expect(res.status, bad).toBe(400);
      expect(res.json.error).toBe('Identificador inválido');
    }
  });

  it('answers simultaneous requests each with its own product, a hidden one only to staff', async () => {
    // Details asked for at the same time are read together: staff and visitors must still get
    // different answers for a hidden product, and each visitor the product asked for.
    const requests: { id: number; token?: string }[] = [
      { id: ids.hidden, token: staff },
      { id: ids.hidden },
      { id: ids.hidden, token: customer },
      { id: ids.glue },
      { id: ids.glue, token: customer },
      { id: ids.northern },
      { id: ids.deleted, token: staff },
      { id: 999999 },
    ];
    const alone = [];
    for (const r of requests) alone.push(await api(server, 'GET', `/api/products/${r.id}/`, { token: r.token }));
    expect(alone.map((res) => res.status)).toEqual([200, 404, 404, 200, 200, 200, 404, 404]);
    for (let round = 0; round < 3; round++) {
      const together = await Promise.all(requests.map((r) => api(server, 'GET', `/api/products/${r.id}/`, { token: r.token })));
      expect(together.map((res) => [res.status, res.json])).toEqual(alone.map((res) => [res.status, res.json]));
    }
    expect(alone[0].json.name).toBe('Oculta');
    expect(alone[3].json.blisters[0].price).toBeUndefined();
    expect(alone[4].json.blisters[0].price).toBeGreaterThan(0);
  });
});

describe('GET /api/products/{id}/related/', () => {
  it('puts products of the same brand or type first and never the product itself', async () => {
    const res = await api(server, 'GET', `/api/products/${ids.soldout}/related/?limit=4`);
    expect(res.status).toBe(200);
    // Same brand or same type (score 1 each here; 'Oculta' would score 2 but is unavailable),
    // those with stock before those without, newest first; 'Amnesia Haze' shares neither.
    expect(names(res)).toEqual(['Blue Dream', 'Sin Precio', 'Gorilla Glue', 'Northern Light']);
    const one = await api(server, 'GET', `/api/products/${ids.northern}/related/?limit=1`);
    expect(names(one)).toEqual(['Agotada Kush']);
  });

  it('defaults to 4, refuses bad limits and unknown products', async () => {
    expect((await api(server, 'GET', `/api/products/${ids.northern}/related/`)).json.results).toHaveLength(4);
    expect((await api(server, 'GET', `/api/products/${ids.northern}/related/?limit=0`)).status).toBe(400);
    expect((await api(server, 'GET', `/api/products/${ids.northern}/related/?limit=abc`)).status).toBe(400);
    expect((await api(server, 'GET', `/api/products/${ids.northern}/related/?limit=1000`)).status).toBe(400);
    expect((await api(server, 'GET', '/api/products/999999/related/')).status).toBe(404);
    expect((await api(server, 'GET', `/api/products/${ids.hidden}/related/`)).status).toBe(404);
  });
});

describe('GET /api/products/blisters/{id}/', () => {
  it('answers a blister with its stock, priced for customers', async () => {
    const res = await api(server, 'GET', `/api/products/blisters/${blisterIds.northern1}/`, { token: customer });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: blisterIds.northern1,
      product_id: ids.northern,
      seed_count: 5,
      stock: 0,
      price: 15000,
      final_price: 15000,
    });
  });

  it('answers 404 for an unknown blister and 400 for a bad id', async () => {
    expect((await api(server, 'GET', '/api/products/blisters/999999/')).status).toBe(404);
    expect((await api(server, 'GET', '/api/products/blisters/xyz/')).status).toBe(400);
  });
});

describe('page size', () => {
  it('defaults to 9 per page', async () => {
    const db = server.ctx.db;
    const brand = await createBrand(db, { brand_name: 'Muchas Seeds' });
    for (let i = 0; i < 10; i++) await createProduct(db, { brand_id: brand.id, name: `Relleno ${i}`, created_at: day(1) });
    const res = await api(server, 'GET', '/api/products/?brand=muchas-seeds');
    expect(res.json.count).toBe(10);
    expect(res.json.results).toHaveLength(9);
    const rest = await api(server, 'GET', res.json.next);
    expect(rest.json.results).toHaveLength(1);
  });
});

describe('ordering by price', () => {
  // The price each card shows, from the blister the card starts on.
  const cardPrices = (res: { json: { results: ProductDto[] } }) =>
    res.json.results.map((p) => defaultCardBlister(p.blisters)?.final_price || null);

  it('orders by the price the card shows: in stock first, then out of stock, unpriced last', async () => {
    const db = server.ctx.db;
    const brand = await createBrand(db, { brand_name: 'Orden Seeds' });
    const make = (name: string, blisters: BlisterInput[]) => createProduct(db, { brand_id: brand.id, name, blisters });
    // The cheapest blister is sold out: the card shows the x3 at 17500.
    await make('Ombú Haze', [
      { seed_count: 1, price: 5000, stock: 0 },
      { seed_count: 3, price: 17500, stock: 4 },
    ]);
    await make('Tucumana Auto', [{ seed_count: 1, price: 7500, stock: 3 }]);
    // The first blister has stock but no price: the card shows the x3.
    await make('Pampa Kush', [
      { seed_count: 1, price: null, stock: 5 },
      { seed_count: 3, price: 12000, stock: 2 },
    ]);
    // Nothing in stock: the card shows the first priced blister.
    await make('Lote Cerrado', [
      { seed_count: 1, price: 3000, stock: 0 },
      { seed_count: 3, price: 9000, stock: 0 },
    ]);
    await make('Sin Cotizar', [{ seed_count: 1, price: null, stock: 8 }]);

    const base = '/api/products/?brand=orden-seeds&ordering=';
    const cheapest = await api(server, 'GET', `${base}min_price`, { token: customer });
    expect(names(cheapest)).toEqual(['Tucumana Auto', 'Pampa Kush', 'Ombú Haze', 'Lote Cerrado', 'Sin Cotizar']);
    expect(cardPrices(cheapest)).toEqual([7500, 12000, 17500, 3000, null]);
    const dearest = await api(server, 'GET', `${base}-min_price`, { token: customer });
    expect(names(dearest)).toEqual(['Ombú Haze', 'Pampa Kush', 'Tucumana Auto', 'Lote Cerrado', 'Sin Cotizar']);
    expect(cardPrices(dearest)).toEqual([17500, 12000, 7500, 3000, null]);

    // Pages follow the same order.
    const pages = [];
    for (let page = 1; page <= 3; page++)
      pages.push(...names(await api(server, 'GET', `${base}min_price&page_size=2&page=${page}`, { token: customer })));
    expect(pages).toEqual(names(cheapest));

    // A price range reads the same price as the card.
    const range = await api(server, 'GET', '/api/products/?brand=orden-seeds&priceRange=5000-10000', { token: customer });
    expect(names(range)).toEqual(['Tucumana Auto']);
  });
});
