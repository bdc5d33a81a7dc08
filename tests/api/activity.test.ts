import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../src/server/db/schema';
import { logActivity } from '../../src/server/shared/activity-log';
import { api, startTestServer, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';

type User = Awaited<ReturnType<typeof createUser>>;

const server = useTestServer();
let admin: User;
let customer: User;

beforeAll(async () => {
  admin = await createStaff(server.database.db, { username: 'auditora' });
  customer = await createUser(server.database.db, { username: 'compradora' });
});

const get = (path: string, token = admin.token) => api(server, 'GET', path, { token });

describe('who may read the log', () => {
  it('is for staff only', async () => {
    for (const path of ['/api/activity-logs/', '/api/activity-logs/stats/']) {
      expect((await api(server, 'GET', path)).status).toBe(401);
      expect((await get(path, customer.token)).status).toBe(403);
    }
  });
});

describe('GET /api/activity-logs/', () => {
  beforeAll(async () => {
    const db = server.database.db;
    await logActivity(db, {
      action: 'register',
      description: 'Nuevo registro: compradora',
      actor: { id: customer.id, username: 'compradora' },
    });
    await logActivity(db, {
      action: 'status_change',
      description: 'Pedido #7: Pendiente → Completado',
      actor: { id: admin.id, username: 'auditora' },
      changes: { old_status: 'pending', new_status: 'completed', changed_by: 'auditora', order_total: 24000 },
    });
    await logActivity(db, {
      action: 'update',
      description: 'Pedido #5 cancelado por vencimiento',
      actor: null,
      changes: { before: { status: 'pending' }, after: { status: 'cancelled' } },
    });
    for (let i = 0; i < 22; i++)
      await logActivity(db, {
        action: 'login',
        description: `Inicio de sesión: relleno${i}`,
        actor: { id: customer.id, username: 'compradora' },
      });
    // A real entry from an admin action.
    await api(server, 'POST', '/api/core/toggle-maintenance/', { token: admin.token, body: { maintenance_mode: false } });
    await db
      .insert(activityLogs)
      .values({ action: 'create', description: 'Producto antiguo creado', created_at: new Date('2020-01-10T12:00:00Z') });
  });

  it('pages newest first, 20 at a time, with a next link', async () => {
    const res = await get('/api/activity-logs/');
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(27);
    expect(res.json.results).toHaveLength(20);
    expect(res.json.next).toBe('/api/activity-logs/?page=2');
    expect(res.json.results[0]).toMatchObject({ action: 'update', user: 'auditora', entity_type: 'site_settings' });
    const stamps = res.json.results.map((e: { timestamp: string }) => e.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const last = await get('/api/activity-logs/?page=2');
    expect(last.json.results).toHaveLength(7);
    expect(last.json.next).toBeNull();
    expect(last.json.results.at(-1)).toMatchObject({ description: 'Producto antiguo creado', timestamp: '2020-01-10T12:00:00.000Z' });
  });

  it('shows Sistema when nobody acted, and the changes', async () => {
    const res = await get('/api/activity-logs/?search=vencimiento');
    expect(res.json.results).toHaveLength(1);
    expect(res.json.results[0]).toMatchObject({
      action: 'update',
      action_display: 'Modificación',
      user: 'Sistema',
      user_id: null,
      changes: { before: { status: 'pending' }, after: { status: 'cancelled' } },
    });
  });

  it('filters by action, by date and by text in the description or the username', async () => {
    const changes = await get('/api/activity-logs/?action=status_change');
    expect(changes.json.results).toHaveLength(1);
    expect(changes.json.results[0]).toMatchObject({
      user: 'auditora',
      action_display: 'Cambio de estado',
      changes: { old_status: 'pending', new_status: 'completed', changed_by: 'auditora', order_total: 24000 },
    });
    const logins = await get('/api/activity-logs/?action=login&page_size=5');
    expect(logins.json.count).toBe(22);
    expect(logins.json.results).toHaveLength(5);
    const recent = await get('/api/activity-logs/?date_from=2021-01-01');
    expect(recent.json.count).toBe(26);
    const old = await get('/api/activity-logs/?date_from=2020-01-10');
    expect(old.json.count).toBe(27);
    const byUser = await get('/api/activity-logs/?search=AUDITORA');
    expect(byUser.json.count).toBe(2);
    const combined = await get('/api/activity-logs/?search=compradora&action=register');
    expect(combined.json.results.map((e: { description: string }) => e.description)).toEqual(['Nuevo registro: compradora']);
    expect((await get('/api/activity-logs/?search=100%25')).json.count).toBe(0);
  });

  it('refuses bad filters in Spanish', async () => {
    const action = await get('/api/activity-logs/?action=hack');
    expect(action.status).toBe(400);
    expect(action.json.error).toBe('Acción inválida');
    const date = await get('/api/activity-logs/?date_from=2024-13-01');
    expect(date.status).toBe(400);
    expect(date.json.error).toBe('Fecha inválida');
    for (const day of ['9999-12-31', '0000-01-01', '1999-12-31']) {
      const outside = await get(`/api/activity-logs/?date_from=${day}`);
      expect(outside.status, day).toBe(400);
      expect(outside.json.error).toBe('La fecha debe estar entre los años 2000 y 2100');
    }
  });
});

describe('GET /api/activity-logs/stats/', () => {
  it('counts today (shop time), the last 7 and 30 days, and everything', async () => {
    const own = await startTestServer();
    try {
      const staff = await createStaff(own.database.db);
      // 15 June 2030, 10:00 in Buenos Aires (13:00 UTC).
      own.setNow(new Date('2030-06-15T13:00:00Z'));
      const at = (iso: string) =>
        own.database.db.insert(activityLogs).values({ action: 'login', description: iso, created_at: new Date(iso) });
      await at('2030-06-15T12:30:00Z'); // today 09:30
      await at('2030-06-15T03:10:00Z'); // today 00:10 local
      await at('2030-06-15T02:50:00Z'); // yesterday 23:50 local
      await at('2030-06-10T12:00:00Z'); // 5 days ago
      await at('2030-05-25T12:00:00Z'); // 21 days ago
      await at('2030-04-01T12:00:00Z'); // 75 days ago
      const res = await api(own, 'GET', '/api/activity-logs/stats/', { token: staff.token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        data: { activities_today: 2, activities_last_week: 4, activities_last_month: 5, total_activities: 6 },
      });
    } finally {
      await own.close();
    }
  });
});

describe('bulk edits and imports in the log', () => {
  const importCsv = async (content: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/csv' }), 'precios.csv');
    const res = await fetch(`${server.url}/api/products/import/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const searchLog = async (term: string) =>
    (await get(`/api/activity-logs/?search=${encodeURIComponent(term)}`)).json.results as {
      description: string;
      changes: Record<string, unknown>;
    }[];

  it('finds a product changed by a bulk edit by its name, and keeps each product before and after', async () => {
    const product = await createProduct(server.database.db, { name: 'Zkittlez Masiva', blisters: [{ seed_count: 3, price: 1000 }] });
    const res = await api(server, 'POST', '/api/products/bulk/', {
      token: admin.token,
      body: { ids: [product.id], action: 'price_percent', value: 10 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [entry] = await searchLog('zkittlez masiva');
    expect(entry?.description).toMatch(/^Edición masiva: precio \+10% en 1 producto$/);
    expect(entry.changes.products).toEqual([expect.objectContaining({ id: product.id, name: 'Zkittlez Masiva', currency: 'ARS' })]);
  });

  it('finds a product changed by an import by its name, with each changed row and its fields', async () => {
    await createProduct(server.database.db, { name: 'Amnesia Importada', sku: 'LOG-IMP-1', blisters: [{ seed_count: 5, price: 2000 }] });
    await importCsv('SKU;Semillas;Precio\r\nLOG-IMP-1;5;2500\r\n');
    const [entry] = await searchLog('amnesia importada');
    expect(entry?.description).toMatch(/^Importación de catálogo \(precios\.csv\)/);
    expect(entry.changes.rows_changed).toEqual([
      expect.objectContaining({
        name: 'Amnesia Importada',
        sku: 'LOG-IMP-1',
        seed_count: 5,
        fields: [{ column: 'Precio', before: '2.000', after: '2.500' }],
      }),
    ]);
  });
});
