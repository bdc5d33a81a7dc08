// A toast raised while a modal dialog is open shows above it: a modal dialog sits in the top layer,
// over the rest of the page, and makes it inert. And a refused action (the shop recorded the payment
// while the customer looked, another staff member deleted the user) closes its confirmation and
// shows the data as it is now: in Mis Pedidos and in the back office alike.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../src/domain/orders';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { placeOrder } from '../tests/helpers/orders';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  const db = shop.server.ctx.db;
  staff = await createStaff(db, { username: 'encargada' });
  customer = await createUser(db, { username: 'paula', first_name: 'Paula', last_name: 'Ríos' });
  product = await createProduct(db, {
    name: 'Gorilla Kush',
    blisters: [
      { seed_count: 3, price: 12000, stock: 20 },
      { seed_count: 5, price: 18000, stock: 20 },
    ],
  });
});

/** Whether the toast with this text is what a tap at its centre reaches: nothing covers it. */
async function toastOnTop(page: Page, text: string | RegExp): Promise<boolean> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await toast.waitFor();
  // Past its entry animation.
  await page.waitForTimeout(600);
  return toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

const orderLines = [
  { blister: 0, quantity: 1 },
  { blister: 1, quantity: 1 },
];

async function unpaidOrder(): Promise<OrderDto> {
  return placeOrder(
    shop.server,
    customer,
    orderLines.map(({ blister, quantity }) => ({ product_id: product.id, blister_id: product.blisters[blister].id, quantity })),
    { recipient_name: 'Paula Ríos', customer_phone: '1123456789' },
  );
}

async function recordPayment(order: OrderDto) {
  const paid = await api(shop.server, 'POST', `/api/orders/${order.id}/payment/`, {
    token: staff.token,
    body: { method: 'transferencia' },
  });
  expect(paid.status, paid.text).toBe(200);
}

