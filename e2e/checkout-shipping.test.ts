// Checkout with shipping (issue 23), on a phone and on a desktop: staff set up three methods, a
// customer in Córdoba chooses the province, sees what reaches it with prices and days, gives the
// address, confirms the total shown, and finds the same subtotal, shipping and total in the
// confirmation e-mail and in Mis Pedidos. A second customer starts from the address kept in Mi cuenta.
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { waitForOutboxMail } from '../tests/helpers/mail';
import { saveShippingMethods } from '../tests/helpers/shipping';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { cartLine, putInCart } from './helpers/cart';
import { ars, expectNoOverflow, squash } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let product: Awaited<ReturnType<typeof createProduct>>;

const text = async (page: Page, selector: string) => squash(await page.locator(selector).innerText());

const PICKUP = 'Av. Corrientes 1234, CABA (lunes a viernes de 10 a 18)';

beforeAll(async () => {
  const staff = await createStaff(shop.server.ctx.db);
  await saveShippingMethods(shop.server, staff.token, [
    {
      name: 'Correo Argentino a domicilio',
      zones: [{ provinces: ['AR-C', 'AR-B'], price: 5000 }],
      rest_of_country_price: 8000,
      free_from: 100000,
      days_min: 3,
      days_max: 6,
    },
    {
      name: 'Andreani a domicilio',
      carrier: 'andreani',
      zones: [{ provinces: ['AR-X'], price: 6500 }],
      rest_of_country_price: null,
      days_min: 2,
      days_max: 4,
    },
    {
      name: 'Retiro en persona',
      kind: 'pickup',
      carrier: 'retiro',
      rest_of_country_price: 0,
      days_min: 0,
      days_max: 0,
      pickup_address: PICKUP,
    },
  ]);
  product = await createProduct(shop.server.ctx.db, { name: 'Gorilla Serrana', blisters: [{ seed_count: 3, price: 20000, stock: 20 }] });
});

const fillCart = (context: BrowserContext, quantity: number) => putInCart(context, shop.server.url, [cartLine(product, quantity)]);

async function startCheckout(page: Page) {
  await page.goto('/carrito');
  await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
  await page.getByRole('button', { name: 'Confirmar Pedido' }).waitFor();
}

/** The whole page, kept in e2e/artifacts to look at. */
async function keepPicture(page: Page, selector: string, name: string) {
  await page.locator(selector).first().waitFor();
  // From the top: a page scrolled down pictures its sticky header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: true });
}

/** Confirms the checkout and checks the figures in the e-mail and in Mis Pedidos. */
async function confirmAndFollow(page: Page, email: string, sums: string[], place: string, width: number) {
  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await page.waitForURL('**/mi-cuenta?section=orders');
  await page.getByText('¡Orden creada exitosamente!').first().waitFor();

  const mail = await waitForOutboxMail(shop.server, email, 'Confirmación de tu pedido');
  const mailText = squash(mail.text);
  for (const sum of sums) expect(mailText).toContain(sum);

  const card = page.locator('article[aria-label^="Pedido #"]').first();
  await card.waitFor();
  const shown = await text(page, 'article[aria-label^="Pedido #"]');
  for (const sum of sums) expect(shown).toContain(sum);
  expect(shown).toContain(place);
  await expectNoOverflow(page);
  // Checked once the success toast is gone: sonner's green on green is the app's, not this page's.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await keepPicture(page, 'article[aria-label^="Pedido #"]', `checkout-shipping-my-orders-${width}`);
}

