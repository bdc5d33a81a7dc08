// Storefront journeys in a real browser against the built app: age gate, header search,
// catalog filters in the URL, paging, product detail, mobile layout and who sees prices.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { DESKTOP, MOBILE, newPage, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';
import { createBrand, createProduct, createUser } from '../tests/helpers/factories';

const shop = useShop();
let customer: Awaited<ReturnType<typeof createUser>>;
const ids: Record<string, number> = {};

const LONG_DESCRIPTION = [
  'Gorilla Glue Auto es la versión autofloreciente de una de las variedades más potentes y resinosas del mundo, creada para cultivadores que buscan resultados rápidos sin renunciar a la calidad.',
  'Su floración es corta y su estructura compacta la hace ideal para interiores pequeños, balcones y terrazas con poca altura disponible.',
  'PÁRRAFO FINAL: aromas terrosos y a pino con notas de chocolate y café.',
].join('\n');

beforeAll(async () => {
  const db = shop.server.ctx.db;
  const royal = await createBrand(db, {
    brand_name: 'Royal Queen Seeds',
    is_national: false,
    description: 'Banco europeo con genéticas premiadas.',
  });
  const sur = await createBrand(db, { brand_name: 'Sur Genetics', is_national: true, description: null });
  const make = async (name: string, type: 'auto' | 'fem' | 'reg', brandId: number, extra: Parameters<typeof createProduct>[1] = {}) => {
    const product = await createProduct(db, { name, type, brand_id: brandId, ...extra });
    ids[name] = product.id;
  };
  await make('Gorilla Glue Auto', 'auto', royal.id, {
    description: LONG_DESCRIPTION,
    thc: '24%',
    cbd: '0.5%',
    flowering_time: '8-9 semanas',
    flavors: 'Terroso, Pino, Chocolate, Café',
    genotype: 'Gorilla Glue #4 x Ruderalis',
    // Two pictures the built app serves, so the gallery shows thumbnails.
    image: '/logo.svg',
    image_2: '/favicon.svg',
    blisters: [
      { seed_count: 3, price: 12000, stock: 5 },
      { seed_count: 5, price: 20000, stock: 0 },
    ],
  });
  await make('Gorilla Cookies', 'fem', sur.id, { blisters: [{ seed_count: 3, price: 10000, stock: 4, discount: 20 }] });
  for (const name of ['Gorilla Zkittlez', 'Gorilla Kush', 'Gorilla OG']) await make(name, 'fem', royal.id);
  // A picture the store no longer has: pages show the shop's logo in its place.
  await make('Gorilla Haze', 'fem', royal.id, { image: '/uploads/products/perdida-800.webp' });
  await make('Amnesia Haze', 'fem', royal.id);
  await make('Northern Light Auto', 'auto', sur.id);
  await make('Critical Regular', 'reg', sur.id);
  await make('White Widow', 'fem', royal.id);
  await make('Blue Dream Auto', 'auto', royal.id);
  await make('Skunk Regular', 'reg', royal.id);
  await make('Purple Punch', 'fem', sur.id);
  await make('Lemon Haze Auto', 'auto', sur.id);
  customer = await createUser(db, { username: 'ana.cultiva@test.local' });
});

const cards = (page: Page) => page.locator('section[aria-label="Productos"] article');

async function open(path: string, options: Parameters<typeof newPage>[2] = {}) {
  const { context, page } = await shop.newPage(options);
  await page.goto(path);
  return { context, page };
}

