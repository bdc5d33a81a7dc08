// Amounts typed the Argentine way (issue 21, item 10): every string amount the API takes is read
// by one parser, "." grouping thousands and "," marking decimals; "1450.50" is refused.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters, brands, dollarRate } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff } from '../helpers/factories';
import { simpleOrder } from '../helpers/orders';
import { importSheet } from '../helpers/catalog-sheet';

const server = useTestServer({ maxPendingOrders: 100 });
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.database.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

const asStaff = (method: string, path: string, body: unknown) => api(server, method, path, { token: staff.token, body });
const priceOf = async (blisterId: number) => (await db().select().from(blisters).where(eq(blisters.id, blisterId)))[0];

const importCsv = (content: string) => importSheet(server, staff.token, content);

describe('amounts typed with thousands dots and a decimal comma', () => {
  it('saves "22.000" typed as a product price as 22000, and "1.450,50" as 1450.5', async () => {
    const brand = await createBrand(db());
    const res = await asStaff('POST', '/api/products/', {
      name: 'Precio con puntos',
      brand_id: brand.id,
      type: 'fem',
      blisters: [
        { seed_count: 3, price: '22.000', stock: '5' },
        { seed_count: 5, price: '1.450,50', stock: '5' },
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const stored = await db().select().from(blisters).where(eq(blisters.product_id, res.json.id)).orderBy(blisters.seed_count);
    expect(stored.map((b) => b.price)).toEqual([22000, 1450.5]);
  });

  it('refuses "1450.50" as a product price with "Usa coma para los decimales"', async () => {
    const brand = await createBrand(db());
    const res = await asStaff('POST', '/api/products/', {
      name: 'Punto decimal',
      brand_id: brand.id,
      type: 'fem',
      blisters: [{ seed_count: 3, price: '1450.50', stock: '5' }],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json.errors)).toContain('Usa coma para los decimales');
  });

  it('imports "35.500" in a price cell as 35500, and refuses "35.50"', async () => {
    const product = await createProduct(db(), { sku: 'TYPED-1', blisters: [{ seed_count: 3, price: 30000, stock: 5 }] });
    const ok = await importCsv('SKU;Semillas;Precio\r\nTYPED-1;3;35.500\r\n');
    expect(ok.json).toMatchObject({ updated: 1, errors: [], applied: true });
    expect((await priceOf(product.blisters[0].id)).price).toBe(35500);

    const bad = await importCsv('SKU;Semillas;Precio\r\nTYPED-1;3;35.50\r\n');
    expect(bad.json.applied).toBe(false);
    expect(bad.json.errors).toEqual([{ row: 2, column: 'Precio', message: 'Usa coma para los decimales' }]);
    expect((await priceOf(product.blisters[0].id)).price).toBe(35500);
  });

  it('reads the bulk price percentage "12,5" and refuses "12.5"', async () => {
    const product = await createProduct(db(), { blisters: [{ seed_count: 3, price: 1000, stock: 5 }] });
    const ok = await asStaff('POST', '/api/products/bulk/', { action: 'price_percent', ids: [product.id], value: '12,5' });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await priceOf(product.blisters[0].id)).price).toBe(1125);
    const bad = await asStaff('POST', '/api/products/bulk/', { action: 'price_percent', ids: [product.id], value: '12.5' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('Usa coma para los decimales');
  });

  it('reads a fixed brand discount of "2.500" as 2500', async () => {
    const brand = await createBrand(db());
    await createProduct(db(), { brand_id: brand.id, blisters: [{ seed_count: 3, price: 10000, stock: 5 }] });
    const res = await asStaff('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'fixed', discount_value: '2.500' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await db().select().from(brands).where(eq(brands.id, brand.id)))[0].discount_value).toBe(2500);
    const bad = await asStaff('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'fixed', discount_value: '2.50' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Usa coma para los decimales');
  });

  it('records a payment amount of "12.000,50" as 12000.5 and refuses "12000.50"', async () => {
    const { order } = await simpleOrder(server, { price: 12000.5, quantity: 1 });
    const bad = await asStaff('POST', `/api/orders/${order.id}/payment/`, { method: 'efectivo', amount: '12000.50' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Usa coma para los decimales');
    const ok = await asStaff('POST', `/api/orders/${order.id}/payment/`, { method: 'efectivo', amount: '12.000,50' });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.payment.amount).toBe(12000.5);
  });

  it('applies a manual dollar rate of "1.050,50" as 1050.5 and refuses "1050.50"', async () => {
    const bad = await asStaff('POST', '/api/core/dollar-rate/', { manual_value: '1050.50', is_manual: true });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Usa coma para los decimales');
    const ok = await asStaff('POST', '/api/core/dollar-rate/', { manual_value: '1.050,50', is_manual: true });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await db().select().from(dollarRate))[0].value).toBe(1050.5);
  });
});
