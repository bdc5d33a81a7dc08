// Every admin page with realistic data at phone and desktop widths: headings, no script errors,
// screenshots under e2e/artifacts; and the admin code stays out of the home page's first load.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../tests/helpers/app';
import { seedShowcase, type Showcase } from './admin-fixtures';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let showcase: Showcase;

beforeAll(async () => {
  showcase = await seedShowcase(shop.server);
});

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    // An anonymous start asks for a refresh that answers 401: not a script error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

describe('admin area pages', () => {
  it('keeps the admin code out of the home page first load', async () => {
    const { context, page } = await shop.newPage();
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text());
    });
    await page.goto('/', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(1500);
    const scripts = await Promise.all(bodies);
    expect(scripts.length).toBeGreaterThan(0);
    // Texts only the admin pages contain.
    for (const adminText of ['Cargar más productos', 'Lista de Pedidos', 'Agregar presentación', 'Aplicar descuento']) {
      expect(scripts.some((code) => code.includes(adminText))).toBe(false);
    }
    await context.close();
  });

  for (const [name, viewport] of [
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows every admin page with its data at ${viewport.width} px`, async () => {
      const { context, page } = await shop.newPage({ viewport, as: showcase.staff });
      const errors = collectErrors(page);

      const product = showcase.products[0];
      const order = showcase.orders[0];
      const brand = showcase.brands[0];
      const pages = [
        { path: '/admin/productos', heading: 'Catálogo de Semillas', shot: 'productos', ready: product.name },
        { path: '/admin/productos/nuevo', heading: 'Agregar Producto', shot: 'producto-nuevo', ready: 'Presentaciones' },
        { path: `/admin/productos/editar/${product.id}`, heading: 'Editar Producto', shot: 'producto-editar', ready: 'Presentación 2' },
        { path: '/admin/pedidos', heading: 'Lista de Pedidos', shot: 'pedidos', ready: `Pedido #${order.order_number}` },
        {
          path: `/admin/pedidos?orderId=${order.order_number}`,
          heading: 'Lista de Pedidos',
          shot: 'pedidos-detalle-modal',
          ready: 'Destinatario',
        },
        { path: `/admin/pedidos/${order.order_number}`, heading: `Pedido #${order.order_number}`, shot: 'pedido', ready: 'Destinatario' },
        { path: '/admin/pedidos/nuevo', heading: 'Nuevo pedido', shot: 'pedido-nuevo', ready: 'Registrar pago ahora' },
        { path: '/admin/bancos', heading: 'Bancos', shot: 'bancos', ready: brand.brand_name },
        { path: '/admin/bancos/nuevo', heading: 'Nuevo banco', shot: 'banco-nuevo', ready: 'Logo del banco' },
        { path: `/admin/bancos/editar/${brand.id}`, heading: 'Editar banco', shot: 'banco-editar', ready: 'Logo del banco' },
        { path: '/admin/usuarios', heading: 'Usuarios', shot: 'usuarios', ready: 'martina@correo.test' },
      ];
      for (const target of pages) {
        await step(page, `admin-${target.shot}-${name}`, async () => {
          await page.goto(target.path);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(target.heading);
          await page.getByText(target.ready, { exact: false }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await screenshot(page, `admin-${target.shot}-${name}`);
        });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('works on a phone: drawer, custom date range, discount and status modals', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: showcase.staff });
    const errors = collectErrors(page);
    await page.goto('/admin/productos');

    await step(page, 'admin-drawer', async () => {
      await page.getByRole('button', { name: 'Abrir menú de administración' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menú de administración' });
      await drawer.getByRole('link', { name: 'Pedidos' }).waitFor();
      await screenshot(page, 'admin-drawer-mobile');
      await drawer.getByRole('link', { name: 'Pedidos' }).click();
      await page.waitForURL('**/admin/pedidos');
      await drawer.waitFor({ state: 'hidden' });
    });

    await step(page, 'admin-custom-range', async () => {
      await page.getByRole('button', { name: 'Personalizado' }).click();
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByRole('alert').filter({ hasText: 'Debes seleccionar fechas de inicio y fin' }).waitFor();
      await page.getByLabel('Desde').fill('2020-01-10');
      await expect.poll(() => page.getByLabel('Hasta').getAttribute('min')).toBe('2020-01-10');
      await page.getByLabel('Hasta').fill('2020-01-20');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByText('No se encontraron pedidos').waitFor();
      await page.getByRole('button', { name: /^Quitar filtro Del/ }).waitFor();
      await screenshot(page, 'admin-pedidos-rango-mobile');
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await page.locator('article').first().waitFor();
    });

    await step(page, 'admin-status-modal', async () => {
      await page.locator('article').first().getByRole('button', { name: 'Estado' }).click();
      await page.getByRole('dialog', { name: /^Estado del pedido/ }).waitFor();
      await screenshot(page, 'admin-estado-modal-mobile');
      await page
        .getByRole('dialog', { name: /^Estado del pedido/ })
        .getByRole('button', { name: 'Cerrar', exact: true })
        .last()
        .click();
    });

    await step(page, 'admin-discount-modal', async () => {
      await page.goto('/admin/bancos');
      await page.locator('article').first().getByRole('button', { name: 'Descuento' }).click();
      const dialog = page.getByRole('dialog', { name: /^Descuento de/ });
      await dialog.getByRole('button', { name: 'Aplicar descuento' }).click();
      await dialog.getByText('Ingresa el valor del descuento').waitFor();
      await screenshot(page, 'admin-descuento-modal-mobile');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    });

    await step(page, 'admin-form-full', async () => {
      await page.goto(`/admin/productos/editar/${showcase.products[0].id}`);
      await page.getByText('Presentación 2').waitFor();
      await screenshot(page, 'admin-producto-editar-mobile-full', { fullPage: true });
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles availability, deletes, creates a brand from the picker and leaves a missing product', async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: showcase.staff });
    await page.goto('/admin/productos');
    const token = showcase.staff.token;

    const amnesia = showcase.products[2];
    const card = page.locator('article', { hasText: amnesia.name });
    await step(page, 'admin-toggle', async () => {
      await card.getByRole('button', { name: /^Disponible: cambiar disponibilidad/ }).click();
      await page.getByText(`El producto ${amnesia.name} ahora está no disponible`).waitFor();
      await card.getByRole('button', { name: /^No disponible: cambiar disponibilidad/ }).waitFor();
    });
    const hidden = await api(shop.server, 'GET', `/api/products/${amnesia.id}/`, { token });
    expect(hidden.json.available).toBe(false);

    const doomed = showcase.products[9];
    await step(page, 'admin-delete', async () => {
      await page
        .locator('article', { hasText: doomed.name })
        .getByRole('button', { name: `Eliminar ${doomed.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Eliminar producto' });
      await dialog.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText(`El producto ${doomed.name} ha sido eliminado`).waitFor();
      await page.locator('article', { hasText: doomed.name }).waitFor({ state: 'detached' });
    });
    expect((await api(shop.server, 'GET', `/api/products/${doomed.id}/`, { token })).status).toBe(404);

    await step(page, 'admin-filter', async () => {
      await page.getByLabel('Stock').selectOption('out-of-stock');
      await expect.poll(() => new URL(page.url()).searchParams.get('stock')).toBe('out-of-stock');
      await page.locator('article', { hasText: 'Lemon Skunk Patagonia' }).waitFor();
      await expect.poll(() => page.locator('article').count()).toBe(2);
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await expect.poll(() => page.locator('article').count()).toBeGreaterThan(2);
    });

    await step(page, 'admin-brand-create', async () => {
      await page.goto('/admin/productos/nuevo');
      const brandBox = page.getByRole('combobox', { name: 'Nombre del banco' });
      await brandBox.fill('  Barney´s   Farm ');
      await page.getByRole('option', { name: /Crear banco/ }).click();
      await page.getByText('Marca Barney´s Farm creada correctamente').waitFor();
      await expect.poll(() => brandBox.inputValue()).toBe('Barney´s Farm');
    });
    const brands = await api(shop.server, 'GET', '/api/brands/', { token });
    expect(brands.json.results.map((b: any) => b.brand_name)).toContain('Barney´s Farm');

    await step(page, 'admin-missing-product', async () => {
      await page.goto('/admin/productos/editar/999999');
      await page.getByText(/^Error al cargar el producto: /).waitFor();
      await page.waitForURL('**/admin/productos');
    });

    await step(page, 'admin-order-query', async () => {
      const order = showcase.orders[2];
      await page.goto(`/admin/pedidos?orderId=${order.order_number}`);
      const dialog = page.getByRole('dialog', { name: `Pedido #${order.order_number}` });
      await dialog.getByRole('link', { name: /^WhatsApp a / }).waitFor();
      expect(await dialog.getByRole('link', { name: /^WhatsApp a / }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/54911\d{8}\?text=Hola%20/,
      );
      expect(await dialog.getByRole('link', { name: /^Enviar email a / }).getAttribute('href')).toBe(`mailto:${order.customer_email}`);
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.has('orderId')).toBe(false);
    });
    await context.close();
  });
});
