// The notices that confirm or refuse an action (toasts) are read by everyone: their text keeps
// the contrast WCAG AA asks for, on a phone and a desktop, for a success and for an error.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { axeViolations } from './helpers/axe';
import { useShop } from './helpers/shop';

const shop = useShop();
let productId: number;

beforeAll(async () => {
  productId = (await createProduct(shop.server.ctx.db, { name: 'Aurora Índica', blisters: [{ seed_count: 3, stock: 1, price: 9000 }] })).id;
});

/** The contrast problems on the page while a toast shows, in axe's words. */
async function toastContrast(page: Page): Promise<string[]> {
  await page.locator('[data-sonner-toast]').first().waitFor();
  // Past its entry animation: axe reads the colours as shown.
  await page.waitForTimeout(600);
  // The page itself passes (e2e/a11y.test.ts): what is left is the toast's.
  return (await axeViolations(page)).filter((line) => line.startsWith('color-contrast'));
}

describe('toasts', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`a success and an error toast are readable at ${viewport.width} px`, async () => {
      // A customer of their own: the cart is the account's, kept by the server on every device.
      const customer = await createUser(shop.server.ctx.db);
      const { page } = await shop.newPage({ viewport, as: customer });
      await step(page, `toasts-${viewport.width}`, async () => {
        await page.goto(`/producto/${productId}`);
        const add = page.getByRole('button', { name: 'Añadir al Carrito' });
        await add.click();
        await page.getByText('Producto añadido al carrito').waitFor();
        await page.waitForTimeout(500);
        await screenshot(page, `toast-success-${viewport.width}`);
        // Nothing floating hides it: the WhatsApp button lifts the toasts above itself.
        const toast = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
        const button = (await page.getByRole('link', { name: /Escríbenos por WhatsApp/ }).boundingBox())!;
        const apart =
          toast.y + toast.height <= button.y ||
          button.y + button.height <= toast.y ||
          toast.x + toast.width <= button.x ||
          button.x + button.width <= toast.x;
        expect(apart, JSON.stringify({ toast, button })).toBe(true);
        expect(await toastContrast(page)).toEqual([]);
        // The only unit is in the cart already: a second one is refused.
        await add.click();
        await page.getByText('Solo hay 1 unidades disponibles').waitFor();
        await page.waitForTimeout(500);
        await screenshot(page, `toast-error-${viewport.width}`);
        expect(await toastContrast(page)).toEqual([]);
      });
    });
  }
});
