import { describe, expect, it } from 'vitest';
import { isChunkLoadError, routeErrorMessage } from './RouteError';

describe('routeErrorMessage', () => {
  it('says a page could not load when its script did not arrive, in each browser’s words', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://tienda/assets/CatalogPage-abc.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://tienda/assets/AdminApp-x.js',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
      expect(routeErrorMessage(new TypeError(message)).title).toBe('No pudimos cargar esta página');
    }
  });

  it('says something went wrong for any other failure, without showing its text', () => {
    const shown = routeErrorMessage(new Error("Cannot read properties of undefined (reading 'price')"));
    expect(shown.title).toBe('Algo salió mal al mostrar esta página');
    expect(`${shown.title} ${shown.detail}`).not.toContain('price');
    expect(isChunkLoadError('texto')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
