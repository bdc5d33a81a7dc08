// One es-AR format for the amounts and phones the back office shows (issue 34, item 30): money
// inputs load as "22.000" and "1.450,50" (not "22000", "1450,5"), shipping prices as "6.500", the
// shop's WhatsApp as "+54 9 11 5555-1234" in its input and on the storefront, and the revenue
// chart of a shop without sales has whole pesos on its scale (not "$0,5"). At 1280 and 390 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStaff } from '../tests/helpers/factories';
import { saveShippingMethods, shippingMethod } from '../tests/helpers/shipping';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let product: Awaited<ReturnType<typeof createProduct>>;

async function shot(page: Page, name: string) {
  await screenshot(page, name);
}

beforeAll(async () => {
  const db = shop.server.ctx.db;
  staff = await createStaff(db, { username: 'duena_formatos', is_superuser: true });
  product = await createProduct(db, { name: 'Formato Kush', blisters: [{ seed_count: 3, price: 1450.5, stock: 5 }] });
  await saveShippingMethods(shop.server, staff.token, [
    shippingMethod({ name: 'Correo a domicilio', rest_of_country_price: 6500, free_from: 22000 }),
  ]);
});

describe('amounts and phones in the back office', () => {
  it('loads money inputs and the WhatsApp the Argentine way, also after saving', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'product-price', async () => {
      await page.goto(`/admin/productos/editar/${product.id}`);
      await expect.poll(() => page.getByLabel('Precio (ARS)').inputValue()).toBe('1.450,50');
    });
    await step(page, 'shipping-prices', async () => {
      await page.goto('/admin/configuracion/envios');
      const method = page.getByRole('region', { name: 'Correo a domicilio' });
      await expect.poll(() => method.getByLabel('Resto del país ($)').inputValue()).toBe('6.500');
      expect(await method.getByLabel('Envío gratis desde ($)').inputValue()).toBe('22.000');
      await shot(page, 'envios-1280');
    });
    await step(page, 'whatsapp-saved', async () => {
      await page.goto('/admin/configuracion');
      const form = page.getByRole('form', { name: 'Datos de pago' });
      const whatsapp = form.getByLabel('WhatsApp de la tienda');
      await whatsapp.fill('1155551234');
      await form.getByRole('button', { name: 'Guardar datos de pago' }).click();
      await page.getByText('Datos de pago guardados').first().waitFor();
      await expect.poll(() => whatsapp.inputValue()).toBe('+54 9 11 5555-1234');
      await page.reload();
      await expect
        .poll(() => page.getByRole('form', { name: 'Datos de pago' }).getByLabel('WhatsApp de la tienda').inputValue())
        .toBe('+54 9 11 5555-1234');
      await page.getByRole('form', { name: 'Datos de pago' }).scrollIntoViewIfNeeded();
      await shot(page, 'datos-de-pago-1280');
    });
    await step(page, 'whatsapp-on-contact-page', async () => {
      await page.goto('/contacto');
      await page.getByText('+54 9 11 5555-1234').first().waitFor();
      expect(await page.locator('body').innerText()).not.toContain('+54 9 1155551234');
    });
  });

  it('writes whole pesos on the revenue scale of a shop without sales', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'inicio-1280'],
      [MOBILE, 'inicio-390'],
    ] as const) {
      const { page } = await shop.newPage({ viewport, as: staff });
      await step(page, `dashboard-${name}`, async () => {
        await page.goto('/admin');
        const chart = page.getByRole('img', { name: /^Ingresos por día/ });
        await chart.waitFor();
        const scale = await chart.locator('text').allTextContents();
        expect(scale.slice(0, 3)).toEqual(['$ 0', '$ 1', '$ 2']);
        for (const label of scale) expect(label).not.toMatch(/\d,\d/);
        await chart.scrollIntoViewIfNeeded();
        await shot(page, name);
      });
    }
  });
});
