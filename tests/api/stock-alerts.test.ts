// The shop's daily stock e-mail (issue 14): from the configured Argentina hour, once a day, the
// blisters that fell under the threshold or sold out since the last check; nothing when
// nothing changed; one e-mail even when two server processes run the job on one PostgreSQL.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { activityLogs, blisters, mailOutbox, products } from '../../src/server/db/schema';
import { runDailyStockAlert } from '../../src/server/modules/stock-alerts/daily-alert';
import { api, useSecondProcess, useTestServer } from '../helpers/app';
import { createProduct, createStaff, createUser } from '../helpers/factories';

const SHOP = 'tienda@test.local';
/** 09:00 in Buenos Aires (UTC-3) on the given day of May 2034. */
const nineAm = (day: number) => new Date(Date.UTC(2034, 4, day, 12, 0));
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2034, 4, day, hour + 3, minute));

const server = useTestServer();
let staff: Awaited<ReturnType<typeof createStaff>>;
const db = () => server.ctx.db;

beforeAll(async () => {
  staff = await createStaff(db());
});

async function runAt(when: Date, ctx: AppContext = server.ctx) {
  server.setNow(when);
  return runDailyStockAlert(ctx);
}

const shopMails = () => db().select().from(mailOutbox).where(eq(mailOutbox.to_address, SHOP)).orderBy(mailOutbox.id);

const setStock = (blisterId: number, stock: number) => db().update(blisters).set({ stock }).where(eq(blisters.id, blisterId));

async function putSettings(body: unknown, token = staff.token) {
  return api(server, 'PUT', '/api/core/stock-alert-settings/', { token, body });
}

describe('the daily stock alert', () => {
  it('sends once a day from the configured hour, only what fell or sold out since the last one', async () => {
    const haze = await createProduct(db(), {
      name: 'Amnesia Haze',
      blisters: [
        { seed_count: 3, stock: 10 },
        { seed_count: 5, stock: 3 },
      ],
    });
    const kush = await createProduct(db(), { name: 'Bubba Kush', blisters: [{ seed_count: 3, stock: 0 }] });
    const boundary = await createProduct(db(), { name: 'Justo Cinco', blisters: [{ stock: 5 }] });
    const hidden = await createProduct(db(), { name: 'Retirado De Venta', available: false, blisters: [{ stock: 1 }] });
    const gone = await createProduct(db(), { name: 'Borrado Hace Tiempo', deleted_at: new Date(), blisters: [{ stock: 0 }] });
    try {
      expect(await runAt(at(10, 8, 59))).toBeNull();
      expect(await shopMails()).toHaveLength(0);

      expect(await runAt(nineAm(10))).toMatchObject({ reported: 2 });
      let mails = await shopMails();
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Alerta de stock: 2 presentaciones para reponer');
      const text = mails[0].text_body;
      expect(text).toContain('por debajo de 5 unidades');
      expect(text).toContain(`Bubba Kush (${kush.brand.brand_name}), 3 semillas: Sin stock.`);
      expect(text).toContain(`Amnesia Haze (${haze.brand.brand_name}), 5 semillas: 3 unidades.`);
      expect(text).toContain(`http://localhost:3000/admin/productos/editar/${haze.id}`);
      // Sold out first.
      expect(text.indexOf('Bubba Kush')).toBeLessThan(text.indexOf('Amnesia Haze'));
      for (const name of [boundary.name, hidden.name, gone.name]) expect(text).not.toContain(name);
      expect(mails[0].html).toContain('Alerta de stock');

      // Later the same day, and the next day with nothing new: no second e-mail.
      expect(await runAt(at(10, 18))).toBeNull();
      expect(await runAt(nineAm(11))).toEqual({ reported: 0, mailId: null });
      expect(await shopMails()).toHaveLength(1);

      // Another blister falls, a reported one sells out, and a sold-out one is restocked.
      await setStock(haze.blisters[0].id, 2);
      await setStock(haze.blisters[1].id, 0);
      await setStock(kush.blisters[0].id, 20);
      expect(await runAt(at(12, 9, 30))).toMatchObject({ reported: 2 });
      mails = await shopMails();
      expect(mails).toHaveLength(2);
      expect(mails[1].text_body).toContain('Amnesia Haze');
      expect(mails[1].text_body).toContain('3 semillas: 2 unidades.');
      expect(mails[1].text_body).toContain('5 semillas: Sin stock.');
      expect(mails[1].text_body).not.toContain('Bubba Kush');

      // The restocked one is reported again when it falls again.
      await setStock(kush.blisters[0].id, 1);
      expect(await runAt(nineAm(13))).toMatchObject({ reported: 1 });
      mails = await shopMails();
      expect(mails).toHaveLength(3);
      expect(mails[2].subject).toBe('Alerta de stock: 1 presentación para reponer');
      expect(mails[2].text_body).toContain('Bubba Kush');

      const settings = await api(server, 'GET', '/api/core/stock-alert-settings/', { token: staff.token });
      expect(settings.status).toBe(200);
      expect(settings.json).toMatchObject({ last_alert_at: nineAm(13).toISOString(), last_alert_count: 1, last_run_on: '2034-05-13' });
    } finally {
      server.setNow(null);
      await db()
        .update(products)
        .set({ deleted_at: new Date() })
        .where(inArray(products.id, [haze.id, kush.id, boundary.id]));
    }
  });

  it('sends nothing while switched off, and follows a new hour', async () => {
    const product = await createProduct(db(), { name: 'Critical Auto', blisters: [{ stock: 0 }] });
    try {
      expect((await putSettings({ enabled: false })).status).toBe(200);
      expect(await runAt(at(20, 23))).toBeNull();
      expect((await putSettings({ enabled: true, hour: 20 })).status).toBe(200);
      expect(await runAt(at(21, 19, 59))).toBeNull();
      expect(await runAt(at(21, 20))).toMatchObject({ reported: 1 });
      expect((await shopMails()).at(-1)?.text_body).toContain('Critical Auto');
    } finally {
      server.setNow(null);
      await putSettings({ enabled: true, hour: 9 });
      await db().update(products).set({ deleted_at: new Date() }).where(eq(products.id, product.id));
    }
  });
});

