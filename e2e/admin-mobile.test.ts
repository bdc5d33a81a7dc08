// The back office on a phone: every admin page at 390 px with realistic data (long names and
// e-mails included) fits the screen, its actions can be reached, and the product form marks its
// errors where they are and keeps toasts off its save bar.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopDate } from '../src/domain/dates';
import { api } from '../tests/helpers/app';
import { createBrand, createUser } from '../tests/helpers/factories';
import { claimWithoutOrder, drawImage, seedShowcase, uploadAs, type Showcase } from './admin-fixtures';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let showcase: Showcase;
let purchaseOrder: { id: number; number: number; brand: string };
let guestClaimId: number;

const LONG_EMAIL = 'maria.fernanda.gonzalez.rodriguez@correo-electronico-muy-largo.com.ar';
const LONG_PRODUCT = 'Super Silver Haze Automática Edición Limitada Feminizada XXL';

async function ok(result: Promise<{ status: number; json: any; text: string }>) {
  const r = await result;
  if (r.status >= 300) throw new Error(`API ${r.status}: ${r.text}`);
  return r.json;
}

const guestPhoto = async () => uploadAs(shop.server, null, await drawImage('foto', 60, 400), 'warranty', 'foto.png');

beforeAll(async () => {
  showcase = await seedShowcase(shop.server);
  const token = showcase.staff.token;

  // A brand discount that ends in a month, in pesos with cents.
  const inAMonth = shopDate(new Date(Date.now() + 30 * 24 * 3600 * 1000));
  await ok(
    api(shop.server, 'POST', `/api/brands/${showcase.brands[0].id}/apply-discount/`, {
      token,
      body: { discount_type: 'fixed', discount_value: 1250.5, discount_expires_at: inAMonth },
    }),
  );

  // Warranty claims: a customer's on an order, and a guest's with a long e-mail and product name.
  const customer = await createUser(shop.server.ctx.db, { username: 'cliente_garantia', first_name: 'Lucía', last_name: 'Ibarra' });
  const claim = await claimWithoutOrder(shop.server, customer.token, {
    product_name: 'Amnesia Haze',
    description: 'Ninguna de las tres semillas germinó en diez días, siguiendo la guía paso a paso.',
  });
  await ok(api(shop.server, 'PATCH', `/api/warranty-claims/${claim.id}/`, { token, body: { status: 'approved' } }));
  const guest = await ok(
    api(shop.server, 'POST', '/api/warranty-claims/', {
      body: {
        name: 'María Fernanda González Rodríguez',
        email: LONG_EMAIL,
        purchase_type: 'without-order',
        purchase_date: '2024-02-01',
        germination_date: '2024-02-09',
        product_name: LONG_PRODUCT,
        description: `Sembré las semillas en jiffy y ninguna asomó. ${'Sinespaciosniguionesenestapalabramuylarga'.repeat(2)}`,
        photos: [await guestPhoto()],
      },
    }),
  );
  guestClaimId = guest.id;
  // A deactivated customer, for the activity log.
  await ok(api(shop.server, 'PATCH', `/api/auth/users/${customer.id}/`, { token, body: { is_active: false } }));
  // A purchase order to the first product's bank, sent, for the purchasing pages.
  const product = showcase.products[0];
  const po = await api(shop.server, 'POST', '/api/purchase-orders/', {
    token,
    body: { brand_id: product.brand_id, note: 'Entregar en el local.', lines: [{ blister_id: product.blisters[0].id, quantity: 10 }] },
  });
  await ok(Promise.resolve(po));
  purchaseOrder = { ...po.json, brand: showcase.brands.find((b) => b.id === product.brand_id).brand_name };
  await ok(api(shop.server, 'POST', `/api/purchase-orders/${purchaseOrder.id}/send/`, { token }));
});

/** How far the page, or an open dialog, reaches past the screen's right edge; 0 when it fits. */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    let extra = root.scrollWidth - window.innerWidth;
    for (const dialog of document.querySelectorAll('dialog[open]')) {
      extra = Math.max(extra, dialog.scrollWidth - dialog.clientWidth, dialog.getBoundingClientRect().right - window.innerWidth);
    }
    return Math.max(0, Math.ceil(extra));
  });
}

/** Fails with the page's name and how wide it is, keeping a screenshot. */
async function expectFits(page: Page, name: string) {
  const extra = await overflow(page);
  if (extra > 0) await screenshot(page, `FAILED-overflow-${name}`);
  expect(extra, `${name} is ${extra} px wider than the screen`).toBe(0);
}

