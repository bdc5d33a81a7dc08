// Storefront details a customer's walk found (issue 21, items 24-30), in a real browser against the
// built app: a pasted code, sold-out products, the checkout's reasons and focus, 'Crear cuenta'
// from a product, logout emptying the cart, the phone's area code, the typo search, carousels,
// the product tabs' keys and the quantity box.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createProduct, createUser } from '../tests/helpers/factories';
import { extractCode, waitForOutboxMail } from '../tests/helpers/mail';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let kush: Awaited<ReturnType<typeof createProduct>>;
let soldOut: Awaited<ReturnType<typeof createProduct>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  const db = shop.server.ctx.db;
  const brands = [];
  // Enough brands for the catalog's slider to scroll at 1280 px.
  for (const name of ['Banco Andino', 'Pampa Genetics', 'Delta Seeds', 'Sur Seeds', 'Royal Queen Seeds Norte', 'Río Seeds']) {
    brands.push(await createBrand(db, { brand_name: name }));
  }
  for (const name of ['Cuyo Seeds', 'Puna Bank', 'Litoral Seeds', 'Patagonia Seeds', 'Sierra Bank', 'Valle Seeds']) {
    await createBrand(db, { brand_name: name });
  }
  kush = await createProduct(db, {
    name: 'Mendocina Kush',
    brand_id: brands[0].id,
    blisters: [
      { seed_count: 3, price: 9000, stock: 5 },
      { seed_count: 5, price: 14000, stock: 0 },
    ],
  });
  soldOut = await createProduct(db, {
    name: 'Amnesia Agotada',
    brand_id: brands[1].id,
    blisters: [{ seed_count: 3, price: 12000, stock: 0 }],
  });
  const names = ['Northern Lights', 'Gorilla Glue', 'Critical Mass', 'Blue Dream Automática Extra Larga', 'Tango Cookies'];
  for (const [i, name] of names.entries()) {
    await createProduct(db, {
      name,
      brand_id: brands[i % brands.length].id,
      blisters: [{ seed_count: 3, price: 10000 + i * 1000, stock: 9 }],
    });
  }
  customer = await createUser(db, { username: 'sofia.cultiva', first_name: 'Sofía', last_name: 'Gómez' });
});

const cartCookie = (page: Page) => page.evaluate(() => document.cookie.includes('cart='));
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('account from a product', () => {
  it('registers from a product, takes a pasted code, lands back on the product, and logout empties the cart', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE });
    const email = 'julia.paz@example.com';
    const password = 'semillas-2026';

    await step(page, 'register-from-product', async () => {
      await page.goto(`/producto/${kush.id}`);
      await page.getByRole('link', { name: 'Crear cuenta' }).click();
      await page.waitForURL(`**/crear-cuenta?redirect=${encodeURIComponent(`/producto/${kush.id}`)}`);
      await page.getByLabel('Nombre', { exact: true }).fill('Julia');
      await page.getByLabel('Apellido').fill('Paz');
      await page.getByLabel('Usuario').fill('juliapaz');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill(password);
      await page.getByLabel('Confirmar contraseña').fill(password);
      await page.getByRole('button', { name: 'Crear Cuenta' }).click();
      await page.getByRole('heading', { name: 'Verifica tu email' }).waitFor();
    });

    await step(page, 'pasted-code', async () => {
      const code = extractCode(await waitForOutboxMail(shop.server, email, 'verificación'));
      // As copied from the e-mail: spaces first, then the digits.
      await page.getByLabel('Código de verificación').fill(`    ${code}`);
      expect(await page.getByLabel('Código de verificación').inputValue()).toBe(code);
      await screenshot(page, 'details-pasted-code-390');
      await page.getByRole('button', { name: 'Verificar email' }).click();
    });

    await step(page, 'back-on-the-product', async () => {
      // Verified, she is signed in with the password she chose, back on the product.
      await page.waitForURL(`**/producto/${kush.id}`);
      await page.getByRole('button', { name: 'Añadir al Carrito' }).click();
      await page.getByText('Producto añadido al carrito').first().waitFor();
      expect(await cartCookie(page)).toBe(true);
    });

    await step(page, 'logout', async () => {
      await page.goto('/mi-cuenta');
      await page.getByRole('heading', { level: 1, name: 'Mi cuenta' }).waitFor();
      await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      expect(await cartCookie(page)).toBe(false);
      await expect(page.getByTestId('cart-count').count()).resolves.toBe(0);
    });
  });
});

