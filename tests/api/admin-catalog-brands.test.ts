// Staff brand (seed maker) writes and the brand-wide discount, over real HTTP.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, brands, products } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createBrand, createOrderLine, createOrderRow, createProduct, createStaff, createUser } from '../helpers/factories';

const server = useTestServer();
let admin: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createStaff(server.database.db, { username: 'admin_bancos' });
  customer = await createUser(server.database.db);
});

const db = () => server.database.db;
const asAdmin = (method: string, path: string, body?: unknown) => api(server, method, path, { token: admin.token, body });
const customerView = (productId: number) => api(server, 'GET', `/api/products/${productId}/`, { token: customer.token });

const brandActivity = async (id: number) => {
  const rows = await db()
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entity_type, 'brand'), eq(activityLogs.entity_id, String(id))));
  return rows.sort((a, b) => b.id - a.id);
};

describe('creating and editing brands', () => {
  it('creates a brand with a slug from its name and answers with totals', async () => {
    const res = await asAdmin('POST', '/api/brands/', {
      brand_name: '  Sweet   Seeds® Ñandú ',
      description: 'Banco español',
      image: '/uploads/brand/logo-800.webp',
      is_national: false,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      brand_name: 'Sweet Seeds® Ñandú',
      brand_id: 'sweet-seeds-nandu',
      description: 'Banco español',
      image: '/uploads/brand/logo-800.webp',
      visible: true,
      is_national: false,
      discount_active: false,
      total_products: 0,
      total_stock: 0,
    });
    const [entry] = await brandActivity(res.json.id);
    expect(entry).toMatchObject({ action: 'create', description: 'Banco "Sweet Seeds® Ñandú" creado', username: 'admin_bancos' });
  });

  it('takes a given slug through the same slug rule', async () => {
    const res = await asAdmin('POST', '/api/brands/', { brand_name: 'Banco Con Slug', brand_id: 'Mi Slug  Propio!' });
    expect(res.status).toBe(201);
    expect(res.json.brand_id).toBe('mi-slug-propio');
  });

  it('requires a name and refuses bad fields in Spanish', async () => {
    const empty = await asAdmin('POST', '/api/brands/', { brand_name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe('El nombre del banco es requerido');
    const missing = await asAdmin('POST', '/api/brands/', {});
    expect(missing.json.errors.brand_name).toEqual(['El nombre del banco es requerido']);
    const symbols = await asAdmin('POST', '/api/brands/', { brand_name: '®®®' });
    expect(symbols.status).toBe(400);
    expect(symbols.json.error).toBe('El nombre del banco no es válido');
    const badLogo = await asAdmin('POST', '/api/brands/', { brand_name: 'Logo Malo', image: 'data:image/svg+xml,<svg/>' });
    expect(badLogo.json.errors.image).toEqual(['URL de imagen inválida']);
  });

  it('refuses a name or slug another brand already has', async () => {
    await asAdmin('POST', '/api/brands/', { brand_name: 'Dinafem' });
    const sameName = await asAdmin('POST', '/api/brands/', { brand_name: 'DINAFEM' });
    expect(sameName.status).toBe(409);
    expect(sameName.json.error).toBe('La marca DINAFEM ya existe');
    const sameSlug = await asAdmin('POST', '/api/brands/', { brand_name: 'Dina-fem' });
    expect(sameSlug.status).toBe(201); // 'dina-fem' is another slug
    const clash = await asAdmin('POST', '/api/brands/', { brand_name: 'Dina Fem' });
    expect(clash.status).toBe(409);
    const other = await asAdmin('POST', '/api/brands/', { brand_name: 'Otro Banco' });
    const renameClash = await asAdmin('PATCH', `/api/brands/${other.json.id}/`, { brand_name: 'dinafem' });
    expect(renameClash.status).toBe(409);
    expect(renameClash.json.error).toBe('La marca dinafem ya existe');
  });

  it("renames a brand, moves its slug and recomputes its products' search text", async () => {
    const brand = await createBrand(db(), { brand_name: 'Nombre Viejo' });
    const product = await createProduct(db(), { brand_id: brand.id, name: 'Kush', type: 'auto' });
    const res = await asAdmin('PUT', `/api/brands/${brand.id}/`, {
      brand_name: 'Nombre Nuevo',
      description: 'Nueva descripción',
      is_national: true,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      brand_name: 'Nombre Nuevo',
      brand_id: 'nombre-nuevo',
      is_national: true,
      description: 'Nueva descripción',
      total_products: 1,
    });
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row.search_text).toBe('kush nombre nuevo automatica');
    const search = await api(server, 'GET', '/api/products/?search=nombre%20nuevo', { token: customer.token });
    expect(search.json.results.map((p: any) => p.id)).toContain(product.id);
    const [entry] = await brandActivity(brand.id);
    expect(entry.changes).toMatchObject({
      before: { brand_name: 'Nombre Viejo', brand_id: 'nombre-viejo' },
      after: { brand_name: 'Nombre Nuevo', brand_id: 'nombre-nuevo' },
    });
  });

  it('toggles national and visible with PATCH, logging each', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Toggle', is_national: false });
    const national = await asAdmin('PATCH', `/api/brands/${brand.id}/`, { is_national: true });
    expect(national.status).toBe(200);
    expect(national.json).toMatchObject({ is_national: true, brand_name: 'Banco Toggle', brand_id: 'banco-toggle' });
    expect((await brandActivity(brand.id))[0]).toMatchObject({
      description: 'Banco "Banco Toggle" marcado como nacional',
      changes: { before: { is_national: false }, after: { is_national: true } },
    });
    const publicIds = async () => (await api(server, 'GET', '/api/brands/')).json.results.map((b: any) => b.id);
    expect(await publicIds()).toContain(brand.id);
    const hidden = await asAdmin('PATCH', `/api/brands/${brand.id}/`, { visible: false });
    expect(hidden.json.visible).toBe(false);
    expect(await publicIds()).not.toContain(brand.id);
    expect((await asAdmin('PATCH', `/api/brands/${brand.id}/`, { is_national: 'sí' })).status).toBe(400);
  });

  it('counts live products (available or not) and their stock, not deleted ones', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Totales' });
    await createProduct(db(), { brand_id: brand.id, blisters: [{ stock: 4 }, { stock: 6 }] });
    await createProduct(db(), { brand_id: brand.id, available: false, blisters: [{ stock: 5 }] });
    await createProduct(db(), { brand_id: brand.id, deleted_at: new Date(), blisters: [{ stock: 100 }] });
    const res = await asAdmin('PATCH', `/api/brands/${brand.id}/`, {});
    expect(res.json).toMatchObject({ total_products: 2, total_stock: 15 });
  });

  it('answers 404 for a missing brand and 400 for a bad id', async () => {
    expect((await asAdmin('PUT', '/api/brands/999999/', { brand_name: 'Nada' })).status).toBe(404);
    expect((await asAdmin('PATCH', '/api/brands/999999/', { visible: true })).json.error).toBe('Banco no encontrado');
    expect((await asAdmin('DELETE', '/api/brands/x/')).status).toBe(400);
  });
});

