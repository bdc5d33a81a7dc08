// A coupon at checkout (issue 24) on a phone and on a desktop: a customer types a code that does
// not apply and reads why, applies one that does, sees the discount in the totals before
// confirming, confirms that total, and finds the coupon in the confirmation e-mail and Mis Pedidos.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { waitForOutboxMail } from '../tests/helpers/mail';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { cartLine, putInCart } from './helpers/cart';
import { ars, expectNoOverflow, squash } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  const staff = await createStaff(shop.server.ctx.db);
  for (const body of [
    { code: 'SEMILLAS10', kind: 'percent', value: 10 },
    { code: 'GRANDES', kind: 'fixed', value: 5000, min_subtotal: 100000 },
  ]) {
    const res = await api(shop.server, 'POST', '/api/coupons/', { token: staff.token, body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  }
  product = await createProduct(shop.server.ctx.db, { name: 'Gorilla Serrana', blisters: [{ seed_count: 3, price: 20000, stock: 20 }] });
});

const fillCart = (context: BrowserContext, quantity: number) => putInCart(context, shop.server.url, [cartLine(product, quantity)]);

const totals = async (page: Page) => squash(await page.locator('dl[aria-label="Total del pedido"]').innerText());

describe('a coupon at checkout', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`is refused with its reason, then applied, confirmed and mailed, at ${viewport.width} px`, async () => {
      const customer = await createUser(shop.server.ctx.db, { first_name: 'Lucía', last_name: 'Gómez' });
      const { context, page } = await shop.newPage({ viewport, as: customer, touch: viewport === MOBILE });
      await fillCart(context, 2);

      await step(page, `coupon-apply-${viewport.width}`, async () => {
        await page.goto('/carrito');
        await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
        await page.getByRole('button', { name: 'Confirmar Pedido' }).waitFor();
        await page.getByLabel('Teléfono').fill('3511234567');
        await expect.poll(() => totals(page)).toBe(`Subtotal ${ars(40000)} Envío A coordinar Total ${ars(40000)}`);

        await page.getByText('¿Tienes un cupón?').click();
        const field = page.getByLabel('Código del cupón');
        // A minimum the cart does not reach: the reason, in Spanish, and the total unchanged.
        await field.fill('grandes');
        await page.getByRole('button', { name: 'Aplicar' }).click();
        const refusal = page.getByRole('alert').filter({ hasText: 'Mínimo de compra' });
        await refusal.waitFor();
        expect(squash(await refusal.innerText())).toBe(`Mínimo de compra ${ars(100000)}`);
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        await expect.poll(() => totals(page)).toContain(`Total ${ars(40000)}`);

        // Typed as people type it: lower case, with a space.
        await field.fill('semillas 10');
        await page.getByRole('button', { name: 'Aplicar' }).click();
        await page.getByText(`de descuento`).waitFor();
        await expect
          .poll(() => totals(page))
          .toBe(`Subtotal ${ars(40000)} Envío A coordinar Cupón SEMILLAS10 −${ars(4000)} Total ${ars(36000)}`);
        await expectNoOverflow(page);
        expect(await seriousViolations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `coupon-checkout-${viewport.width}`, { fullPage: true });
      });

      await step(page, `coupon-confirm-${viewport.width}`, async () => {
        await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
        await page.waitForURL('**/mi-cuenta?section=orders');
        const mail = await waitForOutboxMail(shop.server, customer.email, 'Confirmación de tu pedido');
        const mailText = squash(mail.text);
        expect(mailText).toContain(`Cupón SEMILLAS10: −${ars(4000)}`);
        expect(mailText).toContain(`Total: ${ars(36000)}`);
        const card = page.locator('article[aria-label^="Pedido #"]').first();
        await card.waitFor();
        expect(squash(await card.innerText())).toContain(ars(36000));
      });
    });
  }
});

describe('the Cupones page', () => {
  it('lets the owner create a coupon typing amounts as the shop writes them, and lists it with its uses', async () => {
    const owner = await createStaff(shop.server.ctx.db);
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await shop.newPage({ viewport, as: owner });
      await step(page, `coupons-admin-${viewport.width}`, async () => {
        await page.goto('/admin/cupones');
        await page.getByRole('heading', { name: 'Cupones', level: 1 }).waitFor();
        await page.getByRole('listitem', { name: 'Cupón SEMILLAS10' }).waitFor();
        if (viewport === DESKTOP) {
          await page.getByRole('button', { name: 'Nuevo cupón' }).click();
          const form = page.getByRole('form', { name: 'Nuevo cupón' });
          await form.getByLabel('Código').fill('Invierno 2026');
          await form.getByLabel('Tipo').selectOption('fixed');
          await form.getByLabel('Monto a descontar ($)').fill('5.000');
          await form.getByLabel('Compra mínima ($)').fill('30.000');
          await form.getByLabel('Solo para la primera compra del cliente').check();
          await form.getByRole('group', { name: 'Solo para estos tipos (ninguno: todos)' }).getByLabel('Automática').check();
          await form.getByRole('button', { name: 'Crear cupón' }).click();
          const card = page.getByRole('listitem', { name: 'Cupón Invierno 2026' });
          await card.waitFor();
          const shown = squash(await card.innerText());
          expect(shown).toContain(`${ars(5000)} · compra mínima ${ars(30000)}`);
          expect(shown).toContain('Vigente');
          const saved = await api(shop.server, 'GET', '/api/coupons/', { token: owner.token });
          expect(
            saved.json.results.find((c: { code: string }) => c.code.replace(/[\s-]/g, '').toUpperCase() === 'INVIERNO2026'),
          ).toMatchObject({
            kind: 'fixed',
            value: 5000,
            min_subtotal: 30000,
            first_order_only: true,
            types: ['auto'],
            brand_ids: [],
          });
          // The two orders placed above with SEMILLAS10, in the dashboard's sales by coupon.
          await page.goto('/admin');
          const byCoupon = page.getByRole('list', { name: 'Ventas por cupón' });
          await byCoupon.waitFor();
          expect(squash(await byCoupon.innerText())).toContain(`SEMILLAS10 2 pedidos · ${ars(72000)} · descuento ${ars(8000)}`);
          await page.goto('/admin/cupones');
          await page.getByRole('listitem', { name: 'Cupón SEMILLAS10' }).waitFor();
        }
        await expectNoOverflow(page);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `coupons-admin-${viewport.width}`, { fullPage: true });
        // The form on this screen, empty.
        await page.getByRole('button', { name: 'Nuevo cupón' }).click();
        await page.getByRole('form', { name: 'Nuevo cupón' }).waitFor();
        await expectNoOverflow(page);
        await screenshot(page, `coupons-form-${viewport.width}`);
      });
    }
  });
});
