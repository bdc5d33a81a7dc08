// Every storefront and account page fits a 360 px phone: nothing scrolls sideways, and in the
// cart and checkout (with the coupon box open) every line's total and buttons show whole.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../tests/helpers/app';
import { createBrand, createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { screenshot, step } from './helpers/browser';
import { cartLine, putInCart } from './helpers/cart';
import { useShop } from './helpers/shop';

const PHONE = { width: 360, height: 780 };

const shop = useShop();
let customer: Awaited<ReturnType<typeof createUser>>;
let products: Awaited<ReturnType<typeof createProduct>>[];

beforeAll(async () => {
  const db = shop.server.ctx.db;
  const staff = await createStaff(db);
  const brand = await createBrand(db, { brand_name: 'Dutch Passion Seeds Company' });
  customer = await createUser(db, { first_name: 'Valentina', last_name: 'Fernández Albarracín' });
  products = [
    await createProduct(db, {
      name: 'Gorilla Kush Automática Feminizada',
      brand_id: brand.id,
      flavors: 'Cítrico, terroso, pino',
      blisters: [{ seed_count: 3, price: 44000, stock: 20 }],
    }),
    await createProduct(db, { name: 'Amnesia Haze', brand_id: brand.id, blisters: [{ seed_count: 5, price: 150000, stock: 20 }] }),
  ];
  const coupon = await api(shop.server, 'POST', '/api/coupons/', {
    token: staff.token,
    body: { code: 'SEMILLAS10', kind: 'percent', value: 10 },
  });
  expect(coupon.status, coupon.text).toBe(201);
  await placeOrder(shop.server, customer, [{ product_id: products[0].id, blister_id: products[0].blisters[0].id, quantity: 2 }], {
    recipient_name: 'Valentina Fernández Albarracín',
    customer_phone: '1123456789',
  });
});

/**
 * How many pixels the page is wider than the phone. A phone's browser (a touch context here) widens
 * its layout to the page instead of scrolling, so the window's own width would not tell.
 */
const overflowX = (page: Page) => page.evaluate((width) => Math.max(0, document.documentElement.scrollWidth - width), PHONE.width);

/** The elements whose box leaves the phone's screen, or whose text is cut inside its box. */
function cutElements(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll(
    (elements, width) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          if (box.width === 0) return false;
          return box.left < 0 || box.right > width || element.scrollWidth > element.clientWidth + 1;
        })
        .map((element) => `${element.tagName} "${element.textContent?.trim() ?? ''}" ${element.getAttribute('aria-label') ?? ''}`),
    PHONE.width,
  );
}

const ANONYMOUS_PAGES = [
  '/',
  '/productos',
  'product',
  '/login',
  '/crear-cuenta',
  '/recuperar-contrasena',
  '/garantia',
  '/terminos',
  '/privacidad',
  '/cambios-y-devoluciones',
  '/contacto',
  '/como-germinar',
  '/arrepentimiento',
  '/carrito',
];

const ACCOUNT_PAGES = [
  '/',
  '/productos',
  'product',
  '/mi-cuenta?section=orders',
  '/mi-cuenta?section=stock-alerts',
  '/mi-cuenta?section=warranty',
  '/mi-cuenta?section=settings',
  '/garantia',
  '/arrepentimiento',
  '/contacto',
];

const at = (path: string) => (path === 'product' ? `/producto/${products[0].id}` : path);
const shotName = (path: string) => path.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home';

describe('360 px screens', () => {
  it('no storefront page scrolls sideways', async () => {
    const { page } = await shop.newPage({ viewport: PHONE, touch: true });
    const wide: string[] = [];
    for (const path of ANONYMOUS_PAGES) {
      await page.goto(at(path));
      await page.waitForTimeout(300);
      const over = await overflowX(page);
      if (over > 0) {
        wide.push(`${path}: ${over} px`);
        await screenshot(page, `narrow-anonymous-${shotName(path)}`);
      }
    }
    expect(wide).toEqual([]);
  });

  it('no page of a signed-in customer scrolls sideways', async () => {
    const { page } = await shop.newPage({ viewport: PHONE, touch: true, as: customer });
    const wide: string[] = [];
    for (const path of ACCOUNT_PAGES) {
      await page.goto(at(path));
      await page.waitForTimeout(300);
      const over = await overflowX(page);
      if (over > 0) {
        wide.push(`${path}: ${over} px`);
        await screenshot(page, `narrow-account-${shotName(path)}`);
      }
    }
    expect(wide).toEqual([]);
  });

  it('the checkout with the coupon box open fits, with every line total and button whole', async () => {
    const { context, page } = await shop.newPage({ viewport: PHONE, touch: true, as: customer });
    await putInCart(context, shop.server.url, [cartLine(products[0], 7), cartLine(products[1], 3)]);
    await step(page, 'narrow-checkout', async () => {
      await page.goto('/carrito');
      await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
      await page.getByRole('button', { name: 'Confirmar Pedido' }).waitFor();
      await page.getByText(/un cupón\?$/).click();
      await page.getByLabel('Código del cupón').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, 'narrow-checkout-coupon-360');
      expect(await overflowX(page)).toBe(0);
      const lines = page.getByRole('region', { name: 'Productos en el carrito' });
      expect(
        await cutElements(page, '[aria-label="Productos en el carrito"] li p, [aria-label="Productos en el carrito"] li button'),
      ).toEqual([]);
      await lines.getByRole('button', { name: /^Eliminar Amnesia Haze/ }).waitFor();
      expect(await cutElements(page, 'form[aria-label="Datos del pedido"] :is(button, input, select, dd, summary)')).toEqual([]);
      await page.getByLabel('Código del cupón').fill('semillas10');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page
        .getByText(/Cupón SEMILLAS10/)
        .first()
        .waitFor();
      expect(await overflowX(page)).toBe(0);
      expect(await cutElements(page, 'form[aria-label="Datos del pedido"] :is(button, input, select, dd)')).toEqual([]);
    });
  });
});
