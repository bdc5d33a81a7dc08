// What a customer's walk through the shop at 390 and 1280 px found (issue 34): a returning
// customer's delivery, signing in after verifying the e-mail, the phone's search field, the stock
// message at checkout, and the layout (badges, the flavours tile, the WhatsApp button, the names
// of the cart's and the orders' buttons).
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters } from '../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { extractCode, waitForOutboxMail } from '../tests/helpers/mail';
import { placeOrder } from '../tests/helpers/orders';
import { saveShippingMethods, shippingMethod } from '../tests/helpers/shipping';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { cartLine, putInCart } from './helpers/cart';
import { squash } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let gorilla: Awaited<ReturnType<typeof createProduct>>;
let amnesia: Awaited<ReturnType<typeof createProduct>>;
let soldOut: Awaited<ReturnType<typeof createProduct>>;
let methods: Awaited<ReturnType<typeof saveShippingMethods>>;

const ADDRESS = { street: 'Av. Colón', number: '1234', zip_code: '5000', city: 'Córdoba', province: 'AR-X' as const, details: 'Piso 3' };

beforeAll(async () => {
  const db = shop.server.ctx.db;
  staff = await createStaff(db);
  methods = await saveShippingMethods(shop.server, staff.token, [
    shippingMethod({ name: 'Correo a domicilio', rest_of_country_price: 6000 }),
    shippingMethod({ name: 'Acordar entrega', kind: 'coordinate', carrier: 'otro', rest_of_country_price: 0, days_min: 0, days_max: 0 }),
  ]);
  const contact = await api(shop.server, 'PUT', '/api/core/contact-settings/', {
    token: staff.token,
    body: { whatsapp_number: '1155556666' },
  });
  expect(contact.status, contact.text).toBe(200);
  gorilla = await createProduct(db, {
    name: 'Gorilla Kush',
    flavors: 'Hachís, Terroso, Frutos rojos',
    flowering_time: '8-9 semanas',
    blisters: [
      { seed_count: 3, price: 44000, stock: 5 },
      { seed_count: 5, price: 60000, stock: 5 },
    ],
  });
  amnesia = await createProduct(db, { name: 'Amnesia Haze', blisters: [{ seed_count: 3, price: 30000, stock: 10 }] });
  soldOut = await createProduct(db, { name: 'Northern Light Agotada', blisters: [{ seed_count: 3, price: 30000, stock: 0 }] });
});

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};
type Box = Awaited<ReturnType<typeof boxOf>>;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The names of the links and buttons a screen reader finds in `scope` (its accessibility tree). */
async function controlNames(scope: Locator): Promise<{ role: string; name: string }[]> {
  const tree = await scope.ariaSnapshot();
  // A line holding '#' comes quoted as a whole: - 'button "Eliminar … #3"'.
  return [...tree.matchAll(/^\s*- '?(link|button)(?: "((?:[^"\\]|\\.)*)")?/gm)].map(([, role, name]) => ({ role, name: name ?? '' }));
}

describe('a returning customer', () => {
  it('starts the checkout from the last order: its method and its address', async () => {
    const customer = await createUser(shop.server.ctx.db, { first_name: 'Rocío', last_name: 'Paz' });
    const home = methods.find((m) => m.kind === 'home')!;
    await placeOrder(shop.server, customer, [{ product_id: amnesia.id, blister_id: amnesia.blisters[0].id, quantity: 1 }], {
      recipient_name: 'Rocío Paz',
      customer_phone: '3511234567',
      delivery_type: 'address',
      shipping_method_id: home.id,
      address: ADDRESS,
    });
    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page } = await shop.newPage({ viewport, as: customer });
      await putInCart(context, shop.server.url, [cartLine(amnesia, 1)]);
      await step(page, `returning-delivery-${viewport.width}`, async () => {
        await page.goto('/carrito');
        await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
        await page.getByRole('button', { name: 'Confirmar Pedido' }).waitFor();
        // Not the cheapest ('Acordar entrega'): the method of the last order, with its address shown.
        await expect.poll(() => page.getByRole('radio', { name: /Correo a domicilio/ }).isChecked()).toBe(true);
        expect(await page.getByRole('radio', { name: /Acordar entrega/ }).isChecked()).toBe(false);
        expect(await page.getByLabel('Calle').inputValue()).toBe('Av. Colón');
        expect(await page.getByLabel('Número').inputValue()).toBe('1234');
        expect(await page.getByLabel('Ciudad').inputValue()).toBe('Córdoba');
        expect(await page.getByLabel('Provincia').inputValue()).toBe('AR-X');
        await page.waitForTimeout(300);
        await screenshot(page, `returning-delivery-${viewport.width}`);
        expect(await page.getByRole('button', { name: 'Confirmar Pedido' }).isEnabled()).toBe(true);
      });
    }
  });
});

