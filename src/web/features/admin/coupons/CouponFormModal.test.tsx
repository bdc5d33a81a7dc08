// @vitest-environment happy-dom
// The coupon form warns, before saving, when a fixed amount could bring an order to $ 0: a cart of
// that amount or less meeting the minimum could not use the coupon (the checkout refuses it).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatArs } from '../../../../domain/money';
import { fakeApi, renderPage } from '../../../test/render';
import { CouponFormModal } from './CouponFormModal';

const WARNING = /quedaría en \$\s0 con este cupón/;

describe('Nuevo cupón', () => {
  it('warns when a fixed amount is not below the minimum purchase, and still saves', async () => {
    const requests = fakeApi((request) => {
      if (request.url.pathname === '/api/brands/') return { json: { count: 0, next: null, previous: null, results: [] } };
      if (request.method === 'POST') return { status: 201, json: { ...JSON.parse(request.body ?? '{}'), id: 1 } };
      return undefined;
    });
    renderPage(<CouponFormModal coupon={null} onClose={() => {}} />);
    fireEvent.input(await screen.findByLabelText('Código'), { target: { value: 'REGALO' } });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'fixed' } });
    const amount = await screen.findByLabelText('Monto a descontar ($)');
    fireEvent.input(amount, { target: { value: '50.000' } });
    const warning = await screen.findByText(WARNING);
    expect(warning.textContent).toContain(`Un carrito de ${formatArs(50000)} o menos quedaría en ${formatArs(0)}`);
    expect(warning.getAttribute('role')).toBe('status');

    const minimum = screen.getByLabelText(/Compra mínima/);
    fireEvent.input(minimum, { target: { value: '50.000' } });
    expect(screen.getByText(WARNING)).toBeTruthy();
    fireEvent.input(minimum, { target: { value: '60.000' } });
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());
    // The warning is about fixed amounts.
    fireEvent.input(minimum, { target: { value: '' } });
    expect(screen.getByText(WARNING)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'percent' } });
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());

    // The warning does not stop the owner from saving.
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'fixed' } });
    fireEvent.input(await screen.findByLabelText('Monto a descontar ($)'), { target: { value: '50.000' } });
    await screen.findByText(WARNING);
    fireEvent.click(screen.getByRole('button', { name: 'Crear cupón' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toMatchObject({ kind: 'fixed', value: 50000, min_subtotal: 0 });
  });
});
