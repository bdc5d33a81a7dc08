// "Nuevo pedido igual" (issue 38): on an order's admin page staff open a new manual order with the
// same customer, lines (today's prices, a sold-out line left out) and delivery, and create it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../src/domain/orders';
import { blisters } from '../src/server/db/schema';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let owner: Awaited<ReturnType<typeof createStaff>>;
let order: OrderDto;

beforeAll(async () => {
  const db = shop.server.ctx.db;
  owner = await createStaff(db, { username: 'duena', is_superuser: true });
  const gelato = await createProduct(db, { name: 'Gelato', blisters: [{ seed_count: 3, price: 12000, stock: 20 }] });
  const haze = await createProduct(db, { name: 'Amnesia Haze', blisters: [{ seed_count: 3, price: 15000, stock: 20 }] });
  const buyer = await createUser(db, { email: 'ana.paz@correo.test', first_name: 'Ana', last_name: 'Paz' });
  order = await placeOrder(shop.server, buyer, [
    { product_id: gelato.id, blister_id: gelato.blisters[0].id, quantity: 2 },
    { product_id: haze.id, blister_id: haze.blisters[0].id, quantity: 1 },
  ]);
  await db.update(blisters).set({ stock: 0 }).where(eq(blisters.id, haze.blisters[0].id));
  await db.update(blisters).set({ price: 13000 }).where(eq(blisters.id, gelato.blisters[0].id));
});

describe('Nuevo pedido igual', () => {
  it.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('opens a manual order draft like the order (%s)', async (name, viewport) => {
    const { context, page } = await shop.newPage({ viewport, as: owner });
    await step(page, `same-order-${name}`, async () => {
      await page.goto(`/admin/pedidos/${order.order_number}`);
      await page.getByRole('link', { name: 'Nuevo pedido igual' }).click();
      await page.waitForURL('**/admin/pedidos/nuevo');
      await expect.poll(() => page.getByLabel('Email del cliente').inputValue()).toBe('ana.paz@correo.test');
      await expect.poll(() => page.getByLabel('Teléfono').inputValue()).toBe(order.customer_phone);
      await page.getByText('Sin stock o fuera de venta, no se copiaron:').waitFor();
      const main = page.locator('main');
      await expect.poll(async () => (await main.innerText()).includes('Amnesia Haze')).toBe(false);
      expect(await main.innerText()).toContain('Gelato');
      await expectNoOverflow(page);
      await screenshot(page, `admin-same-order-${viewport.width}`, { fullPage: true });
    });
    await context.close();
  });
});
