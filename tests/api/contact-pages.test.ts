// The shop's contact channels and fiscal data (GET public, PUT staff /api/core/contact-settings/)
// and its legal pages (GET public, PUT staff /api/pages/{slug}/), issue 24.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { LEGAL_BODY_MAX } from '../../src/domain/legal-schemas';
import { activityLogs } from '../../src/server/db/schema';
import { api, useTestServer } from '../helpers/app';
import { createStaff, createUser } from '../helpers/factories';

// No WHATSAPP_NUMBER nor SHOP_EMAIL: what the answer holds is only what staff set.
const server = useTestServer({ whatsappNumber: undefined, contactEmail: undefined });
const CONTACT = '/api/core/contact-settings/';
let staff: Awaited<ReturnType<typeof createStaff>>;
let customer: Awaited<ReturnType<typeof createUser>>;

const put = (path: string, body: unknown, token = staff.token) => api(server, 'PUT', path, { token, body });

async function uploadFiscalImage(): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', 'settings');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'data-fiscal.png');
  const res = await fetch(`${server.url}/api/uploads/`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { secure_url: string }).secure_url;
}

beforeAll(async () => {
  staff = await createStaff(server.ctx.db, { username: 'duena' });
  customer = await createUser(server.ctx.db);
});

describe('contact settings', () => {
  it('answers only what is set, to anyone', async () => {
    const empty = await api(server, 'GET', CONTACT);
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({});

    expect((await put(CONTACT, { instagram: '@semillasdelsur', business_name: 'Semillas del Sur SRL' })).status).toBe(200);
    const some = await api(server, 'GET', CONTACT);
    expect(some.json).toEqual({ instagram: 'semillasdelsur', business_name: 'Semillas del Sur SRL' });
  });

  it('lets only staff change them', async () => {
    expect((await api(server, 'PUT', CONTACT, { body: { instagram: 'x' } })).status).toBe(401);
    const res = await api(server, 'PUT', CONTACT, { token: customer.token, body: { instagram: 'x' } });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('No tienes permisos para realizar esta acción');
  });

  it('stores every field normalized, formats the CUIT and logs the change', async () => {
    const image = await uploadFiscalImage();
    const res = await put(CONTACT, {
      whatsapp_number: '+54 9 11 2345-6789',
      email: 'Hola@SemillasDelSur.test',
      instagram: 'https://www.instagram.com/semillas.delsur/',
      business_name: 'Semillas del Sur SRL',
      cuit: '30712345671',
      fiscal_image: `http://localhost:3000${image}`,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      whatsapp_number: '1123456789',
      email: 'hola@semillasdelsur.test',
      instagram: 'semillas.delsur',
      business_name: 'Semillas del Sur SRL',
      cuit: '30-71234567-1',
      fiscal_image: image,
    });
    expect((await api(server, 'GET', CONTACT)).json).toEqual(res.json);
    const [log] = await server.ctx.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entity_type, 'site_settings'))
      .orderBy(desc(activityLogs.id))
      .limit(1);
    expect(log.description).toBe('Datos de contacto y fiscales actualizados');

    // A field left out keeps its value; '' clears it.
    expect((await put(CONTACT, { instagram: '' })).json).toEqual({ ...res.json, instagram: undefined });
  });

  it('shares one WhatsApp with the payment settings', async () => {
    await put(CONTACT, { whatsapp_number: '351 555-1234' });
    const payment = await api(server, 'GET', '/api/core/payment-settings/', { token: staff.token });
    expect(payment.json.whatsapp_number).toBe('3515551234');
    await put('/api/core/payment-settings/', { ...payment.json, whatsapp_number: '11 4444-5555' });
    expect((await api(server, 'GET', CONTACT)).json.whatsapp_number).toBe('1144445555');
  });

  it('refuses bad values with Spanish messages', async () => {
    const res = await put(CONTACT, {
      whatsapp_number: '123',
      email: 'no-es-email',
      instagram: 'con espacios!',
      cuit: '30-71234567-2',
      business_name: 'x'.repeat(121),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      whatsapp_number: ['Ingresa un WhatsApp válido: código de área y número, 10 dígitos'],
      email: ['Ingrese un email válido'],
      instagram: ['Ingresa un usuario de Instagram válido (por ejemplo @semillasdelsur)'],
      cuit: ['El CUIT no es válido: revisa los dígitos'],
      business_name: ['La razón social no puede superar 120 caracteres'],
    });
    expect((await put(CONTACT, { cuit: '1234' })).json.errors.cuit).toEqual(['El CUIT debe tener 11 dígitos']);
  });

  it('takes as Data fiscal image only a picture this shop stored', async () => {
    for (const fiscal_image of [
      'https://evil.example/afip.png',
      '/uploads/brand/no-existe-800.webp',
      '/uploads/../package.json',
      'javascript:alert(1)',
    ]) {
      const res = await put(CONTACT, { fiscal_image });
      expect(res.status, fiscal_image).toBe(400);
      expect(res.json.errors.fiscal_image).toEqual(['La imagen de Data fiscal debe ser una imagen subida a la tienda']);
    }
    expect((await put(CONTACT, { fiscal_image: '' })).json.fiscal_image).toBeUndefined();
  });
});

