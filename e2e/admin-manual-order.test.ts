// Manual orders and staff edits in the browser (issue 23): the owner enters a WhatsApp sale with its
// payment in under 15 clicks and lands on the paid order with its address; an unpaid web order gets
// another line and shows its new total; both pages fit 390 and 1280 px.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { amountInputText, formatArs } from '../src/domain/money';
import type { OrderDto } from '../src/domain/orders';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';
import { pickupMethod, saveShippingMethods, shippingMethod } from '../tests/helpers/shipping';

const shop = useShop();
let owner: Awaited<ReturnType<typeof createStaff>>;
let webOrder: OrderDto;

const HOME_CORDOBA = 4500;

beforeAll(async () => {
  const db = shop.server.ctx.db;
  owner = await createStaff(db, { username: 'duena', first_name: 'Sofía', last_name: 'Luna' });
  await createProduct(db, {
    name: 'Gelato',
    blisters: [
      { seed_count: 3, price: 12000, stock: 20 },
      { seed_count: 5, price: 18000, stock: 20 },
    ],
  });
  const haze = await createProduct(db, { name: 'Amnesia Haze', blisters: [{ seed_count: 3, price: 15000, stock: 20 }] });
  await createUser(db, { username: 'diego_c', email: 'diego@correo.test', first_name: 'Diego', last_name: 'Castro' });
  await saveShippingMethods(shop.server, owner.token, [
    shippingMethod({ zones: [{ provinces: ['AR-X'], price: HOME_CORDOBA }], rest_of_country_price: 7000, days_min: 3, days_max: 6 }),
    pickupMethod(),
  ]);
  const buyer = await createUser(db, { first_name: 'Ana', last_name: 'Paz' });
  webOrder = await placeOrder(shop.server, buyer, [{ product_id: haze.id, blister_id: haze.blisters[0].id, quantity: 1 }], {
    recipient_name: 'Ana Paz',
    customer_phone: '1140000000',
  });
});

/** Counts what the owner does with the mouse: a click, or a native select (open it, pick). */
function clickCounter() {
  let clicks = 0;
  return {
    get count() {
      return clicks;
    },
    async click(locator: Locator) {
      clicks += 1;
      await locator.click();
    },
    async select(locator: Locator, value: string) {
      clicks += 2;
      await locator.selectOption(value);
    },
  };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

/** An admin panel (a section headed by its title). */
const panel = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) }).first();

