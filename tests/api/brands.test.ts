import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createProduct, createStaff, createUser } from '../helpers/factories';

const server = useTestServer();
let customer: string;
let staff: string;
let rqsId: number;

beforeAll(async () => {
  const db = server.ctx.db;
  const sur = await createBrand(db, { brand_name: 'Semillas del Sur', is_national: true });
  const rqs = await createBrand(db, {
    brand_name: 'Royal Queen Seeds',
    discount_active: true,
    discount_type: 'percentage',
    discount_value: 15,
  });
  rqsId = rqs.id;
  await createBrand(db, { brand_name: 'Banco Oculto', visible: false });
  await createBrand(db, {
    brand_name: 'Vencido Seeds',
    discount_active: true,
    discount_type: 'fixed',
    discount_value: 500,
    discount_expires_at: new Date('2021-01-01T00:00:00Z'),
  });
  await createProduct(db, { brand_id: sur.id, blisters: [{ stock: 4 }, { stock: 6 }] });
  await createProduct(db, { brand_id: sur.id, blisters: [{ stock: 1 }] });
  await createProduct(db, { brand_id: sur.id, available: false, blisters: [{ stock: 100 }] });
  await createProduct(db, { brand_id: sur.id, deleted_at: new Date(), blisters: [{ stock: 1000 }] });
  await createProduct(db, { brand_id: rqs.id, blisters: [{ stock: 0 }] });
  customer = (await createUser(db)).token;
  staff = (await createStaff(db)).token;
});

const byName = (results: any[]) => Object.fromEntries(results.map((b) => [b.brand_name, b]));

describe('GET /api/brands/', () => {
  it('answers every visible brand in one page, by name, with product and stock totals', async () => {
    const res = await api(server, 'GET', '/api/brands/');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ count: 3, next: null, previous: null });
    expect(res.json.results.map((b: any) => b.brand_name)).toEqual(['Royal Queen Seeds', 'Semillas del Sur', 'Vencido Seeds']);
    const brands = byName(res.json.results);
    // Unavailable and deleted products are not counted for the public.
    expect(brands['Semillas del Sur']).toMatchObject({
      brand_id: 'semillas-del-sur',
      is_national: true,
      total_products: 2,
      total_stock: 11,
      visible: true,
    });
    expect(brands['Royal Queen Seeds']).toMatchObject({
      total_products: 1,
      total_stock: 0,
      discount_active: true,
      discount_type: 'percentage',
      discount_value: 15,
    });
    // An expired discount reads as inactive.
    expect(brands['Vencido Seeds']).toMatchObject({ discount_active: false, total_products: 0, total_stock: 0 });
    expect(res.headers.get('cache-control')).toMatch(/max-age=60/);
  });

  it('filters by is_national', async () => {
    const national = await api(server, 'GET', '/api/brands/?is_national=true');
    expect(national.json.results.map((b: any) => b.brand_name)).toEqual(['Semillas del Sur']);
    const international = await api(server, 'GET', '/api/brands/?is_national=false');
    expect(international.json.results.map((b: any) => b.brand_name)).toEqual(['Royal Queen Seeds', 'Vencido Seeds']);
    const bad = await api(server, 'GET', '/api/brands/?is_national=quizas');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Valor booleano inválido');
  });

  it('shows hidden brands and unavailable products only to staff', async () => {
    const asCustomer = await api(server, 'GET', '/api/brands/', { token: customer });
    expect(asCustomer.json.count).toBe(3);
    const asStaff = await api(server, 'GET', '/api/brands/', { token: staff });
    expect(asStaff.json.count).toBe(4);
    expect(byName(asStaff.json.results)['Banco Oculto'].visible).toBe(false);
    expect(byName(asStaff.json.results)['Semillas del Sur']).toMatchObject({ total_products: 3, total_stock: 111 });
  });
});

describe('GET /api/brands/{id}/', () => {
  it('finds a brand by numeric id or by slug', async () => {
    const byId = await api(server, 'GET', `/api/brands/${rqsId}/`);
    expect(byId.status).toBe(200);
    expect(byId.json).toMatchObject({ id: rqsId, brand_id: 'royal-queen-seeds', total_products: 1 });
    const bySlug = await api(server, 'GET', '/api/brands/royal-queen-seeds/');
    expect(bySlug.json.id).toBe(rqsId);
  });

  it('answers 404 for unknown and, except for staff, hidden brands; 400 for a malformed id', async () => {
    const missing = await api(server, 'GET', '/api/brands/no-existe/');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Banco no encontrado');
    expect((await api(server, 'GET', '/api/brands/banco-oculto/')).status).toBe(404);
    expect((await api(server, 'GET', '/api/brands/banco-oculto/', { token: staff })).status).toBe(200);
    const bad = await api(server, 'GET', '/api/brands/%3Cscript%3E/');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Identificador de banco inválido');
    expect((await api(server, 'GET', `/api/brands/${'x'.repeat(150)}/`)).status).toBe(400);
  });
});
