// @vitest-environment happy-dom
// 'Importar catálogo' as the owner uses it: a preview first, nothing applied while the file has
// errors, big price moves confirmed one by one, and the stock rows taken from the sheet sent back.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportResultDto } from '../../../../domain/catalog-sheet';
import { IMPORT_MAX_BYTES } from '../../../../domain/catalog-sheet';
import { fakeApi, renderPage } from '../../../test/render';
import ImportPage from './ImportPage';

const result = (fields: Partial<ImportResultDto> = {}): ImportResultDto => ({
  created: 0,
  updated: 1,
  unchanged: 3,
  errors: [],
  error_count: 0,
  rows: 4,
  products_created: 0,
  products_updated: 1,
  changes: [
    {
      row: 2,
      kind: 'updated',
      sku: 'GK-3',
      name: 'Gorilla Kush',
      seed_count: 3,
      fields: [{ column: 'Precio', before: '22.000', after: '22' }],
      price_change_percent: -99.9,
      cost_above_price: false,
      stock_conflict: null,
    },
  ],
  price_changes_to_confirm: 1,
  stock_conflicts: 0,
  applied: false,
  ...fields,
});

function upload(name = 'catalogo.csv', size = 100) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  const file = new File(['x'.repeat(size)], name, { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
}

const applyButton = () => screen.getByRole('button', { name: 'Aplicar cambios' });

describe('ImportPage', () => {
  it('previews the file and applies nothing while it has errors', async () => {
    const requests = fakeApi(() => ({
      json: result({
        errors: [{ row: 5, column: 'Precio', message: 'Precio inválido: escribilo como 22.000 o 1.450,50' }],
        error_count: 1,
        price_changes_to_confirm: 0,
      }),
    }));
    renderPage(<ImportPage />);
    upload();
    await screen.findByText('El archivo tiene 1 error');
    expect(screen.getByText('Precio inválido: escribilo como 22.000 o 1.450,50')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0].url.pathname).toBe('/api/products/import/');
    expect(requests[0].url.searchParams.get('dry_run')).toBe('true');
    expect(applyButton()).toHaveProperty('disabled', true);
  });

  it('applies a big price change only once the owner confirms it', async () => {
    const requests = fakeApi((request) => ({ json: result({ applied: request.url.searchParams.get('dry_run') !== 'true' }) }));
    renderPage(<ImportPage />);
    upload();
    await screen.findByText(/El precio cambia -99,9%/);
    expect(applyButton()).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('checkbox', { name: /Confirmo el cambio de precio marcado/ }));
    expect(applyButton()).toHaveProperty('disabled', false);
    fireEvent.click(applyButton());
    await screen.findByText('Importación aplicada');
    const applied = requests.at(-1)!;
    expect(applied.url.searchParams.get('dry_run')).toBeNull();
    expect(applied.url.searchParams.get('confirm_price_changes')).toBe('true');
  });

  it('sends back the rows whose stock the owner takes from the sheet', async () => {
    const conflict = result({
      price_changes_to_confirm: 0,
      stock_conflicts: 1,
      updated: 0,
      changes: [
        {
          row: 7,
          kind: 'updated',
          sku: 'NL-5',
          name: 'Northern Lights',
          seed_count: 5,
          fields: [],
          price_change_percent: null,
          cost_above_price: false,
          stock_conflict: { shop: 3, sheet: 10, taken: false },
        },
      ],
    });
    const requests = fakeApi(() => ({ json: conflict }));
    renderPage(<ImportPage />);
    upload();
    await screen.findByText(/Se mantiene el de la tienda/);
    // Nothing would change: the shop's stock is kept unless the row is taken.
    expect(applyButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Usar el de la planilla (10)' }));
    fireEvent.click(applyButton());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].url.searchParams.get('take_stock_rows')).toBe('7');
  });

  it('refuses a file over the size limit without sending it', async () => {
    const requests = fakeApi(() => ({ json: result() }));
    renderPage(<ImportPage />);
    upload('enorme.csv', IMPORT_MAX_BYTES + 1);
    await screen.findByText(/El archivo no debe superar los/);
    expect(requests).toHaveLength(0);
  });
});
