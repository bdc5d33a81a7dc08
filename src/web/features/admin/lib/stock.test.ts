import { describe, expect, it } from 'vitest';
import { productStockBadge } from './stock';

describe('productStockBadge', () => {
  it("marks low stock under the threshold set in 'Configuración', as the 'Stock bajo' filter does", () => {
    expect(productStockBadge(7, 8)).toEqual({ label: '7 unid.', tone: 'warning' });
    expect(productStockBadge(8, 8)).toEqual({ label: 'En stock', tone: 'success' });
    expect(productStockBadge(4, 3)).toEqual({ label: 'En stock', tone: 'success' });
  });

  it('keeps a sold-out product apart from low stock', () => {
    expect(productStockBadge(0, 5)).toEqual({ label: 'Sin stock', tone: 'danger' });
    expect(productStockBadge(1, 5)).toEqual({ label: '1 unid.', tone: 'warning' });
  });
});
