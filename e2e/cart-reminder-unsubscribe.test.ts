// The reminder e-mail's unsubscribe link (issue 38) works in a browser without a session: the
// page asks, one click withdraws the consent. Also the consent's checkbox at registration and in
// Mi cuenta, and the reminder setting, at 390 and 1280 px.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/server/db/schema';
import { sendCartReminders } from '../src/server/modules/cart';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let customer: Awaited<ReturnType<typeof createUser>>;
let owner: Awaited<ReturnType<typeof createStaff>>;
let link: string;

beforeAll(async () => {
  const { server } = shop;
  const db = server.ctx.db;
  owner = await createStaff(db, { is_superuser: true });
  customer = await createUser(db, { marketing_opt_in: true });
  const product = await createProduct(db, { name: 'Gorilla Glue', blisters: [{ seed_count: 3, price: 10000, stock: 5 }] });
  server.setNow(new Date(Date.now() - 30 * 3_600_000));
  await api(server, 'PUT', '/api/cart/', {
    token: customer.token,
    body: { lines: [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }] },
  });
  server.setNow(null);
  await api(server, 'PUT', '/api/core/order-settings/', { token: owner.token, body: { max_pending_orders: 3, abandoned_cart_hours: 24 } });
  expect(await sendCartReminders(server.ctx)).toBe(1);
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to_address, customer.email), eq(mailOutbox.subject, 'Tu carrito te espera')));
  // The e-mail's link names the configured public URL; the test server answers at its own.
  link = /http:\/\/localhost:3000(\/api\/unsubscribe\/\?token=\S+)/.exec(mail.text_body)![1];
});

const optedIn = async () =>
  (await shop.server.ctx.db.select({ v: users.marketing_opt_in }).from(users).where(eq(users.id, customer.id)))[0].v;

describe('reminder e-mails', () => {
  it('unsubscribe from the e-mail’s link without a session, after the page asks', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE });
    await step(page, 'unsubscribe', async () => {
      await page.goto(link);
      await page.waitForURL('**/baja?token=*');
      await page.getByText('¿Quieres dejar de recibir recordatorios y novedades por email?').waitFor();
      expect(await optedIn()).toBe(true);
      await expectNoOverflow(page);
      await screenshot(page, 'baja-390', { fullPage: true });
      await page.getByRole('button', { name: 'Sí, darme de baja' }).click();
      await page.getByText('Listo: ya no te enviaremos recordatorios ni novedades por email.').waitFor();
      expect(await optedIn()).toBe(false);
      await screenshot(page, 'baja-done-390', { fullPage: true });
    });
    await context.close();
  });

  it.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('show the unticked choice at registration and in Mi cuenta, and the setting (%s)', async (_name, viewport) => {
    const visitor = await shop.newPage({ viewport });
    await visitor.page.goto('/crear-cuenta');
    const box = visitor.page.getByLabel('Quiero recibir recordatorios y novedades por email');
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await expectNoOverflow(visitor.page);
    await screenshot(visitor.page, `crear-cuenta-${viewport.width}`, { fullPage: true });
    await visitor.context.close();

    const signedIn = await shop.newPage({ viewport, as: customer });
    await signedIn.page.goto('/mi-cuenta?section=settings');
    const mine = signedIn.page.getByLabel('Quiero recibir recordatorios y novedades por email');
    await mine.waitFor();
    await expectNoOverflow(signedIn.page);
    await screenshot(signedIn.page, `mi-cuenta-${viewport.width}`, { fullPage: true });
    await signedIn.context.close();

    const staff = await shop.newPage({ viewport, as: owner });
    await staff.page.goto('/admin/configuracion');
    await staff.page.getByText('Recordatorio de carritos').first().waitFor();
    await expectNoOverflow(staff.page);
    await screenshot(staff.page, `admin-configuracion-${viewport.width}`, { fullPage: true });
    await staff.page.goto('/admin');
    await staff.page.getByText('Recordatorios de carrito').waitFor();
    await screenshot(staff.page, `admin-dashboard-${viewport.width}`, { fullPage: true });
    await staff.context.close();
  });
});
