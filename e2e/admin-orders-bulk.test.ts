// The back office for volume (issue 13): an admin takes 20 pending orders through payment and
// shipment in bulk (one order cancelled meanwhile fails alone), prints their packing slips and pick
// list on A4, exports the list to CSV, records a payment and a shipment on one order, and sees a
// new order arrive without reloading. Real server, database and browser.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../src/domain/orders';
import { shopDate } from '../src/domain/dates';
import { amountInputText } from '../src/domain/money';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let customers: Awaited<ReturnType<typeof createUser>>[];
let orders: OrderDto[];
let products: Awaited<ReturnType<typeof createProduct>>[];

const NAMES = [
  ['Martina', 'Gómez'],
  ['Juan', 'Pérez'],
  ['Sofía', 'Ruiz'],
  ['Lucas', 'Fernández'],
  ['Valentina', 'López'],
  ['Mateo', 'Díaz'],
  ['Camila', 'Romero'],
  ['Benjamín', 'Sosa'],
  ['Julieta', 'Álvarez'],
  ['Tomás', 'Benítez'],
];

async function placeOrder(customer: (typeof customers)[number], i: number): Promise<OrderDto> {
  const lines = [{ product_id: products[0].id, blister_id: products[0].blisters[0].id, quantity: (i % 3) + 1 }];
  if (i % 2 === 0) lines.push({ product_id: products[1].id, blister_id: products[1].blisters[0].id, quantity: 1 });
  const placed = await api(shop.server, 'POST', '/api/orders/', {
    token: customer.token,
    body: {
      recipient_name: `${customer.first_name} ${customer.last_name}`,
      customer_phone: `11${String(40000000 + i)}`,
      delivery_type: 'coordinate',
      products: lines,
    },
  });
  if (placed.status !== 201) throw new Error(`order ${placed.status}: ${placed.text}`);
  return placed.json as OrderDto;
}

async function ordersById(ids: number[]): Promise<OrderDto[]> {
  const page = await api(shop.server, 'GET', `/api/orders/?ids=${ids.join(',')}&page_size=100`, { token: staff.token });
  expect(page.status).toBe(200);
  return page.json.results as OrderDto[];
}

beforeAll(async () => {
  const db = shop.server.ctx.db;
  staff = await createStaff(db, { username: 'encargada', first_name: 'Lucía', last_name: 'Fernández' });
  products = [
    await createProduct(db, {
      name: 'Gorilla Glue Auto',
      blisters: [
        { seed_count: 3, price: 12000, stock: 300 },
        { seed_count: 5, price: 18000, stock: 300 },
      ],
    }),
    await createProduct(db, { name: 'Amnesia Haze', blisters: [{ seed_count: 5, price: 15000, stock: 300 }] }),
  ];
  customers = [];
  for (const [i, [first_name, last_name]] of NAMES.entries()) {
    customers.push(await createUser(db, { username: `cliente.${i}`, email: `cliente${i}@correo.test`, first_name, last_name }));
  }
  orders = [];
  for (let i = 0; i < 20; i++) orders.push(await placeOrder(customers[i % customers.length], i));
  const settings = await api(shop.server, 'PUT', '/api/core/payment-settings/', {
    token: staff.token,
    body: { bank_holder: 'Semillas del Sur SRL', cbu: '2850590940090418135201', alias: 'semillas.sur', whatsapp_number: '1155556666' },
  });
  expect(settings.status, settings.text).toBe(200);
});

const bulkBar = (page: Page) => page.getByRole('region', { name: 'Acciones para los pedidos seleccionados' });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

/** Waits for the rows of the current filters, then loads more until `count` are shown. */
async function showAllRows(page: Page, count: number) {
  const table = page.getByRole('region', { name: 'Tabla de pedidos' });
  await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
  for (let shown = await rows(page).count(); shown < count; shown = await rows(page).count()) {
    await page.getByRole('button', { name: 'Cargar más pedidos' }).click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(shown);
  }
  expect(await rows(page).count()).toBe(count);
}

