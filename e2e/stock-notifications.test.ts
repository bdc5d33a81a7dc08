// 'Avisarme cuando haya stock' in a real browser against the built app (issue 14): a visitor is
// asked to log in; a customer asks on a sold-out blister, sees 'Te avisaremos por e-mail',
// cancels and asks again; Mi Cuenta lists the request and cancels it; no page overflows.
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockNotifications } from '../src/server/db/schema';
import { createProduct, createUser } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let product: Awaited<ReturnType<typeof createProduct>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  product = await createProduct(shop.server.ctx.db, {
    name: 'Gorilla Glue',
    blisters: [
      { seed_count: 3, price: 12000, stock: 0 },
      { seed_count: 5, price: 18000, stock: 4 },
    ],
  });
  customer = await createUser(shop.server.ctx.db, { first_name: 'Lucía' });
});

const openRequests = () =>
  shop.server.ctx.db
    .select()
    .from(stockNotifications)
    .where(and(eq(stockNotifications.user_id, customer.id), isNull(stockNotifications.closed_at)));

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('notify me when there is stock', () => {
  it('asks a visitor to log in', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE });
    await step(page, 'visitor', async () => {
      await page.goto(`/producto/${product.id}`);
      await page.getByText('¿Una presentación sin stock? Inicia sesión y te avisaremos por e-mail cuando vuelva.').waitFor();
      await page.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
      await expect(page.getByRole('button', { name: 'Avisarme cuando haya stock' }).count()).resolves.toBe(0);
      await expectNoOverflow(page);
    });
    await context.close();
  });

  it.each([
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('lets a customer ask, cancel and ask again on the product page, and cancel in Mi Cuenta (%s)', async (name, viewport) => {
    const { context, page } = await shop.newPage({ viewport, as: customer });
    const notify = page.getByRole('button', { name: 'Avisarme cuando haya stock' });

    await step(page, `product-${name}`, async () => {
      await page.goto(`/producto/${product.id}`);
      // The blister with stock is chosen first: nothing to ask for.
      await page.getByText('4 Unidades disponibles').waitFor();
      expect(await notify.count()).toBe(0);
      await page.getByText('3 Semillas', { exact: false }).click();
      await page.getByText('Sin stock', { exact: true }).waitFor();
      await notify.click();
      await page.getByText('Te avisaremos por e-mail').waitFor();
      expect(await openRequests()).toHaveLength(1);
      await expectNoOverflow(page);
      await screenshot(page, `stock-notify-product-${viewport.width}`);

      await page.getByRole('button', { name: 'Cancelar aviso' }).click();
      await notify.waitFor();
      expect(await openRequests()).toHaveLength(0);
      await notify.click();
      await page.getByText('Te avisaremos por e-mail').waitFor();

      // Still there after a reload.
      await page.reload();
      await page.getByText('3 Semillas', { exact: false }).click();
      await page.getByText('Te avisaremos por e-mail').waitFor();
    });

    await step(page, `account-${name}`, async () => {
      await page.goto('/mi-cuenta');
      await page.getByRole('navigation', { name: 'Secciones de la cuenta' }).getByRole('link', { name: 'Avisos de stock' }).click();
      await page.waitForURL('**/mi-cuenta?section=stock-alerts');
      const item = page.getByRole('listitem').filter({ hasText: 'Gorilla Glue' });
      await item.getByText(`${product.brand.brand_name} · 3 semillas`).waitFor();
      expect(await item.getByRole('link', { name: 'Gorilla Glue' }).getAttribute('href')).toBe(`/producto/${product.id}`);
      await expectNoOverflow(page);
      await screenshot(page, `stock-notify-account-${viewport.width}`);
      await item.getByRole('button', { name: 'Cancelar el aviso de Gorilla Glue, 3 semillas' }).click();
      await page.getByText('No tienes avisos de stock').waitFor();
      expect(await openRequests()).toHaveLength(0);
      await screenshot(page, `stock-notify-account-empty-${viewport.width}`);
    });
    await context.close();
  });
});
