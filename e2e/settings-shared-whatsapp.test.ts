// The WhatsApp that 'Datos de pago' and 'Contacto y datos fiscales' share, on one admin page in a
// real browser: saving one form never puts back the number the other loaded (the owner's bug:
// 'Contacto' saved right after 'Datos de pago' erased the number).
import { describe, expect, it } from 'vitest';
import { api } from '../tests/helpers/app';
import { createStaff } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

// No WHATSAPP_NUMBER: the shop starts without a number.
const shop = useShop({ whatsappNumber: undefined });

describe("the WhatsApp of 'Datos de pago' and 'Contacto'", () => {
  it("keeps the number typed in 'Datos de pago' when 'Contacto' is saved next, without reloading", async () => {
    const staff = await createStaff(shop.server.ctx.db);
    const { page } = await shop.newPage({ viewport: DESKTOP, as: { id: staff.id } });
    const payment = page.getByRole('form', { name: 'Datos de pago' });
    const contact = page.getByRole('form', { name: 'Contacto y datos fiscales' });
    await step(page, 'both-forms', async () => {
      await page.goto('/admin/configuracion');
      await payment.getByLabel('Banco').waitFor();
      await contact.getByLabel('Instagram').waitFor();
      expect(await contact.getByLabel('WhatsApp de la tienda').inputValue()).toBe('');
      // The owner starts on 'Contacto', then fills and saves 'Datos de pago' first.
      await contact.getByLabel('Instagram').fill('@semillasdelsur');
      await payment.getByLabel('Banco').fill('Banco Macro');
      await payment.getByLabel('WhatsApp de la tienda').fill('351 555-1234');
      await payment.getByRole('button', { name: 'Guardar datos de pago' }).click();
      await page.getByText('Datos de pago guardados').waitFor();
      // 'Contacto' shows the number just saved, and keeps what was typed in it.
      await expect.poll(() => contact.getByLabel('WhatsApp de la tienda').inputValue()).toBe('+54 9 351 555-1234');
      expect(await contact.getByLabel('Instagram').inputValue()).toBe('@semillasdelsur');
      await contact.getByRole('button', { name: 'Guardar datos de contacto' }).click();
      await page.getByText('Datos de contacto guardados').waitFor();
      await screenshot(page, 'settings-shared-whatsapp-1280');
    });
    await step(page, 'after-reload', async () => {
      await page.reload();
      await expect.poll(() => payment.getByLabel('WhatsApp de la tienda').inputValue()).toBe('+54 9 351 555-1234');
      await expect.poll(() => contact.getByLabel('Instagram').inputValue()).toBe('@semillasdelsur');
      expect(await contact.getByLabel('WhatsApp de la tienda').inputValue()).toBe('+54 9 351 555-1234');
      expect(await payment.getByLabel('Banco').inputValue()).toBe('Banco Macro');
    });
    const stored = await api(shop.server, 'GET', '/api/core/contact-settings/');
    expect(stored.json).toMatchObject({ whatsapp_number: '3515551234', instagram: 'semillasdelsur' });
  });

  it("changes the number from 'Contacto' for 'Datos de pago' too, at 390 px", async () => {
    const staff = await createStaff(shop.server.ctx.db);
    const { page } = await shop.newPage({ viewport: MOBILE, as: { id: staff.id } });
    const payment = page.getByRole('form', { name: 'Datos de pago' });
    const contact = page.getByRole('form', { name: 'Contacto y datos fiscales' });
    await step(page, 'contact-first', async () => {
      await page.goto('/admin/configuracion');
      await expect.poll(() => payment.getByLabel('WhatsApp de la tienda').inputValue()).not.toBe('');
      await contact.getByLabel('WhatsApp de la tienda').fill('11 2345-6789');
      await contact.getByRole('button', { name: 'Guardar datos de contacto' }).click();
      await page.getByText('Datos de contacto guardados').waitFor();
      await expect.poll(() => payment.getByLabel('WhatsApp de la tienda').inputValue()).toBe('+54 9 11 2345-6789');
      // 'Datos de pago' saved next, with another change of its own, keeps it.
      await payment.getByLabel('Alias').fill('semillas.del.sur');
      await payment.getByRole('button', { name: 'Guardar datos de pago' }).click();
      await page.getByText('Datos de pago guardados').waitFor();
      await expectNoOverflow(page, '/admin/configuracion 390');
      await screenshot(page, 'settings-shared-whatsapp-390');
    });
    await page.reload();
    await expect.poll(() => contact.getByLabel('WhatsApp de la tienda').inputValue()).toBe('+54 9 11 2345-6789');
    expect(await payment.getByLabel('Alias').inputValue()).toBe('semillas.del.sur');
  });
});