describe('age gate', () => {
  it('covers the page until the visitor confirms being over 18, and remembers it', async () => {
    const { context, page } = await open('/', { ageVerified: false });
    await step(page, 'age-gate-adult', async () => {
      const dialog = page.getByRole('dialog', { name: 'Verificación de Edad' });
      await dialog.waitFor();
      await expect(dialog.getByText('Debes ser mayor de 18 años para acceder a este sitio.').isVisible()).resolves.toBe(true);
      // The content is rendered underneath (crawlable), not replaced by the gate.
      expect(await page.locator('h1').textContent()).toContain('Semillas de cannabis');
      await page.getByRole('button', { name: 'Soy mayor de 18' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
      await page.reload();
      await page.locator('h1').waitFor();
      expect(await page.getByRole('dialog', { name: 'Verificación de Edad' }).count()).toBe(0);
    });
    await context.close();
  });

  it('sends minors away to a search engine', async () => {
    const { context, page } = await shop.newPage({ ageVerified: false });
    await context.route('https://www.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Google</title>' }));
    await page.goto('/');
    await step(page, 'age-gate-minor', async () => {
      await page.getByRole('button', { name: 'Soy menor' }).click();
      await page.waitForURL(/^https:\/\/www\.google\.com\//);
      expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBeNull();
    });
    await context.close();
  });
});

describe('header search', () => {
  it('suggests up to 5 products from 2 characters and links to them', async () => {
    const { context, page } = await open('/');
    await step(page, 'search-suggestions', async () => {
      const input = page.getByRole('combobox', { name: 'Buscar productos' });
      await input.fill('g');
      await page.waitForTimeout(500);
      expect(await page.getByRole('listbox').count()).toBe(0);
      await input.fill('gorilla');
      const options = page.getByRole('listbox', { name: 'Sugerencias de búsqueda' }).getByRole('option');
      await options.first().waitFor();
      expect(await options.count()).toBe(5);
      await expect(options.first().textContent()).resolves.toMatch(/Gorilla/);

      // Every thumbnail shows a picture: the one the store no longer has gives way to the logo.
      await input.fill('haze');
      const missing = options.filter({ hasText: 'Gorilla Haze' }).locator('img');
      await missing.waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('[role="listbox"] img')].every((img) => img.complete && img.naturalWidth > 0),
      );
      // The logo is what shows, not only what src says: a srcset would still pick the missing files.
      expect(await missing.evaluate((img: HTMLImageElement) => [new URL(img.src).pathname, new URL(img.currentSrc).pathname])).toEqual([
        '/logo.svg',
        '/logo.svg',
      ]);
      await input.fill('gorilla');
      await options.getByText('Gorilla Cookies').waitFor();
      await options.getByText('Gorilla Cookies').click();
      await page.waitForURL(`**/producto/${ids['Gorilla Cookies']}`);
      await page.getByRole('heading', { level: 1, name: 'Gorilla Cookies' }).waitFor();

      await input.fill('gorilla');
      await page.getByRole('button', { name: 'Ver todos los resultados' }).click();
      await page.waitForURL('**/productos?search=gorilla');
      expect(await page.getByLabel('Buscar por nombre').inputValue()).toBe('gorilla');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 6);

      // From the catalog, the chosen categories and brands are kept.
      await page.goto('/productos?category=automaticas&bank=royal-queen-seeds');
      await input.fill('gorilla');
      await page.getByRole('button', { name: 'Ver todos los resultados' }).click();
      await page.waitForURL((url) => url.search === '?category=automaticas&bank=royal-queen-seeds&search=gorilla');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 1);
    });
    await context.close();
  });
});

