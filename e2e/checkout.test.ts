// The whole customer path in a real browser against the built app: register, verify the e-mail
// with the code from the outbox, log in, see prices, fill the cart with two blisters of one
// product and one of another, change quantities, check out, find the order in Mi Cuenta, cancel
// it, and see the stock back on the product page.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters, orders } from '../src/server/db/schema';
import { api } from '../tests/helpers/app';
import { createBrand, createProduct, createUser, TEST_PASSWORD } from '../tests/helpers/factories';
import { extractCode, waitForOutboxMail } from '../tests/helpers/mail';
import { MOBILE, screenshot, step } from './helpers/browser';
import { cartLine, putInCart } from './helpers/cart';
import { ars, squash } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let gorilla: Awaited<ReturnType<typeof createProduct>>;
let critical: Awaited<ReturnType<typeof createProduct>>;

const text = async (page: Page, selector = 'body') => squash(await page.locator(selector).innerText());

async function stockOf(blisterId: number) {
  const [row] = await shop.server.ctx.db.select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, blisterId));
  return row.stock;
}

beforeAll(async () => {
  const brand = await createBrand(shop.server.ctx.db, { brand_name: 'Banco Andino' });
  gorilla = await createProduct(shop.server.ctx.db, {
    name: 'Gorilla Andina',
    brand_id: brand.id,
    blisters: [
      { seed_count: 3, price: 10000, stock: 5, discount: 10 },
      { seed_count: 5, price: 15000, stock: 4 },
    ],
  });
  critical = await createProduct(shop.server.ctx.db, {
    name: 'Critical Pampa',
    brand_id: brand.id,
    blisters: [{ seed_count: 1, price: 8000, stock: 3 }],
  });
  // A checkout refused for stock before the journey's: it takes an order id, and gives its number back.
  const early = await createUser(shop.server.ctx.db);
  const refused = await api(shop.server, 'POST', '/api/orders/', {
    token: early.token,
    body: {
      recipient_name: 'Ana Pérez',
      customer_phone: '1145678901',
      delivery_type: 'coordinate',
      products: [{ product_id: critical.id, blister_id: critical.blisters[0].id, quantity: 9 }],
    },
  });
  expect(refused.status).toBe(409);
});

