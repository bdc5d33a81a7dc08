// @vitest-environment happy-dom
// "¿Tienes un cupón?" as a customer uses it: a code is sent only once typed, the server's refusal
// shows on the field in its own words, and a coupon that applies replaces the field until removed.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderPage, type RecordedRequest } from '../../test/render';
import { LINES } from '../../test/cart';
import { CouponField, useCoupon } from './CouponField';

function Checkout() {
  const coupon = useCoupon(LINES);
  return <CouponField coupon={coupon} />;
}

const checks = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.pathname === '/api/coupons/check/').map((r) => JSON.parse(r.body ?? 'null') as Record<string, unknown>);

const refusal = (message: string) => ({
  json: { valid: false, discount: 0, message, code: null, kind: null, free_shipping: false, subtotal: 20000 },
});

describe('¿Tienes un cupón?', () => {
  it('sends nothing until a code is typed, and shows a refusal on the field', async () => {
    const requests = fakeApi((request) =>
      request.url.pathname === '/api/coupons/check/' ? refusal('El cupón no existe o ya no está disponible') : undefined,
    );
    renderPage(<Checkout />);
    const input = screen.getByLabelText('Código del cupón');
    const apply = screen.getByRole('button', { name: 'Aplicar' });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.input(input, { target: { value: '   ' } });
    expect(apply).toHaveProperty('disabled', true);

    fireEvent.input(input, { target: { value: ' nocturno ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('El cupón no existe o ya no está disponible');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(checks(requests)).toEqual([{ code: 'nocturno', products: [{ product_id: 11, blister_id: 21, quantity: 2 }] }]);
  });

  it("shows the server's message when the check itself fails", async () => {
    fakeApi((request) =>
      request.url.pathname === '/api/coupons/check/'
        ? {
            status: 400,
            json: { error: 'Ingresa el código del cupón', code: 'VALIDATION_ERROR', errors: { code: ['Ingresa el código del cupón'] } },
          }
        : undefined,
    );
    renderPage(<Checkout />);
    const input = screen.getByLabelText('Código del cupón');
    fireEvent.input(input, { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ingresa el código del cupón');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('applies a coupon, and takes it away with Quitar', async () => {
    fakeApi((request) =>
      request.url.pathname === '/api/coupons/check/'
        ? {
            json: {
              valid: true,
              discount: 2000,
              message: 'Cupón aplicado',
              code: 'VERANO10',
              kind: 'percent',
              free_shipping: false,
              subtotal: 20000,
            },
          }
        : undefined,
    );
    renderPage(<Checkout />);
    fireEvent.input(screen.getByLabelText('Código del cupón'), { target: { value: 'verano10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    const applied = await screen.findByRole('status');
    expect(applied.textContent).toMatch(/^Cupón VERANO10: \$\s2\.000 de descuento/);
    expect(screen.queryByLabelText('Código del cupón')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(screen.getByLabelText('Código del cupón')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
