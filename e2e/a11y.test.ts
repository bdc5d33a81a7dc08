// axe-core on every storefront and account page, as a visitor and as a signed-in customer, at
// 390 and 1280 px, including the age gate, a cart with lines and its checkout form, forms showing
// their errors, the account sections with an order and a claim, the purchasing pages of the admin
// (Reponer, Compras, Reportes) and the maintenance page: no serious or critical violation.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../tests/helpers/app';
import { createStaff, createUser } from '../tests/helpers/factories';
import { claimWithoutOrder, seedStorefront } from './admin-fixtures';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';
import { settle } from './security-helpers';

const VIEWPORTS = [MOBILE, DESKTOP];

const shop = useShop();
let customer: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createStaff>>;
let productId: number;
let cartCookie: string;
let purchaseOrderId: number;

beforeAll(async () => {
  const seeded = await seedStorefront(shop.server);
  ({ customer, staff, cartCookie } = seeded);
  productId = seeded.product.id;
  await seeded.addProduct('Amnesia Haze', 'fem', [{ seed_count: 3, price: 15000, stock: 8 }]);
  await seeded.addProduct('Critical Regular', 'reg', [{ seed_count: 10, price: 9000, stock: 3 }], { image: null });
  // The account sections with something in them: an order and a warranty claim.
  const order = await api(shop.server, 'POST', '/api/orders/', {
    token: customer.token,
    body: {
      recipient_name: 'Ana Pérez',
      customer_phone: '1122334455',
      delivery_type: 'coordinate',
      products: [{ product_id: productId, blister_id: seeded.product.blisters[0].id, quantity: 1 }],
    },
  });
  if (order.status !== 201) throw new Error(order.text);
  // Paid, so that 'Reportes' shows its chart and table.
  const paid = await api(shop.server, 'POST', `/api/orders/${order.json.id}/payment/`, {
    token: staff.token,
    body: { method: 'transferencia' },
  });
  if (paid.status !== 200) throw new Error(paid.text);
  // A purchase order of the bank, sent, for its page and its print page.
  const po = await api(shop.server, 'POST', '/api/purchase-orders/', {
    token: staff.token,
    body: {
      brand_id: seeded.product.brand_id,
      note: 'Entregar en el local.',
      lines: [{ blister_id: seeded.product.blisters[1].id, quantity: 10, unit_cost: 9000 }],
    },
  });
  if (po.status !== 201) throw new Error(po.text);
  purchaseOrderId = po.json.id;
  const sent = await api(shop.server, 'POST', `/api/purchase-orders/${purchaseOrderId}/send/`, { token: staff.token });
  if (sent.status !== 200) throw new Error(sent.text);
  await claimWithoutOrder(shop.server, customer.token, {
    product_name: 'Amnesia Haze',
    description: 'Ninguna semilla germinó en diez días.',
  });
});

async function check(page: Page, label: string) {
  await step(page, `a11y-${label}`, async () => {
    expect(await seriousViolations(page), label).toEqual([]);
  });
}

async function open(
  viewport: { width: number; height: number },
  options: { as?: { id: number }; cart?: boolean; ageVerified?: boolean } = {},
) {
  const { context, page } = await shop.newPage({ viewport, ageVerified: options.ageVerified, as: options.as });
  if (options.cart) await context.addCookies([{ name: 'cart', value: cartCookie, url: shop.server.url }]);
  return { context, page };
}

async function visit(page: Page, path: string, label: string, ready?: string) {
  await page.goto(path);
  await settle(page);
  if (ready) await page.locator(ready).first().waitFor({ timeout: 10_000 });
  await check(page, label);
}