/** The routes of the admin area (AdminApp.tsx), so a new page cannot be left out of this test. */
function adminRoutes(): string[] {
  const source = readFileSync(new URL('../src/web/features/admin/AdminApp.tsx', import.meta.url), 'utf8');
  return [...source.matchAll(/\{ path: '([^']+)', page:/g)].map((m) => m[1]);
}

const matchesRoute = (route: string, path: string) =>
  new RegExp(`^/admin/${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path.split('?')[0]);

describe('the back office on a phone', () => {
  // 390 px is the point; the desktop pass keeps the same pages honest (and their screenshots).
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`fits every admin page on a ${viewport.width} px screen`, async () => {
      const { context, page } = await shop.newPage({ viewport, as: showcase.staff });
      const product = showcase.products[0];
      const order = showcase.orders[0];
      const brand = showcase.brands[0];
      const pages = [
        { path: '/admin/productos', heading: 'Catálogo de Semillas', ready: product.name },
        { path: '/admin/productos/nuevo', heading: 'Agregar Producto', ready: 'Presentaciones' },
        { path: `/admin/productos/editar/${product.id}`, heading: 'Editar Producto', ready: 'Presentación 2' },
        { path: '/admin/productos/importar', heading: 'Importar catálogo', ready: '2. Sube el archivo' },
        { path: '/admin/pedidos', heading: 'Lista de Pedidos', ready: `Pedido #${order.order_number}` },
        { path: '/admin/pedidos/nuevo', heading: 'Nuevo pedido', ready: 'Resumen' },
        { path: `/admin/pedidos?orderId=${order.order_number}`, heading: 'Lista de Pedidos', ready: 'Destinatario' },
        { path: `/admin/pedidos/${order.order_number}`, heading: `Pedido #${order.order_number}`, ready: 'Destinatario' },
        { path: '/admin/bancos', heading: 'Bancos', ready: brand.brand_name },
        { path: '/admin/bancos/nuevo', heading: 'Nuevo banco', ready: 'Logo del banco' },
        { path: `/admin/bancos/editar/${brand.id}`, heading: 'Editar banco', ready: 'Logo del banco' },
        { path: '/admin/marcas', heading: 'Bancos', ready: brand.brand_name },
        { path: '/admin/garantias', heading: 'Garantías', ready: LONG_PRODUCT },
        { path: '/admin/arrepentimientos', heading: 'Arrepentimientos', ready: 'Sin solicitudes' },
        { path: '/admin/cupones', heading: 'Cupones', ready: 'Sin cupones' },
        { path: '/admin/usuarios', heading: 'Usuarios', ready: 'martina@correo.test' },
        { path: `/admin/usuarios/${order.customer.id}`, heading: 'Detalle del usuario', ready: 'Pedidos del Usuario' },
        { path: '/admin/actividad', heading: 'Actividad', ready: 'Usuario cliente_garantia desactivado' },
        { path: '/admin/configuracion', heading: 'Configuración de la tienda', ready: 'Cotización del dólar' },
        { path: '/admin/configuracion/envios', heading: 'Configuración de la tienda', ready: 'Agregar método de envío' },
        { path: '/admin/reponer', heading: 'Reponer', ready: 'Días de cobertura' },
        { path: '/admin/compras', heading: 'Compras', ready: `OC-${purchaseOrder.number}` },
        {
          path: `/admin/compras/${purchaseOrder.id}`,
          heading: `OC-${purchaseOrder.number} · ${purchaseOrder.brand}`,
          ready: 'Registrar recepción',
        },
        { path: '/admin/reportes', heading: 'Reportes', ready: 'Agrupar por' },
      ];
      for (const route of adminRoutes()) {
        expect(
          pages.some((p) => matchesRoute(route, p.path)),
          `/admin/${route} is not visited`,
        ).toBe(true);
      }
      for (const target of pages) {
        const name = target.path.replace(/^\/admin\//, '').replace(/[/?=]/g, '-');
        await step(page, `admin-${name}-${viewport.width}`, async () => {
          await page.goto(target.path);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(target.heading);
          await page.getByText(target.ready, { exact: false }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await screenshot(page, `admin-${name}-${viewport.width}`);
          await expectFits(page, target.path);
        });
      }
      await context.close();
    });
  }

  it('reaches the claim, brand and activity actions and their dialogs at 390 px', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: showcase.staff });

    await step(page, 'mobile-claim-actions', async () => {
      await page.goto('/admin/garantias');
      const card = page.getByRole('article').filter({ hasText: LONG_PRODUCT });
      const change = card.getByRole('button', { name: 'Cambiar estado' });
      await change.waitFor();
      const box = (await change.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
      await card.getByText('Sin cuenta', { exact: true }).waitFor();
      await card.getByText(LONG_EMAIL).waitFor();

      await card.getByRole('button', { name: 'Ver detalles' }).click();
      const details = page.getByRole('dialog', { name: `Solicitud #${guestClaimId}` });
      await details.getByText('Sin cuenta en la tienda: la solicitud se envió como invitado.').waitFor();
      await screenshot(page, 'mobile-garantia-detalles-390');
      await expectFits(page, 'claim details');
      await details.getByRole('button', { name: 'Cambiar estado' }).click();
      const edit = page.getByRole('dialog', { name: `Cambiar estado · Solicitud #${guestClaimId}` });
      await edit.getByLabel('Estado').selectOption('approved');
      await edit.getByLabel('Detalles de la resolución').waitFor();
      await screenshot(page, 'mobile-garantia-estado-390');
      await expectFits(page, 'claim status');
      await page.keyboard.press('Escape');
    });

    await step(page, 'mobile-bank-dialogs', async () => {
      await page.goto('/admin/bancos');
      const card = page.locator('article', { hasText: 'Royal Queen Seeds' });
      await card.getByText(/Descuento -\$\s1\.250,50 hasta el \d{2}\/\d{2}\/\d{4}/).waitFor();
      // The running discount opens with its expiry filled in.
      await card.getByRole('button', { name: 'Descuento' }).click();
      const discount = page.getByRole('dialog', { name: 'Descuento de Royal Queen Seeds' });
      await expect.poll(() => discount.getByLabel('Vence el (opcional)').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await expect.poll(() => discount.getByLabel('Monto a descontar (ARS)').inputValue()).toBe('1.250,50');
      await screenshot(page, 'mobile-descuento-390');
      await expectFits(page, 'discount dialog');
      // A new amount keeps the sale's end date.
      const before = await api(shop.server, 'GET', `/api/brands/${showcase.brands[0].id}/`, { token: showcase.staff.token });
      await discount.getByLabel('Monto a descontar (ARS)').fill('1000');
      await discount.getByRole('button', { name: 'Aplicar descuento' }).click();
      await discount.waitFor({ state: 'hidden' });
      await card.getByText(/Descuento -\$\s1\.000 hasta el \d{2}\/\d{2}\/\d{4}/).waitFor();
      const after = await api(shop.server, 'GET', `/api/brands/${showcase.brands[0].id}/`, { token: showcase.staff.token });
      expect(after.json).toMatchObject({ discount_value: 1000, discount_expires_at: before.json.discount_expires_at });
      expect(after.json.discount_expires_at).not.toBeNull();

      // A brand with products says why it cannot be deleted, before trying.
      await card.getByRole('button', { name: 'Eliminar Royal Queen Seeds' }).click();
      const blocked = page.getByRole('dialog', { name: 'No se puede eliminar el banco' });
      await blocked.getByText('tiene 3 productos asociados', { exact: false }).waitFor();
      await blocked.getByRole('link', { name: 'Ver sus 3 productos' }).waitFor();
      await blocked.getByRole('button', { name: 'Ocultar de la tienda' }).waitFor();
      await screenshot(page, 'mobile-banco-eliminar-390');
      await expectFits(page, 'delete brand dialog');
      await blocked.getByRole('link', { name: 'Ver sus 3 productos' }).click();
      await page.waitForURL(`**/admin/productos?brand=${showcase.brands[0].id}`);
      await page.locator('article', { hasText: 'Amnesia Haze' }).waitFor();
      expect(await page.locator('article', { hasText: 'Cream Caramel Auto' }).count()).toBe(0);

      // A brand without products asks, the cancel button focused, and goes.
      const empty = await createBrand(shop.server.ctx.db, { brand_name: 'Banco Vacío' });
      await page.goto('/admin/bancos');
      await page.locator('article', { hasText: 'Banco Vacío' }).getByRole('button', { name: 'Eliminar Banco Vacío' }).click();
      const confirm = page.getByRole('dialog', { name: 'Eliminar banco' });
      await confirm.getByText('¿Seguro que deseas eliminar el banco Banco Vacío? No tiene productos asociados.').waitFor();
      expect(await confirm.getByRole('button', { name: 'Cancelar' }).evaluate((button) => button === document.activeElement)).toBe(true);
      await screenshot(page, 'mobile-banco-eliminar-vacio-390');
      await expectFits(page, 'delete empty brand dialog');
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText('Banco Banco Vacío eliminado').waitFor();
      await page.locator('article', { hasText: 'Banco Vacío' }).waitFor({ state: 'detached' });
      expect((await api(shop.server, 'GET', `/api/brands/${empty.id}/`, { token: showcase.staff.token })).status).toBe(404);
    });

    await step(page, 'mobile-activity-changes', async () => {
      await page.goto('/admin/actividad');
      const entry = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Aprobada' }).first();
      await entry.getByRole('button', { name: 'Ver cambios' }).click();
      await entry.getByText('Estado anterior').waitFor();
      await entry.getByText('Aprobada', { exact: true }).waitFor();
      const discount = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Descuento de $' }).first();
      await discount.getByRole('button', { name: 'Ver cambios' }).click();
      await discount.getByRole('rowheader', { name: 'Valor del descuento' }).waitFor();
      // Only the amount changed: still read as pesos, from $ 1.250,50 to $ 1.000.
      await discount.getByRole('cell', { name: /^\$\s1\.250,50$/ }).waitFor();
      await discount.getByRole('cell', { name: /^\$\s1\.000$/ }).waitFor();
      await screenshot(page, 'mobile-actividad-cambios-390');
      await expectFits(page, 'activity changes');
      for (const code of ['approved', 'is_active', 'discount_value', 'discount_expires_at']) {
        expect(await page.getByRole('main').getByText(code, { exact: true }).count(), code).toBe(0);
      }
    });
    await context.close();
  });
});