describe('deleting brands', () => {
  it('deletes a brand without products', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Vacío' });
    const res = await asAdmin('DELETE', `/api/brands/${brand.id}/`);
    expect(res.status).toBe(204);
    expect(await db().select().from(brands).where(eq(brands.id, brand.id))).toHaveLength(0);
    expect((await brandActivity(brand.id))[0]).toMatchObject({ action: 'delete', description: 'Banco "Banco Vacío" eliminado' });
  });

  it('refuses while the brand has live products', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Ocupado' });
    await createProduct(db(), { brand_id: brand.id });
    await createProduct(db(), { brand_id: brand.id, available: false });
    const res = await asAdmin('DELETE', `/api/brands/${brand.id}/`);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'BRAND_HAS_PRODUCTS',
      error:
        'No se puede eliminar el banco "Banco Ocupado" porque tiene 2 productos. Primero elimina sus productos o pásalos a otro banco.',
    });
    expect(await db().select().from(brands).where(eq(brands.id, brand.id))).toHaveLength(1);
    const single = await createBrand(db(), { brand_name: 'Banco Con Uno' });
    await createProduct(db(), { brand_id: single.id });
    expect((await asAdmin('DELETE', `/api/brands/${single.id}/`)).json.error).toBe(
      'No se puede eliminar el banco "Banco Con Uno" porque tiene 1 producto. Primero elimina sus productos o pásalos a otro banco.',
    );
  });

  it('refuses while deleted products kept for orders still name it', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Histórico' });
    const product = await createProduct(db(), { brand_id: brand.id });
    const order = await createOrderRow(db(), customer, { total: 100, recipient_name: 'Cliente' });
    await createOrderLine(db(), order.id, product, { price_at_time: 100 });
    expect((await asAdmin('DELETE', `/api/products/${product.id}/`)).status).toBe(204);
    const res = await asAdmin('DELETE', `/api/brands/${brand.id}/`);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('BRAND_HAS_ORDERS');
    expect(res.json.error).toBe(
      'No se puede eliminar el banco "Banco Histórico" porque tiene productos eliminados que figuran en pedidos. Puedes ocultarlo de la tienda desde la edición del banco.',
    );
  });
});

