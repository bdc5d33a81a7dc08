// The owner's day with the order lifecycle (domain/order-lifecycle.ts): three customers order, the
// owner takes orders from paid to shipped (correcting a mistyped tracking code), cancels a paid one
// with a reason and records its refund; a customer cancels an unpaid order and cannot cancel a
// paid one; the expiry job, eight days later, cancels only the order still awaiting payment. And
// the checkout charges the total the customer confirmed. Real server, database and browser.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatArs } from '../src/domain/money';
import type { OrderDto } from '../src/domain/orders';
import { blisters } from '../src/server/db/schema';
import { expireStalePendingOrders } from '../src/server/modules/orders';
import { eq } from 'drizzle-orm';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop({ pendingOrderDays: 7 });
const DAY_MS = 24 * 60 * 60 * 1000;
type Person = Awaited<ReturnType<typeof createUser>>;
let owner: Person;
let ana: Person;
let bruno: Person;
let carla: Person;
let product: Awaited<ReturnType<typeof createProduct>>;
const orders: Record<'anaUnpaid' | 'anaPaid' | 'brunoShipped' | 'carlaCancelled' | 'carlaForgotten', OrderDto> = {} as never;

async function place(customer: Person, quantity: number): Promise<OrderDto> {
  const res = await api(shop.server, 'POST', '/api/orders/', {
    token: customer.token,
    body: {
      recipient_name: `${customer.first_name} ${customer.last_name}`,
      customer_phone: '1145678901',
      delivery_type: 'coordinate',
      products: [{ product_id: product.id, blister_id: product.blisters[0].id, quantity }],
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as OrderDto;
}

const card = (page: Page, order: OrderDto) => page.getByRole('article', { name: `Pedido #${order.order_number}` });

beforeAll(async () => {
  const db = shop.server.ctx.db;
  owner = await createStaff(db, { username: 'duena' });
  ana = await createUser(db, { username: 'anaperez', first_name: 'Ana', last_name: 'Pérez' });
  bruno = await createUser(db, { username: 'bruno', first_name: 'Bruno', last_name: 'Díaz' });
  carla = await createUser(db, { username: 'carla', first_name: 'Carla', last_name: 'Ruiz' });
  product = await createProduct(db, { name: 'Amnesia Haze', blisters: [{ seed_count: 3, price: 23000, stock: 40 }] });
  shop.server.setNow(new Date(Date.now() - 60_000));
  orders.anaUnpaid = await place(ana, 1);
  orders.anaPaid = await place(ana, 3);
  orders.brunoShipped = await place(bruno, 2);
  orders.carlaCancelled = await place(carla, 1);
  orders.carlaForgotten = await place(carla, 1);
  shop.server.setNow(null);
});

describe("the owner's day", () => {
  it('takes orders from paid to shipped, corrects a tracking code, cancels a paid order with a reason and refunds it', async () => {
    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: owner });

    // The tab title counts the orders that need the shop: five awaiting payment.
    await page.goto('/admin/pedidos');
    await expect.poll(() => page.title()).toMatch(/^\(5\) /);

    for (const order of [orders.anaPaid, orders.brunoShipped, orders.carlaCancelled]) {
      await step(page, `pay-${order.order_number}`, async () => {
        await page.goto(`/admin/pedidos/${order.order_number}`);
        const form = page.getByRole('form', { name: 'Registrar pago' });
        await form.getByRole('button', { name: 'Registrar pago' }).click();
        await page.getByText(`Pago del pedido #${order.order_number} registrado`).waitFor();
      });
    }

    await step(page, 'ship-and-correct', async () => {
      await page.goto(`/admin/pedidos/${orders.brunoShipped.order_number}`);
      const form = page.getByRole('form', { name: 'Marcar como enviado' });
      await form.getByLabel('Transporte').selectOption('andreani');
      await form.getByLabel('Código de seguimiento (opcional)').fill('36000001234567');
      await form.getByRole('button', { name: 'Marcar como enviado' }).click();
      await page.getByText(`Pedido #${orders.brunoShipped.order_number} marcado como enviado`).waitFor();
      await page.getByRole('button', { name: 'Corregir envío' }).click();
      const fix = page.getByRole('form', { name: 'Corregir envío' });
      await fix.getByLabel('Código de seguimiento (opcional)').fill('360000012345678');
      await fix.getByRole('button', { name: 'Guardar corrección' }).click();
      await page.getByText(`Envío del pedido #${orders.brunoShipped.order_number} corregido`).waitFor();
      await screenshot(page, 'owner-day-shipment-1280');
    });
    const shipped = await api(shop.server, 'GET', `/api/orders/${orders.brunoShipped.id}/`, { token: owner.token });
    expect(shipped.json.shipment.tracking_code).toBe('360000012345678');

    await step(page, 'cancel-paid-with-reason', async () => {
      await page.goto(`/admin/pedidos/${orders.carlaCancelled.order_number}`);
      // A paid order cannot be deleted: only cancelled (with its refund).
      expect(await page.getByRole('button', { name: 'Eliminar' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Cambiar estado' }).click();
      const dialog = page.getByRole('dialog', { name: `Estado del pedido #${orders.carlaCancelled.order_number}` });
      await dialog.getByLabel('Cancelado').check();
      await dialog.getByLabel('Motivo de la cancelación').fill('Nos quedamos sin stock real');
      await dialog.getByText('queda un reembolso pendiente').waitFor();
      expect(await dialog.getByRole('button', { name: 'Cancelar', exact: true }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Sí, cancelar el pedido' }).click();
      const refund = page.getByRole('form', { name: 'Registrar reembolso' });
      await refund.getByText(`el cliente pagó ${formatArs(23000)}`).waitFor();
      await screenshot(page, 'owner-day-refund-owed-1280');
      await refund.getByRole('button', { name: `Registrar reembolso de ${formatArs(23000)}` }).click();
      await page.locator('dd', { hasText: 'Reembolsado' }).waitFor();
    });
    const cancelled = await api(shop.server, 'GET', `/api/orders/${orders.carlaCancelled.id}/`, { token: owner.token });
    expect(cancelled.json).toMatchObject({ cancel_reason: 'Nos quedamos sin stock real', refund: { status: 'done', amount: 23000 } });

    await step(page, 'dashboard-pipeline', async () => {
      shop.server.ctx.caches.dashboard.clear();
      await page.goto('/admin');
      const pipeline = page.getByRole('region', { name: 'Pedidos en curso' });
      const tile = (label: string) => pipeline.getByRole('link', { name: new RegExp(`^${label}`) }).textContent();
      await expect.poll(() => tile('Por cobrar')).toContain(formatArs(46000));
      expect(await tile('Por cobrar')).toContain('2 pedidos esperan el pago');
      expect(await tile('Por enviar')).toContain(formatArs(69000));
      expect(await tile('En camino')).toContain(formatArs(46000));
      expect(await tile('Reembolsos pendientes')).toContain('0 pedidos cancelados a devolver');
      expect(await tile('Por enviar')).toContain('1 pedido pagado');
      await expectNoOverflow(page);
      await screenshot(page, 'owner-day-dashboard-1280');
    });
    await context.close();
  });

  it('lets a customer cancel an unpaid order on a phone, and sends them to the shop for a paid one', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: ana });
    await page.goto('/mi-cuenta?section=orders');
    await step(page, 'customer-orders-390', async () => {
      const paid = card(page, orders.anaPaid);
      await paid
        .getByText(/Escríbenos para cambiar este pedido/)
        .first()
        .waitFor();
      expect(await paid.getByRole('button', { name: 'Cancelar pedido' }).count()).toBe(0);
      expect(await paid.getByRole('button', { name: /^Eliminar / }).count()).toBe(0);
      await expectNoOverflow(page);
      await screenshot(page, 'owner-day-customer-orders-390');
    });
    // The API refuses it too, whatever a page shows.
    const refused = await api(shop.server, 'PUT', `/api/orders/${orders.anaPaid.id}/`, { token: ana.token, body: { status: 'cancelled' } });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('ORDER_ALREADY_PAID');

    await step(page, 'customer-cancels-unpaid', async () => {
      await card(page, orders.anaUnpaid).getByRole('button', { name: 'Cancelar pedido' }).click();
      await page.getByRole('button', { name: 'Sí, cancelar pedido' }).click();
      await expect.poll(() => card(page, orders.anaUnpaid).count()).toBe(0);
      await page.getByRole('button', { name: 'Cancelados' }).click();
      await card(page, orders.anaUnpaid).getByText('Motivo: Cancelado por el cliente').waitFor();
    });
    await context.close();
  });

  it('expires, eight days later, only the order still awaiting payment', async () => {
    shop.server.setNow(new Date(Date.now() + 8 * DAY_MS));
    try {
      expect(await expireStalePendingOrders(shop.server.ctx)).toBe(1);
    } finally {
      shop.server.setNow(null);
    }
    const read = async (order: OrderDto) => (await api(shop.server, 'GET', `/api/orders/${order.id}/`, { token: owner.token })).json;
    expect(await read(orders.carlaForgotten)).toMatchObject({ status: 'cancelled', stage: 'cancelled' });
    expect((await read(orders.anaPaid)).stage).toBe('paid');
    expect((await read(orders.brunoShipped)).stage).toBe('shipped');
    const [row] = await shop.server.ctx.db.select({ stock: blisters.stock }).from(blisters).where(eq(blisters.id, product.blisters[0].id));
    // 40 − 3 (paid) − 2 (shipped): the rest came back.
    expect(row.stock).toBe(35);
  });
});

describe('the checkout charges the confirmed total', () => {
  it('stops the order when a price changed while the checkout was open, shows the new total and confirms it on the second try', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: bruno });
    await page.goto(`/producto/${product.id}`);
    await page.getByRole('button', { name: 'Añadir al Carrito' }).click();
    await page.goto('/carrito');
    await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
    await page.getByLabel('Teléfono').fill('1145678901');
    // The owner raises the price while Bruno reads the form.
    await shop.server.ctx.db.update(blisters).set({ price: 30000 }).where(eq(blisters.id, product.blisters[0].id));
    await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
    await page
      .getByText(`el total ahora es ${formatArs(30000)}`)
      .first()
      .waitFor();
    await screenshot(page, 'owner-day-price-changed-390');
    const before = await api(shop.server, 'GET', '/api/orders/my-orders/', { token: bruno.token });
    expect(before.json.count).toBe(1);
    await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
    await page.waitForURL('**/mi-cuenta?section=orders');
    const after = await api(shop.server, 'GET', '/api/orders/my-orders/', { token: bruno.token });
    expect(after.json.count).toBe(2);
    expect(after.json.results[0].total).toBe(30000);
    await context.close();
  });
});

