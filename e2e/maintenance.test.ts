// Maintenance mode in a real browser against the built app: an admin turns it on with a bypass
// password and a message; anonymous visitors land on /maintenance (also one already browsing,
// through the API's 503); one gets in with the password and returns to the page they wanted;
// the admin sets a manual dollar rate and turns maintenance off.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProduct, createStaff } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

describe('maintenance mode', () => {
  it('closes the shop to visitors, lets one in with the bypass password and opens it again', async () => {
    const staff = await createStaff(shop.server.ctx.db, { username: 'encargado', first_name: 'Tomás', last_name: 'Acosta' });
    await createProduct(shop.server.ctx.db, {
      name: 'Amnesia Haze Auto',
      type: 'auto',
      blisters: [{ seed_count: 3, price: 20000, stock: 5 }],
    });

    // A visitor already browsing while the shop is open (their guard cached "online").
    const early = await shop.newPage({ viewport: DESKTOP });
    await early.page.goto('/');
    await early.page.getByRole('heading', { name: 'Últimos ingresos' }).waitFor();

    const admin = await shop.newPage({ viewport: DESKTOP, as: staff });
    const page = admin.page;
    await step(page, 'admin-turns-on', async () => {
      await page.goto('/admin/configuracion');
      await page.getByRole('heading', { name: 'Configuración de la tienda' }).waitFor();
      expect(await page.getByRole('radio', { name: /Tienda en línea/ }).isChecked()).toBe(true);
      await screenshot(page, 'settings-online-1280');
      await page.getByRole('radio', { name: /Tienda en mantenimiento/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar cambio de estado' });
      await confirm.getByText('La tienda no estará disponible para el público.').waitFor();
      await confirm.getByText('Los usuarios verán la página de mantenimiento.').waitFor();
      await screenshot(page, 'settings-confirm-1280');
      await confirm.getByRole('button', { name: 'Activar mantenimiento' }).click();
      await page.getByText('Modo mantenimiento activado correctamente').waitFor();
      await page.getByText('No configurada').waitFor();
    });

    await step(page, 'admin-sets-password-and-message', async () => {
      await page.getByRole('button', { name: 'Configurar contraseña de bypass' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contraseña de bypass' });
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.getByText('La contraseña no puede estar vacía').waitFor();
      await dialog.getByLabel('Nueva contraseña').fill('semillas-2025');
      await dialog.getByLabel('Confirmar contraseña').fill('semillas-2024');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.getByText('Las contraseñas no coinciden').waitFor();
      await dialog.getByLabel('Confirmar contraseña').fill('semillas-2025');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('Contraseña de bypass configurada correctamente').waitFor();
      await page.getByText('Configurada', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Cambiar contraseña de bypass' }).waitFor();

      await page.getByLabel('Mensaje de mantenimiento').fill('Estamos cargando el nuevo catálogo de otoño. Volvemos en un rato.');
      await page.getByRole('button', { name: 'Guardar mensaje' }).click();
      await page.getByText('Mensaje actualizado correctamente').waitFor();
      await screenshot(page, 'settings-maintenance-1280');
    });

    await step(early.page, 'browsing-visitor-gets-503', async () => {
      // The cached "online" lets the navigation start; the catalog call's 503 ends it.
      await early.page.getByRole('link', { name: 'Ver catálogo' }).first().click();
      await early.page.waitForURL('**/maintenance');
      await early.page.getByRole('heading', { name: 'Sitio en Mantenimiento' }).waitFor();
    });
    await early.context.close();

    const visitor = await shop.newPage({ viewport: MOBILE });
    const v = visitor.page;
    await step(v, 'visitor-lands-on-maintenance', async () => {
      await v.goto('/productos?categories=automaticas');
      await v.waitForURL('**/maintenance');
      await v.getByRole('heading', { name: 'Sitio en Mantenimiento' }).waitFor();
      await v.getByText('Estamos cargando el nuevo catálogo de otoño. Volvemos en un rato.').waitFor();
      await v.getByText('Volveremos a estar en línea pronto.').waitFor();
      await v.getByRole('link', { name: 'Ingresar (administradores)' }).waitFor();
      // No shop header, footer or age gate here.
      expect(await v.getByRole('link', { name: 'Ver catálogo' }).count()).toBe(0);
      expect(await v.locator('footer').count()).toBe(0);
      await screenshot(v, 'maintenance-390');
    });

    await step(v, 'visitor-bypass', async () => {
      await v.getByRole('button', { name: 'Ingresar con contraseña' }).click();
      const dialog = v.getByRole('dialog', { name: 'Acceso con contraseña' });
      await dialog.getByRole('button', { name: 'Verificar' }).click();
      await dialog.getByText('Por favor ingrese una contraseña').waitFor();
      await dialog.getByLabel('Contraseña', { exact: true }).fill('no-es');
      await dialog.getByLabel('Contraseña', { exact: true }).press('Enter');
      await dialog.getByText('Contraseña incorrecta').waitFor();
      await screenshot(v, 'maintenance-bypass-390');
      await dialog.getByLabel('Contraseña', { exact: true }).fill('semillas-2025');
      await dialog.getByLabel('Contraseña', { exact: true }).press('Enter');
      await toast(v, 'Acceso concedido. Bypass válido por 12 horas');
      // Back to the page that was wanted, with the catalog answering (bypass header sent).
      await v.waitForURL('**/productos?categories=automaticas');
      await v.getByText('Amnesia Haze Auto').first().waitFor();
      const stored = await v.evaluate(() => JSON.parse(localStorage.getItem('maintenanceBypass') ?? 'null'));
      expect(stored?.token).toBeTruthy();
      expect(stored.expires_at - Date.now()).toBeGreaterThan(11.9 * 3600_000);
      // The intended route was used once and forgotten.
      expect(await v.evaluate(() => sessionStorage.getItem('intendedRoute'))).toBeNull();
    });

    const other = await shop.newPage({ viewport: DESKTOP });
    await step(other.page, 'other-visitor', async () => {
      await other.page.goto('/');
      await other.page.waitForURL('**/maintenance');
      await other.page.getByRole('heading', { name: 'Sitio en Mantenimiento' }).waitFor();
      await screenshot(other.page, 'maintenance-1280');
      // /login stays reachable for admins.
      await other.page.getByRole('link', { name: 'Ingresar (administradores)' }).click();
      await other.page.waitForURL('**/login');
      await other.page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    });

    await step(page, 'admin-dollar-rate', async () => {
      await page.getByRole('radio', { name: 'Valor Manual' }).check();
      const apply = page.getByRole('button', { name: 'Aplicar' });
      expect(await apply.isDisabled()).toBe(true);
      await page.getByLabel('Valor manual (ARS por USD)').fill('-3');
      await apply.click();
      await page.getByText('Debe ingresar un valor válido mayor que cero').waitFor();
      await page.getByLabel('Valor manual (ARS por USD)').fill('1100.5');
      await apply.click();
      await page.getByText('Usa coma para los decimales').waitFor();
      await page.getByLabel('Valor manual (ARS por USD)').fill('1.100,5');
      await apply.click();
      await page.getByText('Valor configurado manualmente').waitFor();
      await page.getByText('$ 1.100,50').waitFor();
      expect(await page.getByText('Última actualización: Nunca').count()).toBe(0);
      await screenshot(page, 'settings-dollar-1280');
    });

    await step(page, 'admin-removes-password', async () => {
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      await page.getByRole('button', { name: 'Eliminar contraseña' }).click();
      await page.getByText('Contraseña de bypass eliminada correctamente').waitFor();
      expect(asked).toBe('¿Estás seguro que deseas eliminar la contraseña de bypass?');
      await page.getByText('No configurada').waitFor();
    });

    await step(page, 'admin-turns-off', async () => {
      await page.getByRole('radio', { name: /Tienda en línea/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar cambio de estado' });
      await confirm.getByText('La tienda estará disponible para todos los usuarios.').waitFor();
      await confirm.getByRole('button', { name: 'Desactivar mantenimiento' }).click();
      await page.getByText('Modo mantenimiento desactivado correctamente').waitFor();
      expect(await page.getByRole('button', { name: /contraseña de bypass/ }).count()).toBe(0);
    });

    await step(other.page, 'open-again', async () => {
      // The visitor's cache still says maintenance; /maintenance checks afresh and sends them home.
      await other.page.goto('/maintenance');
      await other.page.waitForURL(`${shop.server.url}/`);
      await other.page.getByRole('heading', { name: 'Últimos ingresos' }).waitFor();
    });

    await page.setViewportSize(MOBILE);
    await page.goto('/admin/configuracion');
    await page.getByRole('heading', { name: 'Configuración de la tienda' }).waitFor();
    await screenshot(page, 'settings-390');
    await page.goto('/mi-cuenta?section=maintenance');
    await page.getByRole('heading', { name: 'Configuración de la tienda' }).waitFor();
    await page.getByRole('radio', { name: /Tienda en línea/ }).waitFor();
    await screenshot(page, 'account-settings-section-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'account-settings-section-1280');

    await other.context.close();
    await visitor.context.close();
    await admin.context.close();
  });
});