describe('registering from a product page', () => {
  it('signs the new customer in once the e-mail is verified and takes them back to the product', async () => {
    const email = 'sofia.luna@example.com';
    const { page } = await shop.newPage({ viewport: MOBILE, touch: true });
    await step(page, 'register-from-product', async () => {
      await page.goto(`/producto/${gorilla.id}`);
      await page.getByRole('link', { name: 'Crear cuenta' }).first().click();
      await page.waitForURL('**/crear-cuenta?redirect=*');
      await page.getByLabel('Nombre', { exact: true }).fill('Sofía');
      await page.getByLabel('Apellido').fill('Luna');
      await page.getByLabel('Usuario').fill('sofialuna');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('semillas-2026');
      await page.getByLabel('Confirmar contraseña').fill('semillas-2026');
      await page.getByRole('button', { name: 'Crear Cuenta' }).click();
      await page.getByRole('heading', { name: 'Verifica tu email' }).waitFor();
      const code = extractCode(await waitForOutboxMail(shop.server, email, 'verificación'));
      await page.getByLabel('Código de verificación').fill(code);
      await page.getByRole('button', { name: 'Verificar email' }).click();
      // Signed in, back on the product, with its prices and its cart button.
      await page.waitForURL(`**/producto/${gorilla.id}`);
      await page.getByRole('button', { name: 'Añadir al Carrito' }).waitFor();
      await page.getByRole('link', { name: /^Mi cuenta: / }).waitFor();
    });
  });
});

describe('the search on a phone', () => {
  it('focuses the search field when the magnifier is tapped', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE, touch: true });
    await step(page, 'phone-search', async () => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Buscar', exact: true }).tap();
      const field = page.getByRole('combobox', { name: 'Buscar productos' });
      await field.waitFor();
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
      // What the customer types goes into it.
      await page.keyboard.type('gorilla');
      expect(await field.inputValue()).toBe('gorilla');
    });
  });
});

describe('stock that ran out during the checkout', () => {
  it('names the presentation and says the cart changed', async () => {
    const customer = await createUser(shop.server.ctx.db, { first_name: 'Tomás', last_name: 'Sosa' });
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: customer });
    await putInCart(context, shop.server.url, [cartLine(gorilla, 3)]);
    await step(page, 'stock-cut', async () => {
      await page.goto('/carrito');
      await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
      await page.getByRole('button', { name: 'Confirmar Pedido' }).waitFor();
      await page.getByLabel('Teléfono').fill('3511234567');
      await page.getByLabel('Provincia').selectOption('AR-X');
      await page.getByRole('radio', { name: /Acordar entrega/ }).check();
      // Someone else buys meanwhile: one unit of the 3-seed presentation is left.
      await shop.server.ctx.db.update(blisters).set({ stock: 1 }).where(eq(blisters.id, gorilla.blisters[0].id));
      await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'No hay suficiente stock' });
      await alert.waitFor();
      expect(squash(await alert.innerText())).toBe(
        'No hay suficiente stock de Gorilla Kush (3 semillas). Stock disponible: 1. Dejamos 1 unidad en tu carrito: revisa el total y confirma de nuevo.',
      );
      await page.getByRole('heading', { name: 'Mi Carrito (1)' }).waitFor();
      await screenshot(page, 'stock-cut-390');
    });
    await shop.server.ctx.db.update(blisters).set({ stock: 5 }).where(eq(blisters.id, gorilla.blisters[0].id));
  });
});

