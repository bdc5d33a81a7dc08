// Stored XSS: product, brand, order, warranty claim, profile and maintenance texts carrying
// <script>, event-handler and javascript: payloads, saved through the real API, render as text in
// the storefront, the account pages and the admin. The browser ignores the Content-Security-
// Policy here (bypassCSP), so a payload that reached the DOM as markup would run: the app itself
// must keep it inert, the policy is only the second line.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStartScript } from '../src/server/plugins/inline-start';
import { api } from '../tests/helpers/app';
import { createStaff, createUser } from '../tests/helpers/factories';
import { claimWithoutOrder, drawImage, uploadAs } from './admin-fixtures';
import { DESKTOP, screenshot, step, waitForAppOnNavigation } from './helpers/browser';
import { useShop } from './helpers/shop';
import { settle } from './security-helpers';

/** Each payload sets window.__xss to its tag and opens a dialog, so any execution is seen. */
const run = (tag: string) => `window.__xss='${tag}';alert('${tag}')`;
const SCRIPT = (tag: string) => `<script>${run(tag)}</script>`;
const IMG = (tag: string) => `<img src=x onerror="${run(tag)}">`;
const SVG = (tag: string) => `"><svg onload="${run(tag)}">`;
const LINK = (tag: string) => `<a href="javascript:${run(tag)}">clic</a>`;
const CLOSE_SCRIPT = (tag: string) => `</script><script>${run(tag)}</script>`;

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;
const ids: { product?: number; brand?: number; order?: number; orderNumber?: number; claim?: number } = {};
const PRODUCT_NAME = `Gorilla ${SCRIPT('product-name')}`;

async function ok(promise: Promise<{ status: number; json: any; text: string }>) {
  const res = await promise;
  if (res.status >= 300) throw new Error(`API ${res.status}: ${res.text}`);
  return res.json;
}

beforeAll(async () => {
  const db = shop.server.database.db;
  staff = await createStaff(db);
  customer = await createUser(db);
  const logo = await uploadAs(shop.server, staff.token, await drawImage('XSS', 10), 'brand');
  const photo = await uploadAs(shop.server, staff.token, await drawImage('XSS', 200), 'product');

  const brand = await ok(
    api(shop.server, 'POST', '/api/brands/', {
      token: staff.token,
      body: {
        brand_name: `Banco ${IMG('brand-name')}`,
        description: `${SCRIPT('brand-desc')} ${SVG('brand-desc')} ${LINK('brand-desc')}`,
        image: logo,
      },
    }),
  );
  ids.brand = brand.id;
  const product = await ok(
    api(shop.server, 'POST', '/api/products/', {
      token: staff.token,
      body: {
        brand_id: brand.id,
        name: PRODUCT_NAME,
        type: 'fem',
        currency: 'ARS',
        image: photo,
        description: `${IMG('product-desc')}\n${LINK('product-desc')}\n${CLOSE_SCRIPT('product-desc')}`,
        genotype: SVG('genotype'),
        flavors: IMG('flavors'),
        effects: SCRIPT('effects'),
        thc: '<b onmouseover=x>20%</b>',
        cbd: '<i>1%</i>',
        flowering_time: IMG('flowering'),
        completed_cicle: SVG('cicle'),
        height_indoor: SCRIPT('height'),
        yield_indoor: LINK('yield'),
        blisters: [{ seed_count: 3, price: 12000, stock: 50 }],
      },
    }),
  );
  ids.product = product.id;

  // The customer's own texts: profile names, an order's recipient and address, a warranty claim.
  await ok(
    api(shop.server, 'PUT', '/api/auth/profile/', {
      token: customer.token,
      body: { first_name: `Ana ${IMG('first-name')}`, last_name: SVG('last-name') },
    }),
  );
  const order = await ok(
    api(shop.server, 'POST', '/api/orders/', {
      token: customer.token,
      body: {
        recipient_name: `Ana ${SCRIPT('recipient')}`,
        customer_phone: '1122334455',
        delivery_type: 'address',
        shipping_address: `Calle ${IMG('address')} ${LINK('address')}`,
        products: [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }],
      },
    }),
  );
  ids.order = order.id;
  ids.orderNumber = order.order_number;
  const claim = await claimWithoutOrder(shop.server, customer.token, {
    product_name: `Semilla ${IMG('claim-product')}`,
    description: `No germinó ${SCRIPT('claim-desc')} ${SVG('claim-desc')} ${LINK('claim-desc')}`,
  });
  ids.claim = claim.id;
  await ok(
    api(shop.server, 'PATCH', `/api/warranty-claims/${claim.id}/`, {
      token: staff.token,
      body: {
        status: 'approved',
        admin_response: `Aprobada ${IMG('admin-response')}`,
        admin_notes: SCRIPT('admin-notes'),
        resolution_details: `${SVG('resolution')} ${LINK('resolution')}`,
      },
    }),
  );
  // A guest's claim, whose name and e-mail the admin reads.
  await ok(
    api(shop.server, 'POST', '/api/warranty-claims/', {
      body: {
        name: `Invitado ${IMG('guest-name')}`,
        email: 'invitado@test.local',
        purchase_type: 'without-order',
        purchase_date: '2024-02-01',
        germination_date: '2024-02-05',
        product_name: SVG('guest-product'),
        description: `Tampoco germinó ${SCRIPT('guest-desc')}`,
        photos: [await uploadAs(shop.server, null, await drawImage('foto', 60), 'warranty', 'foto.png')],
      },
    }),
  );
});

