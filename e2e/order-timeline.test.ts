// The customer's side of the order workflow (issue 13): staff save the shop's payment details in
// 'Configuración'; in Mis Pedidos an unpaid order shows how to pay (amount, number, the details and
// a WhatsApp message to the shop), a paid and shipped one its timeline with the tracking link, and
// once completed it reads Entregado. Real server, database and browser, on a phone.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatArs } from '../src/domain/money';
import type { OrderDto } from '../src/domain/orders';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';
import { placeOrder } from '../tests/helpers/orders';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let shipped: OrderDto;
let unpaid: OrderDto;

beforeAll(async () => {
  const db = shop.server.ctx.db;
  staff = await createStaff(db, { username: 'encargada' });
  customer = await createUser(db, { username: 'martina', first_name: 'Martina', last_name: 'Gómez' });
  const product = await createProduct(db, { name: 'Gorilla Glue Auto', blisters: [{ seed_count: 3, price: 12500, stock: 20 }] });
  const place = (quantity: number) =>
    placeOrder(shop.server, customer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity }], {
      recipient_name: 'Martina Gómez',
      customer_phone: '1123456789',
    });
  shipped = await place(2);
  unpaid = await place(1);
  const paid = await api(shop.server, 'POST', `/api/orders/${shipped.id}/payment/`, {
    token: staff.token,
    body: { method: 'transferencia' },
  });
  expect(paid.status, paid.text).toBe(200);
  const sent = await api(shop.server, 'POST', `/api/orders/${shipped.id}/shipment/`, {
    token: staff.token,
    body: { carrier: 'andreani', tracking_code: '360000123456789' },
  });
  expect(sent.status, sent.text).toBe(200);
});

const steps = (page: Page, order: OrderDto) =>
  page.getByRole('article', { name: `Pedido #${order.order_number}` }).getByRole('list', { name: 'Seguimiento del pedido' });

describe('order timeline and payment instructions', () => {
  it('staff save the payment details, checked field by field', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: staff });
    await step(page, 'settings-payment', async () => {
      await page.goto('/admin/configuracion');
      const form = page.getByRole('form', { name: 'Datos de pago' });
      await form.getByLabel('Titular de la cuenta').fill('Semillas del Sur SRL');
      await form.getByLabel('Banco').fill('Banco Galicia');
      await form.getByLabel('CBU o CVU').fill('2850590940090418135202');
      await form.getByLabel('Alias').fill('sur');
      await form.getByLabel('WhatsApp de la tienda').fill('(011) 15 5555-6666');
      await form.getByRole('button', { name: 'Guardar datos de pago' }).click();
      await form.getByText('El CBU/CVU no es válido: revisa los dígitos').waitFor();
      await form.getByText('El alias debe tener entre 6 y 20 letras, números, puntos o guiones').waitFor();
      await form.getByLabel('CBU o CVU').fill('2850590940090418135201');
      await form.getByLabel('Alias').fill('semillas.sur');
      await form.getByRole('button', { name: 'Guardar datos de pago' }).click();
      await form.getByText('Datos de pago guardados').waitFor();
      await expectNoOverflow(page);
    });
    const saved = await api(shop.server, 'GET', '/api/core/payment-settings/', { token: staff.token });
    expect(saved.json).toMatchObject({
      bank_holder: 'Semillas del Sur SRL',
      bank_name: 'Banco Galicia',
      cbu: '2850590940090418135201',
      alias: 'semillas.sur',
      whatsapp_number: '1155556666',
    });
    await context.close();
  });

  it('shows the customer how to pay, the timeline with the tracking link, and the delivery', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: customer });

    await step(page, 'timeline-account', async () => {
      await page.goto('/mi-cuenta?section=orders');
      await page.getByRole('heading', { name: 'Mis Pedidos' }).waitFor();

      // Paid and shipped: every step but the delivery, with the carrier's tracking page.
      await expect
        .poll(() => steps(page, shipped).getByRole('listitem').allTextContents())
        .toEqual([
          expect.stringContaining('Pedido recibido (hecho)'),
          expect.stringContaining('Pago recibido (hecho)'),
          expect.stringContaining('Enviado (hecho)'),
          expect.stringContaining('Entregado (pendiente)'),
        ]);
      const track = steps(page, shipped).getByRole('link', { name: /Seguir el envío/ });
      expect(await track.getAttribute('href')).toBe('https://www.andreani.com/envio/360000123456789');
      expect(await page.getByRole('region', { name: `Cómo pagar el pedido #${shipped.order_number}` }).count()).toBe(0);

      // Not paid yet: amount, order number, the shop's details and a WhatsApp message.
      const howToPay = page.getByRole('region', { name: `Cómo pagar el pedido #${unpaid.order_number}` });
      const text = (await howToPay.textContent()) ?? '';
      expect(text).toContain(`Total a pagar: ${formatArs(unpaid.total)} · Pedido #${unpaid.order_number}`);
      expect(text).toContain('CBU/CVU: 2850590940090418135201');
      expect(text).toContain('Alias: semillas.sur');
      const whatsapp = new URL((await howToPay.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'))!);
      expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/5491155556666');
      expect(whatsapp.searchParams.get('text')).toContain(`#${unpaid.order_number}`);
      expect(whatsapp.searchParams.get('text')).toContain(formatArs(unpaid.total));
      await expectNoOverflow(page);
      await screenshot(page, 'account-orders-timeline');
    });

    // Completed by staff: delivered.
    const done = await api(shop.server, 'PUT', `/api/orders/${shipped.id}/`, { token: staff.token, body: { status: 'completed' } });
    expect(done.status, done.text).toBe(200);
    await step(page, 'timeline-delivered', async () => {
      await page.reload();
      await expect.poll(() => steps(page, shipped).getByRole('listitem').last().textContent()).toContain('Entregado (hecho)');
    });
    await context.close();
  });
});