describe('legal pages', () => {
  it('serves a default text for each page until the owner edits it', async () => {
    const expectations = {
      terminos: ['Términos y condiciones', 'mayores de 18 años'],
      privacidad: ['Política de privacidad', 'Ley 25.326'],
      'cambios-y-devoluciones': ['Cambios y devoluciones', '10 días corridos'],
    };
    for (const [slug, [title, phrase]] of Object.entries(expectations)) {
      const res = await api(server, 'GET', `/api/pages/${slug}/`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ slug, title, updated_at: null });
      expect(res.json.body).toContain(phrase);
    }
    const returns = await api(server, 'GET', '/api/pages/cambios-y-devoluciones/');
    expect(returns.json.body).toContain('art. 34');
    expect(returns.json.body).toContain('Ley 24.240');
  });

  it('refuses any other slug', async () => {
    const res = await api(server, 'GET', '/api/pages/otra/');
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('Página no encontrada');
  });

  it('lets only staff edit a page, and then serves the edited text', async () => {
    const body = { title: 'Términos de venta', body: '## Nuevo\n\nTexto con <script>alert(1)</script>' };
    expect((await api(server, 'PUT', '/api/pages/terminos/', { body })).status).toBe(401);
    expect((await api(server, 'PUT', '/api/pages/terminos/', { token: customer.token, body })).status).toBe(403);
    const res = await put('/api/pages/terminos/', body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ slug: 'terminos', ...body });
    expect(new Date(res.json.updated_at).getTime()).toBeGreaterThan(0);
    expect((await api(server, 'GET', '/api/pages/terminos/')).json).toEqual(res.json);
    // The others keep their defaults.
    expect((await api(server, 'GET', '/api/pages/privacidad/')).json.updated_at).toBeNull();
  });

  it('refuses an empty title or body with Spanish messages', async () => {
    const res = await put('/api/pages/privacidad/', { title: ' ', body: '' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ title: ['El título es requerido'], body: ['El texto es requerido'] });
  });

  it('takes a body of up to 50,000 characters and refuses a longer one with a Spanish message', async () => {
    const longest = await put('/api/pages/cambios-y-devoluciones/', { title: 'Cambios', body: '['.repeat(LEGAL_BODY_MAX) });
    expect(longest.status).toBe(200);
    const res = await put('/api/pages/cambios-y-devoluciones/', { title: 'Cambios', body: '['.repeat(LEGAL_BODY_MAX + 1) });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ body: ['El texto no puede superar 50.000 caracteres'] });
  });
});