describe('catalog', () => {
  it('filters by type and brand, mirrors them in the URL, and keeps them after a reload', async () => {
    const { context, page } = await open('/productos');
    await step(page, 'catalog-filters', async () => {
      await cards(page).first().waitFor();
      expect(await page.title()).toMatch(/^Catálogo de semillas - /);
      const sidebar = page.getByRole('complementary', { name: 'Filtros' });
      // The boxes follow the URL, which the router updates in a transition: click, then wait for it.
      await sidebar.getByLabel('Automáticas').click();
      await page.waitForURL((url) => url.search === '?category=automaticas');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 4);

      await sidebar.getByLabel('Royal Queen Seeds').click();
      await page.waitForURL((url) => url.search === '?category=automaticas&bank=royal-queen-seeds');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 2);

      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 2);
      const names = await cards(page).locator('h3').allTextContents();
      expect(names.sort()).toEqual(['Blue Dream Auto', 'Gorilla Glue Auto']);
      expect(await sidebar.getByLabel('Automáticas').isChecked()).toBe(true);
      expect(await sidebar.getByLabel('Royal Queen Seeds').isChecked()).toBe(true);

      await sidebar.getByLabel('Feminizadas').click();
      await page.waitForURL((url) => url.search === '?categories=automaticas,feminizadas&bank=royal-queen-seeds');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 8);

      await sidebar.getByRole('button', { name: 'Limpiar filtros' }).click();
      await page.waitForURL((url) => url.search === '');
    });
    await context.close();
  });

  it('opens on the URL of the header links, including offers', async () => {
    const { context, page } = await open('/');
    await step(page, 'catalog-header-links', async () => {
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Regulares' }).click();
      await page.waitForURL('**/productos?categories=regulares');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 2);
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Ofertas' }).click();
      await page.waitForURL('**/productos?category=ofertas');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 1);
      expect(await cards(page).locator('h3').textContent()).toBe('Gorilla Cookies');
      expect(await page.getByRole('complementary', { name: 'Filtros' }).getByLabel('Solo productos en oferta').isChecked()).toBe(true);
      // Opened inside the page, not loaded: the tab's title is the page's all the same, and the
      // page holds no title of its own outside the head.
      await expect.poll(() => page.title()).toBe('Catálogo de semillas - Semillas del Sur');
      await cards(page).getByRole('link', { name: 'Gorilla Cookies' }).first().click();
      await expect.poll(() => page.title()).toBe('Detalles del Producto - Gorilla Cookies');
      expect(await page.locator('body title').count()).toBe(0);
    });
    await context.close();
  });

  it("loads 9 products and the rest with 'Cargar más'", async () => {
    const { context, page } = await open('/productos');
    await step(page, 'catalog-load-more', async () => {
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 9);
      await page.getByRole('button', { name: 'Cargar más' }).click();
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 14);
      expect(await page.getByRole('button', { name: 'Cargar más' }).count()).toBe(0);
    });
    await context.close();
  });

  it('opens a quick view with the key facts and a link to the product', async () => {
    const { context, page } = await open('/productos?category=automaticas&bank=royal-queen-seeds');
    await step(page, 'quick-view', async () => {
      await page.getByRole('button', { name: 'Vista rápida de Gorilla Glue Auto' }).click();
      const dialog = page.getByRole('dialog', { name: 'Gorilla Glue Auto' });
      await dialog.waitFor();
      const text = (await dialog.textContent())!;
      for (const fact of ['Royal Queen Seeds', '8-9 semanas', '24%', '0.5%', 'Terroso']) expect(text).toContain(fact);
      expect(text).not.toContain('Pino');
      const description = (await dialog.locator('p', { hasText: 'Gorilla Glue Auto es' }).textContent())!;
      expect(description.length).toBeLessThanOrEqual(203);
      expect(description.endsWith('...')).toBe(true);
      await dialog.getByRole('link', { name: 'Ver más información' }).click();
      await page.waitForURL(`**/producto/${ids['Gorilla Glue Auto']}`);
      expect(await page.getByRole('dialog').count()).toBe(0);
    });
    await context.close();
  });

  it('shows the empty state when nothing matches', async () => {
    const { context, page } = await open('/productos?search=zzzzzz');
    await page.getByText('No se encontraron productos.').waitFor();
    await context.close();
  });
});