describe('sold-out products', () => {
  it('show Agotado on cards and the product page, with the e-mail notice as the action', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE });
    await step(page, 'anonymous-card', async () => {
      await page.goto('/productos');
      const card = page.locator('article').filter({ hasText: 'Amnesia Agotada' });
      await card.getByText('Agotado', { exact: true }).waitFor();
      await expect(page.locator('article').filter({ hasText: 'Tango Cookies' }).getByText('Agotado').count()).resolves.toBe(0);
    });

    await shop.logIn(context, customer);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await step(page, `cards-${viewport.width}`, async () => {
        await page.goto('/productos');
        const card = page.locator('article').filter({ hasText: 'Amnesia Agotada' });
        await card.getByText('Agotado', { exact: true }).first().waitFor();
        await expect(card.getByRole('button', { name: 'Añadir Amnesia Agotada al carrito' }).count()).resolves.toBe(0);
        await card.getByRole('link', { name: 'Agotado: avisarme cuando haya stock de Amnesia Agotada' }).waitFor();
        // A product with a sold-out blister: that blister says so, the other one sells.
        const kushCard = page.locator('article').filter({ hasText: 'Mendocina Kush' });
        await kushCard.getByRole('button', { name: 'Añadir Mendocina Kush al carrito' }).waitFor();
        await kushCard.getByLabel('Presentación de Mendocina Kush').selectOption({ label: 'x5' });
        await kushCard.getByText('Agotado', { exact: true }).waitFor();
        await kushCard.getByRole('link', { name: /^Agotado: avisarme/ }).waitFor();
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `details-sold-out-cards-${viewport.width}`);
      });

      await step(page, `product-${viewport.width}`, async () => {
        await page.goto(`/producto/${soldOut.id}`);
        const add = page.getByRole('button', { name: 'Añadir al Carrito' });
        await add.waitFor();
        expect(await add.isDisabled()).toBe(true);
        const reason = 'Producto agotado: pide que te avisemos cuando vuelva.';
        expect(await add.getAttribute('aria-describedby')).toBe(await page.getByText(reason).getAttribute('id'));
        await page.getByRole('button', { name: 'Avisarme cuando haya stock' }).waitFor();
        await page.getByText('(Sin stock)').waitFor();
        await add.scrollIntoViewIfNeeded();
        await screenshot(page, `details-sold-out-product-${viewport.width}`);
        await expectNoOverflow(page);
      });
    }
    await context.close();
  });
});

describe('checkout', () => {
  it('starts on the only delivery type, says what is missing, refuses a phone without area code, and keeps the focus', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: customer });
    await page.goto(`/producto/${kush.id}`);
    await page.getByRole('button', { name: 'Añadir al Carrito' }).click();
    await page.getByText('Producto añadido al carrito').first().waitFor();
    await page.goto('/carrito');

    await step(page, 'quantity-digits-only', async () => {
      const quantity = page.getByLabel('Cantidad de Mendocina Kush (3 semillas)');
      await quantity.fill('1e1');
      await quantity.press('Enter');
      await page.getByText('Ingresa la cantidad solo con números').first().waitFor();
      await expect.poll(() => quantity.inputValue()).toBe('1');
      await page.getByRole('heading', { name: 'Mi Carrito (1)' }).waitFor();
      await quantity.fill('2');
      await quantity.press('Enter');
      await page.getByRole('heading', { name: 'Mi Carrito (2)' }).waitFor();
    });

    const confirm = page.getByRole('button', { name: 'Confirmar Pedido' });
    await step(page, 'form', async () => {
      await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
      await confirm.waitFor();
      await expect.poll(() => focusedText(page)).toBe('Datos del pedido');
      expect(await page.getByLabel('Acordar entrega').isChecked()).toBe(true);
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByText('Para confirmar falta: un teléfono válido.').waitFor();
      await confirm.scrollIntoViewIfNeeded();
      await screenshot(page, 'details-checkout-missing-390');
    });

    await step(page, 'phone-without-area-code', async () => {
      await page.getByLabel('Teléfono').fill('15 2345 6789');
      await page.getByLabel('Teléfono').blur();
      await page.getByText('Falta el código de área: ingresa el número sin 0 ni 15 (p. ej. 11 2345-6789)').waitFor();
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByLabel('Nombre de quien recibe').fill('');
      await page.getByText('Para confirmar falta: el nombre de quien recibe, un teléfono válido.').waitFor();
      await page.getByLabel('Nombre de quien recibe').fill('Sofía Gómez');
      await page.getByLabel('Teléfono').fill('351 15 423-4567');
      await page.getByLabel('Teléfono').blur();
      await expect.poll(() => confirm.isDisabled()).toBe(false);
      await expect(page.getByText('Para confirmar falta').count()).resolves.toBe(0);
    });

    await step(page, 'confirmed', async () => {
      await confirm.click();
      await page.waitForURL('**/mi-cuenta?section=orders');
      await expect.poll(() => focusedText(page)).toBe('Mi cuenta');
      await screenshot(page, 'details-account-after-order-390');
    });
    await context.close();
  });
});

