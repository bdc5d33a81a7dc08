// Signs in through the login form, as a person does, and waits for the page it lands on.
import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../../tests/helpers/factories';

export async function logIn(page: Page, username: string, landing: string) {
  await page.goto('/login');
  await page.getByLabel('Usuario o email').fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(`**${landing}`);
}
