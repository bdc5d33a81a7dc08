// Bulk edit of the admin catalog: POST /api/products/bulk/ previews (dry_run) and applies one
// change to many products in one transaction, logged once.
import { desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLogs, blisters, dollarRate, products } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaffWithRole, useStaffAndCustomer } from '../helpers/factories';

const server = useTestServer({ catalogCacheMs: 60_000 });
const db = () => server.database.db;
const people = useStaffAndCustomer(db);
const bulk = (body: unknown, token: string | null = people.staff.token) =>
  api(server, 'POST', '/api/products/bulk/', { token: token ?? undefined, body });
const pricesOf = async (productId: number) =>
  (await db().select().from(blisters).where(eq(blisters.product_id, productId)).orderBy(blisters.seed_count)).map((b) => b.price);
const costsOf = async (productId: number) =>
  (await db().select().from(blisters).where(eq(blisters.product_id, productId)).orderBy(blisters.seed_count)).map((b) => b.cost_price);
const bulkLogs = async () =>
  (await db().select().from(activityLogs).orderBy(desc(activityLogs.id))).filter((l) => l.description.startsWith('Edición masiva'));

/** The bulk change wrote one more entry, by the staff member, with this description; it is returned. */
async function oneMoreBulkLog(before: number, description: string) {
  const entries = await bulkLogs();
  expect(entries.length).toBe(before + 1);
  expect(entries[0]).toMatchObject({ action: 'update', entity_type: 'product', user_id: people.staff.id, description });
  return entries[0];
}

