// An order's stage and money read the same everywhere (issue 34, items 14, 23, 24 and 28): a paid
// order with a coupon and home delivery says "Pagado, por enviar" (never "Pendiente") in Mis
// Pedidos, the admin list and the order's header, and its coupon line (code and amount) shows in
// Mis Pedidos, the admin's "Pedido y entrega" box and the packing slip; 'Nuevo pedido' and 'Editar
// pedido' offer one "Acordar entrega". At 390 and 1280 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../src/domain/orders';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { saveShippingMethods, shippingMethod } from '../tests/helpers/shipping';
import { seriousViolations } from './helpers/axe';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { ars, expectNoOverflow, squash } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();
let owner: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let paid: OrderDto;
let unpaid: OrderDto;

const HOME = 4500;
const CODE = 'OTONO5000';

beforeAll(async () => {
  const db = shop.server.ctx.db;
  owner = await createStaff(db, { username: 'duena_etapas' });
  customer = await createUser(db, { first_name: 'Lucía', last_name: 'Ríos' });
  const gelato = await createProduct(db, { name: 'Gelato', blisters: [{ seed_count: 3, price: 12000, stock: 30 }] });
  await saveShippingMethods(shop.server, owner.token, [
    shippingMethod({ zones: [{ provinces: ['AR-X'], price: HOME }], rest_of_country_price: 7000 }),
    // The shop's own "Acordar entrega" method, beside which the order forms once offered a second one.
    shippingMethod({ name: 'Acordar entrega', kind: 'coordinate', carrier: 'otro', rest_of_country_price: 0, days_min: 0, days_max: 0 }),
  ]);
  const coupon = await api(shop.server, 'POST', '/api/coupons/', { token: owner.token, body: { code: CODE, kind: 'fixed', value: 5000 } });
  expect(coupon.status, coupon.text).toBe(201);
  const methods = (await api(shop.server, 'GET', '/api/core/shipping-settings/', { token: owner.token })).json.methods as {
    id: number;
    kind: string;
  }[];
  const order = async (body: Record<string, unknown>) => {
    const res = await api(shop.server, 'POST', '/api/orders/', {
      token: customer.token,
      body: {
        recipient_name: 'Lucía Ríos',
        customer_phone: '3515550000',
        products: [{ product_id: gelato.id, blister_id: gelato.blisters[0].id, quantity: 2 }],
        ...body,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.json as OrderDto;
  };
  paid = await order({
    delivery_type: 'address',
    shipping_method_id: methods.find((m) => m.kind === 'home')!.id,
    address: { street: 'Bv. San Juan', number: '450', zip_code: 'X5000', city: 'Córdoba', province: 'AR-X', details: '' },
    coupon_code: CODE,
  });
  expect(paid.total).toBe(24000 + HOME - 5000);
  const payment = await api(shop.server, 'POST', `/api/orders/${paid.id}/payment/`, {
    token: owner.token,
    body: { method: 'transferencia' },
  });
  expect(payment.status, payment.text).toBe(200);
  unpaid = await order({ delivery_type: 'coordinate' });
});

const panel = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) }).first();

const couponLine = `Cupón ${CODE} −${ars(5000)}`;

