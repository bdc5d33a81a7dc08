import { describe, expect, it } from 'vitest';
import { landingAfterLogin, safeInternalPath } from './intended-route';

describe('safeInternalPath', () => {
  it("accepts the spec's bare redirect=carrito and in-site paths with a query", () => {
    expect(safeInternalPath('carrito')).toBe('/carrito');
    expect(safeInternalPath('/mi-cuenta?section=orders')).toBe('/mi-cuenta?section=orders');
    expect(safeInternalPath('/producto/12')).toBe('/producto/12');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/%2F%2Fevil.example']) {
      const result = safeInternalPath(bad);
      expect(result === null || (result.startsWith('/') && !result.startsWith('//')), bad).toBe(true);
    }
    expect(safeInternalPath('//evil.example/x')).toBeNull();
    expect(safeInternalPath('https://evil.example')).toBeNull();
    expect(safeInternalPath('javascript:alert(1)')).toBeNull();
    expect(safeInternalPath('')).toBeNull();
    expect(safeInternalPath(null)).toBeNull();
  });
});

describe('landingAfterLogin', () => {
  it('sends admins to the product list and customers to their account without a redirect', () => {
    expect(landingAfterLogin(null, true)).toBe('/admin/productos');
    expect(landingAfterLogin(null, true, 'catalog')).toBe('/admin/productos');
    expect(landingAfterLogin(null, true, 'warehouse')).toBe('/admin');
    expect(landingAfterLogin(null, true, 'custom')).toBe('/admin');
    expect(landingAfterLogin(null, false)).toBe('/mi-cuenta');
  });

  it('follows the redirect query, but never back to an auth screen', () => {
    expect(landingAfterLogin('carrito', false)).toBe('/carrito');
    expect(landingAfterLogin('/mi-cuenta?section=orders', true)).toBe('/mi-cuenta?section=orders');
    expect(landingAfterLogin('/login?redirect=carrito', false)).toBe('/mi-cuenta');
    expect(landingAfterLogin('https://evil.example', false)).toBe('/mi-cuenta');
  });
});
