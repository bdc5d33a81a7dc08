// Warranty claims in a real browser against the built app: a guest files a claim with two
// photos; a customer files one from an order, an admin resolves it on /admin/garantias, and the
// customer reads the resolution.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { warrantyClaims } from '../src/server/db/schema';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { DESKTOP, MOBILE, screenshot, step } from './helpers/browser';
import { useShop } from './helpers/shop';
import { placeOrder } from '../tests/helpers/orders';

const shop = useShop();

/** A small PNG of a sprouting seed, different for each hue. */
async function seedPhoto(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 100 100">
    <rect width="100" height="100" fill="hsl(${hue},40%,85%)"/>
    <ellipse cx="50" cy="60" rx="16" ry="11" fill="hsl(30,45%,35%)"/>
    <path d="M50 50c0-12 6-20 14-24" stroke="hsl(110,55%,35%)" stroke-width="3" fill="none" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600_000);

describe('warranty claims', () => {
  it('lets a guest file a claim with two photos', async () => {
    const { context, page } = await shop.newPage({ viewport: MOBILE });
    await step(page, 'guest-form', async () => {
      // The germination guide leads guests to the form.
      await page.goto('/como-germinar');
      await page.getByRole('button', { name: 'Entendido, ver la guía' }).click();
      await page.getByRole('link', { name: 'solicita la garantía' }).click();
      await page.waitForURL('**/garantia');
      await page.getByRole('heading', { name: 'Solicitud de garantía' }).waitFor();
      const submit = page.getByRole('button', { name: 'Enviar solicitud' });
      expect(await submit.isDisabled()).toBe(true);

      await page.getByLabel('Nombre', { exact: true }).fill('Carla Méndez');
      await page.getByLabel('Correo electrónico').fill('carla');
      await page.getByLabel('Fecha de compra').click();
      await page.getByText('Debes proporcionar un correo electrónico válido').waitFor();
      await page.getByLabel('Correo electrónico').fill('carla@correo.test');
      await page.getByLabel('Fecha de compra').fill(isoDay(daysAgo(12)));
      await page.getByLabel('Nombre del producto').fill('Gorilla Glue Auto x3');
      await page.getByLabel('Fecha de germinación').fill(isoDay(daysAgo(12)));
      await page.getByLabel('Descripción del problema').click();
      await page.getByText('La germinación no puede ser el mismo día de la compra').waitFor();
      await page.getByLabel('Fecha de germinación').fill(isoDay(daysAgo(5)));
      await page.getByLabel('Descripción del problema').fill('Corta');
      await page.getByLabel('Nombre', { exact: true }).click();
      await page.getByText('La descripción debe ser más detallada (mínimo 10 caracteres)').waitFor();
      await page.getByLabel('Descripción del problema').fill('Puse las tres semillas en agua 48 horas y ninguna abrió la cáscara.');

      // A file that is not an image is refused with the spec's message.
      const fileInput = page.locator('input[type="file"]');
      await fileInput.setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
      await page.getByText('Por favor selecciona una imagen válida').waitFor();
      await fileInput.setInputFiles([
        { name: 'semilla-1.png', mimeType: 'image/png', buffer: await seedPhoto(40) },
        { name: 'semilla-2.png', mimeType: 'image/png', buffer: await seedPhoto(200) },
      ]);
      await page.getByRole('img', { name: 'Foto 2: semilla-2.png' }).waitFor();
      expect(await page.getByRole('button', { name: /^Quitar foto/ }).count()).toBe(2);
      expect(await submit.isEnabled()).toBe(true);
      await screenshot(page, 'warranty-guest-form-390');
      await submit.scrollIntoViewIfNeeded();
      await screenshot(page, 'warranty-guest-photos-390');
    });

    await step(page, 'guest-submit', async () => {
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.getByText('Solicitud enviada con éxito, respuesta en 48-72 horas hábiles').first().waitFor();
      // The form is empty again.
      expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('');
      expect(await page.getByRole('button', { name: /^Quitar foto/ }).count()).toBe(0);
      await screenshot(page, 'warranty-guest-sent-390');
    });

    const [claim] = await shop.server.ctx.db.select().from(warrantyClaims).where(eq(warrantyClaims.email, 'carla@correo.test'));
    expect(claim).toMatchObject({ name: 'Carla Méndez', product_name: 'Gorilla Glue Auto x3', user_id: null, status: 'pending' });
    expect(claim.photo1).toMatch(/^\/uploads\/warranty\/.+-800\.webp$/);
    expect(claim.photo2).toMatch(/^\/uploads\/warranty\/.+-800\.webp$/);
    expect(claim.photo3).toBeNull();
    expect(claim.photo1).not.toBe(claim.photo2);
    await context.close();

    const desktop = await shop.newPage({ viewport: DESKTOP });
    await desktop.page.goto('/garantia');
    await desktop.page.getByRole('heading', { name: 'Solicitud de garantía' }).waitFor();
    await screenshot(desktop.page, 'warranty-guest-form-1280');
    await desktop.context.close();
  });

  it("lets a customer claim from an order and read the admin's resolution", async () => {
    const customer = await createUser(shop.server.ctx.db, {
      username: 'lucas_m',
      email: 'lucas@correo.test',
      first_name: 'Lucas',
      last_name: 'Moreno',
    });
    const staff = await createStaff(shop.server.ctx.db, {
      username: 'admin_garantias',
      email: 'garantias@semillas.test',
      first_name: 'Paula',
      last_name: 'Ríos',
    });
    const product = await createProduct(shop.server.ctx.db, {
      name: 'Northern Light Auto',
      blisters: [{ seed_count: 3, price: 15000, stock: 10 }],
    });
    // The order was placed ten days ago, so a germination date after it is possible today.
    shop.server.setNow(daysAgo(10));
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    const lucas = { recipient_name: 'Lucas Moreno', customer_phone: '1122334455' };
    const order = await placeOrder(shop.server, customer, [line], lucas);
    // A second order the customer cancels while the form is open.
    const doomed = await placeOrder(shop.server, customer, [line], lucas);
    shop.server.setNow(null);

    const { context, page } = await shop.newPage({ viewport: DESKTOP, as: customer });
    await step(page, 'customer-empty-status', async () => {
      await page.goto('/mi-cuenta?section=warranty');
      // Logged-in customers land on the status tab.
      await page.getByRole('tab', { name: 'Mis Solicitudes', selected: true }).waitFor();
      await page.getByText('Aún no tienes solicitudes de garantía').waitFor();
      await screenshot(page, 'warranty-account-empty-1280');
    });

    await step(page, 'customer-claim-from-order', async () => {
      await page.getByRole('button', { name: 'Crear mi primera solicitud' }).click();
      await page.getByRole('tab', { name: 'Nueva Solicitud', selected: true }).waitFor();
      // With eligible orders the form starts on "bought here".
      expect(await page.getByRole('radio', { name: /Compré en esta tienda/ }).isChecked()).toBe(true);
      await page.getByLabel('Pedido', { exact: true }).selectOption(String(doomed.id));
      await page.getByLabel('Fecha de germinación').fill(isoDay(daysAgo(6)));
      await page.getByLabel('Descripción del problema').fill('Germiné en servilleta húmeda y solo una de las tres semillas abrió.');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'servilleta.png', mimeType: 'image/png', buffer: await seedPhoto(120) });
      const cancelled = await api(shop.server, 'PUT', `/api/orders/${doomed.id}/`, {
        token: customer.token,
        body: { status: 'cancelled' },
      });
      expect(cancelled.status).toBe(200);
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      // The server's field errors come back in the summary.
      const summary = page.getByRole('alert').filter({ hasText: 'Por favor corrige los siguientes errores:' });
      await summary.getByText('El pedido seleccionado no es válido para una garantía').waitFor();
      await screenshot(page, 'warranty-account-server-error-1280');
      // The cancelled order leaves the list; the photo, dates and text stay.
      await page.waitForFunction((id) => !document.querySelector(`option[value="${id}"]`), doomed.id);
      await page.getByLabel('Pedido', { exact: true }).selectOption(String(order.id));
      // One product in the order: chosen at once; date, name, e-mail and product filled read-only.
      expect(await page.getByLabel('Producto', { exact: true }).inputValue()).toBe(String(product.id));
      expect(await page.getByLabel('Nombre del producto').inputValue()).toBe('Northern Light Auto');
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('lucas@correo.test');
      expect(await page.getByLabel('Fecha de compra').inputValue()).not.toBe('');
      expect(await page.getByRole('button', { name: /^Quitar foto/ }).count()).toBe(1);
      await screenshot(page, 'warranty-account-form-1280');
      await page.getByRole('button', { name: 'Enviar solicitud' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'warranty-account-photos-1280');
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await page.getByText('Solicitud enviada con éxito, respuesta en 48-72 horas hábiles').first().waitFor();
      // Back on the status tab with the new claim.
      await page.getByRole('tab', { name: 'Mis Solicitudes', selected: true }).waitFor();
      await page.getByRole('heading', { name: 'Northern Light Auto' }).waitFor();
      await page.getByText('Recibimos tu solicitud y está pendiente de revisión.').waitFor();
    });

    const [claim] = await shop.server.ctx.db.select().from(warrantyClaims).where(eq(warrantyClaims.user_id, customer.id));
    expect(claim).toMatchObject({
      order_id: order.id,
      product_id: product.id,
      product_name: 'Northern Light Auto',
      email: 'lucas@correo.test',
    });

    const admin = await shop.newPage({ viewport: DESKTOP, as: staff });
    await step(admin.page, 'admin-resolves', async () => {
      await admin.page.goto('/admin/garantias');
      const card = admin.page.getByRole('article').filter({ hasText: 'Northern Light Auto' });
      await card.waitFor();
      // The sidebar counts the claims waiting for review, as it counts orders.
      const sidebar = admin.page.getByRole('complementary');
      await sidebar.getByRole('link', { name: /^Garantías\s*2 pendientes$/ }).waitFor();
      await admin.page.getByRole('article').filter({ hasText: 'Gorilla Glue Auto x3' }).waitFor();
      expect(await card.getByRole('link', { name: `Pedido #${order.order_number}` }).getAttribute('href')).toBe(
        `/admin/pedidos?orderId=${order.order_number}`,
      );
      expect(await card.getByRole('link', { name: 'Lucas Moreno' }).getAttribute('href')).toBe(`/admin/usuarios/${customer.id}`);
      // A guest has no account: no link to an empty user list, and the card says so.
      const guestCard = admin.page.getByRole('article').filter({ hasText: 'Gorilla Glue Auto x3' });
      expect(await guestCard.getByRole('link', { name: 'Carla Méndez' }).count()).toBe(0);
      await guestCard.getByText('Sin cuenta', { exact: true }).waitFor();
      await screenshot(admin.page, 'admin-warranty-list-1280');
      await guestCard.getByRole('button', { name: 'Ver detalles' }).click();
      const guestDetails = admin.page.getByRole('dialog', { name: /^Solicitud #/ });
      await guestDetails.getByText('Sin cuenta en la tienda: la solicitud se envió como invitado.').waitFor();
      expect(await guestDetails.getByRole('link', { name: 'Ver usuario' }).count()).toBe(0);
      await admin.page.keyboard.press('Escape');
      await guestDetails.waitFor({ state: 'hidden' });

      // Closed and at once opened on another claim (before the browser's close event of the first
      // arrives): the second stays open.
      await guestCard.getByRole('button', { name: 'Ver detalles' }).click();
      await guestDetails.getByText('Sin cuenta en la tienda', { exact: false }).waitFor();
      await admin.page.evaluate(() => {
        const dialog = document.querySelector('dialog[open]') as HTMLDialogElement;
        const card = [...document.querySelectorAll('article')].find((article) => article.textContent?.includes('Northern Light Auto'))!;
        const opener = [...card.querySelectorAll('button')].find((button) => button.textContent === 'Ver detalles')!;
        new MutationObserver((_, observer) => {
          if (dialog.open) return;
          observer.disconnect();
          opener.click();
        }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
        dialog.querySelector<HTMLButtonElement>('button[aria-label="Cerrar"]')!.click();
      });
      await admin.page.getByRole('dialog', { name: `Solicitud #${claim.id}` }).waitFor();
      await admin.page.waitForTimeout(300);
      expect(await admin.page.getByRole('dialog', { name: `Solicitud #${claim.id}` }).isVisible()).toBe(true);
      await admin.page.keyboard.press('Escape');
      await guestDetails.waitFor({ state: 'hidden' });

      await card.getByRole('button', { name: 'Ver detalles' }).click();
      const details = admin.page.getByRole('dialog', { name: `Solicitud #${claim.id}` });
      await details.getByText('1122334455').waitFor();
      await details.getByText('Pedidos anteriores').waitFor();
      await screenshot(admin.page, 'admin-warranty-details-1280');
      await details.getByRole('button', { name: 'Ampliar foto 1' }).click();
      await admin.page.getByRole('dialog', { name: 'Foto 1 de 1' }).getByRole('img').waitFor();
      await admin.page.keyboard.press('Escape');
      await details.getByRole('button', { name: 'Cambiar estado' }).click();

      const edit = admin.page.getByRole('dialog', { name: `Cambiar estado · Solicitud #${claim.id}` });
      // Resolution details only for approved or resolved.
      expect(await edit.getByLabel('Detalles de la resolución').count()).toBe(0);
      await edit.getByLabel('Estado').selectOption('resolved');
      await edit.getByLabel('Detalles de la resolución').fill('Enviamos un blíster de reemplazo con tu próximo pedido.');
      await edit.getByLabel('Notas internas').fill('Lote 42 con baja germinación.');
      await edit.getByLabel('Respuesta al cliente').fill('Gracias por las fotos, Lucas. Corresponde la garantía.');
      await screenshot(admin.page, 'admin-warranty-edit-1280');
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await admin.page.getByText(`Solicitud #${claim.id} actualizada: Resuelta`).waitFor();
      await card.getByText('Resuelta').waitFor();
      await sidebar.getByRole('link', { name: /^Garantías\s*1 pendiente$/ }).waitFor();
    });

    await step(page, 'customer-reads-resolution', async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Northern Light Auto' }).waitFor();
      await page.getByText('Tu solicitud fue resuelta satisfactoriamente.').waitFor();
      await page.getByText('Enviamos un blíster de reemplazo con tu próximo pedido.').waitFor();
      await page.getByText('Gracias por las fotos, Lucas. Corresponde la garantía.').waitFor();
      // Internal notes never reach the customer.
      expect(await page.getByText('Lote 42').count()).toBe(0);
      await screenshot(page, 'warranty-account-resolved-1280');
    });

    await page.setViewportSize(MOBILE);
    await page.getByRole('heading', { name: 'Northern Light Auto' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'warranty-account-resolved-390');
    await page.getByRole('tab', { name: 'Nueva Solicitud' }).click();
    await page.getByRole('radio', { name: 'Compré en esta tienda' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'warranty-account-form-390');
    await admin.page.setViewportSize(MOBILE);
    await admin.page.goto('/admin/garantias');
    await admin.page.getByRole('article').first().waitFor();
    await screenshot(admin.page, 'admin-warranty-list-390');
    await admin.context.close();
    await context.close();
  });
});