describe("an order's stage and money lines", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`reads the paid order's stage and its coupon in Mis Pedidos at ${viewport.width} px`, async () => {
      const { page } = await shop.newPage({ viewport, as: customer });
      await step(page, `my-orders-${viewport.width}`, async () => {
        await page.goto('/mi-cuenta?section=orders');
        const card = page.getByRole('article', { name: `Pedido #${paid.order_number}` });
        await card.waitFor();
        const header = squash(await card.locator('header').innerText());
        expect(header).toContain('Pagado, por enviar');
        expect(header).not.toContain('Pendiente');
        expect(
          squash(
            await page
              .getByRole('article', { name: `Pedido #${unpaid.order_number}` })
              .locator('header')
              .innerText(),
          ),
        ).toContain('Esperando pago');
        const money = card.locator(`dl[aria-label="Importes del pedido #${paid.order_number}"] > div`);
        expect((await money.allInnerTexts()).map(squash)).toEqual([
          `Subtotal: ${ars(24000)}`,
          `Envío (Correo a domicilio): ${ars(HOME)}`,
          `Cupón ${CODE}: −${ars(5000)}`,
          `Total: ${ars(23500)}`,
        ]);
        await expectNoOverflow(page);
        expect(await seriousViolations(page)).toEqual([]);
        await card.locator('footer').scrollIntoViewIfNeeded();
        await screenshot(page, `order-stage-my-orders-${viewport.width}`);
      });
    });

    it(`shows the stage in the admin header and list, and the coupon in "Pedido y entrega" and on the slip at ${viewport.width} px`, async () => {
      const { page } = await shop.newPage({ viewport, as: owner });
      await step(page, `admin-detail-${viewport.width}`, async () => {
        await page.goto(`/admin/pedidos/${paid.id}`);
        const facts = panel(page, 'Pedido y entrega');
        await facts.waitFor();
        // The page's title and, under it, the order's badges and date.
        const header = squash(await page.getByRole('heading', { level: 1 }).locator('xpath=..').innerText());
        expect(header).toContain('Pagado, por enviar');
        expect(header).not.toContain('Pendiente');
        const text = squash(await facts.innerText());
        expect(text).toContain(`Subtotal ${ars(24000)}`);
        expect(text).toContain(`Envío (Correo a domicilio) ${ars(HOME)}`);
        expect(text).toContain(couponLine);
        expect(text).toContain(`Total ${ars(23500)}`);
        await expectNoOverflow(page);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `order-stage-admin-detail-${viewport.width}`);
      });
      await step(page, `admin-list-${viewport.width}`, async () => {
        await page.goto('/admin/pedidos?status=all');
        await page.getByRole('button', { name: 'Tarjetas', exact: true }).click();
        const card = page.locator('article', { hasText: `Pedido #${paid.order_number}` });
        await expect.poll(async () => squash(await card.innerText())).toContain('Pagado, por enviar');
        expect(squash(await card.innerText())).not.toContain('Pendiente');
        await screenshot(page, `order-stage-admin-list-${viewport.width}`);
      });
      await step(page, `dashboard-stages-${viewport.width}`, async () => {
        await page.goto('/admin');
        const chart = panel(page, 'Pedidos por estado');
        await chart.locator('figure table').waitFor({ state: 'attached' });
        // The chart's figures, as its table gives them to screen readers.
        const rows = await chart.locator('figure table tbody tr').allTextContents();
        expect(rows.map(squash)).toEqual([
          `Esperando pago1 · ${ars(24000)}`,
          `Pagado, por enviar1 · ${ars(23500)}`,
          `Enviado0 · ${ars(0)}`,
          `Entregado0 · ${ars(0)}`,
          `Cancelado0 · ${ars(0)}`,
        ]);
        await chart.scrollIntoViewIfNeeded();
        await screenshot(page, `order-stage-dashboard-${viewport.width}`);
      });
      await step(page, `packing-slip-${viewport.width}`, async () => {
        await page.goto(`/admin/pedidos/imprimir?pedidos=${paid.order_number}`);
        const slip = page.getByRole('article', { name: `Remito del pedido #${paid.order_number}` });
        await slip.waitFor();
        const text = squash(await slip.innerText());
        expect(text).toContain(`Subtotal ${ars(24000)}`);
        expect(text).toContain(`Envío (Correo a domicilio) ${ars(HOME)}`);
        expect(text).toContain(couponLine);
        expect(text).toContain(`Total ${ars(23500)}`);
        await expectNoOverflow(page);
        await slip.locator('tfoot').scrollIntoViewIfNeeded();
        await screenshot(page, `order-stage-slip-${viewport.width}`);
      });
    });

    it(`offers one "Acordar entrega" in Nuevo pedido and Editar pedido at ${viewport.width} px`, async () => {
      const { page } = await shop.newPage({ viewport, as: owner });
      const arrange = () => page.getByRole('radio', { name: /Acordar entrega/ });
      await step(page, `new-order-delivery-${viewport.width}`, async () => {
        await page.goto('/admin/pedidos/nuevo');
        await page.getByLabel('Provincia').selectOption('AR-X');
        await page.getByRole('radio', { name: /Correo a domicilio/ }).waitFor();
        expect(await arrange().count()).toBe(1);
        // The shop's method is the one chosen when nothing else is.
        expect(await arrange().isChecked()).toBe(true);
        await expectNoOverflow(page);
        await arrange().scrollIntoViewIfNeeded();
        await screenshot(page, `order-stage-new-order-${viewport.width}`);
      });
      await step(page, `edit-order-delivery-${viewport.width}`, async () => {
        await page.goto(`/admin/pedidos/${unpaid.id}`);
        await page.getByRole('button', { name: 'Editar pedido' }).click();
        const editor = panel(page, 'Editar pedido');
        await editor.waitFor();
        await editor.getByLabel('Provincia').selectOption('AR-X');
        await editor.getByRole('radio', { name: /Correo a domicilio/ }).waitFor();
        expect(await arrange().count()).toBe(1);
        await expectNoOverflow(page);
      });
    });
  }
});
