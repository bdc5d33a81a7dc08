// The first view the server renders (home, catalog, product, guide): the content is in the HTML
// before any script runs, the browser hydrates it without errors or repeated API calls, and what
// depends on the visitor (age gate, session, prices) stays right.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../src/server/modules/uploads/service';
import { DESKTOP, launchBrowser, MOBILE, newPage, pageHtml, rootOf, screenshot, step } from './helpers/browser';
import { drawImage } from './admin-fixtures';
import { useShop } from './helpers/shop';
import { createBrand, createProduct, createUser } from '../tests/helpers/factories';

// The page cache on, as in production (CATALOG_CACHE_MS defaults to 3000): visitors get kept pages.
const shop = useShop({ catalogCacheMs: 3000 });
let productId: number;
let customer: Awaited<ReturnType<typeof createUser>>;
const HOSTILE_NAME = 'Cookies </script><script>window.__pwned = 1</script>';

beforeAll(async () => {
  const db = shop.server.ctx.db;
  const brand = await createBrand(db, { brand_name: 'Andes Genetics' });
  const product = await createProduct(db, {
    name: 'Purple Andes Auto',
    type: 'auto',
    brand_id: brand.id,
    description: 'Una autofloreciente de montaña, resistente al frío.',
    blisters: [{ seed_count: 3, price: 12345, stock: 5 }],
  });
  productId = product.id;
  await createProduct(db, { name: HOSTILE_NAME, type: 'fem', brand_id: brand.id, blisters: [{ seed_count: 3, price: 9000, stock: 2 }] });
  // Its first blister (x1) has no stock: a card starts on x3, the first with stock and a price.
  await createProduct(db, {
    name: 'Northern Lights',
    type: 'reg',
    brand_id: brand.id,
    blisters: [
      { seed_count: 1, price: 4000, stock: 0 },
      { seed_count: 3, price: 11000, stock: 4 },
      { seed_count: 5, price: 17000, stock: 2 },
    ],
  });
  customer = await createUser(db);
});

const html = (path: string, cookie?: string) => pageHtml(shop.server.url, path, cookie);

/** Opens a page and records console errors and the API calls made after the HTML. */
async function visit(page: Page, path: string) {
  const errors: string[] = [];
  const calls: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => request.url().includes('/api/') && calls.push(new URL(request.url()).pathname));
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  /** The HTML this load received (a page kept a moment ago may hold fewer products than a fresh render). */
  const served = (await response?.text()) ?? '';
  return { errors, calls, served };
}

describe('the HTML the server sends', () => {
  it('holds the page content, its data for the browser, and no price for an anonymous visitor', async () => {
    const home = rootOf(await html('/'));
    expect(home).toContain('Purple Andes Auto');
    const catalog = rootOf(await html('/productos?category=automaticas'));
    expect(catalog).toContain('Purple Andes Auto');
    expect(catalog).not.toContain('Cookies');
    const detail = await html(`/producto/${productId}`);
    expect(rootOf(detail)).toMatch(/<h1[^>]*>Purple Andes Auto<\/h1>/);
    expect(rootOf(detail)).toContain('resistente al frío');
    expect(detail).toContain('"session":"anonymous"');
    expect(detail).not.toMatch(/12\.?345/);
    expect(rootOf(await html('/como-germinar'))).toContain('Germin');
  });

  it('shows the age gate only to visitors without the age cookie', async () => {
    expect(rootOf(await html('/'))).toContain('Verificación de Edad');
    expect(rootOf(await html('/', 'age_verified=true'))).not.toContain('Verificación de Edad');
  });

  it('keeps hostile product names as text, inside the page and inside its data', async () => {
    const page = await html('/productos?category=feminizadas');
    expect(page).not.toContain('<script>window.__pwned');
    // Every '<' escaped ('>' needs no escaping in text, and the renderer leaves it).
    expect(rootOf(page).replaceAll('&gt;', '>')).toContain('Cookies &lt;/script>&lt;script>window.__pwned = 1&lt;/script>');
  });

  it('leaves out the back office and missing products (visitor pages get their frame: page-frame.test.ts)', async () => {
    for (const path of ['/admin/productos', '/producto/999999']) {
      const response = await fetch(`${shop.server.url}${path}`);
      expect(await response.text(), path).toContain('<div id="root"></div>');
    }
  });
});

