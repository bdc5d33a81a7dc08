// "Repetir pedido" in Mis Pedidos (issue 38): an order with a line sold out since goes back into
// the cart without it, and the cart says so in one message.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blisters } from '../src/server/db/schema';
import { readCart } from '../src/server/modules/cart';
import { createProduct, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();

let customer: Awaited<ReturnType<typeof createUser>>;
let orderNumber: number;

beforeAll(async () => {
  const db = shop.server.ctx.db;
  const gorilla = await createProduct(db, { name: 'Gorilla Glue', blisters: [{ seed_count: 3, price: 10000, stock: 5 }] });
  const gelato = await createProduct(db, { name: 'Gelato 41', blisters: [{ seed_count: 5, price: 15000, stock: 5 }] });
  customer = await createUser(db, { first_name: 'Lucía' });
  const order = await placeOrder(shop.server, customer, [
    { product_id: gorilla.id, blister_id: gorilla.blisters[0].id, quantity: 2 },
    { product_id: gelato.id, blister_id: gelato.blisters[0].id, quantity: 1 },
  ]);
  orderNumber = order.order_number;
  await db.update(blisters).set({ stock: 0 }).where(eq(blisters.id, gelato.blisters[0].id));
});

describe('Repetir pedido', () => {
  it.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('puts the order back in the cart without the sold-out line and says so (%s)', async (name, viewport) => {
    const { context, page } = await shop.newPage({ viewport, as: customer });
    await step(page, `reorder-${name}`, async () => {
      await page.goto('/mi-cuenta?section=orders');
      await page.getByRole('button', { name: `Repetir pedido #${orderNumber}` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `mis-pedidos-${viewport.width}`, { fullPage: true });
      await page.getByRole('button', { name: `Repetir pedido #${orderNumber}` }).click();
      await page.waitForURL('**/carrito');
      await page
        .getByRole('status')
        .filter({ hasText: /al carrito a los precios de hoy\. No se pudo agregar todo: .*Gelato 41 \(5 semillas\): sin stock/ })
        .waitFor();
      await page.getByRole('link', { name: 'Gorilla Glue' }).waitFor();
      expect(await page.getByRole('link', { name: 'Gelato 41' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `reorder-cart-${viewport.width}`, { fullPage: true });
    });
    await context.close();
  });

  it('left the lines in the account’s cart', async () => {
    // Two runs of two units each, kept within the 3 the order left in stock.
    expect((await readCart(shop.server.ctx, customer.id)).lines.map((l) => [l.name, l.quantity])).toEqual([['Gorilla Glue', 3]]);
  });
});