describe('product detail', () => {
  it('shows the tabs, switches to the description with Leer más, and the brand info', async () => {
    const { context, page } = await open(`/producto/${ids['Gorilla Glue Auto']}`);
    await step(page, 'detail-tabs', async () => {
      await page.getByRole('heading', { level: 1, name: 'Gorilla Glue Auto' }).waitFor();
      expect(await page.title()).toBe('Detalles del Producto - Gorilla Glue Auto');
      const specs = page.getByRole('tab', { name: 'Ficha Técnica' });
      expect(await specs.getAttribute('aria-selected')).toBe('true');
      const panel = page.getByRole('tabpanel');
      await expect(panel.textContent()).resolves.toContain('Gorilla Glue #4 x Ruderalis');
      await expect(panel.textContent()).resolves.toContain('3, 5');
      // The flavors tile is cut at 20 characters with the full text in a tooltip.
      expect(await page.locator('dd[title="Terroso, Pino, Chocolate, Café"]').count()).toBe(1);
      // Short description before 'Leer más' does not include the last paragraph.
      expect(await page.getByText('PÁRRAFO FINAL').count()).toBe(0);
      await page.getByRole('button', { name: 'Leer más' }).click();
      expect(await page.getByRole('tab', { name: 'Descripción' }).getAttribute('aria-selected')).toBe('true');
      await page
        .getByRole('tabpanel')
        .getByText(/^PÁRRAFO FINAL/)
        .waitFor();
      expect(await page.getByRole('tabpanel').locator('p').count()).toBe(3);
      await page.getByRole('tab', { name: 'Info del Banco' }).click();
      await page.getByRole('tabpanel').getByText('Banco Internacional').waitFor();
      await page.getByRole('tabpanel').getByText('Banco europeo con genéticas premiadas.').waitFor();
      await page.getByRole('heading', { name: 'Productos relacionados' }).waitFor();

      // Thumbnails switch the picture; the picture zooms x2 under the mouse.
      const thumbnails = page.getByRole('list', { name: 'Imágenes del producto' }).getByRole('button');
      expect(await thumbnails.count()).toBe(2);
      await thumbnails.nth(1).click();
      expect(await page.locator('img[alt="Gorilla Glue Auto"]').first().getAttribute('src')).toBe('/favicon.svg');
      const photo = page.locator('[data-zoomed], img[alt="Gorilla Glue Auto"]').first();
      const box = (await photo.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.75);
      const zoomed = page.locator('[data-zoomed="true"]');
      await zoomed.waitFor();
      const style = (await zoomed.getAttribute('style'))!;
      expect(style).toContain('scale(2)');
      const [x, y] = style
        .match(/transform-origin: ([\d.]+)% ([\d.]+)%/)!
        .slice(1)
        .map(Number);
      expect(Math.abs(x - 25)).toBeLessThan(2);
      expect(Math.abs(y - 75)).toBeLessThan(2);
      await page.mouse.move(box.x + box.width + 40, box.y);
      await zoomed.waitFor({ state: 'detached' });
    });
    await context.close();
  });

  it('leaves the photo at its size when a finger taps it', async () => {
    const { context, page } = await open(`/producto/${ids['Gorilla Glue Auto']}`, { viewport: MOBILE, touch: true });
    await step(page, 'detail-photo-tap', async () => {
      const photo = page.locator('img[alt="Gorilla Glue Auto"]').first();
      await photo.tap();
      await page.waitForTimeout(300);
      expect(await page.locator('[data-zoomed]').count()).toBe(0);
      await screenshot(page, 'storefront-detail-tapped-390');
    });
    await context.close();
  });

  it("hides 'Info del Banco' when the brand has no description, and answers unknown ids with not found", async () => {
    const { context, page } = await open(`/producto/${ids['Purple Punch']}`);
    await page.getByRole('heading', { level: 1, name: 'Purple Punch' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Ficha Técnica', 'Descripción']);
    await page.goto('/producto/999999');
    await page.getByRole('heading', { name: 'Producto no encontrado' }).waitFor();
    await page.getByText('El producto que buscas no existe o no está disponible.').waitFor();
    await page.goto('/producto/abc');
    await page.getByRole('heading', { name: 'Producto no encontrado' }).waitFor();
    await context.close();
  });
});

describe('mobile layout at 390 px', () => {
  it('fits the screen, with the hamburger menu, search toggle and filters modal', async () => {
    const { context, page } = await open('/', { viewport: MOBILE });
    await step(page, 'mobile-layout', async () => {
      await page.getByRole('heading', { name: 'Últimos ingresos' }).waitFor();
      await page
        .locator('#ultimos-ingresos-title ~ * article, section[aria-labelledby="ultimos-ingresos-title"] article')
        .first()
        .waitFor();
      await expectNoOverflow(page);
      expect(await page.getByRole('navigation', { name: 'Principal' }).isVisible()).toBe(false);
      await screenshot(page, 'storefront-home-390');

      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await page.getByRole('combobox', { name: 'Buscar productos' }).fill('amnesia');
      await page.getByRole('option').getByText('Amnesia Haze').waitFor();
      await page.getByRole('button', { name: 'Cerrar búsqueda' }).click();

      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('navigation', { name: 'Menú' }).getByRole('link', { name: 'Feminizadas' }).click();
      await page.waitForURL('**/productos?categories=feminizadas');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 8);
      expect(await page.getByRole('complementary', { name: 'Filtros' }).isVisible()).toBe(false);
      await expectNoOverflow(page);

      await page.getByRole('button', { name: /^Filtros/ }).click();
      const modal = page.getByRole('dialog', { name: 'Filtros' });
      await modal.getByLabel('Feminizadas').uncheck();
      await modal.getByLabel('Regulares').check();
      await modal.getByRole('button', { name: 'Aplicar Filtros' }).click();
      await page.waitForURL((url) => url.search === '?category=regulares');
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 2);

      // Choosing a brand hides the slider on mobile and shows a pill to remove it.
      await page.getByRole('list', { name: 'Bancos' }).getByRole('button', { name: 'Sur Genetics' }).click();
      await page.waitForURL((url) => url.search === '?category=regulares&bank=sur-genetics');
      await page.getByRole('list', { name: 'Bancos', exact: true }).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Quitar Sur Genetics' }).click();
      await page.waitForURL((url) => url.search === '?category=regulares');
      await page.getByRole('list', { name: 'Bancos', exact: true }).waitFor({ state: 'visible' });
    });
    await context.close();
  });
});