describe('brand discount', () => {
  it('applies a percentage to every product of the brand at read time', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Oferta' });
    const a = await createProduct(db(), {
      brand_id: brand.id,
      blisters: [
        { seed_count: 3, price: 10000 },
        { seed_count: 5, price: 15000 },
      ],
    });
    const b = await createProduct(db(), { brand_id: brand.id, currency: 'USD', blisters: [{ seed_count: 3, price: 20 }] });
    const res = await asAdmin('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'percentage', discount_value: '20' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      message: 'Descuento de 20% aplicado a 2 productos del banco Banco Oferta',
      products_updated: 2,
      blisters_updated: 3,
      brand: {
        id: brand.id,
        discount_active: true,
        discount_type: 'percentage',
        discount_value: 20,
        discount_expires_at: null,
        total_products: 2,
      },
    });
    const viewA = await customerView(a.id);
    expect(viewA.json.blisters.map((x: any) => [x.price, x.final_price, x.discount])).toEqual([
      [10000, 8000, 20],
      [15000, 12000, 20],
    ]);
    const viewB = await customerView(b.id);
    expect(viewB.json.blisters[0]).toMatchObject({ price_in_ars: 20000, final_price: 16000, discount: 20 });
    expect((await brandActivity(brand.id))[0]).toMatchObject({
      description: 'Descuento de 20% aplicado al banco "Banco Oferta"',
      changes: { before: { discount_active: false }, after: { discount_active: true, discount_type: 'percentage', discount_value: 20 } },
    });

    // Percentage 0 removes it (spec accounts-admin §4).
    const removed = await asAdmin('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'percentage', discount_value: 0 });
    expect(removed.status).toBe(200);
    expect(removed.json.brand).toMatchObject({ discount_active: false, discount_type: null, discount_value: null });
    expect(removed.json.message).toBe('Descuento removido de 2 productos del banco Banco Oferta');
    expect((await customerView(a.id)).json.blisters[0]).toMatchObject({ final_price: 10000, discount: 0 });
  });

  it('applies a fixed ARS amount and keeps a better own discount', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Fijo' });
    const p = await createProduct(db(), {
      brand_id: brand.id,
      blisters: [
        { seed_count: 1, price: 800 },
        { seed_count: 3, price: 2000, discount: 50 },
        { seed_count: 5, price: 5000 },
      ],
    });
    const res = await asAdmin('POST', `/api/brands/${brand.id}/apply-discount/`, { discount_type: 'fixed', discount_value: '500,5' });
    expect(res.status).toBe(200);
    expect(res.json.brand).toMatchObject({ discount_type: 'fixed', discount_value: 500.5 });
    const view = await customerView(p.id);
    expect(view.json.blisters.map((x: any) => x.final_price)).toEqual([299.5, 1000, 4499.5]);
  });

  it('validates type, value and expiry in Spanish', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Validado' });
    const post = (body: unknown) => asAdmin('POST', `/api/brands/${brand.id}/apply-discount/`, body);
    expect((await post({ discount_value: 10 })).json.error).toBe('Selecciona el tipo de descuento');
    expect((await post({ discount_type: 'percentage' })).json.error).toBe('Ingresa el valor del descuento');
    expect((await post({ discount_type: 'percentage', discount_value: 100.01 })).json.error).toBe('El porcentaje no puede superar 100');
    expect((await post({ discount_type: 'percentage', discount_value: -1 })).status).toBe(400);
    expect((await post({ discount_type: 'fixed', discount_value: 0 })).json.error).toBe('El valor del descuento debe ser mayor que 0');
    expect((await post({ discount_type: 'percentage', discount_value: 'diez' })).json.error).toBe(
      'El valor del descuento debe ser un número',
    );
    expect((await post({ discount_type: 'percentage', discount_value: 10, discount_expires_at: 'mañana' })).json.error).toBe(
      'Fecha de vencimiento inválida',
    );
    for (const far of ['9999-12-31', '9999-12-31T23:00:00Z', '2101-01-01']) {
      const res = await post({ discount_type: 'percentage', discount_value: 10, discount_expires_at: far });
      expect(res.status, far).toBe(400);
      expect(res.json.error).toBe('La fecha debe estar entre los años 2000 y 2100');
    }
    expect((await asAdmin('POST', '/api/brands/999999/apply-discount/', { discount_type: 'percentage', discount_value: 10 })).status).toBe(
      404,
    );
    const [row] = await db().select().from(brands).where(eq(brands.id, brand.id));
    expect(row.discount_active).toBe(false);
  });

  it('needs an expiry from tomorrow on, and stops applying when it passes without anyone acting', async () => {
    // 10 May 2030, 12:00 in Buenos Aires.
    server.setNow(new Date('2030-05-10T15:00:00Z'));
    try {
      const brand = await createBrand(db(), { brand_name: 'Banco Temporal' });
      const p = await createProduct(db(), { brand_id: brand.id, blisters: [{ seed_count: 3, price: 1000 }] });
      const post = (expires: string) =>
        asAdmin('POST', `/api/brands/${brand.id}/apply-discount/`, {
          discount_type: 'percentage',
          discount_value: 25,
          discount_expires_at: expires,
        });

      for (const past of ['2030-05-09', '2030-05-10', '2030-05-10T23:00:00-03:00']) {
        const res = await post(past);
        expect(res.status).toBe(400);
        expect(res.json.error).toBe('La fecha de vencimiento debe ser a partir de mañana');
      }
      const ok = await post('2030-05-11');
      expect(ok.status).toBe(200);
      // The chosen day counts whole: the discount ends when 11 May ends in Buenos Aires.
      expect(ok.json.brand.discount_expires_at).toBe('2030-05-12T03:00:00.000Z');
      expect((await customerView(p.id)).json.blisters[0].final_price).toBe(750);

      server.setNow(new Date('2030-05-12T02:59:00Z'));
      expect((await customerView(p.id)).json.blisters[0].final_price).toBe(750);

      server.setNow(new Date('2030-05-12T03:00:01Z'));
      const after = await customerView(p.id);
      expect(after.json.blisters[0]).toMatchObject({ final_price: 1000, discount: 0 });
      const onSale = await api(server, 'GET', '/api/products/?discount=true', { token: customer.token });
      expect(onSale.json.results.map((x: any) => x.id)).not.toContain(p.id);
      const brandView = await asAdmin('PATCH', `/api/brands/${brand.id}/`, {});
      expect(brandView.json).toMatchObject({ discount_active: false, discount_value: 25 });
    } finally {
      server.setNow(null);
    }
  });

  it('keeps the expiry when the discount changes without naming it, and clears it only when asked', async () => {
    server.setNow(new Date('2030-05-10T15:00:00Z'));
    try {
      const brand = await createBrand(db(), { brand_name: 'Banco Vencimiento' });
      const apply = (body: Record<string, unknown>) => asAdmin('POST', `/api/brands/${brand.id}/apply-discount/`, body);
      const expiry = '2030-05-21T03:00:00.000Z';
      expect(
        (await apply({ discount_type: 'percentage', discount_value: 10, discount_expires_at: '2030-05-20' })).json.brand,
      ).toMatchObject({ discount_value: 10, discount_expires_at: expiry });

      // A new value without the field: the sale still ends on the 20th.
      const changed = await apply({ discount_type: 'fixed', discount_value: 500 });
      expect(changed.status).toBe(200);
      const again = await apply({ discount_type: 'fixed', discount_value: 500.5 });
      // Only the value changed: the entry still says it is an amount, not a percentage.
      expect((await brandActivity(brand.id))[0].changes).toEqual({
        before: { discount_value: 500 },
        after: { discount_value: 500.5 },
        discount_type: 'fixed',
      });
      expect(again.json.brand.discount_expires_at).toBe(expiry);
      await apply({ discount_type: 'fixed', discount_value: 500 });
      expect(changed.json.brand).toMatchObject({ discount_type: 'fixed', discount_value: 500, discount_expires_at: expiry });
      // Editing the brand itself (PUT and PATCH) leaves the discount and its expiry alone.
      await asAdmin('PUT', `/api/brands/${brand.id}/`, { brand_name: 'Banco Vencimiento', description: 'Otro texto' });
      await asAdmin('PATCH', `/api/brands/${brand.id}/`, { is_national: true });
      const [row] = await db().select().from(brands).where(eq(brands.id, brand.id));
      expect(row.discount_expires_at?.toISOString()).toBe(expiry);
      expect(row.discount_value).toBe(500);

      // Sent empty (the form's cleared field) or null: the discount runs until removed.
      expect(
        (await apply({ discount_type: 'fixed', discount_value: 400, discount_expires_at: '' })).json.brand.discount_expires_at,
      ).toBeNull();
      await apply({ discount_type: 'fixed', discount_value: 400, discount_expires_at: '2030-05-20' });
      expect(
        (await apply({ discount_type: 'fixed', discount_value: 300, discount_expires_at: null })).json.brand.discount_expires_at,
      ).toBeNull();

      // An expiry already past is not carried over to a new discount.
      await apply({ discount_type: 'percentage', discount_value: 15, discount_expires_at: '2030-05-11' });
      server.setNow(new Date('2030-05-13T15:00:00Z'));
      expect((await apply({ discount_type: 'percentage', discount_value: 15 })).json.brand).toMatchObject({
        discount_active: true,
        discount_expires_at: null,
      });
    } finally {
      server.setNow(null);
    }
  });
});

describe('access', () => {
  it('refuses anonymous callers and customers', async () => {
    const brand = await createBrand(db(), { brand_name: 'Banco Protegido' });
    expect(
      (await api(server, 'POST', `/api/brands/${brand.id}/apply-discount/`, { body: { discount_type: 'percentage', discount_value: 90 } }))
        .status,
    ).toBe(401);
    const res = await api(server, 'PATCH', `/api/brands/${brand.id}/`, { body: { brand_name: 'Hackeado' }, token: customer.token });
    expect(res.status).toBe(403);
    const [row] = await db().select().from(brands).where(eq(brands.id, brand.id));
    expect(row).toMatchObject({ brand_name: 'Banco Protegido', discount_active: false });
  });
});
