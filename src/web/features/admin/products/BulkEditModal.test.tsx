// @vitest-environment happy-dom
// The bulk edit's cost actions (issue 37): the cost typed as an es-AR percentage, each blister's
// cost before and after in the preview, and a cost left above its price applied only once the
// owner confirms it.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BulkEditResultDto } from '../../../../domain/catalog-sheet';
import { formatArs } from '../../../../domain/money';
import { fakeApi, renderPage } from '../../../test/render';
import { BulkEditModal } from './BulkEditModal';

const state = (costs: (number | null)[]) => ({
  brand_id: 1,
  brand: 'Banco Sur',
  available: true,
  presentations: costs.map((cost_price, i) => ({ id: i + 1, seed_count: (i + 1) * 3, price: 10000, discount: 0, cost_price })),
});

const answer = (body: { action: string; dry_run?: boolean }): BulkEditResultDto => ({
  action: body.action as BulkEditResultDto['action'],
  applied: !body.dry_run,
  confirm_required: true,
  cost_above_price: [{ name: 'Gorilla Kush', seed_count: 3, cost: 12000, price: 10000 }],
  changed: 1,
  unchanged: 0,
  items: [
    {
      product_id: 7,
      name: 'Gorilla Kush',
      sku: 'GK',
      currency: 'ARS',
      changed: true,
      before: state([null, 5000]),
      after: state([12000, 12000]),
    },
  ],
});

const applyButton = () => screen.getByRole('button', { name: 'Aplicar a 1 producto' });

describe('BulkEditModal', () => {
  it('sets the cost as a share of the price and applies a cost above the price only once confirmed', async () => {
    let applied = 0;
    const requests = fakeApi((request) => {
      if (request.url.pathname !== '/api/products/bulk/') return undefined;
      const body = JSON.parse(request.body ?? '{}') as { action: string; dry_run?: boolean };
      if (!body.dry_run) applied += 1;
      return { json: answer(body) };
    });
    renderPage(<BulkEditModal open ids={[7]} brands={[]} onClose={() => {}} onApplied={() => {}} />);
    fireEvent.change(screen.getByLabelText('Acción'), { target: { value: 'cost_of_price' } });
    fireEvent.change(screen.getByLabelText('Costo (% del precio)'), { target: { value: '120,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver vista previa' }));

    const preview = await screen.findByRole('list', { name: 'Vista previa por producto' });
    expect(preview.textContent).toContain(`x3 costo: sin costo → ${formatArs(12000)}`);
    expect(preview.textContent).toContain(`x6 costo: ${formatArs(5000)} → ${formatArs(12000)}`);
    const asked = screen.getByRole('list', { name: 'Costos a confirmar' });
    expect(asked.textContent).toContain(`Gorilla Kush x3: costo ${formatArs(12000)}, precio ${formatArs(10000)}`);
    expect(JSON.parse(requests[0].body!)).toEqual({ ids: [7], action: 'cost_of_price', value: '120,5', dry_run: true });

    expect(applyButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Confirmo el costo mayor que el precio' }));
    expect(applyButton()).toHaveProperty('disabled', false);
    fireEvent.click(applyButton());
    await waitFor(() => expect(applied).toBe(1));
    expect(JSON.parse(requests.at(-1)!.body!)).toEqual({
      ids: [7],
      action: 'cost_of_price',
      value: '120,5',
      dry_run: false,
      confirm_price_changes: true,
    });
  });

  it('changes the cost by a percentage, without asking when no cost ends above its price', async () => {
    const requests = fakeApi((request) => {
      const body = JSON.parse(request.body ?? '{}') as { action: string; dry_run?: boolean };
      return { json: { ...answer(body), confirm_required: false, cost_above_price: [] } };
    });
    renderPage(<BulkEditModal open ids={[7]} brands={[]} onClose={() => {}} onApplied={() => {}} />);
    fireEvent.change(screen.getByLabelText('Acción'), { target: { value: 'cost_percent' } });
    expect(screen.getByText(/Las presentaciones sin costo siguen sin costo/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cambio de costo (%)'), { target: { value: '-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver vista previa' }));
    await screen.findByRole('list', { name: 'Vista previa por producto' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(applyButton());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(JSON.parse(requests[1].body!)).toEqual({ ids: [7], action: 'cost_percent', value: '-10', dry_run: false });
  });
});