describe('prices', () => {
  it('hides prices from anonymous visitors on cards and on the detail page', async () => {
    const { context, page } = await open('/productos?search=gorilla');
    await step(page, 'prices-anonymous', async () => {
      await page.waitForFunction(() => document.querySelectorAll('section[aria-label="Productos"] article').length === 6);
      const text = await page.locator('section[aria-label="Productos"]').textContent();
      expect(text).toContain('Inicia sesión para ver precio');
      expect(text).not.toMatch(/\$/);
      await page.goto(`/producto/${ids['Gorilla Glue Auto']}`);
      await page.getByText('Precios exclusivos para usuarios registrados').waitFor();
      expect(await page.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toContain('/login');
      // Registering keeps the product, for after the e-mail is verified.
      expect(await page.getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe(
        `/crear-cuenta?redirect=${encodeURIComponent(`/producto/${ids['Gorilla Glue Auto']}`)}`,
      );
      expect(await page.locator('main').textContent()).not.toMatch(/\$/);
      await screenshot(page, 'storefront-detail-anonymous-1280');
    });
    await context.close();
  });

  it('shows a signed-in customer prices, discounts and stock, and adds to the cart', async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: customer });
    await page.goto('/productos?search=gorilla');
    await step(page, 'prices-customer', async () => {
      await page.getByRole('link', { name: 'Mi cuenta: ana.cultiva' }).waitFor();
      const card = cards(page).filter({ hasText: 'Gorilla Cookies' });
      await card.getByText('-20% OFF').waitFor();
      await expect(card.textContent()).resolves.toMatch(/10\.000.*8\.000/);
      expect(await card.getByLabel('Presentación de Gorilla Cookies').inputValue()).not.toBe('');
      await card.getByRole('button', { name: 'Añadir Gorilla Cookies al carrito' }).click();
      await page.getByText('Producto añadido al carrito').waitFor();
      await page.getByTestId('cart-count').getByText('1').waitFor();
      await screenshot(page, 'storefront-catalog-customer-1280');

      await page.goto(`/producto/${ids['Gorilla Glue Auto']}`);
      await page.getByText('5 Unidades disponibles').waitFor();
      await expect(page.locator('main').textContent()).resolves.toMatch(/12\.000/);
      await page.getByText('(Sin stock)').waitFor();
      await page.getByRole('button', { name: 'Añadir al Carrito' }).click();
      await page.getByText('Producto añadido al carrito').first().waitFor();
      await page.getByTestId('cart-count').getByText('2').waitFor();
      await page.getByText('5 Semillas').click();
      await page.getByText('Sin stock', { exact: true }).waitFor();
      // Sold out: the button is off and says why.
      expect(await page.getByRole('button', { name: 'Añadir al Carrito' }).isDisabled()).toBe(true);
      await page.getByText('Esta presentación está agotada: elige otra o pide que te avisemos cuando vuelva.').waitFor();
      await screenshot(page, 'storefront-detail-customer-1280');
    });
    await context.close();
  });
});