describe('in the browser', () => {
  it('paints the content without JavaScript', async () => {
    const context = await shop.browser.newContext({ baseURL: shop.server.url, viewport: MOBILE, javaScriptEnabled: false });
    await context.addCookies([{ name: 'age_verified', value: 'true', url: shop.server.url }]);
    const page = await context.newPage();
    try {
      await page.goto(`/producto/${productId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Purple Andes Auto' }).isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it("requests the page's scripts once its photo is on screen as the largest paint, not before", async () => {
    const { url: image } = await storeImage(shop.server.ctx.storage, 'products', await drawImage('Andes Pictured', 140));
    const pictured = await createProduct(shop.server.ctx.db, { name: 'Andes Pictured', image, blisters: [{ stock: 1 }] });
    // A first visit: a returning visitor's page preloads its scripts from the head (decision 0023).
    const { context, page } = await shop.newPage({ viewport: MOBILE, ageVerified: false });
    try {
      await page.addInitScript(() => {
        const seen: { time: number; photo: boolean }[] = [];
        (window as { largestPaints?: typeof seen }).largestPaints = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
            seen.push({ time: entry.startTime, photo: entry.element?.getAttribute('fetchpriority') === 'high' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      // A phone's slower processor, where a frame is shown well after it is drawn.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`/producto/${pictured.id}`, { waitUntil: 'networkidle' });
      const { painted, scripts } = await page.evaluate(() => ({
        painted: (window as { largestPaints?: { time: number; photo: boolean }[] }).largestPaints!.find((paint) => paint.photo)?.time,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(painted).toBeDefined();
      expect(scripts.length).toBeGreaterThan(0);
      expect(Math.min(...scripts)).toBeGreaterThanOrEqual(painted!);
    } finally {
      await context.close();
    }
  });

  it("adds the modules' preload links a few per task, every module among them", async () => {
    // A first visit, whose modules start preloads (a returning visitor's are in the head).
    const { context, page } = await shop.newPage({ viewport: MOBILE, ageVerified: false });
    try {
      await page.addInitScript(() => {
        // Mutation records reach an observer at the end of the task that made them: one batch, one task.
        const batches: string[][] = [];
        (window as { preloadBatches?: string[][] }).preloadBatches = batches;
        new MutationObserver((records) => {
          const links = records
            .flatMap((record) => [...record.addedNodes])
            .filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === 'modulepreload');
          if (links.length) batches.push(links.map((link) => new URL(link.href).pathname));
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/productos', { waitUntil: 'networkidle' });
      await page.waitForSelector('[data-app="ready"]');
      const { batches, modules } = await page.evaluate(() => ({
        batches: (window as { preloadBatches?: string[][] }).preloadBatches!,
        modules: document.querySelector('script[data-modules]')!.getAttribute('data-modules')!.split(' '),
      }));
      // Later links (a lazily loaded module's own imports) are the bundler's, not the start's.
      const starting = batches.map((batch) => batch.filter((href) => modules.includes(href))).filter((batch) => batch.length);
      // React, the storefront's file, the page's chunk and the bundler's runtime (first-load-chunks.ts).
      expect(modules.length).toBeGreaterThanOrEqual(3);
      expect(starting.flat().sort()).toEqual([...modules].sort());
      expect(Math.max(...starting.map((batch) => batch.length))).toBeLessThanOrEqual(4);
    } finally {
      await context.close();
    }
  });

  it('keeps the page still when a full-screen notice locks the scroll, where scroll bars take room', async () => {
    // Playwright hides scroll bars; a desktop browser on Windows or Linux shows them.
    const browser = await launchBrowser({ ignoreDefaultArgs: ['--hide-scrollbars'] });
    try {
      for (const notice of [
        { path: '/productos', ageVerified: false, dialog: 'Verificación de Edad', close: 'Soy mayor de 18' },
        { path: '/como-germinar', ageVerified: true, dialog: 'Información Importante', close: 'Entendido, ver la guía' },
      ]) {
        const { context, page } = await newPage(browser, shop.server.url, { viewport: DESKTOP, ageVerified: notice.ageVerified });
        await page.addInitScript(() => {
          const shifts: number[] = [];
          (window as { layoutShifts?: number[] }).layoutShifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(notice.path);
        await page.getByRole('dialog', { name: notice.dialog }).waitFor();
        // Shifts are reported once the next frame is laid out.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const seen = await page.evaluate(() => ({
          shifts: (window as { layoutShifts?: number[] }).layoutShifts!,
          locked: getComputedStyle(document.documentElement).overflow,
          taller: document.documentElement.scrollHeight > window.innerHeight,
        }));
        expect(seen.taller, notice.path).toBe(true);
        expect(seen.locked, notice.path).toBe('hidden');
        expect(seen.shifts, notice.path).toEqual([]);
        // Once closed, the page scrolls again, with its scroll bar.
        await page.getByRole('button', { name: notice.close }).click();
        await page.getByRole('dialog', { name: notice.dialog }).waitFor({ state: 'detached' });
        expect(await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth), notice.path).toBeGreaterThan(0);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });

  it('hydrates without errors, without asking again for the data or for a session it does not have', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE });
    try {
      for (const path of ['/', '/productos?category=automaticas', `/producto/${productId}`]) {
        const { errors, calls, served } = await step(page, 'first-view-hydrate', () => visit(page, path));
        expect(errors, path).toEqual([]);
        expect(calls, path).toEqual([]);
        // Hydrated part by part (lib/hydration-slices.tsx): once the last part is, the page holds
        // the elements the server sent, none lost or doubled.
        await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
        const pages = await page.evaluate((served) => {
          // Elements with their attributes in name order, as a slice rendered over the server's
          // nodes may set them again in another order; the toast list is drawn by the browser only.
          const canonical = (node: Node): string => {
            if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
            if (!(node instanceof Element) || node.matches('section[aria-label^="Notifications"]')) return '';
            const attributes = [...node.attributes].map((a) => `${a.name}="${a.value}"`).sort();
            return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(canonical).join('')}</${node.localName}>`;
          };
          const server = new DOMParser().parseFromString(served, 'text/html').getElementById('root')!;
          return { server: canonical(server), browser: canonical(document.getElementById('root')!) };
        }, served);
        expect(pages.browser, path).toEqual(pages.server);
        page.removeAllListeners();
      }
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    } finally {
      await context.close();
    }
    // Hydrated: the filters work without a reload.
    const desktop = await shop.newPage({ viewport: DESKTOP });
    try {
      await desktop.page.goto('/productos?category=automaticas', { waitUntil: 'networkidle' });
      await desktop.page.getByRole('complementary', { name: 'Filtros' }).getByLabel('Feminizadas').click();
      await desktop.page.waitForURL((url) => url.search === '?categories=automaticas,feminizadas');
      await desktop.page.getByText('Cookies </script>').first().waitFor();
    } finally {
      await desktop.context.close();
    }
  });

  it('shows a returning customer the prices once the session is restored, asking for the session and the prices once', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: customer });
    try {
      const { errors, calls, served } = await visit(page, `/producto/${productId}`);
      // They came to buy: the page's code is asked for from its head, beside the page.
      const modules = /data-modules="([^"]+)"/.exec(served)![1].split(' ');
      for (const module of modules) expect(served.split('</head>')[0]).toContain(`<link rel="modulepreload" crossorigin href="${module}">`);
      await page
        .getByText(/12\.345/)
        .first()
        .waitFor();
      expect(errors).toEqual([]);
      // /start.js restores the session and fetches the priced product while the app's code
      // downloads; the app takes both instead of asking again (the refresh cookie is used once).
      expect(calls.filter((path) => path === '/api/auth/refresh/')).toHaveLength(1);
      expect(calls.filter((path) => path === `/api/products/${productId}/`)).toHaveLength(1);
      await page.getByRole('button', { name: 'Añadir al Carrito' }).click();
      await page.locator('header [data-testid="cart-count"]').first().waitFor();
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Añadir al Carrito' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("starts a returning customer's card on the first blister with stock and a price, as a link does", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page } = await shop.newPage({ viewport, as: customer });
      try {
        const card = page.locator('article').filter({ hasText: 'Northern Lights' });
        const blisterSelect = card.getByLabel('Presentación de Northern Lights');
        await step(page, `first-view-card-presentation-${viewport.width}`, async () => {
          // Reached by a link once the session is known.
          await visit(page, '/');
          await page.locator('main a[href="/productos?categories=regulares"]').first().click();
          await blisterSelect.waitFor();
          expect(await blisterSelect.locator('option:checked').textContent()).toBe('x3');
          expect(await card.textContent()).toMatch(/11\.000/);

          // A full load: the server renders the catalog before the session is known.
          await page.reload();
          await blisterSelect.waitFor();
          expect(await blisterSelect.locator('option:checked').textContent()).toBe('x3');
          expect(await card.textContent()).toMatch(/11\.000/);
          await card.getByRole('button', { name: 'Añadir Northern Lights al carrito' }).click();
          await page.getByText('Producto añadido al carrito').waitFor();
          await screenshot(page, `first-view-card-customer-${viewport.width}`);
        });
      } finally {
        await context.close();
      }
    }
  });
});
