// @vitest-environment happy-dom
// The settings forms as the owner uses them: filled with what the shop has, saved with what was
// typed, filled again with what the server kept, and the server's refusal shown on its field.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderPage, type RecordedRequest } from '../../../test/render';
import { ContactSettings } from './ContactSettings';
import { CouponCombinationSettings } from './CouponCombinationSettings';
import { LegalPagesEditor } from './LegalPagesEditor';

const contact = {
  whatsapp_number: '5491122334455',
  email: 'hola@semillas.test',
  instagram: 'semillasdelsur',
  business_name: '',
  cuit: '',
  fiscal_image: '',
};

const sentBody = (request: RecordedRequest): Record<string, unknown> => JSON.parse(request.body ?? 'null') as Record<string, unknown>;

describe('Contacto y datos fiscales', () => {
  it('saves what was typed and shows what the server kept', async () => {
    const requests = fakeApi((request) =>
      request.method === 'PUT' ? { json: { ...contact, ...sentBody(request), business_name: 'Semillas del Sur SRL' } } : { json: contact },
    );
    renderPage(<ContactSettings />);
    const name = await screen.findByLabelText<HTMLInputElement>('Razón social');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Instagram').value).toBe('@semillasdelsur'));
    const save = screen.getByRole('button', { name: 'Guardar datos de contacto' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.input(name, { target: { value: '  Semillas del Sur  ' } });
    fireEvent.click(save);
    await screen.findByText('Datos de contacto guardados');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/core/contact-settings/');
    expect(sentBody(put)).toMatchObject({ business_name: 'Semillas del Sur', email: 'hola@semillas.test' });
    // The form now holds what the server kept, and has nothing left to save.
    await waitFor(() => expect(name.value).toBe('Semillas del Sur SRL'));
    expect(save).toHaveProperty('disabled', true);
  });

  it("sends the WhatsApp it shares with 'Datos de pago' only when it was changed here", async () => {
    const requests = fakeApi((request) => (request.method === 'PUT' ? { json: { ...contact, ...sentBody(request) } } : { json: contact }));
    renderPage(<ContactSettings />);
    const instagram = await screen.findByLabelText<HTMLInputElement>('Instagram');
    await waitFor(() => expect(instagram.value).toBe('@semillasdelsur'));
    const save = screen.getByRole('button', { name: 'Guardar datos de contacto' });

    fireEvent.input(instagram, { target: { value: '@otracuenta' } });
    fireEvent.click(save);
    await screen.findByText('Datos de contacto guardados');
    const first = sentBody(requests.filter((r) => r.method === 'PUT')[0]);
    expect(first).toMatchObject({ instagram: 'otracuenta' });
    expect(first).not.toHaveProperty('whatsapp_number');

    fireEvent.input(screen.getByLabelText('WhatsApp de la tienda'), { target: { value: '351 555-1234' } });
    fireEvent.click(save);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(sentBody(requests.filter((r) => r.method === 'PUT')[1])).toMatchObject({ whatsapp_number: '3515551234' });
  });

  it("puts the server's refusal on its field and keeps what was typed", async () => {
    fakeApi((request) =>
      request.method === 'PUT'
        ? { status: 400, json: { error: 'El CUIT no es válido', errors: { cuit: ['El CUIT no es válido'] } } }
        : { json: contact },
    );
    renderPage(<ContactSettings />);
    const cuit = await screen.findByLabelText<HTMLInputElement>('CUIT');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Instagram').value).toBe('@semillasdelsur'));
    fireEvent.input(cuit, { target: { value: '20-12345678-6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos de contacto' }));
    await waitFor(() => expect(cuit.getAttribute('aria-invalid')).toBe('true'));
    const described = (cuit.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('El CUIT no es válido');
    expect(cuit.value).toBe('20-12345678-6');
  });
});

describe('Páginas legales', () => {
  it('loads the chosen page and saves its text', async () => {
    const requests = fakeApi((request) =>
      request.method === 'PUT'
        ? { json: { slug: 'terminos', ...sentBody(request), updated_at: '2026-11-28T12:00:00.000Z' } }
        : { json: { slug: 'terminos', title: 'Términos y condiciones', body: 'Texto base', updated_at: null } },
    );
    renderPage(<LegalPagesEditor />);
    const body = await screen.findByLabelText<HTMLTextAreaElement>(/Texto/);
    await waitFor(() => expect(body.value).toBe('Texto base'));
    fireEvent.input(body, { target: { value: '## Envíos\n\nA todo el país.' } });
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await screen.findByText('Página guardada');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/pages/terminos/');
    expect(sentBody(put)).toEqual({ title: 'Términos y condiciones', body: '## Envíos\n\nA todo el país.' });
  });
});

describe('Cupones y descuentos de bancos', () => {
  it('saves the chosen combination with the cap it does not touch', async () => {
    const requests = fakeApi((request) =>
      request.method === 'PUT'
        ? { json: { ...sentBody(request), is_default: false, message: 'Guardado' } }
        : { json: { max_pending_orders: 5, is_default: false, coupon_combination: 'best' } },
    );
    renderPage(<CouponCombinationSettings />);
    const both = await screen.findByLabelText(/Los dos: el cupón se aplica/);
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(both);
    fireEvent.click(save);
    await screen.findByText('Configuración de cupones guardada');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(sentBody(put)).toEqual({ max_pending_orders: 5, coupon_combination: 'both' });
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
  });
});