describe('the product form', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`marks the brand and a taken SKU on their fields and keeps toasts off the save bar at ${viewport.width} px`, async () => {
      const { context, page } = await shop.newPage({ viewport, as: showcase.staff });
      await page.goto('/admin/productos/nuevo');
      await page.getByRole('heading', { name: 'Agregar Producto' }).waitFor();
      const save = page.getByRole('button', { name: 'Guardar producto' });

      await step(page, `form-empty-${viewport.width}`, async () => {
        await save.click();
        // Everything empty: the brand is marked together with the other fields.
        await page.getByText('Por favor, ingrese un nombre para la marca').waitFor();
        await page.getByText('El nombre del producto es requerido').waitFor();
        await page.getByText('Selecciona el tipo de semilla').waitFor();
      });

      await step(page, `form-toasts-${viewport.width}`, async () => {
        // Three toasts, then the pointer over them: the expanded stack stays above the save bar.
        for (let i = 0; i < 3; i++) await save.click();
        const toasts = page.locator('[data-sonner-toast]');
        await expect.poll(() => toasts.count()).toBeGreaterThanOrEqual(3);
        // The pointer onto the front toast, without waiting for the stack to stop moving: each new
        // toast slides the others, and a toast whose time runs out meanwhile leaves the page.
        await page.locator('[data-sonner-toast][data-front="true"]').hover({ force: true });
        await page.waitForTimeout(500);
        const bar = (await save.locator('xpath=..').boundingBox())!;
        for (const box of await Promise.all((await toasts.all()).map((t) => t.boundingBox()))) {
          if (box) expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 1);
        }
        await screenshot(page, `form-toasts-${viewport.width}`);
        await page.mouse.move(0, 0);
      });

      await step(page, `form-sku-${viewport.width}`, async () => {
        const brandBox = page.getByRole('combobox', { name: 'Nombre del banco' });
        await brandBox.fill('Sweet');
        await page.getByRole('option', { name: /Sweet Seeds/ }).click();
        await page.getByLabel('Nombre del producto').fill(`Producto con SKU repetido ${viewport.width}`);
        await page.getByRole('combobox', { name: /^Tipo/ }).selectOption('fem');
        await page.getByLabel('Semillas').fill('3');
        await page.getByLabel('Precio (ARS)').fill('15000');
        await page.getByLabel('Stock').fill('5');
        await page.getByLabel('SKU').fill(showcase.products[0].sku);
        await save.click();
        const sku = page.getByLabel('SKU');
        await expect.poll(() => sku.getAttribute('aria-invalid')).toBe('true');
        await page.getByText('El SKU ya existe').waitFor();
        await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('SKU-100');
        expect(await page.locator('[data-sonner-toast]', { hasText: 'El SKU ya existe' }).count()).toBe(0);
        // Brought into view (smoothly), above the save bar.
        const bar = (await save.locator('xpath=..').boundingBox())!;
        await expect
          .poll(async () => {
            const field = (await sku.boundingBox())!;
            return field.y >= 0 && field.y + field.height <= bar.y;
          })
          .toBe(true);
        await screenshot(page, `form-sku-${viewport.width}`);
      });
      await expectFits(page, 'product form');
      await context.close();
    });
  }
});