describe('scroll position', () => {
  const scrollTo = async (page: Page, y: number) => {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
    return page.evaluate(() => window.scrollY);
  };
  // Within a few pixels: the browser's scroll anchoring may move the restored position slightly
  // while late content (a picture, a font) settles above it.
  const scrolledTo = async (page: Page, y: number) => {
    try {
      await page.waitForFunction((top) => Math.abs(window.scrollY - top) <= 12, y, { timeout: 15_000 });
    } catch (error) {
      const seen = await page.evaluate(() => ({
        scrollY: window.scrollY,
        height: document.documentElement.scrollHeight,
        navigation: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type,
        url: location.pathname,
      }));
      throw new Error(`expected the page at ${y}, found ${JSON.stringify(seen)}`, { cause: error });
    }
  };
  const appReady = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.app === 'ready');

  it('opens every typed address at the top, and back and forward return to where the visitor was', async () => {
    const { context, page } = await open('/productos', { viewport: MOBILE });
    await step(page, 'scroll-fresh-loads', async () => {
      await cards(page).first().waitFor();
      const catalogY = await scrollTo(page, 1000);
      expect(catalogY).toBeGreaterThan(500);

      // Typed in the address bar: each is a fresh load of the same tab.
      await page.goto(`/producto/${ids['Gorilla Glue Auto']}`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const productY = await scrollTo(page, 600);
      expect(productY).toBeGreaterThan(300);
      await page.goto('/como-germinar');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.goBack();
      await appReady(page);
      await scrolledTo(page, productY);
      await page.goBack();
      await appReady(page);
      await scrolledTo(page, catalogY);
      await page.goForward();
      await appReady(page);
      await scrolledTo(page, productY);
    });
    await context.close();
  });
  it('opens a product from a scrolled catalog at its top at once, without gliding up', async () => {
    const { context, page } = await open('/productos', { viewport: MOBILE });
    await step(page, 'scroll-no-glide', async () => {
      const card = cards(page).last();
      await card.scrollIntoViewIfNeeded();
      const catalogY = await page.evaluate(() => window.scrollY);
      expect(catalogY).toBeGreaterThan(300);
      // Every frame's scroll position from the click on, with the address it was taken at.
      await page.evaluate(() => {
        const frames: [number, string][] = [];
        Object.assign(window, { scrollFrames: frames });
        const started = performance.now();
        const sample = () => {
          frames.push([window.scrollY, location.pathname]);
          if (performance.now() - started < 1200) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await card.getByRole('link').first().click();
      await page.waitForURL('**/producto/*');
      await page.waitForTimeout(1300);
      const frames = await page.evaluate(() => (window as unknown as { scrollFrames: [number, string][] }).scrollFrames);
      const onProduct = frames.filter(([, path]) => path.startsWith('/producto/')).map(([y]) => y);
      expect(onProduct.at(-1)).toBe(0);
      // The catalog's position until the product is drawn, then the top. A glide passes through
      // dozens of positions between; a page still drawing, shorter than the catalog, may hold the
      // position at its own end for a frame or two.
      const between = onProduct.filter((y) => y !== 0 && y !== catalogY);
      expect(between.length, JSON.stringify(onProduct)).toBeLessThanOrEqual(2);
    });
    await context.close();
  });
});

describe('accessibility', () => {
  it('has no axe violations on home, catalog, detail and guide, on mobile and desktop', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page } = await shop.newPage({ viewport });
      for (const [path, ready] of [
        ['/', 'section[aria-labelledby="ultimos-ingresos-title"] article'],
        ['/productos', 'section[aria-label="Productos"] article'],
        [`/producto/${ids['Gorilla Glue Auto']}`, 'section[aria-labelledby="relacionados-title"] article'],
        ['/como-germinar', 'text=Información Importante'],
      ]) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        // Any impact, not only the serious and critical ones every other page is held to.
        expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
      }
      await context.close();
    }
  });
});