async function openPage(options: { as?: { id: number }; cart?: string } = {}) {
  const context = await shop.browser.newContext({ baseURL: shop.server.url, viewport: DESKTOP, locale: 'es-AR', bypassCSP: true });
  await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  if (options.cart) await context.addCookies([{ name: 'cart', value: options.cart, url: shop.server.url }]);
  if (options.as) await shop.logIn(context, options.as);
  const page = waitForAppOnNavigation(await context.newPage());
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss().catch(() => {});
  });
  return { context, page, dialogs };
}

/** Nothing ran, and nothing executable was injected into the DOM. */
async function expectInert(page: Page, dialogs: string[], label: string) {
  expect(await page.evaluate(() => window.__xss), `${label}: window.__xss`).toBeUndefined();
  expect(dialogs, `${label}: dialogs`).toEqual([]);
  // The one inline script the shop writes: the start script, exactly as built (inline-start.ts).
  const startScript = readStartScript(shop.server.ctx.config.webDir)?.text ?? null;
  const injected = await page.evaluate((startText) => {
    const all = [...document.querySelectorAll('*')];
    return {
      // React attaches events by delegation: an on* attribute in the DOM came from markup.
      handlers: all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map((el) => el.outerHTML.slice(0, 120)),
      scripts: [...document.scripts]
        .filter((s) => (!s.type || /javascript|module/i.test(s.type)) && !s.src && s.textContent !== startText)
        .map((s) => s.outerHTML.slice(0, 120)),
      jsUrls: all
        .filter((el) => ['href', 'src', 'action', 'formaction'].some((a) => /^\s*javascript:/i.test(el.getAttribute(a) ?? '')))
        .map((el) => el.outerHTML.slice(0, 120)),
      frames: document.querySelectorAll('iframe, object, embed').length,
    };
  }, startScript);
  expect(injected, label).toEqual({ handlers: [], scripts: [], jsUrls: [], frames: 0 });
}

async function visit(page: Page, dialogs: string[], path: string, name: string, expectText?: string) {
  await step(page, `xss-${name}`, async () => {
    await page.goto(path);
    await settle(page);
    if (expectText) await page.getByText(expectText, { exact: false }).first().waitFor({ timeout: 10_000 });
    await expectInert(page, dialogs, path);
  });
}

