// Staff roles in a real browser (issue 24): the owner, who cannot change their own account, makes
// a customer "Depósito" in /admin/usuarios; the employee signs in, sees only the orders in the
// admin, marks one shipped, and a typed URL to a section the role lacks shows the "no tienes
// permiso" state.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROLE_DESCRIPTIONS } from '../src/domain/staff-roles';
import { createStaff, createUser } from '../tests/helpers/factories';
import { simpleOrder } from '../tests/helpers/orders';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

const shop = useShop();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
const cardOf = (page: Page, username: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ hasText: `@${username}` });

describe('staff roles', () => {
  it('the owner makes a customer Depósito, who ships an order and sees no settings or products', async () => {
    const db = shop.server.ctx.db;
    const owner = await createStaff(db, {
      username: 'duena',
      email: 'duena@semillas.test',
      first_name: 'Carla',
      last_name: 'Ibáñez',
      is_superuser: true,
    });
    const employee = await createUser(db, { username: 'lucas_depo', email: 'lucas@semillas.test', first_name: 'Lucas', last_name: 'Paz' });
    const { order } = await simpleOrder(shop.server, { productName: 'Critical Kush' });

    const { page } = await shop.newPage({ viewport: DESKTOP, as: owner });
    await step(page, 'owner-gives-role', async () => {
      await page.goto('/admin/usuarios');
      const card = cardOf(page, 'lucas_depo');
      await card.getByText('Usuario', { exact: true }).waitFor();
      // The owner's own account: no change at all, the role included.
      const own = cardOf(page, 'duena');
      await own.getByText('No puedes modificar tu propia cuenta').waitFor();
      for (const name of ['Cambiar rol', 'Desactivar', 'Eliminar'])
        expect(await own.getByRole('button', { name }).isDisabled(), name).toBe(true);
      await card.getByRole('button', { name: 'Cambiar rol' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rol de lucas_depo' });
      await dialog.getByLabel('Rol').selectOption('warehouse');
      await dialog.getByText(ROLE_DESCRIPTIONS.warehouse).waitFor();
      await dialog.getByText('Se cerrarán sus sesiones abiertas').waitFor();
      await screenshot(page, 'staff-roles-modal-1280');
      // A custom role shows its permissions as checkboxes.
      await dialog.getByLabel('Rol').selectOption('custom');
      await dialog.getByRole('group', { name: 'Permisos' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Guardar rol' }).isDisabled()).toBe(true);
      await screenshot(page, 'staff-roles-custom-1280');
      await dialog.getByLabel('Rol').selectOption('warehouse');
      await dialog.getByRole('button', { name: 'Guardar rol' }).click();
      await toast(page, 'Rol actualizado: Depósito');
      await card.getByText('Depósito', { exact: true }).waitFor();
      await screenshot(page, 'staff-roles-list-1280');
    });

    const mobile = await shop.newPage({ viewport: MOBILE, as: owner });
    await step(mobile.page, 'owner-mobile', async () => {
      await mobile.page.goto('/admin/usuarios');
      await cardOf(mobile.page, 'lucas_depo').getByText('Depósito', { exact: true }).waitFor();
      await screenshot(mobile.page, 'staff-roles-list-390');
      await cardOf(mobile.page, 'lucas_depo').getByRole('button', { name: 'Cambiar rol' }).click();
      const dialog = mobile.page.getByRole('dialog', { name: 'Rol de lucas_depo' });
      await dialog.getByLabel('Rol').selectOption('custom');
      await dialog.getByRole('group', { name: 'Permisos' }).waitFor();
      await screenshot(mobile.page, 'staff-roles-modal-390');
      await expectNoOverflow(mobile.page);
    });

    const worker = await shop.newPage({ viewport: DESKTOP, as: employee });
    await step(worker.page, 'warehouse-ships', async () => {
      await worker.page.goto('/admin');
      // No dashboard for Depósito: the admin opens on the orders.
      await worker.page.waitForURL('**/admin/pedidos');
      const nav = worker.page.getByRole('navigation', { name: 'Administración' });
      await nav.getByRole('link', { name: /Pedidos/ }).waitFor();
      for (const hidden of ['Productos', 'Configuración', 'Usuarios', 'Bancos', 'Actividad', 'Inicio']) {
        expect(await nav.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
      }
      expect(await worker.page.getByRole('link', { name: 'Nuevo pedido' }).count()).toBe(0);

      await worker.page.goto(`/admin/pedidos/${order.order_number}`);
      await worker.page.getByRole('heading', { name: `Pedido #${order.order_number}` }).waitFor();
      expect(await worker.page.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
      expect(await worker.page.getByRole('form', { name: 'Registrar pago' }).count()).toBe(0);
      const form = worker.page.getByRole('form', { name: 'Marcar como enviado' });
      await form.getByLabel('Transporte').selectOption('andreani');
      await form.getByRole('button', { name: 'Marcar como enviado' }).click();
      await worker.page.getByText(/Enviado el/).waitFor();
      await screenshot(worker.page, 'staff-roles-warehouse-order-1280');

      await worker.page.goto('/admin/configuracion');
      await worker.page.getByRole('heading', { name: 'No tienes permiso para ver esta página' }).waitFor();
      await worker.page.goto('/admin/productos');
      await worker.page.getByRole('heading', { name: 'No tienes permiso para ver esta página' }).waitFor();
      await screenshot(worker.page, 'staff-roles-no-permission-1280');
    });
  });
});
