// @vitest-environment happy-dom
// 'Mi Cuenta' as a customer uses it: the delivery data filled from the profile, the rules' Spanish
// messages once a field is left, the server's refusal on the field it names, and a save.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProfileDto } from '../../../domain/auth';
import { Toasts } from '../../lib/toast';
import { fakeApi, renderPage, type RecordedRequest } from '../../test/render';
import { AsCustomer, CUSTOMER } from '../../test/staff';
import { SettingsSection } from './SettingsSection';

const PROFILE: ProfileDto = {
  ...CUSTOMER,
  instagram: null,
  email_verified: true,
  date_joined: '2026-01-10T12:00:00Z',
  last_login: null,
  phone: '3515551234',
  last_address: { street: 'Av. Colón', number: '1234', zip_code: 'X5000', city: 'Córdoba', province: 'AR-X', details: '' },
};

const body = (request: RecordedRequest) => JSON.parse(request.body ?? 'null') as Record<string, unknown>;

function renderAccount() {
  renderPage(
    <AsCustomer>
      <SettingsSection />
      <Toasts />
    </AsCustomer>,
  );
}

const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.input(input, { target: { value } });
  fireEvent.blur(input);
};

/** The messages tied to a control through aria-describedby. */
const messageOf = (label: string | RegExp) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('Mi Cuenta', () => {
  it("checks the delivery data as it is typed, shows the server's refusal on its field, and saves", async () => {
    let puts = 0;
    const requests = fakeApi((request) => {
      if (request.url.pathname !== '/api/auth/profile/') return undefined;
      if (request.method === 'GET') return { json: PROFILE };
      if (++puts === 1)
        return {
          status: 400,
          json: { error: 'Datos inválidos', code: 'VALIDATION_ERROR', errors: { 'last_address.city': ['La ciudad es demasiado larga'] } },
        };
      const sent = body(request) as Pick<ProfileDto, 'phone' | 'last_address'>;
      return { json: { message: 'Perfil actualizado', user: { ...PROFILE, ...sent } } };
    });
    renderAccount();
    const phone = await screen.findByLabelText<HTMLInputElement>('Teléfono');
    await waitFor(() => expect(phone.value).toBe('3515551234'));
    expect(screen.getByLabelText<HTMLSelectElement>('Provincia').value).toBe('AR-X');
    expect(screen.getByLabelText<HTMLInputElement>('Calle').value).toBe('Av. Colón');
    const save = screen.getByRole('button', { name: 'Guardar datos de entrega' });
    expect(save).toHaveProperty('disabled', true);

    type('Teléfono', '12345');
    await waitFor(() => expect(messageOf('Teléfono')).toContain('Ingresa un teléfono válido'));
    type('Teléfono', '351 555-4321');
    await waitFor(() => expect(messageOf('Teléfono')).not.toContain('válido'));
    // An address begun must be complete.
    type('Calle', '');
    await waitFor(() => expect(messageOf('Calle')).toMatch(/calle/i));
    type('Calle', 'Bv. San Juan');
    await waitFor(() => expect(messageOf('Calle')).toBe(''));

    fireEvent.click(save);
    await waitFor(() => expect(messageOf('Ciudad')).toContain('La ciudad es demasiado larga'));
    // A refusal on a field needs no toast.
    expect(screen.queryByText('Datos inválidos')).toBeNull();

    type('Ciudad', 'Córdoba Capital');
    fireEvent.click(save);
    await screen.findByText('Datos de entrega guardados');
    const sent = requests.filter((r) => r.method === 'PUT').map(body);
    expect(sent[1]).toEqual({
      phone: '3515554321',
      last_address: { street: 'Bv. San Juan', number: '1234', zip_code: 'X5000', city: 'Córdoba Capital', province: 'AR-X', details: '' },
    });
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
  });

  it('changes the password, with the rules in Spanish and the wrong current password on its field', async () => {
    let posts = 0;
    const requests = fakeApi((request) => {
      if (request.url.pathname === '/api/auth/profile/') return { json: PROFILE };
      if (request.url.pathname !== '/api/auth/change-password/') return undefined;
      if (++posts === 1)
        return {
          status: 400,
          json: {
            error: 'La contraseña actual es incorrecta',
            code: 'VALIDATION_ERROR',
            errors: { old_password: ['La contraseña actual es incorrecta'] },
          },
        };
      return { json: { message: 'Contraseña actualizada correctamente' } };
    });
    renderAccount();
    fireEvent.click(await screen.findByRole('tab', { name: 'Cambiar contraseña' }));
    type('Contraseña actual', 'vieja123');
    type('Nueva contraseña', 'nueva456');
    type('Confirmar nueva contraseña', 'nueva789');
    await waitFor(() => expect(messageOf('Confirmar nueva contraseña')).toContain('Las contraseñas no coinciden'));

    type('Confirmar nueva contraseña', 'nueva456');
    const submit = screen.getByRole('button', { name: 'Cambiar contraseña' });
    fireEvent.click(submit);
    await waitFor(() => expect(messageOf('Contraseña actual')).toContain('La contraseña actual es incorrecta'));

    type('Contraseña actual', 'vieja1234');
    fireEvent.click(submit);
    await screen.findByText('Contraseña actualizada correctamente');
    const sent = requests.filter((r) => r.method === 'POST').map(body);
    expect(sent[1]).toEqual({ old_password: 'vieja1234', new_password: 'nueva456', new_password2: 'nueva456' });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Contraseña actual').value).toBe(''));
  });
});
