// @vitest-environment happy-dom
// The order list's toolbar over its URL state: each filter changed is written to the address and
// asked of GET /api/orders/.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderPage, type RecordedRequest } from '../../../test/render';
import { OrderListToolbar } from './OrderListToolbar';
import { useOrderListQuery } from './use-order-list';

const page = {
  count: 0,
  next: null,
  previous: null,
  results: [],
  status_counts: { pending: 5, completed: 7, cancelled: 1, total: 13, stages: { awaiting_payment: 2, paid: 2, shipped: 1 }, needs_shop: 4 },
};

/** The toolbar as the list page wires it, and the address it keeps. */
function Toolbar() {
  const query = useOrderListQuery();
  const { search } = useLocation();
  return (
    <>
      <OrderListToolbar query={query} />
      <output aria-label="Dirección">{search}</output>
    </>
  );
}

function renderToolbar(path = '/admin/pedidos') {
  const requests = fakeApi(({ method, url }) => (method === 'GET' && url.pathname === '/api/orders/' ? { json: page } : undefined));
  renderPage(<Toolbar />, path);
  return requests;
}

const address = () => new URLSearchParams(screen.getByLabelText('Dirección').textContent ?? '');
/** The query of the last list request. */
const lastQuery = (requests: RecordedRequest[]) => Object.fromEntries(requests.at(-1)!.url.searchParams);

describe('OrderFilters', () => {
  it('asks for the pending tab by default and a tab picked moves both the address and the query', async () => {
    const requests = renderToolbar();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(lastQuery(requests)).toMatchObject({ status: 'pending', page: '1' });
    expect(Object.keys(lastQuery(requests)).sort()).toEqual(['page', 'page_size', 'status']);

    fireEvent.click(screen.getByRole('button', { name: /^Cancelados/ }));
    await waitFor(() => expect(address().get('status')).toBe('cancelled'));
    await waitFor(() => expect(lastQuery(requests).status).toBe('cancelled'));
  });

  it('filters by date with a button, shows it as a chip, and the chip takes it off again', async () => {
    const requests = renderToolbar();
    const dates = screen.getByRole('group', { name: 'Filtrar por fecha' });
    fireEvent.click(within(dates).getByRole('button', { name: 'Hoy' }));
    await waitFor(() => expect(address().get('date')).toBe('today'));
    await waitFor(() => expect(lastQuery(requests).date_filter).toBe('today'));

    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtro Fecha: Hoy' }));
    await waitFor(() => expect(address().has('date')).toBe(false));
    await waitFor(() => expect(lastQuery(requests).date_filter).toBeUndefined());
  });

  it('searches what is typed once typing pauses', async () => {
    const requests = renderToolbar();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Buscar pedidos por cliente, email, teléfono, número o producto' }), {
      target: { value: 'martina' },
    });
    expect(address().has('search')).toBe(false);
    await waitFor(() => expect(address().get('search')).toBe('martina'));
    await waitFor(() => expect(lastQuery(requests).search).toBe('martina'));
  });

  it('orders the list as chosen and asks for the oldest pending orders first with one button', async () => {
    const requests = renderToolbar('/admin/pedidos?status=all');
    fireEvent.change(screen.getByLabelText('Ordenar'), { target: { value: '-total' } });
    await waitFor(() => expect(address().get('ordering')).toBe('-total'));
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ ordering: '-total' }));
    expect(lastQuery(requests).status).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Más antiguos pendientes primero' }));
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ status: 'pending', ordering: 'created_at' }));
    expect(address().get('ordering')).toBe('created_at');
    expect(address().has('status')).toBe(false);
  });

  it('keeps a custom range without both dates out of the address', async () => {
    const requests = renderToolbar();
    await waitFor(() => expect(requests).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Personalizado' }));
    fireEvent.input(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('alert').textContent).toBe('Debes seleccionar fechas de inicio y fin');
    expect(address().has('date')).toBe(false);

    fireEvent.input(screen.getByLabelText('Hasta'), { target: { value: '2026-03-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(lastQuery(requests)).toMatchObject({ date_filter: 'custom', start_date: '2026-03-01', end_date: '2026-03-05' }),
    );
    expect(Object.fromEntries(address())).toEqual({ date: 'custom', start: '2026-03-01', end: '2026-03-05' });
  });
});
