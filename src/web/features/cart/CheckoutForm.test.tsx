// @vitest-environment happy-dom
// The checkout form as a customer fills it: the rules' Spanish messages once a field is left, the
// server's refusal on the field it names, and the order sent with what was typed.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ShippingOption } from '../../../domain/shipping';
import { fakeApi, renderPage, type RecordedRequest } from '../../test/render';
import { LINES } from '../../test/cart';
import { AsCustomer, CUSTOMER } from '../../test/staff';
import { CheckoutForm } from './CheckoutForm';

const HOME: ShippingOption = {
  method_id: 3,
  name: 'Envío a domicilio',
  kind: 'home',
  carrier: 'andreani',
  price: 5000,
  free: false,
  days_min: 2,
  days_max: 5,
  pickup_address: '',
};

const PROFILE = {
  ...CUSTOMER,
  instagram: null,
  email_verified: true,
  date_joined: '2026-01-10T12:00:00Z',
  last_login: null,
  phone: null,
  last_address: null,
};

/** The shop ships home to Córdoba; `order` answers POST /api/orders/. */
function shop(order: (request: RecordedRequest) => { status?: number; json: unknown }) {
  return fakeApi((request) => {
    const { pathname } = request.url;
    if (pathname === '/api/auth/profile/') return { json: PROFILE };
    if (pathname === '/api/shipping/provinces/') return { json: { provinces: ['AR-X'] } };
    if (pathname === '/api/orders/my-orders/') return { json: { count: 0, next: null, previous: null, results: [] } };
    if (pathname === '/api/shipping/options/') return { json: request.url.searchParams.get('province') === 'AR-X' ? [HOME] : [] };
    if (pathname === '/api/orders/' && request.method === 'POST') return order(request);
    return undefined;
  });
}

function renderCheckout() {
  renderPage(
    <AsCustomer>
      <Routes>
        <Route path="/carrito" element={<CheckoutForm lines={LINES} onBack={() => {}} />} />
        <Route path="/mi-cuenta" element={<p>Mis pedidos</p>} />
      </Routes>
    </AsCustomer>,
    '/carrito',
  );
}

const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.input(input, { target: { value } });
  fireEvent.blur(input);
};

/** The message tied to a control through aria-describedby. */
const messageOf = (label: string | RegExp) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
};

async function fillHomeDelivery() {
  fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: 'AR-X' } });
  await screen.findByLabelText(/^Calle/);
  type(/^Calle/, 'Av. Colón');
  type(/^Número/, '1234');
  type(/^Código postal/, 'X5000');
  type(/^Ciudad/, 'Córdoba');
}

describe('Datos del pedido', () => {
  it('shows the rules in Spanish once a field is left, and confirms only when nothing is missing', async () => {
    shop(() => ({ status: 201, json: {} }));
    renderCheckout();
    const name = await screen.findByLabelText<HTMLInputElement>('Nombre de quien recibe');
    expect(name.value).toBe('Lucía Gómez');
    const confirm = screen.getByRole('button', { name: 'Confirmar Pedido' });

    type('Nombre de quien recibe', 'Lu');
    await waitFor(() => expect(messageOf('Nombre de quien recibe')).toContain('El nombre debe tener al menos 3 caracteres'));
    type('Nombre de quien recibe', 'Lucía Gómez');
    await waitFor(() => expect(messageOf('Nombre de quien recibe')).not.toContain('El nombre'));

    type('Teléfono', '12345');
    await waitFor(() => expect(messageOf('Teléfono')).toContain('Ingresa un teléfono válido'));
    // A pasted international number reads as its 10 digits once the field is left.
    type('Teléfono', '+54 9 351 555-1234');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Teléfono').value).toBe('3515551234'));
    expect(messageOf('Teléfono')).not.toContain('teléfono');

    // Home delivery asks for the whole address.
    fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: 'AR-X' } });
    await screen.findByLabelText(/^Calle/);
    type(/^Código postal/, '12');
    await waitFor(() => expect(messageOf(/^Código postal/)).toContain('Código postal inválido'));
    await waitFor(() => expect(screen.getByText(/Para confirmar falta:/).textContent).toContain('la calle'));
    expect(confirm).toHaveProperty('disabled', true);
  });

  it("puts the server's refusal on the field it names, then sends the order", async () => {
    let attempts = 0;
    const requests = shop(() =>
      ++attempts === 1
        ? {
            status: 400,
            json: {
              error: 'Datos inválidos',
              code: 'VALIDATION_ERROR',
              errors: { 'address.zip_code': ['El código postal no corresponde a la provincia'] },
            },
          }
        : { status: 201, json: { id: 90, order_number: 1090 } },
    );
    renderCheckout();
    await screen.findByLabelText('Nombre de quien recibe');
    type('Teléfono', '3515551234');
    await fillHomeDelivery();
    const confirm = screen.getByRole('button', { name: 'Confirmar Pedido' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));

    fireEvent.click(confirm);
    await waitFor(() => expect(messageOf(/^Código postal/)).toContain('El código postal no corresponde a la provincia'));
    expect(screen.getByRole('alert').textContent).toContain('Datos inválidos');

    type(/^Código postal/, 'X5001');
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    await screen.findByText('Mis pedidos');
    const sent = requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body ?? 'null') as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      recipient_name: 'Lucía Gómez',
      customer_phone: '3515551234',
      delivery_type: 'address',
      shipping_method_id: 3,
      address: { street: 'Av. Colón', number: '1234', zip_code: 'X5001', city: 'Córdoba', province: 'AR-X', details: '' },
      products: [{ product_id: 11, blister_id: 21, quantity: 2 }],
      expected_total: 25000,
    });
  });
});