describe('manual orders in the back office', () => {
  it('enters a WhatsApp sale with its payment in under 15 clicks and lands on the paid order', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: owner });
    const mouse = clickCounter();
    await step(page, 'open-new-order', async () => {
      await page.goto('/admin/pedidos');
      await mouse.click(page.getByRole('link', { name: 'Nuevo pedido' }));
      await page.getByRole('heading', { name: 'Nuevo pedido', level: 1 }).waitFor();
    });
    await step(page, 'fill-sale', async () => {
      await page.getByLabel('Email del cliente').fill('marta.rios@correo.test');
      await page.getByRole('textbox', { name: 'Nombre (opcional)' }).fill('Marta');
      await page.getByRole('textbox', { name: 'Apellido (opcional)' }).fill('Ríos');
      await page.getByLabel('Teléfono').fill('3515551234');
      await page.getByLabel('Buscar producto').fill('gelato');
      const add = page.getByRole('button', { name: /^Agregar Gelato 5 semillas/ });
      await mouse.click(add);
      await mouse.click(add);
      await expect.poll(() => page.getByRole('list', { name: 'Productos del pedido' }).innerText()).toContain(formatArs(36000));
      await mouse.select(page.getByLabel('Provincia'), 'AR-X');
      await mouse.click(page.getByRole('radio', { name: /Correo a domicilio/ }));
      await page.getByLabel('Calle').fill('Bv. San Juan');
      await page.getByLabel('Número').fill('450');
      await page.getByLabel('Ciudad').fill('Córdoba');
      await page.getByLabel('Código postal').fill('X5000');
      await mouse.click(page.getByLabel('Registrar pago ahora'));
      const summary = page.getByRole('complementary', { name: 'Resumen del pedido' });
      await expect.poll(() => summary.innerText()).toContain(formatArs(36000 + HOME_CORDOBA));
      await expect.poll(() => page.getByLabel('Monto').inputValue()).toBe(amountInputText(36000 + HOME_CORDOBA));
      await screenshot(page, 'manual-order-new-1280');
      await expectNoOverflow(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
    await step(page, 'create', async () => {
      await mouse.click(page.getByRole('button', { name: 'Crear pedido' }));
      await toast(page, 'creado');
      await page.waitForURL(/\/admin\/pedidos\/\d+$/);
      const facts = panel(page, 'Pedido y entrega');
      await expect.poll(() => facts.innerText()).toContain('Manual');
      const text = await facts.innerText();
      expect(text).toContain('Bv. San Juan 450');
      expect(text).toContain('Córdoba (X5000)');
      expect(text.replace(/\s+/g, ' ')).toContain(`Envío (Correo a domicilio) ${formatArs(HOME_CORDOBA)}`.replace(/\s+/g, ' '));
      expect(text).toContain(formatArs(36000 + HOME_CORDOBA));
      expect(await page.getByRole('main').innerText()).toContain('Pagado');
      // Paid: no editing, and the page says what to do instead.
      expect(await page.getByRole('button', { name: 'Editar pedido' }).count()).toBe(0);
      expect(text).toContain('cancélalo (con su reembolso)');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await screenshot(page, 'manual-order-detail-1280');
      await facts.scrollIntoViewIfNeeded();
      await screenshot(page, 'manual-order-detail-facts-1280');
      await page.setViewportSize(MOBILE);
      await expectNoOverflow(page);
      await facts.scrollIntoViewIfNeeded();
      await screenshot(page, 'manual-order-detail-paid-390');
    });
    expect(mouse.count).toBeLessThan(15);
  });

  it('adds a line to an unpaid order and shows the new total before and after saving', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: owner });
    await step(page, 'edit-order', async () => {
      await page.goto(`/admin/pedidos/${webOrder.order_number}`);
      const facts = panel(page, 'Pedido y entrega');
      await expect.poll(() => facts.innerText()).toContain('Web');
      await page.getByRole('button', { name: 'Editar pedido' }).click();
      await page.getByLabel('Buscar producto').fill('gelato');
      await page.getByRole('button', { name: /^Agregar Gelato 3 semillas/ }).click();
      const editor = panel(page, 'Editar pedido');
      await expect.poll(() => editor.innerText()).toContain(`Nuevo total\n${formatArs(15000 + 12000)}`);
      await screenshot(page, 'manual-order-edit-1280');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await toast(page, `nuevo total ${formatArs(27000)}`);
      await expect.poll(() => facts.innerText()).toContain(formatArs(27000));
    });
  });

  it('fits a 390 px phone: the new-order page with a customer found by name, and the order page', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE, as: owner });
    await step(page, 'phone-new-order', async () => {
      await page.goto('/admin/pedidos/nuevo');
      await page.getByLabel('Email del cliente').fill('diego');
      await page.getByRole('button', { name: /Diego Castro/ }).click();
      await page.getByText('Cliente con cuenta').waitFor();
      await page.getByLabel('Teléfono').fill('1133445566');
      await page.getByLabel('Buscar producto').fill('gelato');
      await page.getByRole('button', { name: /^Agregar Gelato 3 semillas/ }).click();
      await page.getByLabel('Provincia').selectOption('AR-X');
      await page.getByRole('radio', { name: /Correo a domicilio/ }).click();
      await page.getByLabel('Registrar pago ahora').click();
      await expectNoOverflow(page);
      await screenshot(page, 'manual-order-new-390');
      await page.getByRole('list', { name: 'Productos del pedido' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'manual-order-new-lines-390');
      await page.getByLabel('Calle').scrollIntoViewIfNeeded();
      await screenshot(page, 'manual-order-new-address-390');
    });
    await step(page, 'phone-order-detail', async () => {
      await page.goto(`/admin/pedidos/${webOrder.order_number}`);
      await panel(page, 'Pedido y entrega').waitFor();
      await expectNoOverflow(page);
      await screenshot(page, 'manual-order-detail-390');
      await page.getByRole('button', { name: 'Editar pedido' }).click();
      await panel(page, 'Editar pedido').waitFor();
      await expectNoOverflow(page);
      await screenshot(page, 'manual-order-edit-390');
    });
  });
});
