// 'Configuración → Envíos' (issue 23): the owner sets up a method with two zones, prices typed the
// Argentine way, is told about a province in both zones, saves, and finds it after a reload; a
// packing slip then shows an order's full address, its shipping method and price. At 1280 and
// 390 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatArs } from '../src/domain/money';
import { readShippingMethods } from '../src/server/modules/shipping/settings';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
const db = () => shop.server.ctx.db;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  staff = await createStaff(db(), { username: 'duena' });
});

describe('shipping settings', () => {
  it('saves a method with two zones, shows it after a reload, and prints it on a packing slip', async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'shipping-open', async () => {
      await page.goto('/admin/configuracion');
      await page.getByRole('navigation', { name: 'Secciones de configuración' }).getByRole('link', { name: 'Envíos' }).click();
      await page.getByText('No hay métodos de envío').waitFor();
    });

    const method = page.getByRole('region', { name: /Andreani express|Método 1/ });
    await step(page, 'shipping-fill', async () => {
      await page.getByRole('button', { name: 'Agregar método de envío' }).click();
      await page.getByLabel('Nombre').fill('Andreani express');
      await page.getByLabel('Transporte').selectOption('andreani');
      await method.getByRole('button', { name: 'Agregar zona' }).click();
      await page.getByLabel('Precio zona 1 ($)').fill('6.500');
      await method.getByRole('group', { name: 'Zona 1' }).getByLabel('Ciudad Autónoma de Buenos Aires').check();
      await method.getByRole('group', { name: 'Zona 1' }).getByLabel('Buenos Aires', { exact: true }).check();
      await method.getByRole('button', { name: 'Agregar zona' }).click();
      const zone2 = method.getByRole('group', { name: 'Zona 2' });
      await page.getByLabel('Precio zona 2 ($)').fill('9.800');
      await zone2.getByLabel('Córdoba').check();
      await zone2.getByLabel('Santa Fe').check();
      // Already in zone 1, and the list says so.
      await zone2.getByLabel('Buenos Aires (zona 1)', { exact: true }).check();
      await page.getByLabel('Resto del país ($)').fill('22.000');
      await page.getByLabel('Envío gratis desde ($)').fill('150.000');
    });

    await step(page, 'shipping-province-twice', async () => {
      await page.getByRole('button', { name: 'Guardar envíos' }).click();
      await page.getByText('Buenos Aires está en más de una zona').waitFor();
      await page.getByText('Revisa los campos marcados').waitFor();
      expect(await readShippingMethods(db())).toEqual([]);
      await method.getByRole('group', { name: 'Zona 2' }).getByLabel('Buenos Aires (zona 1)', { exact: true }).uncheck();
    });

    await step(page, 'shipping-save', async () => {
      await page.getByRole('button', { name: 'Guardar envíos' }).click();
      await page.getByText('Métodos de envío guardados').waitFor();
      const [saved] = await readShippingMethods(db());
      expect(saved).toMatchObject({
        name: 'Andreani express',
        kind: 'home',
        carrier: 'andreani',
        zones: [
          { provinces: ['AR-C', 'AR-B'], price: 6500 },
          { provinces: ['AR-X', 'AR-S'], price: 9800 },
        ],
        rest_of_country_price: 22000,
        free_from: 150000,
        active: true,
      });
    });

    await step(page, 'shipping-reload', async () => {
      await page.reload();
      await expect.poll(() => page.getByLabel('Nombre').inputValue()).toBe('Andreani express');
      expect(await page.getByLabel('Precio zona 2 ($)').inputValue()).toBe('9.800');
      expect(await page.getByLabel('Resto del país ($)').inputValue()).toBe('22.000');
      const chips = await method.getByRole('list', { name: 'Provincias de la zona' }).allInnerTexts();
      expect(chips.map((c) => c.replace(/\s+/g, ' ').trim())).toEqual(['Ciudad Autónoma de Buenos Aires Buenos Aires', 'Córdoba Santa Fe']);
      await screenshot(page, 'shipping-settings-1280');
      await screenshot(page, 'shipping-settings-1280-full', { fullPage: true });
    });
    await context.close();

    const phone = await shop.newPage({ viewport: MOBILE, as: staff });
    await step(phone.page, 'shipping-phone', async () => {
      await phone.page.goto('/admin/configuracion/envios');
      await phone.page.getByRole('region', { name: 'Andreani express' }).waitFor();
      await phone.page.getByText('Elegir provincias (2 de 24)').first().click();
      await expectNoOverflow(phone.page);
      expect(await seriousViolations(phone.page)).toEqual([]);
      await screenshot(phone.page, 'shipping-settings-390');
      await screenshot(phone.page, 'shipping-settings-390-full', { fullPage: true });
    });
    await phone.context.close();

    // An order to Córdoba with the saved method, then its packing slip.
    const [saved] = await readShippingMethods(db());
    const customer = await createUser(db());
    const product = await createProduct(db(), { name: 'Gelato Auto', blisters: [{ seed_count: 3, price: 12000, stock: 5 }] });
    const order = await placeOrder(shop.server, customer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }], {
      recipient_name: 'Ana Pérez',
      delivery_type: 'address',
      shipping_method_id: saved.id,
      address: { street: 'Av. Colón', number: '1200', zip_code: '5000', city: 'Córdoba', province: 'AR-X', details: 'Depto 3B' },
    });
    expect(order.total).toBe(33800);

    const list = await shop.newPage({ viewport: MOBILE, as: staff });
    await step(list.page, 'shipping-order-card', async () => {
      await list.page.goto('/admin/pedidos');
      const card = list.page.getByRole('article').filter({ hasText: `Pedido #${order.order_number}` });
      await card.getByText(`Entrega: Andreani express · ${formatArs(9800)}`).waitFor();
    });
    await list.context.close();

    const slip = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(slip.page, 'shipping-slip', async () => {
      await slip.page.goto(`/admin/pedidos/imprimir?pedidos=${order.order_number}`);
      const sheet = slip.page.getByRole('article', { name: `Remito del pedido #${order.order_number}` });
      await sheet.waitFor();
      const text = await sheet.innerText();
      for (const line of ['Av. Colón 1200', 'Depto 3B', 'Córdoba (CP 5000)', `Andreani express · ${formatArs(9800)}`, formatArs(33800)]) {
        expect(text).toContain(line);
      }
      expect(text).toMatch(/Subtotal\s+\$\s24\.000/);
      await sheet.scrollIntoViewIfNeeded();
      await screenshot(slip.page, 'shipping-slip-1280');
      await screenshot(slip.page, 'shipping-slip-1280-full', { fullPage: true });
    });
    await slip.context.close();
  });
});