describe('stored payloads stay text', () => {
  it('in the storefront', async () => {
    const { context, page, dialogs } = await openPage();
    await visit(page, dialogs, '/', 'home', PRODUCT_NAME);
    await visit(page, dialogs, '/productos', 'catalog', PRODUCT_NAME);
    await visit(page, dialogs, `/productos?search=${encodeURIComponent(SCRIPT('search'))}`, 'search');
    await visit(page, dialogs, `/productos?search=${encodeURIComponent(IMG('search'))}`, 'search-img');

    await visit(page, dialogs, `/producto/${ids.product}`, 'product');
    // The name is shown literally, tags and all.
    expect(await page.locator('h1').first().textContent()).toContain("<script>window.__xss='product-name'");
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      await page.waitForTimeout(100);
      await expectInert(page, dialogs, `product tab ${await tab.textContent()}`);
    }
    await expect.poll(() => page.locator('main').textContent()).toContain('onerror=');
    // Links in the texts stay text: nothing clickable runs script.
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    await screenshot(page, 'xss-product-1280');

    // The search box echoes what was typed, as text.
    const search = page.getByRole('searchbox').or(page.getByRole('combobox')).first();
    if (await search.isVisible().catch(() => false)) {
      await search.fill(IMG('typed-search'));
      await page.waitForTimeout(600);
      await expectInert(page, dialogs, 'live search');
    }
    await context.close();
  });

  it('in the cart, whatever the cart cookie says', async () => {
    const line = {
      id: ids.product,
      blister_id: 1,
      name: IMG('cart-cookie'),
      price: 100,
      original_price: 100,
      discount: 0,
      brand: SCRIPT('cart-brand'),
      image: `javascript:${run('cart-image')}`,
      seed_count: 3,
      quantity: 1,
    };
    const { context, page, dialogs } = await openPage({ cart: encodeURIComponent(JSON.stringify([line])) });
    await visit(page, dialogs, '/carrito', 'cart');
    await context.close();
  });

  it('in the customer account', async () => {
    const { context, page, dialogs } = await openPage({ as: customer });
    await visit(page, dialogs, '/mi-cuenta?section=orders', 'account-orders', 'Gorilla');
    await visit(page, dialogs, '/mi-cuenta?section=warranty', 'account-warranty');
    await visit(page, dialogs, '/mi-cuenta?section=settings', 'account-settings');
    await visit(page, dialogs, '/garantia', 'guest-warranty');
    await context.close();
  });

  it('in the admin', async () => {
    const { context, page, dialogs } = await openPage({ as: staff });
    await visit(page, dialogs, '/admin/productos', 'admin-products', 'Gorilla');
    await visit(page, dialogs, `/admin/productos/editar/${ids.product}`, 'admin-product-edit');
    await visit(page, dialogs, '/admin/pedidos', 'admin-orders', 'Ana');
    await visit(page, dialogs, `/admin/pedidos/${ids.orderNumber}`, 'admin-order', 'Calle');
    await visit(page, dialogs, '/admin/bancos', 'admin-banks', 'Banco');
    await visit(page, dialogs, `/admin/bancos/editar/${ids.brand}`, 'admin-bank-edit');
    await visit(page, dialogs, '/admin/usuarios', 'admin-users', 'Ana');
    await visit(page, dialogs, `/admin/usuarios/${customer.id}`, 'admin-user', 'Ana');
    await visit(page, dialogs, '/admin/actividad', 'admin-activity');
    await visit(page, dialogs, '/admin/garantias', 'admin-claims', 'Semilla');
    for (const button of await page.getByRole('button', { name: 'Ver detalles' }).all()) {
      await button.click();
      await page.getByRole('dialog').first().waitFor();
      await expectInert(page, dialogs, 'claim details');
      await screenshot(page, 'xss-admin-claim-1280');
      await page.keyboard.press('Escape');
      await page
        .getByRole('dialog')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {});
    }
    await context.close();
  });

  it('on the maintenance page, whatever message the staff wrote', async () => {
    await ok(
      api(shop.server, 'POST', '/api/core/toggle-maintenance/', {
        token: staff.token,
        body: { maintenance_mode: true, maintenance_message: `Volvemos ${IMG('maintenance')} ${SCRIPT('maintenance')}` },
      }),
    );
    try {
      const { context, page, dialogs } = await openPage();
      await visit(page, dialogs, '/maintenance', 'maintenance', 'Volvemos');
      await context.close();
    } finally {
      await ok(api(shop.server, 'POST', '/api/core/toggle-maintenance/', { token: staff.token, body: { maintenance_mode: false } }));
    }
  });
});
