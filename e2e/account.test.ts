// Account screens in a real browser against the built app: verification mode at login, Mi Cuenta
// (names, e-mail change with a code, password change), logout, the login redirect of a protected
// page, password reset, and where staff land.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { createStaff, createUser, TEST_PASSWORD } from '../tests/helpers/factories';
import { extractCode, readOutbox, waitForOutboxMail } from '../tests/helpers/mail';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();

/** The login form, which these tests are about (other files sign in with `shop.logIn`). */
async function submitLogin(page: Page, identifier: string, password: string) {
  await page.getByLabel('Usuario o email').fill(identifier);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

const mailIds = async () => (await readOutbox(shop.server)).map((m) => m.id);

describe('account screens', () => {
  it('verifies at login, edits the profile, e-mail and password, and resets a forgotten password', async () => {
    const user = await createUser(shop.server.ctx.db, {
      username: 'martinr',
      email: 'martin@example.com',
      first_name: 'Martín',
      last_name: 'Ruiz',
      email_verified: false,
    });
    const { page } = await shop.newPage({ viewport: DESKTOP });

    await step(page, 'login-unverified', async () => {
      await page.goto('/login');
      await submitLogin(page, 'martinr', TEST_PASSWORD);
      await page.getByRole('heading', { name: 'Verifica tu email' }).waitFor();
      await page.getByText('Debes verificar tu email antes de iniciar sesión', { exact: false }).waitFor();
      const code = extractCode(await waitForOutboxMail(shop.server, user.email, 'verificación'));
      await page.getByLabel('Código de verificación').fill(code);
      await page.getByRole('button', { name: 'Verificar email' }).click();
      // Signed in with the password just typed, without the login form again.
      await page.waitForURL('**/mi-cuenta');
      await page.getByText('Email verificado correctamente.').first().waitFor();
    });

    await step(page, 'names', async () => {
      await page.getByRole('navigation', { name: 'Secciones de la cuenta' }).getByRole('link', { name: 'Mi Cuenta' }).click();
      await page.waitForURL('**/mi-cuenta?section=settings');
      await page.getByLabel('Nombre', { exact: true }).fill('M');
      await page.getByLabel('Apellido').click();
      await page.getByText('El nombre debe tener al menos 2 caracteres').waitFor();
      await page.getByLabel('Nombre', { exact: true }).fill('Martina');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('Perfil actualizado correctamente').first().waitFor();
      await page.locator('aside').getByText('Martina Ruiz').waitFor();
      const [row] = await shop.server.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row.first_name).toBe('Martina');
    });

    await step(page, 'email-change', async () => {
      await page.getByRole('button', { name: 'Cambiar email' }).click();
      await page.getByLabel('Nuevo email').fill('martina.ruiz@example.com');
      await page.getByLabel('Contraseña actual').fill('no-es-esta');
      await page.getByRole('button', { name: 'Enviar código' }).click();
      await page.getByText('La contraseña es incorrecta').waitFor();
      await page.getByLabel('Contraseña actual').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Enviar código' }).click();
      const code = extractCode(await waitForOutboxMail(shop.server, 'martina.ruiz@example.com', 'Confirma tu nuevo email'));
      await page.getByLabel('Código de verificación').fill(code);
      await page.getByRole('button', { name: 'Confirmar nuevo email' }).click();
      await page.getByText('Email actualizado correctamente').first().waitFor();
      await page.getByText('martina.ruiz@example.com', { exact: true }).waitFor();
      await screenshot(page, 'account-settings-1280');
    });

    await step(page, 'password-change', async () => {
      await page.getByRole('tab', { name: 'Cambiar contraseña' }).click();
      await page.getByLabel('Contraseña actual').fill('equivocada');
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('nueva-clave-1');
      await page.getByLabel('Confirmar nueva contraseña').fill('nueva-clave-1');
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.getByText('La contraseña actual es incorrecta').waitFor();
      await page.getByLabel('Contraseña actual').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.getByText('Contraseña actualizada correctamente').first().waitFor();
      // The session goes on with the fresh tokens the change handed out.
      await page.reload();
      await page.getByRole('tab', { name: 'Datos personales' }).waitFor();
      expect(page.url()).toContain('/mi-cuenta?section=settings');
    });

    await step(page, 'logout-and-redirect', async () => {
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL(`${shop.server.url}/`);
      await page.goto('/mi-cuenta?section=settings');
      await page.waitForURL(/\/login\?redirect=%2Fmi-cuenta%3Fsection%3Dsettings$/);
      await submitLogin(page, 'martina.ruiz@example.com', TEST_PASSWORD);
      await page.getByText('Usuario o contraseña incorrectos').waitFor();
      await submitLogin(page, 'martina.ruiz@example.com', 'nueva-clave-1');
      await page.waitForURL('**/mi-cuenta?section=settings');
      await page.getByRole('tab', { name: 'Datos personales' }).waitFor();
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL(`${shop.server.url}/`);
    });

    await step(page, 'password-reset', async () => {
      await page.goto('/login');
      await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
      await page.waitForURL('**/recuperar-contrasena');
      const before = await mailIds();
      await page.getByRole('textbox', { name: 'Email' }).fill('martina.ruiz@example.com');
      await page.getByRole('button', { name: 'Enviar código' }).click();
      const code = extractCode(await waitForOutboxMail(shop.server, 'martina.ruiz@example.com', 'restablecer', before));
      await page.getByLabel('Código de verificación').fill(code);
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('otra-clave-2');
      await page.getByLabel('Confirmar nueva contraseña').fill('otra-clave-3');
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.getByText('Las contraseñas no coinciden').waitFor();
      await page.getByLabel('Confirmar nueva contraseña').fill('otra-clave-2');
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.waitForURL('**/login');
      await submitLogin(page, 'martinr', 'otra-clave-2');
      await page.waitForURL('**/mi-cuenta');
      await page.getByRole('heading', { name: 'Mis Pedidos' }).waitFor();
    });
  });

  it('sends the owner to the admin product list and shows them the admin links instead of the warranty', async () => {
    const staff = await createStaff(shop.server.ctx.db, { username: 'adminsur', email: 'admin@example.com', is_superuser: true });
    const { page } = await shop.newPage({ viewport: MOBILE });
    await page.goto('/login');
    await submitLogin(page, staff.username, TEST_PASSWORD);
    await page.waitForURL('**/admin/productos');

    await page.goto('/mi-cuenta');
    const admin = page.getByRole('navigation', { name: 'Administración' });
    await admin.waitFor();
    const links = await admin.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    expect(links).toEqual([
      '/admin/productos',
      '/admin/pedidos',
      '/admin/bancos',
      '/admin/actividad',
      '/admin/garantias',
      '/admin/usuarios',
    ]);
    expect(await page.getByRole('navigation', { name: 'Secciones de la cuenta' }).getByRole('link', { name: 'Garantía' }).count()).toBe(0);
    // A logged-in user asking for the login screen is sent to the account.
    await page.goto('/login');
    await page.waitForURL('**/mi-cuenta');
    await screenshot(page, 'account-admin-390');
  });

  it('handles registrations that meet an existing account', async () => {
    await createUser(shop.server.ctx.db, { username: 'existente', email: 'existente@example.com' });
    await createUser(shop.server.ctx.db, { username: 'pendiente', email: 'pendiente@example.com', email_verified: false });
    const { page } = await shop.newPage({ viewport: MOBILE });
    const register = async (username: string, email: string) => {
      await page.goto('/crear-cuenta');
      await page.getByLabel('Nombre', { exact: true }).fill('Ana');
      await page.getByLabel('Apellido').fill('Sosa');
      await page.getByLabel('Usuario').fill(username);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('clave-segura');
      await page.getByLabel('Confirmar contraseña').fill('clave-segura');
      await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    };

    // A taken username only needs another one: the message sits on the field and the form stays.
    await register('existente', 'ana.sosa@example.com');
    await page.getByText('Este nombre de usuario ya está en uso').waitFor();
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/crear-cuenta');

    // spec accounts-admin §8: ACCOUNT_EXISTS shows the message, then /login after 2 s.
    await register('anasosa', 'existente@example.com');
    await page.getByRole('alert').filter({ hasText: 'Ya existe una cuenta con ese email' }).waitFor();
    const shownAt = Date.now();
    await page.waitForURL('**/login');
    expect(Date.now() - shownAt).toBeGreaterThan(1500);

    // ACCOUNT_NOT_VERIFIED: the same person coming back goes to the code step.
    await register('anasosa', 'pendiente@example.com');
    await page.getByRole('heading', { name: 'Verifica tu email' }).waitFor();
    await page.getByText('Ya tienes una cuenta pendiente de verificación', { exact: false }).waitFor();
  });
});