describe('checkout with shipping methods', () => {
  it('a customer in Córdoba chooses home delivery on a phone and sees the same figures in the e-mail and Mis Pedidos', async () => {
    const customer = await createUser(shop.server.ctx.db, { first_name: 'Lucía', last_name: 'Gómez' });
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: customer });
    await fillCart(context, 2);

    await step(page, 'methods', async () => {
      await startCheckout(page);
      await page.getByText('Elige la provincia para ver los métodos de envío y su costo.').waitFor();
      await page.getByLabel('Teléfono').fill('351 15 123-4567');
      await page.getByLabel('Provincia').selectOption('AR-X');
      const methods = page.getByRole('group', { name: 'Método de envío' });
      await methods.waitFor();
      const radios = methods.getByRole('radio');
      expect(await radios.count()).toBe(3);
      // Cheapest first, and chosen.
      const listed = squash(await methods.innerText());
      expect(listed).toContain(`Retiro en persona Gratis en el día Retiras en ${PICKUP}`);
      expect(listed).toContain(`Andreani a domicilio ${ars(6500)} 2 a 4 días hábiles`);
      expect(listed).toContain(`Correo Argentino a domicilio ${ars(8000)} 3 a 6 días hábiles`);
      expect(listed.indexOf('Retiro')).toBeLessThan(listed.indexOf('Andreani'));
      expect(listed.indexOf('Andreani')).toBeLessThan(listed.indexOf('Correo'));
      expect(await methods.getByRole('radio', { name: /Retiro en persona/ }).isChecked()).toBe(true);
      // A pickup needs no address.
      expect(await page.getByLabel('Calle').count()).toBe(0);
      expect(await text(page, 'dl[aria-label="Total del pedido"]')).toBe(
        `Subtotal ${ars(40000)} Envío (Retiro en persona) Gratis Total ${ars(40000)}`,
      );
    });

    await step(page, 'address', async () => {
      await page.getByRole('radio', { name: /Andreani a domicilio/ }).check();
      const confirm = page.getByRole('button', { name: 'Confirmar Pedido' });
      await page.getByLabel('Calle').waitFor();
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByText('Para confirmar falta: la calle, el número, el código postal, la ciudad.').waitFor();
      await page.getByLabel('Calle').fill('Av. Colón');
      await page.getByLabel('Número').fill('1234');
      await page.getByLabel('Código postal').fill('12');
      await page.getByLabel('Código postal').blur();
      await page.getByText('Código postal inválido').waitFor();
      await page.getByLabel('Código postal').fill('X5000');
      await page.getByLabel('Ciudad').fill('Córdoba');
      await page.getByLabel('Indicaciones').fill('Piso 3, depto B');
      await expect.poll(() => confirm.isDisabled()).toBe(false);
      expect(await text(page, 'dl[aria-label="Total del pedido"]')).toBe(
        `Subtotal ${ars(40000)} Envío (Andreani a domicilio) ${ars(6500)} Total ${ars(46500)}`,
      );
      await expectNoOverflow(page);
      expect(await seriousViolations(page)).toEqual([]);
      await keepPicture(page, 'form[aria-label="Datos del pedido"]', 'checkout-shipping-form-390');
    });

    await step(page, 'confirm', async () => {
      await confirmAndFollow(
        page,
        customer.email,
        [`Subtotal: ${ars(40000)}`, `Envío (Andreani a domicilio): ${ars(6500)}`, `Total: ${ars(46500)}`],
        'Dirección: Av. Colón 1234, Piso 3, depto B, Córdoba (X5000), Córdoba',
        390,
      );
    });

    await step(page, 'saved-for-next-time', async () => {
      await page.goto('/mi-cuenta?section=settings');
      await page.getByRole('heading', { name: 'Datos de entrega' }).waitFor();
      expect(await page.getByLabel('Calle').inputValue()).toBe('Av. Colón');
      expect(await page.getByLabel('Teléfono').inputValue()).toBe('3511234567');
      await expectNoOverflow(page);
      expect(await seriousViolations(page)).toEqual([]);
      await keepPicture(page, 'main form', 'checkout-shipping-account-390');
    });
  });

  it('starts from the address kept in Mi cuenta on a desktop, with free home delivery over the minimum', async () => {
    const customer = await createUser(shop.server.ctx.db, { first_name: 'Martín', last_name: 'Paz' });
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: customer });
    await fillCart(context, 5);

    await step(page, 'mi-cuenta', async () => {
      await page.goto('/mi-cuenta?section=settings');
      await page.getByRole('heading', { name: 'Datos de entrega' }).waitFor();
      await page.getByLabel('Teléfono').fill('3517654321');
      await page.getByLabel('Provincia').selectOption('AR-X');
      await page.getByLabel('Calle').fill('Bv. San Juan');
      await page.getByRole('button', { name: 'Guardar datos de entrega' }).click();
      await page.getByText('El número es requerido').waitFor();
      await page.getByLabel('Número').fill('800');
      await page.getByLabel('Código postal').fill('5000');
      await page.getByLabel('Ciudad').fill('Córdoba');
      await page.getByRole('button', { name: 'Guardar datos de entrega' }).click();
      await page.getByText('Datos de entrega guardados').first().waitFor();
      await expectNoOverflow(page);
      await keepPicture(page, 'main form', 'checkout-shipping-account-1280');
    });

    await step(page, 'prefilled', async () => {
      await startCheckout(page);
      expect(await page.getByLabel('Teléfono').inputValue()).toBe('3517654321');
      const methods = page.getByRole('group', { name: 'Método de envío' });
      await methods.waitFor();
      // Over the minimum of 100.000 the Correo is free: tied with the pickup, by name first.
      expect(await methods.getByRole('radio', { name: /Correo Argentino a domicilio/ }).isChecked()).toBe(true);
      expect(squash(await methods.innerText())).toContain('Correo Argentino a domicilio Gratis 3 a 6 días hábiles');
      expect(await page.getByLabel('Calle').inputValue()).toBe('Bv. San Juan');
      expect(await page.getByLabel('Código postal').inputValue()).toBe('5000');
      expect(await text(page, 'dl[aria-label="Total del pedido"]')).toBe(
        `Subtotal ${ars(100000)} Envío (Correo Argentino a domicilio) Gratis Total ${ars(100000)}`,
      );
      await expectNoOverflow(page);
      expect(await seriousViolations(page)).toEqual([]);
      await keepPicture(page, 'form[aria-label="Datos del pedido"]', 'checkout-shipping-form-1280');
    });

    await step(page, 'confirm', async () => {
      await confirmAndFollow(
        page,
        customer.email,
        [`Subtotal: ${ars(100000)}`, 'Envío (Correo Argentino a domicilio): Gratis', `Total: ${ars(100000)}`],
        'Dirección: Bv. San Juan 800, Córdoba (5000), Córdoba',
        1280,
      );
    });
  });

  it('tells the customer when the chosen method is gone, and agrees the delivery when none reaches the province', async () => {
    const customer = await createUser(shop.server.ctx.db);
    const staff = await createStaff(shop.server.ctx.db);
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: customer });
    await fillCart(context, 1);
    await startCheckout(page);
    await page.getByLabel('Teléfono').fill('1123456789');
    await page.getByLabel('Provincia').selectOption('AR-C');
    await page.getByRole('radio', { name: /Retiro en persona/ }).waitFor();

    const current = await api(shop.server, 'GET', '/api/core/shipping-settings/', { token: staff.token });
    const methods = (current.json as { methods: { name: string; active: boolean }[] }).methods.map((m) =>
      m.name === 'Retiro en persona' ? { ...m, active: false } : m,
    );
    expect((await api(shop.server, 'PUT', '/api/core/shipping-settings/', { token: staff.token, body: { methods } })).status).toBe(200);

    await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
    await page.getByText('El método de envío elegido ya no está disponible. Elige otro.').first().waitFor();
    // The options are read again: the pickup is gone and the cheapest left is chosen.
    await expect.poll(() => page.getByRole('radio', { name: /Retiro en persona/ }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: /Correo Argentino a domicilio/ }).isChecked()).toBe(true);
    expect(await text(page, 'dl[aria-label="Total del pedido"]')).toBe(
      `Subtotal ${ars(20000)} Envío (Correo Argentino a domicilio) ${ars(5000)} Total ${ars(25000)}`,
    );

    // Now nothing reaches Tucumán: the order goes as the spec's, delivery agreed later, no shipping.
    const onlyZones = methods.map((m) => (m.name === 'Correo Argentino a domicilio' ? { ...m, rest_of_country_price: null } : m));
    expect(
      (await api(shop.server, 'PUT', '/api/core/shipping-settings/', { token: staff.token, body: { methods: onlyZones } })).status,
    ).toBe(200);
    await page.getByLabel('Provincia').selectOption('AR-T');
    await page.getByText('Ningún método de envío llega a Tucumán por ahora').waitFor();
    expect(await page.getByLabel('Envío a domicilio').isDisabled()).toBe(true);
    await page.getByLabel('Acordar entrega').check();
    expect(await text(page, 'dl[aria-label="Total del pedido"]')).toBe(`Subtotal ${ars(20000)} Envío A coordinar Total ${ars(20000)}`);
    await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
    await page.waitForURL('**/mi-cuenta?section=orders');
    const [order] = await shop.server.ctx.db.select().from(orders).where(eq(orders.user_id, customer.id));
    expect(order).toMatchObject({ delivery_type: 'coordinate', shipping_method_id: null, shipping_price: null, total: 20000 });
  });
});