describe('the checkout when stock runs out', () => {
  it('shows at once the units the cart can still have, and orders them on the next confirmation', async () => {
    const db = shop.server.ctx.db;
    const scarce = await createProduct(db, { name: 'Gelato Auto', blisters: [{ seed_count: 5, price: 18000, stock: 5 }] });
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: carla });
    await page.goto(`/producto/${scarce.id}`);
    await page.getByRole('button', { name: 'Añadir al Carrito' }).click();
    await page.goto('/carrito');
    const quantity = page.getByLabel('Cantidad de Gelato Auto (5 semillas)');
    await page.getByRole('button', { name: 'Agregar una unidad de Gelato Auto (5 semillas)' }).click();
    await page.getByRole('button', { name: 'Agregar una unidad de Gelato Auto (5 semillas)' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Iniciar Pedido' }).click();
    await page.getByLabel('Teléfono').fill('1145678901');
    // Another customer takes most of the stock meanwhile.
    await db.update(blisters).set({ stock: 2 }).where(eq(blisters.id, scarce.blisters[0].id));
    await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
    await page.getByText('Stock disponible: 2').first().waitFor();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await screenshot(page, 'owner-day-stock-ran-out-390');
    await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
    await page.waitForURL('**/mi-cuenta?section=orders');
    const mine = await api(shop.server, 'GET', '/api/orders/my-orders/', { token: carla.token });
    expect(mine.json.results[0].order_products[0]).toMatchObject({ product_name: 'Gelato Auto', quantity: 2 });
    await context.close();
  });
});