describe('GET/PUT /api/core/stock-alert-settings/', () => {
  it('shows the defaults, the threshold and where the alert goes', async () => {
    const res = await api(server, 'GET', '/api/core/stock-alert-settings/', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ enabled: true, hour: 9, threshold: 5, recipient: SHOP });
  });

  it('changes the hour and the switch, logged with who did it', async () => {
    const res = await putSettings({ enabled: false, hour: 7 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ enabled: false, hour: 7, message: 'Configuración actualizada correctamente' });
    const [entry] = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity_type, 'stock_alert_settings'), eq(activityLogs.user_id, staff.id)))
      .orderBy(desc(activityLogs.id));
    expect(entry).toMatchObject({ action: 'update', description: 'Alerta diaria de stock desactivada', username: staff.username });
    expect(entry.changes).toEqual({ before: { enabled: true, hour: 9 }, after: { enabled: false, hour: 7 } });
    await putSettings({ enabled: true, hour: 9 });
  });

  it('refuses an hour outside 0-23 in Spanish, and customers', async () => {
    for (const hour of [24, -1, 8.5, 'nueve']) {
      const res = await putSettings({ hour });
      expect(res.status).toBe(400);
      expect(res.json.errors.hour).toEqual(['La hora debe ser un número entero entre 0 y 23']);
    }
    const customer = await createUser(db());
    expect((await putSettings({ hour: 3 }, customer.token)).status).toBe(403);
    expect((await api(server, 'GET', '/api/core/stock-alert-settings/', { token: customer.token })).status).toBe(403);
    expect((await api(server, 'GET', '/api/core/stock-alert-settings/', { token: staff.token })).json.hour).toBe(9);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const second = useSecondProcess(server, 4);

  it('send one alert per day between them', async () => {
    const product = await createProduct(db(), { name: 'Dos Procesos', blisters: [{ stock: 0 }, { seed_count: 10, stock: 2 }] });
    try {
      const before = (await shopMails()).length;
      server.setNow(nineAm(25));
      const runs = await Promise.all([1, 2, 3].flatMap(() => [runDailyStockAlert(server.ctx), runDailyStockAlert(second.ctx)]));
      expect(runs.filter((r) => r !== null)).toHaveLength(1);
      const mails = await shopMails();
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)?.text_body).toContain('Dos Procesos');

      await setStock(product.blisters[1].id, 0);
      server.setNow(nineAm(26));
      const next = await Promise.all([runDailyStockAlert(second.ctx), runDailyStockAlert(server.ctx)]);
      expect(next.filter((r) => r !== null)).toHaveLength(1);
      expect(await shopMails()).toHaveLength(before + 2);
    } finally {
      server.setNow(null);
      await db().update(products).set({ deleted_at: new Date() }).where(eq(products.id, product.id));
    }
  });
});
