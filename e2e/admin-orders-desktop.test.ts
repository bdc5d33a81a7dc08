// The owner's orders at 1280 px (issue 34, items 22, 25 and 34): after refused checkouts the ids
// run ahead of the numbers, and every link, address and search of the back office still names
// the order by its number; the table's action icons fit the screen; bulk "Marcar enviados" takes
// each order's own carrier and changes it only where asked.
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../src/domain/orders';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { saveShippingMethods, shippingMethod } from '../tests/helpers/shipping';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
const orders: OrderDto[] = [];

async function shot(page: Page, name: string) {
  await screenshot(page, name);
}

beforeAll(async () => {
  const db = shop.server.ctx.db;
  staff = await createStaff(db, { username: 'duena', is_superuser: true });
  const [andreani, moto] = await saveShippingMethods(shop.server, staff.token, [
    shippingMethod({ name: 'Andreani a domicilio', carrier: 'andreani' }),
    shippingMethod({ name: 'Moto en Córdoba', carrier: 'moto' }),
  ]);
  const product = await createProduct(db, {
    name: 'Amnesia Haze Automática XXL',
    blisters: [{ seed_count: 3, price: 15000, stock: 300 }],
  });
  const address = { street: 'Bv. San Juan', number: '450', zip_code: '5000', city: 'Córdoba', province: 'AR-X' as const, details: '' };
  for (const [i, method] of [andreani, moto, andreani].entries()) {
    // A checkout refused after its insert takes an id and gives its number back: the ids run ahead.
    await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), (select coalesce(max(id), 0) from orders) + 3)`);
    const customer = await createUser(db, { first_name: `María Florencia ${i}`, last_name: 'Rodríguez Paz' });
    const placed = await api(shop.server, 'POST', '/api/orders/', {
      token: customer.token,
      body: {
        recipient_name: `Destinataria Número ${i + 1}`,
        customer_phone: '1155551234',
        delivery_type: 'address',
        shipping_method_id: method.id,
        address,
        products: [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 }],
      },
    });
    expect(placed.status, placed.text).toBe(201);
    orders.push(placed.json as OrderDto);
  }
  for (const order of orders) expect(order.id).not.toBe(order.order_number);
});

describe("the owner's orders at 1280 px", () => {
  it('opens, links and searches orders by their number, never their id', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    const [first, second] = orders;
    await step(page, 'table-links', async () => {
      await page.goto('/admin/pedidos?status=all');
      await page.getByRole('button', { name: 'Tabla', exact: true }).click();
      const link = page.getByRole('link', { name: `#${second.order_number}`, exact: true });
      expect(await link.getAttribute('href')).toBe(`/admin/pedidos/${second.order_number}`);
      await link.click();
      await page.waitForURL(`**/admin/pedidos/${second.order_number}`);
      await page.getByRole('heading', { name: `Pedido #${second.order_number}` }).waitFor();
      await page.getByText('Destinataria Número 2').first().waitFor();
      await shot(page, 'pedido-por-numero-1280');
    });
    await step(page, 'address-by-number', async () => {
      // The id of the first order is a number no order has: its page is not another order's.
      await page.goto(`/admin/pedidos/${first.order_number}`);
      await page.getByRole('heading', { name: `Pedido #${first.order_number}` }).waitFor();
      await page.getByText('Destinataria Número 1').first().waitFor();
      await page.goto(`/admin/pedidos?orderId=${second.order_number}`);
      await page.getByRole('dialog', { name: `Pedido #${second.order_number}` }).waitFor();
      const open = page.getByRole('dialog').getByRole('link', { name: 'Abrir página' });
      expect(await open.getAttribute('href')).toBe(`/admin/pedidos/${second.order_number}`);
    });
    await step(page, 'search-by-number', async () => {
      await page.goto(`/admin/pedidos?status=all&search=${encodeURIComponent(`#${second.order_number}`)}`);
      await page.getByRole('button', { name: 'Tabla', exact: true }).click();
      const rows = page.getByRole('table').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain(`#${second.order_number}`);
    });
  });

  it("keeps the table's action icons inside the screen", async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'table-fits', async () => {
      await page.goto('/admin/pedidos?status=all');
      await page.getByRole('button', { name: 'Tabla', exact: true }).click();
      const view = page.getByRole('button', { name: `Ver pedido #${orders[0].order_number}`, exact: true });
      await view.waitFor();
      const viewport = page.viewportSize()!;
      const region = (await page.getByRole('region', { name: 'Tabla de pedidos' }).boundingBox())!;
      for (const order of orders) {
        const row = page
          .getByRole('table')
          .locator('tbody tr', { has: page.getByRole('link', { name: `#${order.order_number}`, exact: true }) });
        for (const button of await row.locator('td').last().locator('a, button').all()) {
          const box = (await button.boundingBox())!;
          expect(box.x + box.width, (await button.getAttribute('aria-label')) ?? undefined).toBeLessThanOrEqual(
            Math.min(viewport.width, region.x + region.width),
          );
        }
      }
      // The table does not scroll sideways at this width: nothing of it is hidden.
      const scroll = await page
        .getByRole('region', { name: 'Tabla de pedidos' })
        .evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
      await shot(page, 'pedidos-tabla-1280');
    });
  });

  it("marks orders shipped with each one's own carrier, changed only where chosen", async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    const [byAndreani, byMoto, changed] = orders;
    await step(page, 'ship-dialog', async () => {
      await page.goto('/admin/pedidos?status=all');
      await page.getByRole('button', { name: 'Tabla', exact: true }).click();
      for (const order of orders) {
        await page.getByRole('checkbox', { name: `Seleccionar pedido #${order.order_number}`, exact: true }).check();
      }
      await page
        .getByRole('region', { name: 'Acciones para los pedidos seleccionados' })
        .getByRole('button', { name: 'Marcar enviados' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Marcar 3 pedidos como enviados' });
      await dialog.waitFor();
      const carrierOf = (order: OrderDto) => dialog.getByLabel(`Transporte del pedido #${order.order_number}`);
      expect(await carrierOf(byAndreani).inputValue()).toBe('andreani');
      expect(await carrierOf(byMoto).inputValue()).toBe('moto');
      expect(await carrierOf(changed).inputValue()).toBe('andreani');
      await carrierOf(changed).selectOption('oca');
      await dialog.getByLabel(`Código de seguimiento del pedido #${byAndreani.order_number}`).fill('AND-77');
      await shot(page, 'enviar-varios-1280');
      await dialog.getByRole('button', { name: 'Marcar enviados' }).click();
      await page.getByText('3 pedidos marcados como enviados').first().waitFor();
    });
    const read = async (order: OrderDto) =>
      (await api(shop.server, 'GET', `/api/orders/${order.id}/`, { token: staff.token })).json.shipment;
    expect(await read(byAndreani)).toMatchObject({ carrier: 'andreani', tracking_code: 'AND-77' });
    expect(await read(byMoto)).toMatchObject({ carrier: 'moto', tracking_code: null });
    expect(await read(changed)).toMatchObject({ carrier: 'oca' });
  });

  it('shows the ship dialog and the order page at 390 px', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE, as: staff });
    await page.goto(`/admin/pedidos/${orders[1].order_number}`);
    await page.getByRole('heading', { name: `Pedido #${orders[1].order_number}` }).waitFor();
    await shot(page, 'pedido-por-numero-390');
    await page.goto('/admin/pedidos?status=all');
    await page.getByRole('button', { name: 'Tabla', exact: true }).click();
    await page.getByRole('checkbox', { name: `Seleccionar pedido #${orders[0].order_number}`, exact: true }).check();
    await page
      .getByRole('region', { name: 'Acciones para los pedidos seleccionados' })
      .getByRole('button', { name: 'Marcar enviados' })
      .click();
    await page.getByRole('dialog', { name: 'Marcar 1 pedido como enviado' }).waitFor();
    await shot(page, 'enviar-varios-390');
  });
});