async function pdfPages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  return (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

describe('orders back office in bulk', () => {
  it('marks 20 orders paid and shipped in bulk, prints them and exports the list', async () => {
    const { context, page } = await shop.newPage({ as: staff });

    // The dense table, oldest pending first, every order loaded.
    await step(page, 'bulk-table', async () => {
      await page.goto('/admin/pedidos');
      await page.getByRole('button', { name: 'Tabla', exact: true }).click();
      await page.getByRole('button', { name: 'Más antiguos pendientes primero' }).click();
      await expect.poll(() => rows(page).first().textContent()).toContain(`#${orders[0].order_number}`);
      await showAllRows(page, 20);
      await expect.poll(() => rows(page).last().textContent()).toContain(`#${orders[19].order_number}`);
    });

    // Mark paid: one order the customer cancelled meanwhile fails, the other 19 apply.
    const cancelled = orders[4];
    await step(page, 'bulk-paid', async () => {
      await page.getByRole('checkbox', { name: 'Seleccionar los 20 pedidos visibles' }).check();
      await bulkBar(page).getByText('20 pedidos seleccionados').waitFor();
      const cancel = await api(shop.server, 'PUT', `/api/orders/${cancelled.id}/`, {
        token: customers[4].token,
        body: { status: 'cancelled' },
      });
      expect(cancel.status, cancel.text).toBe(200);
      await bulkBar(page).getByRole('button', { name: 'Marcar pagados' }).click();
      const dialog = page.getByRole('dialog', { name: 'Marcar pedidos como pagados' });
      // The date defaults to today (the shop's day); the method is the owner's choice.
      expect(await dialog.getByLabel('Fecha de pago').inputValue()).toBe(shopDate(new Date()));
      await dialog.getByLabel('Medio de pago').selectOption('efectivo');
      await dialog.getByRole('button', { name: 'Marcar pagados' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const result = page.getByRole('alert').filter({ hasText: 'No se pudieron marcar como pagados' });
      await result.waitFor();
      expect(await result.textContent()).toContain('19 pedidos marcados como pagados');
      expect(await result.textContent()).toContain(`Pedido #${cancelled.order_number}`);
      // What failed stays selected.
      await bulkBar(page).getByText('1 pedido seleccionado').waitFor();
      await screenshot(page, 'bulk-paid-result');
    });
    const afterPaid = await ordersById(orders.map((o) => o.id));
    for (const order of afterPaid) {
      if (order.id === cancelled.id) {
        expect(order.status).toBe('cancelled');
        expect(order.payment).toBeNull();
      } else {
        expect(order.payment, `#${order.order_number}`).toMatchObject({ method: 'efectivo', amount: order.total });
      }
    }
    const active = orders.filter((o) => o.id !== cancelled.id);

    // Mark shipped: orders to agree on have no carrier of their own; each gets one, and a code.
    await step(page, 'bulk-shipped', async () => {
      await bulkBar(page).getByRole('button', { name: 'Quitar la selección' }).click();
      await bulkBar(page).waitFor({ state: 'detached' });
      // The tab's own list answered: until then the table may still show the list before it.
      const listed = page.waitForResponse((r) => r.url().includes('/api/orders/?') && r.url().includes('stage=paid'));
      await page.getByRole('button', { name: 'Pagado, por enviar' }).click();
      await listed;
      await expect.poll(() => rows(page).first().textContent()).toContain('Pagado');
      await showAllRows(page, 19);
      await page.getByRole('checkbox', { name: 'Seleccionar los 19 pedidos visibles' }).check();
      await bulkBar(page).getByRole('button', { name: 'Marcar enviados' }).click();
      const dialog = page.getByRole('dialog', { name: 'Marcar 19 pedidos como enviados' });
      await dialog.getByRole('button', { name: 'Marcar enviados' }).click();
      await dialog.getByText('Selecciona un transporte').first().waitFor();
      for (const order of active) {
        await dialog.getByLabel(`Transporte del pedido #${order.order_number}`, { exact: true }).selectOption('andreani');
        await dialog
          .getByLabel(`Código de seguimiento del pedido #${order.order_number}`, { exact: true })
          .fill(`AND${order.order_number}00`);
      }
      await screenshot(page, 'bulk-ship-modal');
      await dialog.getByRole('button', { name: 'Marcar enviados' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('status').filter({ hasText: '19 pedidos marcados como enviados' }).waitFor();
    });
    for (const order of await ordersById(active.map((o) => o.id))) {
      expect(order.shipment, `#${order.order_number}`).toMatchObject({
        carrier: 'andreani',
        tracking_code: `AND${order.order_number}00`,
        tracking_url: `https://www.andreani.com/envio/AND${order.order_number}00`,
      });
    }

    // Print three shipped orders: a pick list and one A4 slip per order, nothing else on paper.
    const printed = active.slice(0, 3);
    await step(page, 'bulk-print', async () => {
      await page.getByRole('button', { name: /^Enviado\s*\d*$/ }).click();
      await expect.poll(() => rows(page).first().textContent()).toContain('Andreani');
      for (const order of printed)
        await page.getByRole('checkbox', { name: `Seleccionar pedido #${order.order_number}`, exact: true }).check();
      await bulkBar(page).getByRole('button', { name: 'Imprimir' }).click();
      await page.waitForURL(/\/admin\/pedidos\/imprimir\?pedidos=/);
      await page.getByRole('heading', { name: 'Lista de preparación' }).waitFor();
      for (const order of printed) {
        const slip = page.getByRole('article', { name: `Remito del pedido #${order.order_number}` });
        await slip.waitFor();
        const text = (await slip.textContent()) ?? '';
        expect(text).toContain('Acordar entrega');
        expect(text).toContain('Pagado el');
        expect(text).toContain(`AND${order.order_number}00`);
        expect(text).toContain('WhatsApp +54 9 11 5555-6666');
      }
      // Units per blister over the three orders.
      const units = (name: string, seeds: number) =>
        printed.flatMap((o) => o.order_products).filter((l) => l.product_name === name && l.blister_info.seed_count === seeds);
      const glue = units('Gorilla Glue Auto', 3).reduce((sum, l) => sum + l.quantity, 0);
      const pickRow = page.locator('tr', { hasText: 'Gorilla Glue Auto' }).filter({ hasText: '3 semillas' }).first();
      // Units come first, after the tick box, so a phone shows them without scrolling.
      expect(await pickRow.locator('td').nth(1).textContent()).toBe(String(glue));
      await screenshot(page, 'bulk-print-preview');

      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
      expect(await page.getByRole('navigation', { name: 'Administración' }).count()).toBe(0);
      expect(await pdfPages(page)).toBe(1 + printed.length);
      await page.emulateMedia({ media: 'screen' });
    });

    // Export the pending list: UTF-8 with BOM, ';' separators, one row per order, then per line.
    await step(page, 'bulk-export', async () => {
      await page.goto('/admin/pedidos');
      await page.getByRole('button', { name: 'Exportar' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Un pedido por fila (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trim().split(/\r?\n/);
      expect(lines[0].split(';')).toContain('Pedido');
      expect(lines).toHaveLength(1 + active.length);
      expect(csv).not.toContain(`\n${cancelled.order_number};`);

      await page.getByRole('button', { name: 'Exportar' }).click();
      const [perLine] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Un producto por fila (CSV)' }).click(),
      ]);
      const lineRows = readFileSync(await perLine.path(), 'utf8')
        .slice(1)
        .trim()
        .split(/\r?\n/);
      expect(lineRows).toHaveLength(1 + active.reduce((sum, o) => sum + o.order_products.length, 0));
    });
    await context.close();
  });

  it('records a payment, a shipment and notes on the order page', async () => {
    const { context, page } = await shop.newPage({ as: staff });
    const customer = customers[9];
    const order = await placeOrder(customer, 21);
    await step(page, 'detail-payment', async () => {
      await page.goto(`/admin/pedidos/${order.order_number}`);
      await page.getByRole('heading', { name: `Pedido #${order.order_number}` }).waitFor();
      const form = page.getByRole('form', { name: 'Registrar pago' });
      expect(await form.getByLabel(/Monto/).inputValue()).toBe(amountInputText(order.total));
      await form.getByLabel(/Medio de pago/).selectOption('efectivo');
      await form.getByLabel('Nota (opcional)').fill('Pagó al retirar');
      await form.getByRole('button', { name: 'Registrar pago' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByText('Pagó al retirar').waitFor();
    });
    await step(page, 'detail-shipment', async () => {
      const form = page.getByRole('form', { name: 'Marcar como enviado' });
      await form.getByLabel(/Transporte/).selectOption('correo_argentino');
      await form.getByLabel(/Código de seguimiento/).fill('CA 123');
      await form.getByRole('button', { name: 'Marcar como enviado' }).click();
      await form.getByText(/solo admite letras, números/).waitFor();
      await form.getByLabel(/Código de seguimiento/).fill('CA123');
      await form.getByRole('button', { name: 'Marcar como enviado' }).click();
      await form.waitFor({ state: 'detached' });
      const track = page.getByRole('list', { name: 'Seguimiento del pedido' }).getByRole('link', { name: /Seguir el envío/ });
      expect(await track.getAttribute('href')).toBe('https://www.correoargentino.com.ar/formularios/e-commerce?id=CA123');
    });
    await step(page, 'detail-notes', async () => {
      await page.getByRole('textbox', { name: 'Notas internas' }).fill('Retira el sábado por la tarde.');
      await page.getByRole('button', { name: 'Guardar notas' }).click();
      await page.getByText('Notas guardadas').waitFor();
      await page.reload();
      await expect.poll(() => page.getByRole('textbox', { name: 'Notas internas' }).inputValue()).toBe('Retira el sábado por la tarde.');
      await screenshot(page, 'order-detail-fulfilled');
    });
    const saved = await api(shop.server, 'GET', `/api/orders/${order.id}/`, { token: staff.token });
    expect(saved.json).toMatchObject({
      payment: { method: 'efectivo', amount: order.total, note: 'Pagó al retirar' },
      shipment: { carrier: 'correo_argentino', tracking_code: 'CA123' },
      internal_notes: 'Retira el sábado por la tarde.',
    });

    // The customer's name leads to the account, and to their orders.
    await step(page, 'detail-customer', async () => {
      await page.getByRole('link', { name: 'Ver pedidos del cliente' }).click();
      await page.waitForURL(/\/admin\/pedidos\?/);
      await page.getByText(`#${order.order_number}`).first().waitFor();
      await page.goto(`/admin/pedidos/${order.order_number}`);
      await page.getByRole('link', { name: `${customer.first_name} ${customer.last_name}`, exact: true }).click();
      await page.waitForURL(`**/admin/usuarios/${customer.id}`);
    });
    await context.close();
  });

  it('shows a new order within 30 seconds, with the count of orders that need the shop in the sidebar and the tab title', async () => {
    const { context, page } = await shop.newPage({ as: staff });
    await page.goto('/admin/pedidos');
    const pendingNow = async () => {
      const page1 = await api(shop.server, 'GET', '/api/orders/?status=pending&page_size=1', { token: staff.token });
      // Awaiting payment or paid, not shipped: what the shop has to act on.
      return page1.json.status_counts.needs_shop as number;
    };
    const before = await pendingNow();
    // No count in the title when nothing needs the shop.
    await expect.poll(() => page.title()).toMatch(new RegExp(before ? `^\\(${before}\\) Lista de Pedidos` : '^Lista de Pedidos'));
    const nav = page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: /Pedidos/ });
    // The sidebar fills in once the role's permissions and the counts arrive.
    if (before) await expect.poll(() => nav.textContent()).toContain(`${before} por atender`);

    const fresh = await placeOrder(customers[8], 30);
    const placedAt = Date.now();
    // The list, the tab title and the sidebar each within 30 s of the order (the counts are polled
    // every 20 s; a list loaded before the first counts is reloaded at once).
    const withinLimit = () => ({ timeout: Math.max(1, 32_000 - (Date.now() - placedAt)) });
    await page.getByText(`Pedido #${fresh.order_number}`).waitFor(withinLimit());
    await expect.poll(() => page.title(), withinLimit()).toMatch(new RegExp(`^\\(${before + 1}\\) `));
    await expect.poll(() => nav.textContent(), withinLimit()).toContain(`${before + 1} por atender`);
    expect(Date.now() - placedAt).toBeLessThan(30_000);
    await context.close();
  });

  it('keeps the orders pages within a 390 px phone screen', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE, as: staff });
    const fits = async (name: string) => {
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, name).toBeLessThanOrEqual(innerWidth);
    };
    await page.goto('/admin/pedidos?status=all');
    await page.getByRole('button', { name: 'Tabla', exact: true }).click();
    await page.getByRole('table').waitFor();
    await page.getByRole('checkbox', { name: /Seleccionar los \d+ pedidos visibles/ }).check();
    await bulkBar(page).waitFor();
    await fits('orders table with the bulk bar');
    await screenshot(page, 'orders-table-390');
    await page.goto(`/admin/pedidos/${orders[0].order_number}`);
    await page.getByRole('heading', { name: 'Seguimiento' }).waitFor();
    await fits('order page');
    await page.goto(`/admin/pedidos/imprimir?pedidos=${orders.map((o) => o.order_number).join(',')}`);
    await page.getByRole('heading', { name: 'Lista de preparación' }).waitFor();
    await fits('print page');
    await page.goto('/admin/configuracion');
    await page.getByRole('heading', { name: 'Datos de pago' }).waitFor();
    await fits('settings');
    await context.close();
  });
});