describe('POST /api/products/bulk/', () => {
  it('previews a price change by percentage, rounded to cents, and writes nothing', async () => {
    const ars = await createProduct(db(), {
      name: 'Precio ARS',
      blisters: [
        { seed_count: 1, price: 1000 },
        { seed_count: 3, price: 12345 },
        { seed_count: 5, price: null },
      ],
    });
    const usd = await createProduct(db(), { name: 'Precio USD', currency: 'USD', blisters: [{ seed_count: 3, price: 19.99 }] });
    const logs = (await bulkLogs()).length;
    const res = await bulk({ ids: [ars.id, usd.id], action: 'price_percent', value: 7.5, dry_run: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ action: 'price_percent', applied: false, changed: 2, unchanged: 0 });
    const item = (id: number) => res.json.items.find((i: { product_id: number }) => i.product_id === id);
    expect(item(ars.id).before.presentations.map((b: { price: number | null }) => b.price)).toEqual([1000, 12345, null]);
    // 12345 × 1.075 = 13270.875 → 13270.88; 19.99 × 1.075 = 21.48925 → 21.49; no price stays without one.
    expect(item(ars.id).after.presentations.map((b: { price: number | null }) => b.price)).toEqual([1075, 13270.88, null]);
    expect(item(usd.id)).toMatchObject({ currency: 'USD', changed: true });
    expect(item(usd.id).after.presentations[0].price).toBe(21.49);
    expect(await pricesOf(ars.id)).toEqual([1000, 12345, null]);
    expect((await bulkLogs()).length).toBe(logs);
  });

  it('applies a price change in one go, logs it once and clears the catalog cache', async () => {
    const a = await createProduct(db(), { blisters: [{ seed_count: 3, price: 2000 }] });
    const b = await createProduct(db(), { blisters: [{ seed_count: 3, price: 999.99 }] });
    const read = async () => (await api(server, 'GET', `/api/products/${a.id}/`, { token: people.customer.token })).json.blisters[0].price;
    expect(await read()).toBe(2000);
    const logs = (await bulkLogs()).length;
    const res = await bulk({ ids: [a.id, b.id], action: 'price_percent', value: '-15' });
    expect(res.json).toMatchObject({ applied: true, changed: 2 });
    expect(await pricesOf(a.id)).toEqual([1700]);
    expect(await pricesOf(b.id)).toEqual([849.99]);
    expect(await read()).toBe(1700);
    const entry = await oneMoreBulkLog(logs, 'Edición masiva: precio -15% en 2 productos');
    expect((entry.changes as { products: unknown[] }).products).toHaveLength(2);
  });

  it('sets the discount of every blister, counting products already there as unchanged', async () => {
    const a = await createProduct(db(), {
      blisters: [
        { seed_count: 3, discount: 0 },
        { seed_count: 5, discount: 40 },
      ],
    });
    const b = await createProduct(db(), { blisters: [{ seed_count: 3, discount: 15 }] });
    const res = await bulk({ ids: [a.id, b.id], action: 'discount', value: 15 });
    expect(res.json).toMatchObject({ applied: true, changed: 1, unchanged: 1 });
    const discounts = await db()
      .select()
      .from(blisters)
      .where(inArray(blisters.product_id, [a.id, b.id]));
    expect(discounts.map((d) => d.discount)).toEqual([15, 15, 15]);
    expect((await bulkLogs())[0].description).toBe('Edición masiva: descuento de 15% en 1 producto');
  });

  it('sets availability', async () => {
    const a = await createProduct(db(), { available: true });
    const b = await createProduct(db(), { available: true });
    const res = await bulk({ ids: [a.id, b.id], action: 'availability', value: false });
    expect(res.json).toMatchObject({ applied: true, changed: 2 });
    const rows = await db()
      .select()
      .from(products)
      .where(inArray(products.id, [a.id, b.id]));
    expect(rows.map((r) => r.available)).toEqual([false, false]);
    expect((await bulkLogs())[0].description).toBe('Edición masiva: 2 productos marcados como no disponibles');
  });

  it('moves products to another brand, with their search text', async () => {
    const from = await createBrand(db(), { brand_name: 'Banco Origen' });
    const to = await createBrand(db(), { brand_name: 'Banco Destino' });
    const a = await createProduct(db(), { brand_id: from.id, name: 'Mudanza Uno' });
    const preview = await bulk({ ids: [a.id], action: 'brand', value: to.id, dry_run: true });
    expect(preview.json.items[0]).toMatchObject({
      before: { brand_id: from.id, brand: 'Banco Origen' },
      after: { brand_id: to.id, brand: 'Banco Destino' },
    });
    const res = await bulk({ ids: [a.id], action: 'brand', value: to.id });
    expect(res.json).toMatchObject({ applied: true, changed: 1 });
    const [row] = await db().select().from(products).where(eq(products.id, a.id));
    expect(row.brand_id).toBe(to.id);
    expect(row.search_text).toContain('banco destino');
    expect(row.search_text).not.toContain('origen');
    expect((await bulkLogs())[0].description).toBe('Edición masiva: 1 producto movido al banco "Banco Destino"');
    const search = await api(server, 'GET', '/api/products/?search=destino', { token: people.customer.token });
    expect(search.json.results.map((p: { id: number }) => p.id)).toContain(a.id);

    const missing = await bulk({ ids: [a.id], action: 'brand', value: 999999 });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('El banco seleccionado no existe');
  });

  it('refuses the whole change when a product is gone or a price would pass the maximum', async () => {
    const a = await createProduct(db(), { blisters: [{ seed_count: 3, price: 1000 }] });
    const gone = await createProduct(db(), { deleted_at: new Date() });
    const res = await bulk({ ids: [a.id, gone.id], action: 'price_percent', value: 10 });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatch(/ya no existen/);
    const huge = await createProduct(db(), { blisters: [{ seed_count: 3, price: 90_000_000 }] });
    const tooHigh = await bulk({ ids: [a.id, huge.id], action: 'price_percent', value: 50 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.json.error).toMatch(/superaría el máximo/);
    expect(await pricesOf(a.id)).toEqual([1000]);
  });

  it('checks the body in Spanish and answers 401 to anonymous callers and 403 to customers', async () => {
    const a = await createProduct(db());
    const bad = await bulk({ ids: [a.id], action: 'discount', value: 120 });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('El descuento debe estar entre 0 y 100');
    expect((await bulk({ ids: [], action: 'discount', value: 1 })).json.error).toBe('Selecciona al menos un producto');
    expect((await bulk({ ids: [a.id], action: 'discount', value: 10 }, null)).status).toBe(401);
    expect((await bulk({ ids: [a.id], action: 'discount', value: 10 }, people.customer.token)).status).toBe(403);
  });
});

describe("POST /api/products/bulk/ with the blisters' cost (issue 37)", () => {
  type Presentation = { seed_count: number; price: number | null; cost_price: number | null };
  const costsIn = (state: { presentations: Presentation[] }) => state.presentations.map((b) => b.cost_price);

  it('previews a cost change by an es-AR percentage, leaving blisters without a cost without one, and writes nothing', async () => {
    const a = await createProduct(db(), {
      blisters: [
        { seed_count: 1, price: 10000, cost_price: 1000 },
        { seed_count: 3, price: 20000, cost_price: 4321.5 },
        { seed_count: 5, price: 30000 },
      ],
    });
    const logs = (await bulkLogs()).length;
    const res = await bulk({ ids: [a.id], action: 'cost_percent', value: '12,5', dry_run: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ action: 'cost_percent', applied: false, changed: 1, confirm_required: false, cost_above_price: [] });
    expect(costsIn(res.json.items[0].before)).toEqual([1000, 4321.5, null]);
    // 4321.5 × 1.125 = 4861.6875 → 4861.69
    expect(costsIn(res.json.items[0].after)).toEqual([1125, 4861.69, null]);
    expect(await costsOf(a.id)).toEqual([1000, 4321.5, null]);
    expect((await bulkLogs()).length).toBe(logs);
  });

  it('sets the cost as a share of the price in pesos (a USD price at the dollar rate), logged once with each blister before and after', async () => {
    await db().update(dollarRate).set({ value: 1200 });
    const ars = await createProduct(db(), {
      name: 'Costo ARS',
      blisters: [
        { seed_count: 3, price: 15000, cost_price: 9000 },
        { seed_count: 5, price: null },
      ],
    });
    const usd = await createProduct(db(), { name: 'Costo USD', currency: 'USD', blisters: [{ seed_count: 3, price: 20 }] });
    const logs = (await bulkLogs()).length;
    const res = await bulk({ ids: [ars.id, usd.id], action: 'cost_of_price', value: '62,5' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ applied: true, changed: 2, unchanged: 0 });
    // 15000 × 62.5% = 9375; no price, no cost; US$ 20 × 1200 = 24000 → 15000.
    expect(await costsOf(ars.id)).toEqual([9375, null]);
    expect(await costsOf(usd.id)).toEqual([15000]);
    const staffView = await api(server, 'GET', `/api/products/${usd.id}/`, { token: people.staff.token });
    expect(staffView.json.blisters[0].cost_price).toBe(15000);
    const entry = await oneMoreBulkLog(logs, 'Edición masiva: costo al 62,50% del precio en 2 productos');
    const logged = entry.changes as {
      bulk_action: string;
      products: { id: number; before: { presentations: Presentation[] }; after: { presentations: Presentation[] } }[];
    };
    expect(logged.bulk_action).toBe('cost_of_price');
    const arsEntry = logged.products.find((p) => p.id === ars.id)!;
    expect(costsIn(arsEntry.before)).toEqual([9000, null]);
    expect(costsIn(arsEntry.after)).toEqual([9375, null]);
    await db().update(dollarRate).set({ value: 1000 });
  });

  it('asks for confirmation when a cost ends above its price, and writes nothing until it is given', async () => {
    const a = await createProduct(db(), { name: 'Caro', blisters: [{ seed_count: 3, price: 10000, cost_price: 8000 }] });
    const b = await createProduct(db(), { name: 'Barato', blisters: [{ seed_count: 3, price: 10000, cost_price: 5000 }] });
    const logs = (await bulkLogs()).length;

    const preview = await bulk({ ids: [a.id, b.id], action: 'cost_percent', value: 30, dry_run: true });
    expect(preview.json).toMatchObject({ confirm_required: true, changed: 2 });
    // 8000 × 1.3 = 10400 > 10000; 5000 × 1.3 = 6500 stays below.
    expect(preview.json.cost_above_price).toEqual([{ name: 'Caro', seed_count: 3, cost: 10400, price: 10000 }]);

    const refused = await bulk({ ids: [a.id, b.id], action: 'cost_percent', value: 30 });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('PRICE_CHANGE_UNCONFIRMED');
    expect(refused.json.error).toMatch(
      /^Revisa estos costos: son mayores que el precio de venta \(Caro x3: costo \$\s10\.400, precio \$\s10\.000\)/,
    );
    expect(refused.json.cost_above_price).toEqual([{ name: 'Caro', seed_count: 3, cost: 10400, price: 10000 }]);
    expect(await costsOf(a.id)).toEqual([8000]);
    expect(await costsOf(b.id)).toEqual([5000]);
    expect((await bulkLogs()).length).toBe(logs);

    const byShare = await bulk({ ids: [b.id], action: 'cost_of_price', value: 120 });
    expect(byShare.status).toBe(409);
    expect(byShare.json.cost_above_price).toEqual([{ name: 'Barato', seed_count: 3, cost: 12000, price: 10000 }]);

    // A price cut that leaves a price below its cost asks the same, as the product form does.
    const priceCut = await bulk({ ids: [a.id], action: 'price_percent', value: -25 });
    expect(priceCut.status).toBe(409);
    expect(priceCut.json.cost_above_price).toEqual([{ name: 'Caro', seed_count: 3, cost: 8000, price: 7500 }]);
    expect(await pricesOf(a.id)).toEqual([10000]);

    const confirmed = await bulk({ ids: [a.id, b.id], action: 'cost_percent', value: 30, confirm_price_changes: true });
    expect(confirmed.json).toMatchObject({ applied: true, changed: 2 });
    expect(await costsOf(a.id)).toEqual([10400]);
    expect(await costsOf(b.id)).toEqual([6500]);
    expect((await bulkLogs()).length).toBe(logs + 1);
    expect((await bulkLogs())[0].description).toBe('Edición masiva: costo +30% en 2 productos');
  });

  it('checks the value in Spanish and the cost maximum', async () => {
    const a = await createProduct(db(), { blisters: [{ seed_count: 3, price: 10000, cost_price: 90_000_000 }] });
    const zero = await bulk({ ids: [a.id], action: 'cost_percent', value: 0 });
    expect(zero.status).toBe(400);
    expect(zero.json.error).toBe('El porcentaje no puede ser 0');
    const tooBig = await bulk({ ids: [a.id], action: 'cost_of_price', value: 501 });
    expect(tooBig.json.error).toBe('El porcentaje debe estar entre 0 y 500');
    const dotted = await bulk({ ids: [a.id], action: 'cost_of_price', value: '10.5' });
    expect(dotted.status).toBe(400);
    expect(dotted.json.error).toMatch(/coma/);
    const max = await bulk({ ids: [a.id], action: 'cost_percent', value: 20, confirm_price_changes: true });
    expect(max.status).toBe(400);
    expect(max.json.error).toMatch(/^El costo de .* superaría el máximo permitido$/);
    expect(await costsOf(a.id)).toEqual([90_000_000]);
  });

  it('is for staff who manage products only: 401 anonymous, 403 customers and staff without can_manage_products', async () => {
    const a = await createProduct(db(), { blisters: [{ seed_count: 3, price: 10000, cost_price: 4000 }] });
    const warehouse = await createStaffWithRole(db(), 'warehouse');
    const catalog = await createStaffWithRole(db(), 'catalog');
    const body = { ids: [a.id], action: 'cost_percent', value: 10 };
    expect((await bulk(body, null)).status).toBe(401);
    expect((await bulk(body, people.customer.token)).status).toBe(403);
    const refused = await bulk(body, warehouse.token);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).not.toContain('4000');
    expect(await costsOf(a.id)).toEqual([4000]);
    const allowed = await bulk(body, catalog.token);
    expect(allowed.json).toMatchObject({ applied: true, changed: 1 });
    expect(await costsOf(a.id)).toEqual([4400]);
  });
});
