// The built app under its own Content-Security-Policy in a real browser: the storefront, account
// and admin pages load and work with no policy violation and no script error, and React's style
// props (the product photo zoom) still apply under `style-src-attr 'none'`.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../tests/helpers/app';
import { createStaff, createUser } from '../tests/helpers/factories';
import { seedStorefront } from './admin-fixtures';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';
import { recordedViolations, settle, watchPage, type PageWatch } from './security-helpers';

const shop = useShop();
let customer: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createStaff>>;
let productId: number;
let cartCookie: string;
let orderNumber: number;
let purchaseOrderId: number;

beforeAll(async () => {
  const seeded = await seedStorefront(shop.server);
  ({ customer, staff, cartCookie } = seeded);
  productId = seeded.product.id;
  const order = await api(shop.server, 'POST', '/api/orders/', {
    token: customer.token,
    body: {
      recipient_name: 'Cliente Prueba',
      customer_phone: '1123456789',
      delivery_type: 'coordinate',
      products: [{ product_id: productId, blister_id: seeded.product.blisters[0].id, quantity: 1 }],
    },
  });
  expect(order.status, order.text).toBe(201);
  orderNumber = order.json.order_number;
  const po = await api(shop.server, 'POST', '/api/purchase-orders/', {
    token: staff.token,
    body: { brand_id: seeded.product.brand_id, lines: [{ blister_id: seeded.product.blisters[1].id, quantity: 10, unit_cost: 9000 }] },
  });
  expect(po.status, po.text).toBe(201);
  purchaseOrderId = po.json.id;
});

async function openWatched(options: { viewport?: { width: number; height: number }; as?: { id: number }; cart?: boolean } = {}) {
  const { context, page } = await shop.newPage({ viewport: options.viewport ?? DESKTOP, as: options.as });
  if (options.cart) await context.addCookies([{ name: 'cart', value: cartCookie, url: shop.server.url }]);
  const watch = await watchPage(page);
  return { context, page, watch };
}

async function expectClean(page: Page, watch: PageWatch, label: string) {
  const violations = [...watch.violations, ...(await recordedViolations(page))];
  expect(violations, `${label}: CSP violations`).toEqual([]);
  expect(watch.errors, `${label}: script errors`).toEqual([]);
  expect(watch.dialogs, `${label}: dialogs`).toEqual([]);
}

async function visit(page: Page, watch: PageWatch, path: string, name: string) {
  await step(page, `csp-${name}`, async () => {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], `${path} policy`).toContain("script-src 'self'");
    await settle(page);
    await expectClean(page, watch, path);
  });
}

describe('under the Content-Security-Policy', () => {
  it('the storefront pages load without a violation', async () => {
    const { context, page, watch } = await openWatched({ cart: true });
    for (const [path, name] of [
      ['/', 'home'],
      ['/productos', 'catalog'],
      ['/productos?type=auto&search=gorilla', 'catalog-filtered'],
      [`/producto/${productId}`, 'product'],
      ['/como-germinar', 'guide'],
      ['/contacto', 'contact'],
      ['/terminos', 'terms'],
      ['/arrepentimiento', 'revocation'],
      ['/carrito', 'cart'],
      ['/login', 'login'],
      ['/crear-cuenta', 'register'],
      ['/recuperar-contrasena', 'reset'],
      ['/maintenance', 'maintenance'],
    ] as const) {
      await visit(page, watch, path, name);
    }
    // The logo strip's <style> and the toaster's are the reason style elements may be inline.
    await page.goto('/');
    await settle(page);
    expect(await page.locator('ul.brand-marquee').evaluate((el) => getComputedStyle(el).animationName)).toBe('brand-marquee');
    await expectClean(page, watch, 'home again');
    await context.close();
  });

  it('React style props still apply: the product photo zooms under the mouse', async () => {
    const { context, page, watch } = await openWatched();
    await page.goto(`/producto/${productId}`);
    await settle(page);
    const frame = page.locator('[data-zoomed], div.transition-transform').first();
    const box = await page.locator('main img').first().boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.move(box!.x + box!.width * 0.25, box!.y + box!.height * 0.25);
    await page.mouse.move(box!.x + box!.width * 0.3, box!.y + box!.height * 0.3);
    await expect.poll(() => frame.getAttribute('data-zoomed')).toBe('true');
    await expect.poll(() => frame.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(2, 0, 0, 2,/);
    await screenshot(page, 'csp-product-zoom-1280');
    await expectClean(page, watch, 'product zoom');
    await context.close();
  });

  it('a toast (sonner) shows styled when a product is added to the cart', async () => {
    const { context, page, watch } = await openWatched({ viewport: MOBILE, as: customer });
    await page.goto(`/producto/${productId}`);
    await settle(page);
    await page
      .getByRole('button', { name: /Añadir al carrito/i })
      .first()
      .click();
    const toast = page.locator('[data-sonner-toast]').first();
    await toast.waitFor();
    // Styled by sonner's injected stylesheet: positioned, not a bare list item.
    expect(await toast.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    await expectClean(page, watch, 'toast');
    await context.close();
  });

  it('the account and admin pages load without a violation', async () => {
    const asCustomer = await openWatched({ as: customer });
    for (const section of ['orders', 'stock-alerts', 'warranty', 'settings']) {
      await visit(asCustomer.page, asCustomer.watch, `/mi-cuenta?section=${section}`, `account-${section}`);
    }
    await asCustomer.context.close();

    const asStaff = await openWatched({ as: staff });
    for (const path of [
      '/admin',
      '/admin/productos',
      '/admin/productos/nuevo',
      '/admin/productos/importar',
      `/admin/productos/editar/${productId}`,
      '/admin/pedidos',
      `/admin/pedidos/${orderNumber}`,
      '/admin/pedidos/nuevo',
      // Its A4 page size comes from a <style> element, which the policy allows (attributes not).
      `/admin/pedidos/imprimir?pedidos=${orderNumber}`,
      '/admin/bancos',
      '/admin/bancos/nuevo',
      '/admin/garantias',
      '/admin/arrepentimientos',
      '/admin/usuarios',
      '/admin/actividad',
      '/admin/configuracion',
      '/admin/configuracion/envios',
      '/admin/reponer',
      '/admin/compras',
      `/admin/compras/${purchaseOrderId}`,
      `/admin/compras/${purchaseOrderId}/imprimir`,
      '/admin/reportes',
    ]) {
      await visit(asStaff.page, asStaff.watch, path, path.replace(/\W+/g, '-'));
    }
    await asStaff.context.close();
  });
});
