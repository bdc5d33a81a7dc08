// Staff user management and the activity log in a real browser against the built app: list
// filters and pages of 12, deactivate, create (with the admin rules), delete, the detail page
// (by id, by e-mail, and a missing user), then the activity timeline with its filters.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';
import { placeOrder } from '../tests/helpers/orders';

const shop = useShop();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
const userCards = (page: Page) => page.getByRole('main').getByRole('article');

describe('admin users and activity', () => {
  it('filters, pages, creates, deactivates and deletes users and shows their detail', async () => {
    const db = shop.server.ctx.db;
    const staff = await createStaff(db, { username: 'jefa', email: 'jefa@semillas.test', first_name: 'Romina', last_name: 'Sosa' });
    const buyer = await createUser(db, {
      username: 'diego_c',
      email: 'diego@correo.test',
      first_name: 'Diego',
      last_name: 'Castro',
      instagram: '@diegocultiva',
    });
    const NAMES = [
      'Ana',
      'Bruno',
      'Camila',
      'Dario',
      'Elena',
      'Facundo',
      'Gabriela',
      'Hernán',
      'Inés',
      'Julián',
      'Karina',
      'Lautaro',
      'Micaela',
    ];
    for (const [i, first] of NAMES.entries()) {
      await createUser(db, {
        username: `cliente_${first.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}`,
        email: `cliente${i}@correo.test`,
        first_name: first,
        last_name: 'Prueba',
      });
    }
    const product = await createProduct(db, { name: 'Critical Kush', blisters: [{ seed_count: 5, price: 18000, stock: 20 }] });
    const order = await placeOrder(shop.server, buyer, [{ product_id: product.id, blister_id: product.blisters[0].id, quantity: 2 }], {
      recipient_name: 'Diego Castro',
      customer_phone: '1133445566',
    });

    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: staff });

    await step(page, 'list-and-pages', async () => {
      await page.goto('/admin/usuarios');
      await page.getByText('15 usuarios').waitFor();
      expect(await userCards(page).count()).toBe(12);
      const pages = page.getByRole('navigation', { name: 'Paginación' });
      await pages.getByRole('button', { name: 'Página 2' }).click();
      await page.waitForURL('**/admin/usuarios?page=2');
      await page.waitForFunction(() => document.querySelectorAll('main article').length === 3);
      expect(await pages.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');
      // Your own account cannot be deactivated or deleted.
      await page.goto('/admin/usuarios?type=staff');
      await userCards(page).first().getByText('Tu cuenta').waitFor();
      // Why its buttons are off is written on the card, not left to a tooltip.
      await userCards(page).first().getByText('No puedes modificar tu propia cuenta').waitFor();
      expect(await userCards(page).count()).toBe(1);
      expect(await userCards(page).first().getByRole('button', { name: 'Desactivar' }).isDisabled()).toBe(true);
      expect(await userCards(page).first().getByRole('button', { name: 'Eliminar' }).isDisabled()).toBe(true);
      await screenshot(page, 'admin-users-staff-1280');
    });

    await step(page, 'filter-and-deactivate', async () => {
      await page.goto('/admin/usuarios');
      await page.getByLabel('Usuario').fill('cliente_b');
      await page.waitForURL('**/admin/usuarios?username=cliente_b');
      await page.waitForFunction(() => document.querySelectorAll('main article').length === 1);
      const card = userCards(page).first();
      await card.getByText('@cliente_bruno').waitFor();
      await card.getByRole('button', { name: 'Desactivar' }).click();
      await toast(page, 'Usuario desactivado correctamente');
      await card.getByText('Inactivo').waitFor();
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await page.getByLabel('Estado').selectOption('inactive');
      await page.waitForFunction(() => document.querySelectorAll('main article').length === 1);
      await userCards(page).first().getByText('@cliente_bruno').waitFor();
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await page.getByText('15 usuarios').waitFor();
      await screenshot(page, 'admin-users-1280');
    });

    await step(page, 'create', async () => {
      await page.getByRole('button', { name: 'Crear usuario' }).click();
      const dialog = page.getByRole('dialog', { name: 'Crear usuario' });
      await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Valentina');
      await dialog.getByRole('textbox', { name: 'Apellido' }).fill('Luna');
      await dialog.getByRole('textbox', { name: 'Nombre de usuario' }).fill('va');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('valentina@correo.test');
      await dialog.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('solotexto');
      await dialog.getByRole('textbox', { name: 'Confirmar contraseña' }).fill('otra-cosa');
      await dialog.getByRole('button', { name: 'Crear usuario' }).click();
      await dialog.getByText('El nombre de usuario debe tener al menos 3 caracteres').waitFor();
      await dialog.getByText('La contraseña debe contener letras y números').waitFor();
      await dialog.getByText('Las contraseñas no coinciden').waitFor();
      // A username already taken comes back from the server next to its field.
      await dialog.getByRole('textbox', { name: 'Nombre de usuario' }).fill('diego_c');
      await dialog.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('cultivo2025');
      await dialog.getByRole('textbox', { name: 'Confirmar contraseña' }).fill('cultivo2025');
      await screenshot(page, 'admin-users-create-1280');
      await dialog.getByRole('button', { name: 'Crear usuario' }).click();
      // By its field (the toast, drawn inside the open dialog, says it too): the form stays open.
      await dialog.locator('p', { hasText: 'Este nombre de usuario ya está en uso' }).waitFor();
      await dialog.getByRole('textbox', { name: 'Nombre de usuario' }).fill('vale_luna');
      await dialog.getByRole('button', { name: 'Crear usuario' }).click();
      await toast(page, 'Usuario creado correctamente');
      await page.getByText('16 usuarios').waitFor();
      await userCards(page).filter({ hasText: '@vale_luna' }).waitFor();
    });

    await step(page, 'delete', async () => {
      await page.getByLabel('Usuario').fill('vale_luna');
      await page.waitForFunction(() => document.querySelectorAll('main article').length === 1);
      await userCards(page).first().getByRole('button', { name: 'Eliminar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Eliminar usuario' });
      await dialog.getByText('vale_luna').waitFor();
      await dialog.getByRole('button', { name: 'Eliminar' }).click();
      await toast(page, 'Usuario vale_luna eliminado correctamente');
      await page.getByText('No se encontraron usuarios').waitFor();
    });

    await step(page, 'email-query', async () => {
      await page.goto('/admin/usuarios?email=diego%40correo.test');
      expect(await page.getByLabel('Email').inputValue()).toBe('diego@correo.test');
      await page.waitForFunction(() => document.querySelectorAll('main article').length === 1);
      await userCards(page).first().getByRole('link', { name: 'Ver detalle' }).click();
      await page.waitForURL(`**/admin/usuarios/${buyer.id}`);
    });

    await step(page, 'detail', async () => {
      const info = page.getByRole('region', { name: 'Información del Usuario' });
      await info.getByText('Diego Castro').waitFor();
      await info.getByText('@diego_c').waitFor();
      await info.getByText('Usuario', { exact: true }).waitFor();
      await info.getByText('@diegocultiva').waitFor();
      const orders = page.getByRole('region', { name: 'Pedidos del Usuario' });
      await orders.getByRole('heading', { name: `Pedido #${order.id}` }).waitFor();
      await orders.getByText('Critical Kush').waitFor();
      await orders.getByText('2 x $ 18.000').waitFor();
      expect(await orders.getByRole('link', { name: 'Ver detalles' }).getAttribute('href')).toBe(`/admin/pedidos/${order.order_number}`);
      await screenshot(page, 'admin-user-detail-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'admin-user-detail-390');
      await page.setViewportSize(DESKTOP);

      // Opened by e-mail: the URL becomes the id-based one.
      await page.goto('/admin/usuarios/buscar?email=jefa%40semillas.test');
      await page.waitForURL(`**/admin/usuarios/${staff.id}`);
      await page.getByRole('region', { name: 'Información del Usuario' }).getByText('Personalizado').waitFor();
      expect(await page.getByRole('region', { name: 'Información del Usuario' }).getByText('Instagram').count()).toBe(0);
      await page.getByText('Sin pedidos').waitFor();
      await page.getByText('Este usuario aún no ha realizado ningún pedido.').waitFor();

      // A user that does not exist: message, then back to the list after 2 seconds.
      await page.goto('/admin/usuarios/987654');
      await toast(page, 'No se pudo cargar el usuario, regresando a la lista');
      await page.getByText('Error al cargar la información del usuario. Por favor, inténtalo de nuevo.').waitFor();
      const started = Date.now();
      await page.waitForURL(/\/admin\/usuarios$/);
      expect(Date.now() - started).toBeGreaterThan(1000);
    });

    await step(page, 'activity', async () => {
      await page.goto('/admin/actividad');
      const total = page.getByRole('region', { name: 'Estadísticas' }).getByText('Total').locator('..');
      await total.locator('p.text-2xl').waitFor();
      const timeline = page.getByRole('main').getByRole('listitem');
      await timeline.filter({ hasText: 'Usuario vale_luna eliminado' }).waitFor();
      await screenshot(page, 'admin-activity-1280');
      await page.getByLabel('Acción').selectOption({ label: 'Eliminaciones' });
      await page.waitForFunction(() => document.querySelectorAll('main ol > li').length === 1);
      const entry = timeline.filter({ hasText: 'Usuario vale_luna eliminado' });
      await entry.getByText('jefa').waitFor();
      await entry.getByRole('button', { name: 'Ver cambios' }).click();
      await entry.getByRole('columnheader', { name: 'Antes' }).waitFor();
      await entry.getByRole('rowheader', { name: 'Usuario', exact: true }).waitFor();
      await entry.getByRole('rowheader', { name: 'Administrador' }).waitFor();
      await screenshot(page, 'admin-activity-changes-1280');
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await page.getByLabel('Buscar').fill('cliente_bruno');
      await timeline.filter({ hasText: 'Usuario cliente_bruno desactivado' }).waitFor();
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await page.setViewportSize(MOBILE);
      await page.getByText('Usuario vale_luna eliminado').waitFor();
      await screenshot(page, 'admin-activity-390');
      await page.goto('/admin/usuarios');
      await page.getByText('15 usuarios').waitFor();
      await screenshot(page, 'admin-users-390');
    });
    await context.close();
  });
});
