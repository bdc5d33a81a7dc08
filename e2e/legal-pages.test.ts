// Contact, legal pages and the 'Botón de arrepentimiento' (issue 24) in a real browser against the
// built app: the footer's link on every storefront page, a visitor's revocation request on a
// phone, the floating WhatsApp button once the shop has a number, the owner's text shown as text.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../tests/helpers/app';
import { createProduct, createStaff, createUser } from '../tests/helpers/factories';
import { simpleOrder } from '../tests/helpers/orders';
import { DESKTOP, MOBILE, pageHtml, rootOf, screenshot, step } from './helpers/browser';
import { expectNoOverflow } from './helpers/page-checks';
import { useShop } from './helpers/shop';

// No WHATSAPP_NUMBER: the shop starts without one.
const shop = useShop({ whatsappNumber: undefined });
let productId: number;
let staffToken: string;

beforeAll(async () => {
  productId = (await createProduct(shop.server.ctx.db, { name: 'Mendocina Kush', blisters: [{ stock: 5, price: 9000 }] })).id;
  staffToken = (await createStaff(shop.server.ctx.db)).token;
});

const revocationLink = (page: Page) => page.locator('footer').getByRole('link', { name: 'Botón de arrepentimiento' });

describe('legal pages and the Botón de arrepentimiento', () => {
  it('shows the Botón de arrepentimiento in the footer of every storefront page, rendered by the server too', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE });
    for (const path of ['/', '/productos', `/producto/${productId}`, '/carrito', '/contacto', '/terminos']) {
      await step(page, `footer-${path.replace(/\W+/g, '-')}`, async () => {
        await page.goto(path);
        await expect.poll(() => revocationLink(page).count(), { message: path }).toBe(1);
        expect(await revocationLink(page).isVisible(), path).toBe(true);
        expect(await revocationLink(page).getAttribute('href')).toBe('/arrepentimiento');
        const defence = page.locator('footer').getByRole('link', { name: /Defensa de las y los consumidores/ });
        expect(await defence.getAttribute('href')).toBe('https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario');
        for (const name of ['Términos y condiciones', 'Política de privacidad', 'Cambios y devoluciones']) {
          expect(await page.locator('footer').getByRole('link', { name }).count(), `${path} ${name}`).toBe(1);
        }
      });
    }
    // The home page's HTML carries it before any script runs.
    expect(rootOf(await pageHtml(shop.server.url, '/', 'age_verified=true'))).toContain('href="/arrepentimiento"');
  });

  it('lets a visitor on a phone ask to revoke a purchase and read the code', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE, touch: true });
    await step(page, 'revocation-form', async () => {
      await page.goto('/');
      await revocationLink(page).click();
      await page.waitForURL('**/arrepentimiento');
      await page.getByRole('heading', { name: 'Botón de arrepentimiento', level: 1 }).waitFor();
      await expectNoOverflow(page, '/arrepentimiento');
      await screenshot(page, 'legal-arrepentimiento-390');

      await page.getByRole('button', { name: 'Enviar solicitud de arrepentimiento' }).click();
      await page.getByText('El nombre es requerido').waitFor();
      await page.getByLabel('Nombre y apellido').fill('Lucía Gómez');
      await page.getByLabel('Correo electrónico').fill('lucia@correo.test');
      await page.getByLabel('Número de pedido').fill('1234');
      await page.getByLabel('Motivo').fill('Me equivoqué de variedad');
      await page.getByRole('button', { name: 'Enviar solicitud de arrepentimiento' }).click();
      const code = page.getByTestId('revocation-code');
      await code.waitFor();
      expect(await code.textContent()).toMatch(/^ARR-[A-Z0-9]{6}$/);
      await page.getByText('Recibimos tu solicitud').waitFor();
      await expectNoOverflow(page, 'código');
      await screenshot(page, 'legal-arrepentimiento-code-390');
    });
  });

  it('shows the WhatsApp button once the shop has a number, not over the cart', async () => {
    const { page } = await shop.newPage({ viewport: MOBILE });
    const button = page.getByRole('link', { name: 'Escríbenos por WhatsApp (se abre en una pestaña nueva)' });
    await step(page, 'no-whatsapp', async () => {
      await page.goto('/contacto');
      expect(await button.count()).toBe(0);
    });
    const image = await uploadFiscalImage();
    const saved = await api(shop.server, 'PUT', '/api/core/contact-settings/', {
      token: staffToken,
      body: {
        whatsapp_number: '11 2345-6789',
        email: 'hola@semillasdelsur.test',
        instagram: '@semillasdelsur',
        business_name: 'Semillas del Sur SRL',
        cuit: '30-71234567-1',
        fiscal_image: image,
      },
    });
    expect(saved.status).toBe(200);
    await step(page, 'whatsapp', async () => {
      await page.goto('/contacto');
      await button.waitFor();
      expect(await button.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5491123456789/);
      const main = page.locator('main');
      expect(await main.getByRole('link', { name: /Escríbenos por WhatsApp/ }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/5491123456789/,
      );
      expect(await main.getByRole('link', { name: /Envíanos un email/ }).getAttribute('href')).toBe('mailto:hola@semillasdelsur.test');
      expect(await main.getByRole('link', { name: /Síguenos en Instagram/ }).getAttribute('href')).toBe(
        'https://www.instagram.com/semillasdelsur',
      );
      await main.getByText('30-71234567-1').waitFor();
      await expectNoOverflow(page, '/contacto');
      await screenshot(page, 'legal-contacto-390');
      const footer = page.locator('footer');
      await footer.getByText('Semillas del Sur SRL · CUIT 30-71234567-1').waitFor();
      await footer.getByRole('img', { name: 'Data fiscal (AFIP)' }).waitFor();
      await footer.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await screenshot(page, 'legal-footer-390');
    });
    await step(page, 'whatsapp-cart', async () => {
      await page.goto('/carrito');
      await page.locator('footer').waitFor();
      expect(await button.count()).toBe(0);
      await page.goto(`/producto/${productId}`);
      await button.waitFor();
    });
    await step(page, 'whatsapp-admin', async () => {
      const admin = await shop.newPage({ viewport: MOBILE, as: { id: (await createStaff(shop.server.ctx.db)).id } });
      await admin.page.goto('/admin/arrepentimientos');
      await admin.page.getByRole('heading', { name: 'Arrepentimientos' }).waitFor();
      await admin.page.getByText('Lucía Gómez').waitFor();
      expect(await admin.page.getByRole('link', { name: /Escríbenos por WhatsApp/ }).count()).toBe(0);
      await screenshot(admin.page, 'legal-admin-arrepentimientos-390');
      await admin.page.setViewportSize(DESKTOP);
      await admin.page.goto('/admin/configuracion');
      const contact = admin.page.getByRole('form', { name: 'Contacto y datos fiscales' });
      await contact.waitFor();
      expect(await contact.getByLabel('WhatsApp de la tienda').inputValue()).toBe('+54 9 11 2345-6789');
      const editor = admin.page.getByRole('form', { name: 'Editar Términos y condiciones' });
      await editor.getByLabel('Texto').fill('## Vista previa\n\n- **uno**\n- <b>dos</b>');
      await editor.getByRole('heading', { name: 'Vista previa' }).waitFor();
      await editor.getByText('<b>dos</b>').waitFor();
      await editor.scrollIntoViewIfNeeded();
      await screenshot(admin.page, 'legal-admin-settings-1280');
    });
  });

  it('shows the legal pages, the owner text as text, at both widths', async () => {
    const { page } = await shop.newPage({ viewport: DESKTOP });
    await step(page, 'default-terms', async () => {
      await page.goto('/terminos');
      await page.getByRole('heading', { name: 'Términos y condiciones', level: 1 }).waitFor();
      await page.getByRole('heading', { name: '6. Derecho de arrepentimiento' }).waitFor();
      await expectNoOverflow(page, '/terminos');
      await screenshot(page, 'legal-terminos-1280');
      await page.goto('/contacto');
      await screenshot(page, 'legal-contacto-1280');
      await page.goto('/arrepentimiento');
      await screenshot(page, 'legal-arrepentimiento-1280');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await screenshot(page, 'legal-footer-1280');
      await page.goto('/cambios-y-devoluciones');
      await page
        .getByText(/10 días corridos/)
        .first()
        .waitFor();
    });
    const edited = await api(shop.server, 'PUT', '/api/pages/privacidad/', {
      token: staffToken,
      body: { title: 'Privacidad', body: '## Datos\n\nHola <script>window.hacked = true</script> **fin** [x](javascript:alert(1))' },
    });
    expect(edited.status).toBe(200);
    await step(page, 'edited-privacy', async () => {
      const html = await pageHtml(shop.server.url, '/privacidad', 'age_verified=true');
      expect(rootOf(html).replaceAll('&gt;', '>')).toContain('&lt;script>window.hacked = true&lt;/script>');
      expect(rootOf(html)).not.toContain('<script>window.hacked');
      await page.goto('/privacidad');
      await page.getByRole('heading', { name: 'Privacidad', level: 1 }).waitFor();
      await page.getByText('<script>window.hacked = true</script>', { exact: false }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
      expect(await page.locator('main a[href^="javascript:"]').count()).toBe(0);
      await page.setViewportSize(MOBILE);
      await page.goto('/terminos');
      await expectNoOverflow(page, '/terminos 390');
      await screenshot(page, 'legal-terminos-390');
    });
  });

  it('fills the form for a signed-in customer and tells them when the number is not one of their orders', async () => {
    const customer = await createUser(shop.server.ctx.db, { first_name: 'Sofía', last_name: 'Paz', email: 'sofia.paz@correo.test' });
    const { order: older } = await simpleOrder(shop.server, { customer });
    const { order: latest } = await simpleOrder(shop.server, { customer });
    const { order: someoneElses } = await simpleOrder(shop.server);
    const { page } = await shop.newPage({ viewport: MOBILE, as: customer });
    const number = page.getByLabel('Número de pedido');
    await step(page, 'revocation-prefilled', async () => {
      await page.goto('/arrepentimiento');
      await expect.poll(() => number.inputValue()).toBe(String(latest.order_number));
      expect(await page.getByLabel('Nombre y apellido').inputValue()).toBe('Sofía Paz');
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('sofia.paz@correo.test');
      await expectNoOverflow(page, '/arrepentimiento signed in');
      await screenshot(page, 'legal-arrepentimiento-prefilled-390');
    });
    await step(page, 'revocation-not-theirs', async () => {
      await number.fill(String(someoneElses.order_number));
      await page.getByRole('button', { name: 'Enviar solicitud de arrepentimiento' }).click();
      const message = `El pedido ${someoneElses.order_number} no es uno de tus pedidos. Revisa el número en Mis Pedidos.`;
      await page.getByText(message).first().waitFor();
      expect(await page.getByTestId('revocation-code').count()).toBe(0);
      await screenshot(page, 'legal-arrepentimiento-not-theirs-390');
    });
    await step(page, 'revocation-linked-order', async () => {
      await page.goto(`/arrepentimiento?pedido=${older.order_number}`);
      await expect.poll(() => number.inputValue()).toBe(String(older.order_number));
      await page.getByRole('button', { name: 'Enviar solicitud de arrepentimiento' }).click();
      await page.getByTestId('revocation-code').waitFor();
    });
  });

  it("shows in the footer the social networks set in 'Configuración', and none left empty", async () => {
    const footerInstagram = (html: string) =>
      /<footer[\s\S]*?href="https:\/\/www\.instagram\.com\/([^"]+)"[\s\S]*?<\/footer>/.exec(html)?.[1];
    const save = (instagram: string) => api(shop.server, 'PUT', '/api/core/contact-settings/', { token: staffToken, body: { instagram } });
    expect((await save('@semillas.patagonia')).status).toBe(200);
    const { page } = await shop.newPage({ viewport: DESKTOP });
    const social = page.locator('footer').getByRole('link', { name: 'Instagram (se abre en una pestaña nueva)' });
    await step(page, 'footer-social-set', async () => {
      // In the server's first view too: the page cache was cleared by the change.
      const html = await pageHtml(shop.server.url, '/', 'age_verified=true');
      expect(footerInstagram(html)).toBe('semillas.patagonia');
      expect(html).not.toContain('facebook.com');
      await page.goto('/');
      expect(await social.getAttribute('href')).toBe('https://www.instagram.com/semillas.patagonia');
      expect(await page.locator('footer a[href*="facebook.com"]').count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await screenshot(page, 'legal-footer-social-1280');
    });
    expect((await save('')).status).toBe(200);
    await step(page, 'footer-social-empty', async () => {
      const html = await pageHtml(shop.server.url, '/', 'age_verified=true');
      expect(html).not.toContain('instagram.com');
      await page.goto('/productos');
      await page.locator('footer').getByRole('link', { name: 'Botón de arrepentimiento' }).waitFor();
      expect(await page.locator('footer a[href*="instagram.com"], footer a[href*="facebook.com"]').count()).toBe(0);
    });
  });

  it("keeps the empty 'Data fiscal' drop zone a small square at both widths", async () => {
    expect((await api(shop.server, 'PUT', '/api/core/contact-settings/', { token: staffToken, body: { fiscal_image: '' } })).status).toBe(
      200,
    );
    const admin = await shop.newPage({ viewport: DESKTOP, as: { id: (await createStaff(shop.server.ctx.db)).id } });
    for (const [name, viewport] of [
      ['1280', DESKTOP],
      ['390', MOBILE],
    ] as const) {
      await step(admin.page, `fiscal-drop-zone-${name}`, async () => {
        await admin.page.setViewportSize(viewport);
        await admin.page.goto('/admin/configuracion#contacto');
        const zone = admin.page.getByRole('group', { name: 'Data fiscal (AFIP)' });
        await zone.waitFor();
        await zone.scrollIntoViewIfNeeded();
        const box = (await zone.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(200);
        expect(box.width).toBeGreaterThanOrEqual(150);
        expect(Math.abs(box.height - box.width)).toBeLessThanOrEqual(1);
        await admin.page.getByRole('button', { name: 'Subir imagen' }).last().waitFor();
        await expectNoOverflow(admin.page, `/admin/configuracion ${name}`);
        await screenshot(admin.page, `legal-admin-data-fiscal-${name}`);
      });
    }
  });
});

async function uploadFiscalImage(): Promise<string> {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 300, height: 410, channels: 3, background: '#f5f5f4' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', 'settings');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'data-fiscal.png');
  const res = await fetch(`${shop.server.url}/api/uploads/`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${staffToken}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { secure_url: string }).secure_url;
}
