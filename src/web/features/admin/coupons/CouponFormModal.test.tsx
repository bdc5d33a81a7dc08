// @vitest-environment happy-dom
// The coupon form warns, before saving, when a fixed amount could bring an order to $ 0: a cart of
// that amount or less meeting the minimum could not use the coupon (the checkout refuses it). The
// cheapest product the coupon covers says whether such a cart exists.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatArs } from '../../../../domain/money';
import { fakeApi, renderPage } from '../../../test/render';
import { CouponFormModal } from './CouponFormModal';

const WARNING = /quedaría en \$\s0 con este cupón/;

describe('Nuevo cupón', () => {
  it('warns when a fixed amount reaches the cheapest product covered and the minimum, and still saves', async () => {
    const requests = fakeApi((request) => {
      const { pathname, searchParams } = request.url;
      if (pathname === '/api/brands/') return { json: { count: 0, next: null, previous: null, results: [] } };
      // The feminized seeds start at $ 60.000; the whole catalog at $ 7.500.
      if (pathname === '/api/products/')
        return {
          json: { count: 1, next: null, previous: null, results: [{ min_price: searchParams.get('type') === 'fem' ? 60000 : 7500 }] },
        };
      if (request.method === 'POST') return { status: 201, json: { ...JSON.parse(request.body ?? '{}'), id: 1 } };
      return undefined;
    });
    renderPage(<CouponFormModal coupon={null} onClose={() => {}} />);
    fireEvent.input(await screen.findByLabelText('Código'), { target: { value: 'REGALO' } });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'fixed' } });
    const amount = await screen.findByLabelText('Monto a descontar ($)');
    fireEvent.input(amount, { target: { value: '50.000' } });
    const warning = await screen.findByText(WARNING);
    expect(warning.textContent).toContain(
      `Un carrito de ${formatArs(50000)} o menos (el producto más barato al que se aplica cuesta ${formatArs(7500)}) quedaría en ${formatArs(0)}`,
    );
    expect(warning.getAttribute('role')).toBe('status');
    const asked = requests.find((r) => r.url.pathname === '/api/products/')!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ ordering: 'min_price', has_price: 'true', page_size: '1' });

    // A minimum above the amount: no cart that meets it can reach $ 0.
    const minimum = screen.getByLabelText(/Compra mínima/);
    fireEvent.input(minimum, { target: { value: '50.000' } });
    expect(screen.getByText(WARNING)).toBeTruthy();
    fireEvent.input(minimum, { target: { value: '60.000' } });
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());
    fireEvent.input(minimum, { target: { value: '' } });
    expect(screen.getByText(WARNING)).toBeTruthy();

    // Limited to products that all cost more than the amount: no warning.
    fireEvent.click(screen.getByLabelText('Feminizada'));
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());
    expect(requests.some((r) => r.url.pathname === '/api/products/' && r.url.searchParams.get('type') === 'fem')).toBe(true);
    fireEvent.click(screen.getByLabelText('Feminizada'));
    await screen.findByText(WARNING);
    // The warning is about fixed amounts.
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

describe('Nuevo cupón, its refusals', () => {
  it('refuses amounts and limits that do not read, and shows the server refusal on its field', async () => {
    const requests = fakeApi((request) => {
      if (request.url.pathname === '/api/brands/') return { json: { count: 0, next: null, previous: null, results: [] } };
      if (request.method === 'POST')
        return {
          status: 400,
          json: { error: 'Datos inválidos', code: 'VALIDATION_ERROR', errors: { code: ['Ya existe un cupón con ese código'] } },
        };
      return undefined;
    });
    renderPage(<CouponFormModal coupon={null} onClose={() => {}} />);
    const code = await screen.findByLabelText('Código');
    fireEvent.input(code, { target: { value: 'VERANO' } });
    fireEvent.input(screen.getByLabelText('Porcentaje de descuento'), { target: { value: '10.5' } });
    fireEvent.input(screen.getByLabelText(/Usos en total/), { target: { value: '0' } });
    const create = screen.getByRole('button', { name: 'Crear cupón' });
    fireEvent.click(create);
    expect(await screen.findByText('Usa coma para los decimales')).toBeTruthy();
    expect(screen.getByText('Un número entero de 1 en adelante, o vacío para sin límite')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.input(screen.getByLabelText('Porcentaje de descuento'), { target: { value: '10' } });
    fireEvent.input(screen.getByLabelText(/Usos en total/), { target: { value: '' } });
    fireEvent.click(create);
    const refusal = await screen.findByText('Ya existe un cupón con ese código');
    expect(code.getAttribute('aria-describedby')).toContain(refusal.id);
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({
      code: 'VERANO',
      kind: 'percent',
      value: 10,
      min_subtotal: 0,
      starts_at: null,
      ends_at: null,
      max_uses: null,
      max_uses_per_customer: 1,
      first_order_only: false,
      brand_ids: [],
      types: [],
      active: true,
    });
  });
});
