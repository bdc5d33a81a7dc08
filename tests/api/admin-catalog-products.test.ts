// Staff product writes: POST/PUT/PATCH/DELETE /api/products/ with blisters, over real HTTP.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, blisters, brands, orderProducts, orders, products } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createOrderLine, createOrderRow, createProduct, createStaff, createUser } from '../helpers/factories';

// One customer places many orders here: the cap on pending orders is tested in orders.test.ts.
const server = useTestServer({ maxPendingOrders: 1000 });
let admin: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createStaff(server.database.db, { username: 'admin_catalogo' });
  customer = await createUser(server.database.db);
});

const db = () => server.database.db;
const asAdmin = (method: string, path: string, body?: unknown) => api(server, method, path, { token: admin.token, body });

const form = (overrides: Record<string, unknown> = {}) => ({
  brand: 'Banco de Prueba',
  name: 'Amnesia Haze',
  type: 'fem',
  genotype: 'Sativa dominante',
  flavors: 'Cítrico, Tierra',
  effects: 'Energético',
  sativa: 70,
  indica: 30,
  thc: '22%',
  cbd: '0.5%',
  description: 'Una variedad clásica.',
  flowering_time: '10 semanas',
  currency: 'ARS',
  blisters: [{ seed_count: 3, price: 15000, stock: 10, discount: 0 }],
  ...overrides,
});

async function setDollarRate(value: number) {
  const res = await asAdmin('POST', '/api/core/dollar-rate/', { manual_value: value, is_manual: true, confirm_rate_change: true });
  expect(res.status).toBe(200);
}

/** An order row with one line for `blister`, written straight to the database. */
async function placeOrder(product: { id: number; name: string }, blister: { id: number; seed_count: number }, price = 1000) {
  const order = await createOrderRow(db(), customer, { status: 'pending', total: price });
  const line = await createOrderLine(
    db(),
    order.id,
    { ...product, blisters: [blister] },
    { price_at_time: price, seed_count: blister.seed_count },
  );
  return { order, line };
}

const lastActivity = async (entityId: number) => {
  const rows = await db()
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entity_type, 'product'), eq(activityLogs.entity_id, String(entityId))));
  return rows.sort((a, b) => b.id - a.id)[0];
};