describe.each(VIEWPORTS.map((v) => [v.width, v] as const))('at %i px', (width, viewport) => {
  it('the age gate over the home page', async () => {
    const { context, page } = await open(viewport, { ageVerified: false });
    await page.goto('/');
    await page.getByRole('dialog').first().waitFor();
    await check(page, `age-gate-${width}`);
    await context.close();
  });

  it('every storefront page for a visitor', async () => {
    const { context, page } = await open(viewport);
    await visit(page, '/', `home-${width}`, 'main article');
    if (width === MOBILE.width) {
      // The header's drawer and search panel, open.
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.locator('#mobile-menu').waitFor();
      await check(page, `menu-open-${width}`);
      await page.getByRole('button', { name: 'Cerrar menú' }).click();
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByRole('button', { name: 'Cerrar búsqueda' }).waitFor();
      await check(page, `search-open-${width}`);
    }
    await visit(page, '/productos', `catalog-${width}`, 'main article');
    await visit(page, '/productos?category=automaticas&search=gorilla', `catalog-filtered-${width}`);
    await visit(page, `/producto/${productId}`, `product-${width}`, 'main h1');
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      await check(page, `product-tab-${await tab.textContent()}-${width}`);
    }
    await visit(page, '/como-germinar', `guide-${width}`);
    await visit(page, '/carrito', `cart-empty-${width}`);
    await visit(page, '/garantia', `guest-warranty-${width}`, 'main form');
    await visit(page, '/contacto', `contact-${width}`, 'main h1');
    await visit(page, '/terminos', `terms-${width}`, 'main article');
    await visit(page, '/arrepentimiento', `revocation-${width}`, 'main form');
    await visit(page, '/login', `login-${width}`, 'main form');
    await page.locator('main form button[type="submit"]').click();
    await page.waitForTimeout(300);
    await check(page, `login-errors-${width}`);
    await visit(page, '/crear-cuenta', `register-${width}`, 'main form');
    await page.locator('main form button[type="submit"]').click();
    await page.waitForTimeout(300);
    await check(page, `register-errors-${width}`);
    await visit(page, '/recuperar-contrasena', `password-reset-${width}`, 'main form');
    await screenshot(page, `a11y-password-reset-${width}`);
    await context.close();
  });

  it('the cart with lines and the checkout form, and the product page, for a customer', async () => {
    const { context, page } = await open(viewport, { as: customer, cart: true });
    await visit(page, '/carrito', `cart-lines-${width}`, 'main ul li');
    await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
    await page
      .locator('form')
      .filter({ has: page.getByRole('textbox') })
      .first()
      .waitFor();
    await check(page, `checkout-form-${width}`);
    await screenshot(page, `a11y-checkout-${width}`);
    await visit(page, `/producto/${productId}`, `product-customer-${width}`, 'main h1');
    await visit(page, '/', `home-customer-${width}`, 'main article');
    await context.close();
  });

  it('every section of Mi Cuenta', async () => {
    const { context, page } = await open(viewport, { as: customer });
    await visit(page, '/mi-cuenta?section=orders', `account-orders-${width}`, 'main');
    await visit(page, '/mi-cuenta?section=stock-alerts', `account-stock-alerts-${width}`);
    await visit(page, '/mi-cuenta?section=warranty', `account-warranty-${width}`);
    await visit(page, '/mi-cuenta?section=settings', `account-settings-${width}`, 'main form');
    await screenshot(page, `a11y-account-settings-${width}`);
    await context.close();
  });

  it('the purchasing pages: Reponer, Compras, a purchase order and its print page, Reportes', async () => {
    const { context, page } = await open(viewport, { as: staff });
    await visit(page, '/admin/reponer', `restock-${width}`, 'main h1');
    await visit(page, '/admin/compras', `purchase-orders-${width}`, 'main h1');
    await visit(page, `/admin/compras/${purchaseOrderId}`, `purchase-order-${width}`, 'main h1');
    await visit(page, `/admin/compras/${purchaseOrderId}/imprimir`, `purchase-order-print-${width}`, 'main section');
    await visit(page, '/admin/reportes', `reports-${width}`, 'main table');
    await screenshot(page, `a11y-reports-${width}`);
    await context.close();
  });
});

describe('the checker itself', () => {
  it('reports a serious violation when a page has one', async () => {
    const { context, page } = await open(DESKTOP);
    await visit(page, '/login', 'login-before-breaking', 'main form');
    // An unlabelled field and grey-on-grey text: both are serious for axe. (Styles through the
    // CSSOM: a style attribute in markup is refused by the page's policy.)
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.append(document.createElement('input'));
      const text = Object.assign(document.createElement('p'), { textContent: 'texto ilegible' });
      Object.assign(text.style, { color: '#ccc', background: '#ddd' });
      main.append(text);
    });
    const found = await seriousViolations(page);
    expect(found.some((line) => line.startsWith('label'))).toBe(true);
    expect(found.some((line) => line.startsWith('color-contrast'))).toBe(true);
    await context.close();
  });
});

describe('the maintenance page', () => {
  it('while the shop is closed, at both widths', async () => {
    const on = await api(shop.server, 'POST', '/api/core/toggle-maintenance/', {
      token: staff.token,
      body: { maintenance_mode: true, maintenance_message: 'Volvemos en unos minutos.', bypass_password: 'clave-de-paso' },
    });
    expect(on.status).toBe(200);
    try {
      for (const viewport of VIEWPORTS) {
        const { context, page } = await open(viewport);
        await visit(page, '/maintenance', `maintenance-${viewport.width}`);
        await page.getByText('Volvemos en unos minutos.').waitFor();
        await check(page, `maintenance-loaded-${viewport.width}`);
        await screenshot(page, `a11y-maintenance-${viewport.width}`);
        await page.getByRole('button', { name: 'Ingresar con contraseña' }).click();
        await page.getByRole('dialog').waitFor();
        await check(page, `maintenance-bypass-${viewport.width}`);
        await context.close();
      }
    } finally {
      await api(shop.server, 'POST', '/api/core/toggle-maintenance/', {
        token: staff.token,
        body: { maintenance_mode: false, bypass_password: '' },
      });
    }
  });
});