describe('search, carousels and tabs', () => {
  it('finds products typed with a typo', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP });
    await page.goto(`/productos?search=${encodeURIComponent('nothern')}`);
    await page.locator('article').filter({ hasText: 'Northern Lights' }).waitFor();
    await page.goto(`/productos?search=${encodeURIComponent('gorrila')}`);
    await page.locator('article').filter({ hasText: 'Gorilla Glue' }).waitFor();
  });

  it('gives every carousel card one width on phones, and disables the arrows at the ends on desktop', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: customer });
    await step(page, 'widths-390', async () => {
      await page.goto('/');
      const items = page.locator('#ultimos-ingresos-title').locator('xpath=ancestor::section[1]').locator('li');
      await expect.poll(() => items.count()).toBeGreaterThan(4);
      await page.locator('#ultimos-ingresos-title').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => !document.querySelector('section [aria-hidden="true"].animate-pulse'));
      const widths = await items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
      expect(new Set(widths).size, widths.join(', ')).toBe(1);
      await screenshot(page, 'details-carousel-390');
    });

    await page.setViewportSize(DESKTOP);
    await step(page, 'arrows-1280', async () => {
      await page.goto('/');
      const previous = page.getByRole('button', { name: 'Anteriores de Últimos ingresos' });
      const next = page.getByRole('button', { name: 'Siguientes de Últimos ingresos' });
      await next.waitFor();
      expect(await previous.isDisabled()).toBe(true);
      expect(await next.isDisabled()).toBe(false);
      await next.click();
      await expect.poll(() => next.isDisabled()).toBe(true);
      expect(await previous.isDisabled()).toBe(false);
      await previous.click();
      await expect.poll(() => previous.isDisabled()).toBe(true);
    });

    await step(page, 'brand-slider-1280', async () => {
      await page.goto('/productos');
      const left = page.getByRole('button', { name: 'Bancos anteriores' });
      const right = page.getByRole('button', { name: 'Bancos siguientes' });
      await right.waitFor();
      expect(await left.isDisabled()).toBe(true);
      const arrow = (await left.boundingBox())!;
      const all = (await page.getByRole('button', { name: 'Ver todos' }).locator('span').first().boundingBox())!;
      expect(arrow.x + arrow.width, 'the arrow ends before the circle').toBeLessThanOrEqual(all.x);
      await screenshot(page, 'details-brand-slider-1280');
      // Each click scrolls smoothly: the next look waits for it to end.
      const settled = () => page.waitForTimeout(800);
      await right.click();
      await settled();
      expect(await left.isDisabled()).toBe(false);
      for (let i = 0; i < 5 && !(await right.isDisabled()); i++) {
        await right.click();
        await settled();
      }
      expect(await right.isDisabled()).toBe(true);
      await screenshot(page, 'details-brand-slider-end-1280');
      // Back at the start, the circle is clear of the arrow again.
      for (let i = 0; i < 5 && !(await left.isDisabled()); i++) {
        await left.click();
        await settled();
      }
      const back = (await page.getByRole('button', { name: 'Ver todos' }).locator('span').first().boundingBox())!;
      expect(arrow.x + arrow.width).toBeLessThanOrEqual(back.x);
    });
    await context.close();
  });

  it('moves between the product tabs with the arrow keys, Home and End', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP });
    await page.goto(`/producto/${kush.id}`);
    const tab = (name: string) => page.getByRole('tab', { name });
    await tab('Ficha Técnica').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Descripción').getAttribute('aria-selected')).toBe('true');
    expect(await focusedText(page)).toBe('Descripción');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tab('Ficha Técnica').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    await expect.poll(() => focusedText(page)).not.toBe('Ficha Técnica');
    await page.keyboard.press('Home');
    await expect.poll(() => focusedText(page)).toBe('Ficha Técnica');
  });
});
