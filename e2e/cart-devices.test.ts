// One cart on every device (issue 38): a customer adds on a phone, signs in on a desktop (another
// browser, whose cookie holds a line of its own) and finds both; a sold-out line stays, marked,
// and is left out of the order.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters } from '../src/server/db/schema';
import { readCart } from '../src/server/modules/cart';
import { createProduct, createUser } from '../tests/helpers/factories';
import { eventually } from '../tests/helpers/mail';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { cartLine, putInCart } from './helpers/cart';
import { useShop } from './helpers/shop';

const shop = useShop();
let gorilla: Awaited<ReturnType<typeof createProduct>>;
let critical: Awaited<ReturnType<typeof createProduct>>;
let gelato: Awaited<ReturnType<typeof createProduct>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  const db = shop.server.ctx.db;
  gorilla = await createProduct(db, { name: 'Gorilla Glue', blisters: [{ seed_count: 3, price: 10000, stock: 5 }] });
  critical = await createProduct(db, { name: 'Critical Kush', blisters: [{ seed_count: 5, price: 20000, stock: 5 }] });
  gelato = await createProduct(db, { name: 'Gelato 41', blisters: [{ seed_count: 3, price: 15000, stock: 5 }] });
  customer = await createUser(db, { first_name: 'Lucía' });
});

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const serverLines = async () => (await readCart(shop.server.ctx, customer.id)).lines.map((l) => [l.name, l.quantity, l.state]);

describe('one cart on every device', () => {
  it('keeps what the phone added for the desktop, merged with the desktop browser’s own cart', async () => {
    const phone = await shop.newPage({ viewport: MOBILE, as: customer });
    await step(phone.page, 'phone-add', async () => {
      await phone.page.goto(`/producto/${gorilla.id}`);
      await phone.page.getByRole('button', { name: 'Añadir al Carrito' }).click();
      await phone.page.getByText('Producto añadido al carrito').first().waitFor();
      await phone.page.goto(`/producto/${gelato.id}`);
      await phone.page.getByRole('button', { name: 'Añadir al Carrito' }).click();
      await eventually(async () => (await serverLines()).length === 2);
    });
    await phone.context.close();

    // The desktop's browser had a line from before, with an old price.
    const desktop = await shop.newPage({ viewport: DESKTOP, as: customer });
    await putInCart(desktop.context, shop.server.url, [cartLine(critical, 2, { price: 1 })]);
    await step(desktop.page, 'desktop-cart', async () => {
      await desktop.page.goto('/carrito');
      await desktop.page.getByRole('heading', { name: 'Mi Carrito (4)' }).waitFor();
      for (const name of ['Gorilla Glue', 'Gelato 41', 'Critical Kush']) await desktop.page.getByRole('link', { name }).waitFor();
      expect(await serverLines()).toEqual([
        ['Gorilla Glue', 1, 'ok'],
        ['Gelato 41', 1, 'ok'],
        ['Critical Kush', 2, 'ok'],
      ]);
      await noOverflow(desktop.page);
      await screenshot(desktop.page, 'cart-merged-1280', { fullPage: true });
      // A change here is saved for the other devices.
      await desktop.page.getByRole('button', { name: 'Agregar una unidad de Gorilla Glue (3 semillas)' }).click();
      await eventually(async () => (await serverLines())[0][1] === 2);
    });
    await desktop.context.close();
  });

  it('marks a line sold out since, leaves it out of the order, and keeps it', async () => {
    await shop.server.ctx.db.update(blisters).set({ stock: 0 }).where(eq(blisters.id, gelato.blisters[0].id));
    const phone = await shop.newPage({ viewport: MOBILE, as: customer });
    // This browser already mirrors the account's cart: the server's replaces the cookie.
    await phone.page.goto('/');
    await phone.page.evaluate((id) => localStorage.setItem('cart_owner', String(id)), customer.id);
    await step(phone.page, 'phone-sold-out', async () => {
      await phone.page.goto('/carrito');
      await phone.page.getByText('Sin stock por ahora: no se incluye en el pedido.').waitFor();
      await phone.page.getByRole('heading', { name: 'Mi Carrito (4)' }).waitFor();
      await noOverflow(phone.page);
      await screenshot(phone.page, 'cart-sold-out-390', { fullPage: true });
    });
    await phone.context.close();
  });
});
