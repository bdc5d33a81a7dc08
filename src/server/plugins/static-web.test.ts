// The URL a page is kept under: the route table's kept parameters and nothing else.
import { describe, expect, it } from 'vitest';
import { keptPageUrl } from './static-web';

describe('keptPageUrl', () => {
  it('leaves out every query parameter of a page that reads none', () => {
    expect(keptPageUrl('/privacidad?v=1&utm_source=x')).toBe('/privacidad');
    expect(keptPageUrl('/producto/12?ref=mail')).toBe('/producto/12');
    expect(keptPageUrl('/')).toBe('/');
  });

  it("keeps the catalog's filters, the first of a repeated one, in the order given", () => {
    expect(keptPageUrl('/productos?bank=rqs&utm=1&orden=menor-precio&bank=otro&stock=disponible')).toBe(
      '/productos?bank=rqs&orden=menor-precio&stock=disponible',
    );
    expect(keptPageUrl('/productos/?categories=automaticas,regulares')).toBe('/productos/?categories=automaticas,regulares');
  });

  it('keeps no search, nor a URL longer than 300 characters', () => {
    expect(keptPageUrl('/productos?bank=rqs&search=kush')).toBeNull();
    expect(keptPageUrl(`/productos?bank=${'a'.repeat(300)}`)).toBeNull();
    // Another page's `search` is a parameter it does not read.
    expect(keptPageUrl('/contacto?search=x')).toBe('/contacto');
  });
});