describe('toasts and dialogs', () => {
  it('a toast shown while a dialog opens stays above the dialog and its backdrop', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP, as: customer });
    await step(page, 'toast-over-quick-view', async () => {
      await page.goto('/productos');
      await page.getByRole('button', { name: 'Añadir Gorilla Kush al carrito' }).click();
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Producto añadido al carrito' }).waitFor();
      await page.getByRole('button', { name: 'Vista rápida de Gorilla Kush' }).click();
      await page.getByRole('dialog', { name: 'Gorilla Kush' }).waitFor();
      expect(await toastOnTop(page, 'Producto añadido al carrito')).toBe(true);
      await screenshot(page, 'toast-over-dialog-1280');
    });
  });

  for (const [viewport, action] of [
    [MOBILE, 'cancel'],
    [DESKTOP, 'remove'],
  ] as const) {
    it(`a refused ${action === 'cancel' ? 'cancellation' : 'line removal'} shows its message, closes the dialog and shows the order paid (${viewport.width} px)`, async () => {
      const order = await unpaidOrder();
      const { page } = await shop.newPage({ viewport, as: customer });
      await step(page, `refused-${action}-${viewport.width}`, async () => {
        await page.goto('/mi-cuenta?section=orders');
        const card = page.getByRole('article', { name: `Pedido #${order.order_number}` });
        await card.getByText('Total a pagar').waitFor();
        // The shop records the payment while the page is open.
        await recordPayment(order);
        if (action === 'cancel') await card.getByRole('button', { name: 'Cancelar pedido' }).click();
        else await card.getByRole('button', { name: /^Eliminar Gorilla Kush \(3 semillas\)/ }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: action === 'cancel' ? 'Sí, cancelar pedido' : 'Sí, eliminar' }).click();
        expect(await toastOnTop(page, 'Ya registramos el pago de este pedido')).toBe(true);
        await screenshot(page, `refused-${action}-${viewport.width}`);
        await dialog.waitFor({ state: 'hidden' });
        // Read again: paid, so neither payment instructions nor changes.
        await card.getByText('Total a pagar').waitFor({ state: 'detached' });
        expect(await card.getByRole('button', { name: 'Cancelar pedido' }).count()).toBe(0);
        expect(await card.getByRole('button', { name: /^Eliminar / }).count()).toBe(0);
      });
    });
  }

  it('an order paid meanwhile: deleting it from its page is refused on top, the dialog closes and the order shows paid (1280 px)', async () => {
    const order = await unpaidOrder();
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'refused-order-delete-1280', async () => {
      await page.goto(`/admin/pedidos/${order.order_number}`);
      const remove = page.getByRole('main').getByRole('button', { name: 'Eliminar', exact: true });
      await remove.click();
      const dialog = page.getByRole('dialog', { name: 'Eliminar pedido' });
      await dialog.waitFor();
      // Another staff member records the payment while the question is open.
      await recordPayment(order);
      await dialog.getByRole('button', { name: 'Eliminar' }).click();
      expect(await toastOnTop(page, 'Error al eliminar el pedido.')).toBe(true);
      await screenshot(page, 'refused-order-delete-1280');
      await dialog.waitFor({ state: 'hidden' });
      // Read again: paid, so it cannot be deleted any more.
      await page.getByRole('main').getByText('Pagado, por enviar').first().waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('main button')].some(
          (b) => b.textContent?.trim() === 'Eliminar' && (b as HTMLButtonElement).disabled,
        ),
      );
    });
  });

  it('an order paid meanwhile: deleting it from the list is refused on top, the dialog closes and its card shows it paid (390 px)', async () => {
    const order = await unpaidOrder();
    const { page } = await shop.newPage({ viewport: MOBILE, as: staff });
    await step(page, 'refused-list-delete-390', async () => {
      await page.goto('/admin/pedidos');
      const card = page.getByRole('article').filter({ hasText: `#${order.order_number}` });
      await card.getByText('Esperando pago').first().waitFor();
      await recordPayment(order);
      await card.getByRole('button', { name: `Eliminar pedido #${order.order_number}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Eliminar pedido' });
      await dialog.getByRole('button', { name: 'Eliminar' }).click();
      expect(await toastOnTop(page, 'no se puede eliminar')).toBe(true);
      await screenshot(page, 'refused-list-delete-390');
      await dialog.waitFor({ state: 'hidden' });
      await card.getByText('Pagado, por enviar').first().waitFor();
    });
  });

  it('a user deleted by another staff member meanwhile: the refusal shows on top, the dialog closes and the list drops the user', async () => {
    const gone = await createUser(shop.server.ctx.db, { username: 'vale_luna', email: 'vale@correo.test' });
    const other = await createStaff(shop.server.ctx.db, { username: 'socia' });
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'refused-user-delete-1280', async () => {
      await page.goto('/admin/usuarios?username=vale_luna');
      const card = page.getByRole('main').getByRole('article').filter({ hasText: '@vale_luna' });
      await card.getByRole('button', { name: 'Eliminar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Eliminar usuario' });
      await dialog.getByText('vale_luna').waitFor();
      const deleted = await api(shop.server, 'DELETE', `/api/auth/users/${gone.id}/`, { token: other.token });
      expect(deleted.status, deleted.text).toBe(204);
      await dialog.getByRole('button', { name: 'Eliminar' }).click();
      expect(await toastOnTop(page, 'Error al eliminar el usuario')).toBe(true);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('No se encontraron usuarios').waitFor();
    });
  });

  it('a payment undone by another staff member meanwhile: undoing it again is refused on top, the dialog closes and the order waits for its payment', async () => {
    const order = await unpaidOrder();
    await recordPayment(order);
    const { page } = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(page, 'refused-undo-payment-1280', async () => {
      await page.goto(`/admin/pedidos/${order.order_number}`);
      await page.getByRole('button', { name: 'Deshacer pago' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deshacer pago' });
      await dialog.waitFor();
      const undone = await api(shop.server, 'DELETE', `/api/orders/${order.id}/payment/`, { token: staff.token });
      expect(undone.status, undone.text).toBe(200);
      await dialog.getByRole('button', { name: 'Deshacer pago' }).click();
      expect(await toastOnTop(page, 'No se pudo deshacer el pago')).toBe(true);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('main').getByText('Esperando pago').first().waitFor();
      expect(await page.getByRole('button', { name: 'Deshacer pago' }).count()).toBe(0);
    });
  });
});