describe('layout', () => {
  it('shows "Agotado" under the name, not over the picture or the brand, and the flavours whole at 1280 px', async () => {
    const customer = await createUser(shop.server.ctx.db);
    const { page } = await shop.newPage({ viewport: DESKTOP, as: customer });
    await step(page, 'sold-out-card', async () => {
      await page.goto('/productos');
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: soldOut.name }) });
      const badge = card.getByText('Agotado', { exact: true }).first();
      const picture = card.getByRole('img', { name: soldOut.name });
      const brand = card.locator('p').first();
      expect(overlap(await boxOf(badge), await boxOf(picture))).toBe(false);
      expect(overlap(await boxOf(badge), await boxOf(brand))).toBe(false);
    });
    await step(page, 'flavour-tile', async () => {
      await page.goto(`/producto/${gorilla.id}`);
      const flavours = page
        .locator('dl div')
        .filter({ has: page.locator('dt', { hasText: /^Sabor$/ }) })
        .locator('dd');
      expect(await flavours.innerText()).toBe('Hachís, Terroso, Frutos rojos');
      // Nothing of it hidden by its box.
      expect(await flavours.evaluate((dd) => dd.scrollWidth <= dd.clientWidth && dd.scrollHeight <= dd.clientHeight)).toBe(true);
      await screenshot(page, 'flavour-tile-1280');
    });
  });

  it('keeps the WhatsApp button off the banner controls at 1280 px and off the order lines on a phone', async () => {
    const { page } = await shop.newPage({ viewport: { width: 1280, height: 800 } });
    await step(page, 'whatsapp-banner', async () => {
      await page.goto('/');
      const bubble = await boxOf(page.getByRole('complementary', { name: 'WhatsApp de la tienda' }).getByRole('link'));
      const banner = page.getByRole('region', { name: 'Búsquedas destacadas' });
      for (const control of [
        banner.getByRole('link', { name: 'Ver productos' }),
        banner.getByRole('button', { name: 'Siguiente' }),
        banner.getByRole('button', { name: 'Anterior' }),
      ]) {
        expect(overlap(await boxOf(control), bubble)).toBe(false);
      }
    });
    const customer = await createUser(shop.server.ctx.db, { first_name: 'Julia', last_name: 'Vera' });
    const order = await placeOrder(
      shop.server,
      customer,
      gorilla.blisters.map((b) => ({ product_id: gorilla.id, blister_id: b.id, quantity: 1 })),
      { recipient_name: 'Julia Vera', customer_phone: '1123456789' },
    );
    const phone = await shop.newPage({ viewport: MOBILE, touch: true, as: customer });
    await step(phone.page, 'whatsapp-orders', async () => {
      await phone.page.goto('/mi-cuenta?section=orders');
      const card = phone.page.getByRole('article', { name: `Pedido #${order.order_number}` });
      const deletes = card.getByRole('button', { name: /^Eliminar / });
      await deletes.first().waitFor();
      const bubble = phone.page.getByRole('complementary', { name: 'WhatsApp de la tienda' }).getByRole('link');
      // A screenful at a time, every line's delete button is clear of it.
      for (let scroll = 0; scroll < 3; scroll++) {
        if (await bubble.count()) {
          for (const button of await deletes.all()) {
            if (await button.isVisible()) expect(overlap(await boxOf(button), await boxOf(bubble))).toBe(false);
          }
        }
        await phone.page.mouse.wheel(0, 300);
        await phone.page.waitForTimeout(200);
      }
      // Two presentations of one product: two buttons, two names.
      const names = (await controlNames(card)).filter((c) => c.name.startsWith('Eliminar ')).map((c) => c.name);
      expect(names).toEqual([
        `Eliminar Gorilla Kush (3 semillas) del pedido #${order.order_number}`,
        `Eliminar Gorilla Kush (5 semillas) del pedido #${order.order_number}`,
      ]);
    });
  });

  it('names every link and button of the cart lines, each once', async () => {
    const customer = await createUser(shop.server.ctx.db);
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: customer });
    await putInCart(context, shop.server.url, [
      cartLine(gorilla, 1),
      cartLine(gorilla, 1, { blister_id: gorilla.blisters[1].id, seed_count: 5 }),
    ]);
    await step(page, 'cart-names', async () => {
      await page.goto('/carrito');
      const lines = page.getByRole('region', { name: 'Productos en el carrito' });
      await lines
        .getByRole('button', { name: /^Eliminar / })
        .first()
        .waitFor();
      const controls = (await controlNames(lines)).filter((c) => c.role === 'link' || c.name.startsWith('Eliminar'));
      expect(controls.filter((c) => c.name.trim() === '')).toEqual([]);
      const names = controls.filter((c) => c.role === 'button').map((c) => c.name);
      expect(names).toEqual(['Eliminar Gorilla Kush (3 semillas) del carrito', 'Eliminar Gorilla Kush (5 semillas) del carrito']);
      // The product links: one per line, the picture repeating it stays out of the screen reader's way.
      expect(controls.filter((c) => c.role === 'link').map((c) => c.name)).toEqual(['Gorilla Kush', 'Gorilla Kush']);
    });
  });
});