describe('creating products', () => {
  it('creates a product with its blisters and answers the staff view with prices', async () => {
    const res = await asAdmin('POST', '/api/products/', form({ sku: 'AMN-001' }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Amnesia Haze',
      brand: 'Banco de Prueba',
      brand_slug: 'banco-de-prueba',
      type: 'fem',
      type_display: 'Feminizada',
      sku: 'AMN-001',
      currency: 'ARS',
      available: true,
      sativa: 70,
      indica: 30,
      thc: '22%',
      stock: 10,
    });
    expect(res.json.blisters).toHaveLength(1);
    expect(res.json.blisters[0]).toMatchObject({ seed_count: 3, stock: 10, price: 15000, final_price: 15000, stored_price: 15000 });

    const [row] = await db().select().from(products).where(eq(products.id, res.json.id));
    expect(row.search_text).toBe('amnesia haze banco de prueba feminizada');
    const entry = await lastActivity(res.json.id);
    expect(entry).toMatchObject({ action: 'create', user_id: admin.id, username: 'admin_catalogo' });
    expect((entry.changes as any).after).toMatchObject({
      name: 'Amnesia Haze',
      brand: 'Banco de Prueba',
      blisters: [{ seed_count: 3, price: 15000 }],
    });
  });

  it('stores the images the upload endpoint answered with', async () => {
    const png = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#2f7a3b' } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('purpose', 'product');
    body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
    const upload = await fetch(`${server.url}/api/uploads/`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body });
    expect(upload.status).toBe(201);
    const { url } = await upload.json();
    expect(url).toMatch(/^\/uploads\/product\/.+-800\.webp$/);
    const res = await asAdmin(
      'POST',
      '/api/products/',
      form({ name: 'Con imagen', image: url, image_2: 'https://cdn.example.com/otra.png' }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ image: url, image_2: 'https://cdn.example.com/otra.png', image_3: null });
    const served = await fetch(`${server.url}${url}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('normalises a typed brand name and links it to the existing brand, whatever its case', async () => {
    const first = await asAdmin('POST', '/api/products/', form({ brand: '  Semillas   del Sur ', name: 'Sur 1' }));
    expect(first.status).toBe(201);
    expect(first.json.brand).toBe('Semillas del Sur');
    const second = await asAdmin('POST', '/api/products/', form({ brand: 'semillas del sur', name: 'Sur 2' }));
    expect(second.status).toBe(201);
    expect(second.json.brand_id).toBe(first.json.brand_id);
    expect(await db().select().from(brands).where(eq(brands.brand_id, 'semillas-del-sur'))).toHaveLength(1);
  });

  it('links a brand by its numeric id', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Elegido' });
    const res = await asAdmin('POST', '/api/products/', form({ brand: undefined, brand_id: brand.id, name: 'Elegida' }));
    expect(res.status).toBe(201);
    expect(res.json.brand).toBe('Banco Elegido');
    const missing = await asAdmin('POST', '/api/products/', form({ brand: undefined, brand_id: 99999 }));
    expect(missing.status).toBe(400);
    expect(missing.json.errors.brand_id).toEqual(['La marca seleccionada no existe']);
  });

  it('asks for a brand name when it is empty on creation', async () => {
    for (const brand of ['', '   ', undefined]) {
      const res = await asAdmin('POST', '/api/products/', form({ brand, name: 'Sin marca' }));
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Por favor, ingrese un nombre para la marca');
    }
    expect(await db().select().from(products).where(eq(products.name, 'Sin marca'))).toHaveLength(0);
  });

  it('reads prices the Argentine way (dots group thousands, comma decimals) and clamps the discount to 0-100', async () => {
    const res = await asAdmin(
      'POST',
      '/api/products/',
      form({
        name: 'Decimales',
        blisters: [
          { seed_count: 1, price: '1234,56', stock: '4', discount: 150 },
          { seed_count: 3, price: '99,9', stock: 0, discount: -20 },
          { seed_count: 10, price: '22.000', stock: '1.000' },
          { seed_count: 5, price: 100, stock: 1, discount: 'mucho' },
          { seed_count: 7, price: 200, stock: 1, discount: '12,5' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const stored = await db().select().from(blisters).where(eq(blisters.product_id, res.json.id));
    const bySeeds = Object.fromEntries(stored.map((b) => [b.seed_count, b]));
    expect(bySeeds[1]).toMatchObject({ price: 1234.56, stock: 4, discount: 100 });
    expect(bySeeds[3]).toMatchObject({ price: 99.9, stock: 0, discount: 0 });
    expect(bySeeds[5]).toMatchObject({ price: 100, discount: 0 });
    expect(bySeeds[7]).toMatchObject({ price: 200, discount: 12.5 });
    expect(bySeeds[10]).toMatchObject({ price: 22000, stock: 1000 });
  });

  it('refuses invalid blisters with a Spanish message per field', async () => {
    const res = await asAdmin(
      'POST',
      '/api/products/',
      form({
        name: 'Inválida',
        blisters: [
          { seed_count: 0, price: -1, stock: 1.5 },
          { seed_count: '', price: 'abc', stock: '' },
          { seed_count: 3, price: 10, stock: -2 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      'blisters.0.seed_count': ['La cantidad de semillas debe ser mayor que 0'],
      'blisters.0.price': ['El precio no puede ser negativo'],
      'blisters.0.stock': ['El stock debe ser un número entero'],
      'blisters.1.seed_count': ['La cantidad de semillas es requerida'],
      'blisters.1.price': ['Ingresa un precio válido'],
      'blisters.1.stock': ['El stock es requerido'],
      'blisters.2.stock': ['El stock no puede ser negativo'],
    });
    const duplicated = await asAdmin(
      'POST',
      '/api/products/',
      form({
        blisters: [
          { seed_count: 3, price: 1, stock: 1 },
          { seed_count: 3, price: 2, stock: 1 },
        ],
      }),
    );
    expect(duplicated.status).toBe(400);
    expect(duplicated.json.errors['blisters.1.seed_count']).toEqual(['Ya existe una presentación de 3 semillas']);
  });

  it('refuses a missing name, an unknown type, a bad currency and a non-JSON body', async () => {
    const res = await asAdmin('POST', '/api/products/', form({ name: ' ', type: 'sativa', currency: 'EUR' }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      name: ['El nombre del producto es requerido'],
      type: ['Selecciona el tipo de semilla'],
      currency: ['La moneda debe ser ARS o USD'],
    });
    const broken = await api(server, 'POST', '/api/products/', { token: admin.token, body: '{"name":' });
    expect(broken.status).toBe(400);
    for (const bad of ['javascript:alert(1)', '/uploads/../secreto.webp', 'http://inseguro.example/a.png']) {
      const image = await asAdmin('POST', '/api/products/', form({ image: bad }));
      expect(image.status).toBe(400);
      expect(image.json.errors.image).toEqual(['URL de imagen inválida']);
    }
  });
});

describe('currency conversion and rounding', () => {
  it('shows a USD product in ARS at the current rate, rounded to a whole peso', async () => {
    await setDollarRate(1234.5);
    const created = await asAdmin(
      'POST',
      '/api/products/',
      form({
        name: 'Importada',
        currency: 'USD',
        blisters: [{ seed_count: 5, price: '12,34', stock: 3, discount: 10 }],
      }),
    );
    expect(created.status).toBe(201);
    // 12.34 × 1234.5 = 15233.73 → 15234; 10 % off → 13710.6
    expect(created.json.blisters[0]).toMatchObject({
      price_in_usd: 12.34,
      price_in_ars: 15234,
      price: 15234,
      final_price: 13710.6,
      stored_price: 12.34,
    });
    expect(created.json.min_price).toBe(13710.6);

    const asCustomer = await api(server, 'GET', `/api/products/${created.json.id}/`, { token: customer.token });
    expect(asCustomer.status).toBe(200);
    expect(asCustomer.json.blisters[0]).toMatchObject({ price_in_ars: 15234, final_price: 13710.6 });
    expect(asCustomer.json.blisters[0].stored_price).toBeUndefined();

    // A new rate reprices at once: nothing stored in ARS goes stale.
    await setDollarRate(1000.4);
    const repriced = await api(server, 'GET', `/api/products/${created.json.id}/`, { token: customer.token });
    expect(repriced.json.blisters[0]).toMatchObject({ price_in_ars: 12345, final_price: 11110.5 });
    const staffView = await asAdmin('PATCH', `/api/products/${created.json.id}/`, {});
    expect(staffView.json.blisters[0]).toMatchObject({ price_in_ars: 12345, stored_price: 12.34 });
    await setDollarRate(1000);
  });

  it('keeps ARS prices as typed, to the cent', async () => {
    const res = await asAdmin(
      'POST',
      '/api/products/',
      form({ name: 'En pesos', blisters: [{ seed_count: 1, price: '999,99', stock: 1, discount: 33 }] }),
    );
    expect(res.json.blisters[0]).toMatchObject({ price_in_ars: 999.99, price_in_usd: null, final_price: 669.99 });
  });
});

describe('SKU', () => {
  it('refuses a SKU another live product uses, on create and on edit', async () => {
    const a = await asAdmin('POST', '/api/products/', form({ name: 'Con SKU', sku: 'SKU-DUP' }));
    expect(a.status).toBe(201);
    const b = await asAdmin('POST', '/api/products/', form({ name: 'Otro SKU', sku: 'SKU-DUP' }));
    expect(b.status).toBe(409);
    expect(b.json.error).toBe('El SKU ya existe');
    // Keyed by field, so the form marks the SKU itself.
    expect(b.json).toMatchObject({ code: 'SKU_EXISTS', errors: { sku: ['El SKU ya existe'] } });
    const other = await asAdmin('POST', '/api/products/', form({ name: 'Otro SKU', sku: 'SKU-OTRO' }));
    const put = await asAdmin('PUT', `/api/products/${other.json.id}/`, form({ name: 'Otro SKU', sku: 'SKU-DUP' }));
    expect(put.status).toBe(409);
    expect(put.json.error).toBe('El SKU ya existe');
    expect(put.json.errors).toEqual({ sku: ['El SKU ya existe'] });
    // Saving a product with its own SKU is fine.
    const same = await asAdmin('PUT', `/api/products/${a.json.id}/`, form({ name: 'Con SKU editado', sku: 'SKU-DUP' }));
    expect(same.status).toBe(200);
    // An empty SKU is no SKU, and several products may have none.
    const none1 = await asAdmin('POST', '/api/products/', form({ name: 'Sin SKU 1', sku: '' }));
    const none2 = await asAdmin('POST', '/api/products/', form({ name: 'Sin SKU 2', sku: '  ' }));
    expect([none1.status, none2.status]).toEqual([201, 201]);
    expect(none1.json.sku).toBeNull();
  });

  it('answers 409, not 500, when two saves race for one SKU', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) => asAdmin('POST', '/api/products/', form({ name: `Carrera ${n}`, sku: 'SKU-RACE' }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.json.error).toBe('El SKU ya existe');
  });
});

describe('editing products', () => {
  it('creates, edits and deletes blisters in one save', async () => {
    const created = await asAdmin(
      'POST',
      '/api/products/',
      form({
        name: 'Tres presentaciones',
        blisters: [
          { seed_count: 1, price: 5000, stock: 5 },
          { seed_count: 3, price: 12000, stock: 4 },
          { seed_count: 5, price: 18000, stock: 3 },
        ],
      }),
    );
    const [one, three, five] = created.json.blisters;
    const res = await asAdmin(
      'PUT',
      `/api/products/${created.json.id}/`,
      form({
        name: 'Tres presentaciones',
        blisters: [
          { id: one.id, seed_count: 1, price: '5500,50', stock: 6, discount: 5 },
          { id: five.id, seed_count: 5, price: 18000, stock: 3 },
          { seed_count: 10, price: 30000, stock: 2 },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.blisters.map((b: any) => [b.seed_count, b.stored_price, b.stock, b.own_discount])).toEqual([
      [1, 5500.5, 6, 5],
      [5, 18000, 3, 0],
      [10, 30000, 2, 0],
    ]);
    expect(res.json.blisters[0].id).toBe(one.id);
    expect(res.json.blisters[1].id).toBe(five.id);
    expect(await db().select().from(blisters).where(eq(blisters.id, three.id))).toHaveLength(0);

    const entry = await lastActivity(created.json.id);
    expect(entry.action).toBe('update');
    expect(Object.keys((entry.changes as any).after)).toEqual(['blisters']);
  });

  it('keeps blisters when the save leaves them out, and keeps everything when one item is wrong', async () => {
    const created = await asAdmin('POST', '/api/products/', form({ name: 'Atómica', blisters: [{ seed_count: 3, price: 100, stock: 1 }] }));
    const foreign = await createProduct(db(), { blisters: [{ seed_count: 1 }] });

    const renamed = await asAdmin('PUT', `/api/products/${created.json.id}/`, form({ name: 'Atómica 2', blisters: undefined }));
    expect(renamed.status).toBe(200);
    expect(renamed.json.blisters).toHaveLength(1);

    const res = await asAdmin(
      'PUT',
      `/api/products/${created.json.id}/`,
      form({
        name: 'No debe guardarse',
        blisters: [
          { seed_count: 5, price: 1, stock: 1 },
          { id: foreign.blisters[0].id, seed_count: 1, price: 1, stock: 1 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json.errors['blisters.1.id']).toEqual(['La presentación no pertenece a este producto']);
    const [row] = await db().select().from(products).where(eq(products.id, created.json.id));
    expect(row.name).toBe('Atómica 2');
    const kept = await db().select().from(blisters).where(eq(blisters.product_id, created.json.id));
    expect(kept.map((b) => b.seed_count)).toEqual([3]);
    const [untouched] = await db().select().from(blisters).where(eq(blisters.id, foreign.blisters[0].id));
    expect(untouched.product_id).toBe(foreign.id);
  });

  it('toggles availability with PATCH and logs only that change', async () => {
    const created = await asAdmin('POST', '/api/products/', form({ name: 'Disponible' }));
    const off = await asAdmin('PATCH', `/api/products/${created.json.id}/`, { available: false });
    expect(off.status).toBe(200);
    expect(off.json.available).toBe(false);
    expect(off.json.blisters).toHaveLength(1);
    const entry = await lastActivity(created.json.id);
    expect(entry.description).toBe('Producto "Disponible" marcado como no disponible');
    expect(entry.changes).toEqual({ before: { available: true }, after: { available: false } });
    // Customers no longer find it; staff still do.
    expect((await api(server, 'GET', `/api/products/${created.json.id}/`, { token: customer.token })).status).toBe(404);
    const on = await asAdmin('PATCH', `/api/products/${created.json.id}/`, { available: true });
    expect(on.json.available).toBe(true);
    // Saving the edit form (which has no availability field) keeps the product unavailable.
    await asAdmin('PATCH', `/api/products/${created.json.id}/`, { available: false });
    const saved = await asAdmin('PUT', `/api/products/${created.json.id}/`, form({ name: 'Disponible', currency: undefined }));
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ available: false, currency: 'ARS' });
    const bad = await asAdmin('PATCH', `/api/products/${created.json.id}/`, { available: 'quizás' });
    expect(bad.status).toBe(400);
  });

  it('changes partial fields with PATCH, moves brands, and recomputes search_text', async () => {
    const created = await asAdmin('POST', '/api/products/', form({ name: 'Parcial', type: 'auto', thc: '18%' }));
    const res = await asAdmin('PATCH', `/api/products/${created.json.id}/`, {
      name: 'Parcial Nueva',
      brand: 'Otro Banco Nuevo',
      type: 'regular',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Parcial Nueva', brand: 'Otro Banco Nuevo', type: 'reg', thc: '18%' });
    const [row] = await db().select().from(products).where(eq(products.id, created.json.id));
    expect(row.search_text).toBe('parcial nueva otro banco nuevo regular');
    const entry = await lastActivity(created.json.id);
    expect(entry.changes).toMatchObject({
      before: { name: 'Parcial', brand: 'Banco de Prueba', type: 'auto' },
      after: { name: 'Parcial Nueva', brand: 'Otro Banco Nuevo', type: 'reg' },
    });
    expect((entry.changes as any).after.thc).toBeUndefined();
  });

  it('answers 404 for a missing product and 400 for a bad id', async () => {
    expect((await asAdmin('PUT', '/api/products/999999/', form())).status).toBe(404);
    expect((await asAdmin('PATCH', '/api/products/999999/', { available: false })).json.error).toBe('Producto no encontrado');
    expect((await asAdmin('PATCH', '/api/products/abc/', { available: false })).status).toBe(400);
  });

  it('deletes a blister that appears in an order, keeping the order line snapshot', async () => {
    const created = await asAdmin(
      'POST',
      '/api/products/',
      form({
        name: 'Línea vendida',
        blisters: [
          { seed_count: 3, price: 100, stock: 5 },
          { seed_count: 5, price: 150, stock: 5 },
        ],
      }),
    );
    const sold = created.json.blisters[0];
    const { line } = await placeOrder(created.json, sold, 100);
    const res = await asAdmin(
      'PUT',
      `/api/products/${created.json.id}/`,
      form({
        name: 'Línea vendida',
        blisters: [{ ...created.json.blisters[1], price: 150 }],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.blisters.map((b: any) => b.seed_count)).toEqual([5]);
    const [after] = await db().select().from(orderProducts).where(eq(orderProducts.id, line.id));
    expect(after).toMatchObject({ blister_id: null, product_id: created.json.id, seed_count: 3, price_at_time: 100, quantity: 1 });
  });
});

describe('deleting products', () => {
  it('removes a product no order names, with its blisters', async () => {
    const created = await asAdmin('POST', '/api/products/', form({ name: 'Borrable' }));
    const res = await asAdmin('DELETE', `/api/products/${created.json.id}/`);
    expect(res.status).toBe(204);
    expect(await db().select().from(products).where(eq(products.id, created.json.id))).toHaveLength(0);
    expect(await db().select().from(blisters).where(eq(blisters.product_id, created.json.id))).toHaveLength(0);
    const entry = await lastActivity(created.json.id);
    expect(entry).toMatchObject({ action: 'delete', description: 'Producto "Borrable" eliminado' });
    expect((entry.changes as any).soft_delete).toBe(false);
    expect((entry.changes as any).before.name).toBe('Borrable');
  });

  it('soft-deletes a product that appears in an order and keeps that order intact', async () => {
    const created = await asAdmin('POST', '/api/products/', form({ name: 'Vendida', sku: 'SKU-VENDIDA' }));
    const { order, line } = await placeOrder(created.json, created.json.blisters[0], 15000);
    const res = await asAdmin('DELETE', `/api/products/${created.json.id}/`);
    expect(res.status).toBe(204);

    const [row] = await db().select().from(products).where(eq(products.id, created.json.id));
    expect(row.deleted_at).not.toBeNull();
    expect(row.available).toBe(false);
    const [keptLine] = await db().select().from(orderProducts).where(eq(orderProducts.id, line.id));
    expect(keptLine).toMatchObject({ product_id: created.json.id, blister_id: created.json.blisters[0].id, price_at_time: 15000 });
    const [keptOrder] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(keptOrder).toMatchObject({ status: 'pending', total: 15000 });
    expect((await lastActivity(created.json.id)).changes).toMatchObject({ soft_delete: true });

    // Gone for everyone, and no longer editable or deletable.
    expect((await api(server, 'GET', `/api/products/${created.json.id}/`, { token: admin.token })).status).toBe(404);
    expect((await asAdmin('PATCH', `/api/products/${created.json.id}/`, { available: true })).status).toBe(404);
    expect((await asAdmin('DELETE', `/api/products/${created.json.id}/`)).status).toBe(404);
    // Its SKU is free for a new product.
    expect((await asAdmin('POST', '/api/products/', form({ name: 'Reemplazo', sku: 'SKU-VENDIDA' }))).status).toBe(201);
  });
});

describe('alongside orders', () => {
  const order = (productId: number, blisterId: number) =>
    api(server, 'POST', '/api/orders/', {
      token: customer.token,
      body: {
        recipient_name: 'Cliente Prueba',
        customer_phone: '1122334455',
        delivery_type: 'coordinate',
        products: [{ product_id: productId, blister_id: blisterId, quantity: 1 }],
      },
    });

  it('edits a product while orders come in, without deadlocks or lost stock', async () => {
    const created = await asAdmin(
      'POST',
      '/api/products/',
      form({ name: 'Concurrida', blisters: [{ seed_count: 3, price: 1000, stock: 50 }] }),
    );
    const blisterId = created.json.blisters[0].id;
    const calls = [
      ...Array.from({ length: 8 }, () => order(created.json.id, blisterId)),
      ...Array.from({ length: 4 }, (_, i) =>
        asAdmin('PATCH', `/api/products/${created.json.id}/`, { name: `Concurrida ${i}`, flavors: `Sabor ${i}` }),
      ),
    ];
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual([...Array(8).fill(201), ...Array(4).fill(200)]);
    const [row] = await db().select().from(blisters).where(eq(blisters.id, blisterId));
    expect(row.stock).toBe(42);
  });

  it('deletes a product while orders come in: each order either lands and keeps it, or is refused', async () => {
    const created = await asAdmin(
      'POST',
      '/api/products/',
      form({ name: 'Carrera de borrado', blisters: [{ seed_count: 3, price: 1000, stock: 50 }] }),
    );
    const blisterId = created.json.blisters[0].id;
    const [removal, ...orderResults] = await Promise.all([
      asAdmin('DELETE', `/api/products/${created.json.id}/`),
      ...Array.from({ length: 5 }, () => order(created.json.id, blisterId)),
    ]);
    expect(removal.status).toBe(204);
    for (const res of orderResults) expect([201, 404, 409]).toContain(res.status);
    const placed = orderResults.filter((r) => r.status === 201).length;
    const [row] = await db().select().from(products).where(eq(products.id, created.json.id));
    if (placed > 0) {
      // Orders that landed keep their product: it was soft-deleted, never removed under them.
      expect(row.deleted_at).not.toBeNull();
      const lines = await db().select().from(orderProducts).where(eq(orderProducts.product_id, created.json.id));
      expect(lines).toHaveLength(placed);
    } else {
      expect(row).toBeUndefined();
    }
  });
});

describe('access', () => {
  it('refuses anonymous callers and customers before reading the body', async () => {
    expect((await api(server, 'POST', '/api/products/', { body: form() })).status).toBe(401);
    const asCustomer = await api(server, 'POST', '/api/products/', { body: form(), token: customer.token });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.json.error).toBe('No tienes permisos para realizar esta acción');
    expect(await db().select().from(products).where(eq(products.name, 'Amnesia Haze'))).toHaveLength(1);
  });
});