describe('customer journey from registration to a cancelled order', () => {
  it('registers, buys, follows the order in Mi Cuenta, cancels it, and the stock comes back', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE });
    const email = 'lucia.fernandez@example.com';
    const password = 'semillas-2025';
    const [gorilla3, gorilla5] = gorilla.blisters;
    const [critical1] = critical.blisters;

    await step(page, 'register', async () => {
      await page.goto('/crear-cuenta');
      await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
      await page.getByLabel('Apellido').fill('Fernández');
      await page.getByLabel('Usuario').fill('luciaf');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill(password);
      await page.getByLabel('Confirmar contraseña').fill('otra-clave');
      await page.getByRole('button', { name: 'Crear Cuenta' }).click();
      await page.getByText('Las contraseñas no coinciden').waitFor();
      await page.getByLabel('Confirmar contraseña').fill(password);
      await page.getByRole('button', { name: 'Crear Cuenta' }).click();
      await page.getByRole('heading', { name: 'Verifica tu email' }).waitFor();
    });

    await step(page, 'verify', async () => {
      const mail = await waitForOutboxMail(shop.server, email, 'verificación');
      const code = extractCode(mail);
      const verify = page.getByRole('button', { name: 'Verificar email' });
      await page.getByLabel('Código de verificación').fill(code.slice(0, 5));
      expect(await verify.isDisabled()).toBe(true);
      await page.getByLabel('Código de verificación').fill(code);
      await verify.click();
      // Verified, she is signed in with the password she chose and lands on her account.
      await page.getByText('Email verificado correctamente.').first().waitFor();
      await page.waitForURL('**/mi-cuenta');
      await page.getByText('No tienes pedidos activos').waitFor();
    });

    await step(page, 'add-to-cart', async () => {
      await page.goto(`/producto/${gorilla.id}`);
      await page.getByRole('button', { name: 'Añadir al Carrito' }).waitFor();
      await page.getByText('3 Semillas', { exact: true }).click();
      // Prices are shown once logged in: 10% off 10.000.
      expect(await text(page, 'main')).toContain(ars(9000));
      await page.getByRole('button', { name: 'Añadir al Carrito' }).click();
      await page.getByText('5 Semillas', { exact: true }).click();
      expect(await text(page, 'main')).toContain(ars(15000));
      await page.getByRole('button', { name: 'Añadir al Carrito' }).click();

      await page.goto(`/producto/${critical.id}`);
      await page.getByRole('button', { name: 'Añadir al Carrito' }).click();
      await page.getByText('Producto añadido al carrito').first().waitFor();
    });

    await step(page, 'cart', async () => {
      await page.goto('/carrito');
      await page.getByRole('heading', { name: 'Mi Carrito (3)' }).waitFor();
      expect(await page.getByRole('listitem').filter({ hasText: 'Gorilla Andina' }).count()).toBe(2);

      // Two more units of the 3-seed blister (stock 5), one typed quantity on the 5-seed one.
      await page.getByRole('button', { name: 'Agregar una unidad de Gorilla Andina (3 semillas)' }).click();
      await page.getByRole('heading', { name: 'Mi Carrito (4)' }).waitFor();
      await page.getByRole('button', { name: 'Agregar una unidad de Gorilla Andina (3 semillas)' }).click();
      await page.getByRole('heading', { name: 'Mi Carrito (5)' }).waitFor();
      const fiveSeeds = page.getByLabel('Cantidad de Gorilla Andina (5 semillas)');
      await fiveSeeds.fill('2');
      await fiveSeeds.press('Enter');
      await page.getByRole('heading', { name: 'Mi Carrito (6)' }).waitFor();

      // More than the stock is refused with the spec's message and the quantity stays.
      const criticalQty = page.getByLabel('Cantidad de Critical Pampa (1 semilla)');
      await criticalQty.fill('9');
      await criticalQty.press('Enter');
      await page.getByText('Solo hay 3 unidades disponibles').first().waitFor();
      expect(await criticalQty.inputValue()).toBe('1');
      // Below 1 is raised to 1, and the box shows what the cart holds.
      await criticalQty.fill('-3');
      await criticalQty.press('Enter');
      await expect.poll(() => criticalQty.inputValue()).toBe('1');
      await page.getByRole('heading', { name: 'Mi Carrito (6)' }).waitFor();

      const total = 3 * 9000 + 2 * 15000 + 8000;
      const summary = await text(page, 'aside');
      expect(summary).toContain(`Subtotal ${ars(total)}`);
      expect(summary).toContain(`Total ${ars(total)}`);
      await screenshot(page, 'checkout-cart-390');
    });

    let orderNumber = 0;
    await step(page, 'checkout', async () => {
      await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
      const confirm = page.getByRole('button', { name: 'Confirmar Pedido' });
      await confirm.waitFor();
      expect(await confirm.isDisabled()).toBe(true);
      // No shipping method is set up: the spec's form, no province asked, 'Acordar entrega'.
      expect(await page.getByLabel('Provincia').count()).toBe(0);
      expect(await page.getByLabel('Envío a domicilio').isDisabled()).toBe(true);
      await page.getByLabel('Teléfono').fill('11 2345-678');
      await page.getByLabel('Teléfono').blur();
      await page.getByText('Ingresa un teléfono válido').waitFor();
      // Pasted or autofilled in the international form: every digit is kept, then normalised.
      await page.getByLabel('Teléfono').fill('+54 9 11 2345-6789');
      await page.getByLabel('Teléfono').blur();
      expect(await page.getByLabel('Teléfono').inputValue()).toBe('1123456789');
      await page.getByLabel('Acordar entrega').check();
      await screenshot(page, 'checkout-form-390');
      await confirm.click();
      await page.waitForURL('**/mi-cuenta?section=orders');
      await page.getByText('¡Orden creada exitosamente! Te enviaremos un email con los detalles y próximos pasos.').first().waitFor();

      const [order] = await shop.server.ctx.db.select().from(orders);
      orderNumber = order.order_number;
      // Numbered without the refused checkout's gap; the id is only the API's key.
      expect(orderNumber).toBe(1);
      expect(order.id).toBe(2);
      expect(order.total).toBe(3 * 9000 + 2 * 15000 + 8000);
      expect(order.customer_phone).toBe('1123456789');
      expect(order.delivery_type).toBe('coordinate');
      expect(await stockOf(gorilla3.id)).toBe(2);
      expect(await stockOf(gorilla5.id)).toBe(2);
      expect(await stockOf(critical1.id)).toBe(2);
    });

    await step(page, 'my-orders', async () => {
      const card = page.getByRole('article', { name: `Pedido #${orderNumber}` });
      await card.waitFor();
      const shown = await text(page, `article[aria-label="Pedido #${orderNumber}"]`);
      expect(shown).toContain('Esperando pago');
      expect(shown).toContain(`3 x ${ars(9000)}`);
      expect(shown).toContain(`2 x ${ars(15000)}`);
      expect(shown).toContain(`1 x ${ars(8000)}`);
      expect(shown).toContain(`Total: ${ars(65000)}`);
      expect(await card.getByRole('link', { name: 'Critical Pampa' }).getAttribute('href')).toBe(`/producto/${critical.id}`);
      // The cart was emptied by the order.
      expect(await page.evaluate(() => document.cookie.includes('cart='))).toBe(false);
      await screenshot(page, 'checkout-my-orders-390');
    });

    await step(page, 'cancel', async () => {
      await page.getByRole('button', { name: 'Cancelar pedido' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancelar pedido' });
      await dialog.waitFor();
      // The answer that changes nothing has the focus, and Escape closes without cancelling.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Volver');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Cancelar pedido' }).click();
      await dialog.getByRole('button', { name: 'Sí, cancelar pedido' }).click();
      await page.getByText('No tienes pedidos activos').waitFor();
      expect(await stockOf(gorilla3.id)).toBe(5);
      expect(await stockOf(gorilla5.id)).toBe(4);
      expect(await stockOf(critical1.id)).toBe(3);
    });

    await step(page, 'stock-back', async () => {
      await page.getByRole('link', { name: 'Ir a la tienda' }).waitFor();
      await page.goto(`/producto/${gorilla.id}`);
      await page.getByText('3 Semillas', { exact: true }).click();
      await page.getByText('5 Unidades disponibles').waitFor();
      await page.getByText('5 Semillas', { exact: true }).click();
      await page.getByText('4 Unidades disponibles').waitFor();
    });
  });

  it('sends an anonymous visitor who starts an order to log in and back to the cart', async () => {
    const customer = await createUser(shop.server.ctx.db);
    const { context, page } = await shop.newPage({ viewport: MOBILE });
    await putInCart(context, shop.server.url, [cartLine(critical, 1, { brand: 'Banco Andino' })]);

    await page.goto('/carrito');
    await page.getByRole('heading', { name: 'Mi Carrito (1)' }).waitFor();
    await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
    await page.getByText('Debes iniciar sesión para realizar la compra').first().waitFor();
    await page.waitForURL('**/login?redirect=carrito');

    await page.getByLabel('Usuario o email').fill(customer.username);
    await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/carrito');
    await page.getByRole('heading', { name: 'Mi Carrito (1)' }).waitFor();
    await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
    await page.getByRole('button', { name: 'Confirmar Pedido' }).waitFor();
  });
});
