// The pages whose body depends on the visitor (cart, login, registration, reset, account,
// warranty) arrive with the shop's frame: header, footer and the page's skeleton are in the HTML,
// nothing in it belongs to one visitor, and the browser hydrates it without a console warning
// before it renders the visitor's page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createProduct, createUser } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, pageHtml, rootOf, screenshot, step } from './helpers/browser';
import { cartLine, encodeCart } from './helpers/cart';
import { useShop } from './helpers/shop';

const shop = useShop();
let customer: Awaited<ReturnType<typeof createUser>>;
let cartCookie: string;

/** Each page and what it shows once the browser has rendered it for an anonymous visitor. */
const PAGES: [path: string, heading: RegExp][] = [
  ['/carrito', /Mi Carrito/],
  ['/login', /Iniciar sesión/],
  ['/crear-cuenta', /Crear Cuenta/],
  ['/recuperar-contrasena', /Recuperar contraseña/],
  ['/garantia', /Solicitud de garantía/],
  // Anonymous visitors are sent to log in.
  ['/mi-cuenta', /Iniciar sesión/],
];

beforeAll(async () => {
  const db = shop.server.ctx.db;
  const brand = await createBrand(db, { brand_name: 'Banco Serrano' });
  const product = await createProduct(db, {
    name: 'Línea Reservada Auto',
    brand_id: brand.id,
    blisters: [{ seed_count: 3, price: 11000, stock: 4 }],
  });
  customer = await createUser(db, { username: 'marisa.frame' });
  cartCookie = encodeCart([cartLine(product, 2, { brand: 'Banco Serrano' })]);
});

const html = (path: string, cookie?: string) => pageHtml(shop.server.url, path, cookie);

describe('the HTML the server sends', () => {
  it('holds the header, the footer and the page skeleton', async () => {
    for (const [path] of PAGES) {
      const root = rootOf(await html(path, 'age_verified=true'));
      expect(root, path).toMatch(/<header[\s>]/);
      expect(root, path).toContain('aria-label="Semillas del Sur - Inicio"');
      expect(root, path).toMatch(/<footer[\s>]/);
      expect(root, path).toMatch(/<main id="contenido"[^>]*><div[^>]*role="status" aria-busy="true"/);
    }
  });

  it('holds nothing of the visitor: the same frame with a cart and a session as without', async () => {
    for (const [path] of PAGES) {
      const anonymous = rootOf(await html(path, 'age_verified=true'));
      const known = rootOf(await html(path, `age_verified=true; session_hint=1; cart=${cartCookie}`));
      expect(known, path).toBe(anonymous);
      expect(known, path).not.toContain('Línea Reservada');
    }
  });
});

/** Opens a page and records what the console says while it hydrates and renders. */
async function visit(page: Page, path: string) {
  const messages: string[] = [];
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  await page.goto(path, { waitUntil: 'networkidle' });
  return messages;
}

describe('in the browser', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`paints the frame before any script runs, at ${viewport.width} px`, async () => {
      const context = await shop.browser.newContext({ baseURL: shop.server.url, viewport, javaScriptEnabled: false });
      await context.addCookies([{ name: 'age_verified', value: 'true', url: shop.server.url }]);
      const page = await context.newPage();
      try {
        for (const [path] of PAGES) {
          await page.goto(path);
          await expect(page.getByRole('link', { name: 'Semillas del Sur - Inicio' }).isVisible(), path).resolves.toBe(true);
          await expect(page.locator('footer').isVisible(), path).resolves.toBe(true);
          await expect(page.locator('main [aria-busy="true"]').isVisible(), path).resolves.toBe(true);
          await screenshot(page, `frame-${path.slice(1)}-${viewport.width}`);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('hydrates each frame without console warnings or errors, then shows the page', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE });
    try {
      for (const [path, heading] of PAGES) {
        const messages = await step(page, `frame-hydrate${path.replace('/', '-')}`, async () => {
          const messages = await visit(page, path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          return messages;
        });
        expect(messages, path).toEqual([]);
        page.removeAllListeners();
      }
    } finally {
      await context.close();
    }
  });

  it("hydrates each frame on a slow phone, where the page's code may arrive in the middle of the hydration", async () => {
    // A processor ten times slower makes the hydration long enough for the page's code to arrive
    // during it about half the time: three first visits to each page that shows a form, each on
    // an empty cache. The pages are visited at the same time, each in its own contexts: a
    // throttled page mostly waits for its turn on the processor, so one at a time left the
    // machine idle for most of a minute.
    const pages = PAGES.filter(([path]) => !['/garantia', '/mi-cuenta'].includes(path));
    const visits = async ([path, heading]: (typeof PAGES)[number]) => {
      for (let visitNumber = 1; visitNumber <= 3; visitNumber++) {
        const { context, page } = await shop.newPage({ viewport: MOBILE });
        try {
          const cpu = await context.newCDPSession(page);
          await cpu.send('Emulation.setCPUThrottlingRate', { rate: 10 });
          const messages = await visit(page, path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          expect(messages, `${path}, visit ${visitNumber}`).toEqual([]);
        } finally {
          await context.close();
        }
      }
    };
    // Every page's visits end before the test does, even when one fails.
    const outcomes = await Promise.allSettled(pages.map(visits));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    expect(outcomes).toHaveLength(4);
  }, 180_000);

  it("renders a customer's cart and account over the frame without warnings", async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: customer });
    try {
      await context.addCookies([{ name: 'cart', value: cartCookie, url: shop.server.url }]);
      const cart = await step(page, 'frame-customer-cart', async () => {
        const messages = await visit(page, '/carrito');
        await page.getByRole('heading', { level: 1, name: 'Mi Carrito (2)' }).waitFor();
        await page.getByText('Línea Reservada Auto').first().waitFor();
        return messages;
      });
      expect(cart).toEqual([]);
      page.removeAllListeners();
      const account = await step(page, 'frame-customer-account', async () => {
        const messages = await visit(page, '/mi-cuenta');
        await page.getByText('@marisa.frame').waitFor();
        return messages;
      });
      expect(account).toEqual([]);
      // A signed-in customer is sent from the login screen to the account.
      page.removeAllListeners();
      const login = await visit(page, '/login');
      await page.waitForURL('**/mi-cuenta');
      expect(login).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
