// @vitest-environment happy-dom
// The bar over the selected orders: what it offers for the selection and the staff member's role,
// and an action sent to the bulk endpoint with the selected ids, its result shown per order.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BULK_MAX_ORDERS } from '../../../../domain/fulfilment';
import type { OrderDto } from '../../../../domain/orders';
import type { NamedRole } from '../../../../domain/staff-roles';
import { fakeApi, renderPage } from '../../../test/render';
import { AsStaff } from '../../../test/staff';
import type { BulkOutcome } from './bulk';
import { BulkBar, BulkResults } from './BulkBar';

/** An order as the list holds it; the bar reads its id, number and customer. */
const order = (id: number, order_number: number) =>
  ({
    id,
    order_number,
    customer: { id: 50 + id, username: `cliente${id}`, first_name: 'Cliente', last_name: `${id}`, email: `c${id}@correo.test` },
    recipient_name: `Cliente ${id}`,
  }) as unknown as OrderDto;

/** The bar as the list page uses it: the last outcome shown above it. */
function Bar({ selected }: { selected: OrderDto[] }) {
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  return (
    <>
      {outcome && <BulkResults outcome={outcome} onDismiss={() => setOutcome(null)} />}
      <BulkBar selected={selected} onClear={() => {}} onDone={setOutcome} />
    </>
  );
}

function renderBar(selected: OrderDto[], role: NamedRole = 'owner') {
  renderPage(
    <AsStaff role={role}>
      <Bar selected={selected} />
    </AsStaff>,
    '/admin/pedidos',
  );
  return screen.findByRole('region', { name: 'Acciones para los pedidos seleccionados' });
}

const buttonNames = (bar: HTMLElement) =>
  within(bar)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent);

describe('BulkBar', () => {
  it('offers the owner every action for the selection', async () => {
    fakeApi(() => undefined);
    const bar = await renderBar([order(1, 101), order(2, 102)]);
    expect(within(bar).getByText('2 pedidos seleccionados')).toBeTruthy();
    expect(buttonNames(bar)).toEqual([
      'Quitar la selección',
      'Marcar pagados',
      'Marcar enviados',
      'Completar',
      'Cancelar',
      'Imprimir',
      'Exportar',
    ]);
  });

  it('offers a warehouse role only shipping, print and export', async () => {
    fakeApi(() => undefined);
    const bar = await renderBar([order(1, 101)], 'warehouse');
    expect(within(bar).getByText('1 pedido seleccionado')).toBeTruthy();
    expect(buttonNames(bar)).toEqual(['Quitar la selección', 'Marcar enviados', 'Imprimir', 'Exportar']);
  });

  it('refuses to act on more orders than the limit', async () => {
    fakeApi(() => undefined);
    const many = Array.from({ length: BULK_MAX_ORDERS + 1 }, (_, i) => order(i + 1, 100 + i));
    const bar = await renderBar(many);
    expect(within(bar).getByRole('alert').textContent).toBe(`Puedes cambiar hasta ${BULK_MAX_ORDERS} pedidos a la vez.`);
    for (const name of ['Marcar pagados', 'Marcar enviados', 'Completar', 'Cancelar', 'Imprimir']) {
      expect(within(bar).getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(true);
    }
  });

  it('completes the selected orders through the bulk endpoint and shows the one that failed and why', async () => {
    const requests = fakeApi(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/orders/bulk/'
        ? {
            json: {
              results: [
                { id: 1, ok: true },
                { id: 2, ok: false, error: 'El pedido está cancelado' },
              ],
            },
          }
        : undefined,
    );
    const bar = await renderBar([order(1, 101), order(2, 102)]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Completar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Completar pedidos' });
    expect(within(dialog).getByText('#101, #102')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Completar' }));

    await screen.findByText('No se pudieron completar 1 pedido; 1 pedido completado');
    expect(screen.getByRole('listitem').textContent).toBe('Pedido #102: El pedido está cancelado');
    const bulk = requests.filter((r) => r.url.pathname === '/api/orders/bulk/');
    expect(bulk).toHaveLength(1);
    expect(JSON.parse(bulk[0].body!)).toEqual({ ids: [1, 2], action: 'complete' });
  });

  it("prefills each order's own carrier and sends only the one changed (issue 34)", async () => {
    const requests = fakeApi(({ url }) =>
      url.pathname === '/api/orders/bulk/'
        ? {
            json: {
              results: [
                { id: 4, ok: true },
                { id: 5, ok: true },
                { id: 6, ok: true },
              ],
            },
          }
        : undefined,
    );
    const shipped = (o: OrderDto, carrier: string | null) =>
      ({ ...o, shipping: carrier ? { method_id: 1, name: `Envío ${carrier}`, kind: 'home', carrier, price: 5000 } : null }) as OrderDto;
    const bar = await renderBar([shipped(order(4, 104), 'andreani'), shipped(order(5, 105), 'moto'), shipped(order(6, 106), null)]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Marcar enviados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar 3 pedidos como enviados' });
    const carrierOf = (n: number) => within(dialog).getByLabelText<HTMLSelectElement>(`Transporte del pedido #${n}`);
    expect([carrierOf(104).value, carrierOf(105).value, carrierOf(106).value]).toEqual(['andreani', 'moto', '']);
    // An order without a carrier of its own asks for one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar enviados' }));
    expect((await within(dialog).findByText('Selecciona un transporte')).id).toBe('carrier-6-error');
    expect(requests.filter((r) => r.url.pathname === '/api/orders/bulk/')).toHaveLength(0);
    fireEvent.change(carrierOf(105), { target: { value: 'oca' } });
    fireEvent.change(carrierOf(106), { target: { value: 'retiro' } });
    fireEvent.input(within(dialog).getByLabelText('Código de seguimiento del pedido #104'), { target: { value: 'AND-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar enviados' }));

    await screen.findByText('3 pedidos marcados como enviados');
    expect(JSON.parse(requests.find((r) => r.url.pathname === '/api/orders/bulk/')!.body!)).toEqual({
      ids: [4, 5, 6],
      action: 'mark_shipped',
      carriers: { 5: 'oca', 6: 'retiro' },
      tracking_codes: { 4: 'AND-1' },
    });
  });

  it('marks the selected orders paid with the chosen date and method', async () => {
    const requests = fakeApi(({ url }) =>
      url.pathname === '/api/orders/bulk/' ? { json: { results: [{ id: 3, ok: true }] } } : undefined,
    );
    const bar = await renderBar([order(3, 103)]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Marcar pagados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar pedidos como pagados' });
    fireEvent.input(within(dialog).getByLabelText(/Fecha de pago/), { target: { value: '2026-03-02' } });
    fireEvent.change(within(dialog).getByLabelText('Medio de pago'), { target: { value: 'efectivo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar pagados' }));

    await screen.findByText('1 pedido marcado como pagado');
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/orders/bulk/')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.url.pathname === '/api/orders/bulk/')!.body!)).toEqual({
      ids: [3],
      action: 'mark_paid',
      paid_at: '2026-03-02',
      method: 'efectivo',
    });
  });
});
