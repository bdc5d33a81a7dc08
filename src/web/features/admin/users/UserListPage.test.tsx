// @vitest-environment happy-dom
// The user list's actions follow the server's rule (accountChangeForbidden): nobody changes their
// own account, role included, and only the owner switches staff accounts on or off or deletes them.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NamedRole } from '../../../../domain/staff-roles';
import type { AdminUserDto } from '../../../../domain/users';
import { fakeApi, renderPage } from '../../../test/render';
import { AsStaff } from '../../../test/staff';
import UserListPage from './UserListPage';

const account = (id: number, username: string, role: AdminUserDto['role']) =>
  ({
    id,
    username,
    email: `${username}@tienda.test`,
    first_name: username,
    last_name: 'Prueba',
    is_staff: role !== null,
    is_superuser: role === 'owner',
    role,
    instagram: null,
    email_verified: true,
    date_joined: '2026-01-10T12:00:00.000Z',
    last_login: null,
    phone: null,
    last_address: null,
    is_active: true,
    orders_count: 0,
    staff_permissions: null,
  }) as AdminUserDto;

/** The list as `role` sees it; AsStaff signs in as user 1, 'yo'. */
async function renderList(role: NamedRole) {
  const users = [account(1, 'yo', role), account(2, 'deposito', 'warehouse'), account(3, 'clienta', null)];
  if (role !== 'owner') users.push(account(4, 'duena', 'owner'));
  fakeApi(({ method, url }) =>
    method === 'GET' && url.pathname === '/api/auth/users/'
      ? { json: { count: users.length, next: null, previous: null, results: users } }
      : undefined,
  );
  renderPage(
    <AsStaff role={role}>
      <UserListPage />
    </AsStaff>,
    '/admin/usuarios',
  );
  await screen.findByRole('heading', { name: 'clienta Prueba' });
}

const card = (username: string) => screen.getByRole('article', { name: `${username} Prueba` });
const button = (username: string, name: RegExp) => within(card(username)).getByRole<HTMLButtonElement>('button', { name });

describe('UserListPage', () => {
  it("disables every change to the owner's own account, 'Cambiar rol' included, with the reason", async () => {
    await renderList('owner');
    for (const name of [/Cambiar rol/, /Desactivar/, /Eliminar/]) {
      const own = button('yo', name);
      expect(own.disabled, String(name)).toBe(true);
      expect(document.getElementById(own.getAttribute('aria-describedby') ?? '')?.textContent).toBe('No puedes modificar tu propia cuenta');
    }
    for (const username of ['deposito', 'clienta']) {
      for (const name of [/Cambiar rol/, /Desactivar/, /Eliminar/])
        expect(button(username, name).disabled, `${username} ${name}`).toBe(false);
    }
    // The owner opens the role of someone else.
    fireEvent.click(button('deposito', /Cambiar rol/));
    expect(await screen.findByRole('dialog', { name: 'Rol de deposito' })).toBeTruthy();
  });

  it('lets Administración switch customers on or off but not staff accounts, and change no role', async () => {
    await renderList('admin');
    expect(screen.queryByRole('button', { name: /Cambiar rol/ })).toBeNull();
    expect(button('yo', /Desactivar/).disabled).toBe(true);
    for (const username of ['deposito', 'duena']) {
      const off = button(username, /Desactivar/);
      expect(off.disabled, username).toBe(true);
      expect(button(username, /Eliminar/).disabled, username).toBe(true);
      expect(document.getElementById(off.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Solo un dueño puede activar, desactivar o eliminar cuentas del equipo',
      );
    }
    expect(button('clienta', /Desactivar/).disabled).toBe(false);
    expect(button('clienta', /Eliminar/).disabled).toBe(false);
  });
});
