// Every admin page with realistic data at phone and desktop widths: headings, no script errors,
// screenshots under e2e/artifacts; and the admin code stays out of the home page's first load.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/helpers/app';
import { seedShowcase, type Showcase } from './admin-fixtures';
import { DESKTOP, launchBrowser, MOBILE, newPage, screenshot, step } from './helpers/browser';

let server: TestServer;
let browser: Browser;
let shop: Showcase;

beforeAll(async () => {
  server = await startTestServer();
  shop = await seedShowcase(server);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Usuario o email').fill(shop.staff.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(shop.staffPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // spec accounts-admin §4: staff land on /admin/productos.
  await page.waitForURL('**/admin/productos');
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // An anonymous start asks for a refresh that answers 401: not a script error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

describe('admin area pages', () => {
  it('keeps the admin code out of the home page first load', async () => {
    const { context, page } = await newPage(browser, server.url);
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

  for (const [name, viewport] of [['mobile', MOBILE], ['desktop', DESKTOP]] as const) {
    it(`shows every admin page with its data at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, server.url, { viewport });
      const errors = collectErrors(page);
      await step(page, `admin-login-${name}`, () => logIn(page));

      const product = shop.products[0];
      const order = shop.orders[0];
      const bank = shop.banks[0];
      const pages = [
        { path: '/admin/productos', heading: 'Catálogo de Semillas', shot: 'productos', ready: product.name },
        { path: '/admin/productos/nuevo', heading: 'Agregar Producto', shot: 'producto-nuevo', ready: 'Presentaciones' },
        { path: `/admin/productos/editar/${product.id}`, heading: 'Editar Producto', shot: 'producto-editar', ready: 'Presentación 2' },
        { path: '/admin/pedidos', heading: 'Lista de Pedidos', shot: 'pedidos', ready: `Pedido #${order.id}` },
        { path: `/admin/pedidos?orderId=${order.id}`, heading: 'Lista de Pedidos', shot: 'pedidos-detalle-modal', ready: 'Destinatario' },
        { path: `/admin/pedidos/${order.id}`, heading: `Pedido #${order.id}`, shot: 'pedido', ready: 'Destinatario' },
        { path: '/admin/bancos', heading: 'Bancos', shot: 'bancos', ready: bank.brand_name },
        { path: '/admin/bancos/nuevo', heading: 'Nuevo banco', shot: 'banco-nuevo', ready: 'Logo del banco' },
        { path: `/admin/bancos/editar/${bank.id}`, heading: 'Editar banco', shot: 'banco-editar', ready: 'Logo del banco' },
        { path: '/admin/usuarios', heading: 'Usuarios', shot: 'usuarios', ready: 'Sección en preparación' },
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
});
