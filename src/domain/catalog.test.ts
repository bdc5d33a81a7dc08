import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandRefParamSchema, productListQuerySchema, productSearchText, relatedQuerySchema } from './catalog';
import { idParamSchema } from './page';

describe('productListQuerySchema', () => {
  it('defaults to page 1 and reads comma lists, booleans and the admin type spelling', () => {
    expect(productListQuerySchema.parse({})).toEqual({ page: 1 });
    expect(
      productListQuerySchema.parse({ type: 'auto, regular', brand: 'royal-queen-seeds,12', discount: '1', has_stock: 'false' }),
    ).toMatchObject({
      type: ['auto', 'reg'],
      brand: ['royal-queen-seeds', '12'],
      discount: true,
      has_stock: false,
    });
  });

  it('refuses out-of-range pages and sizes and unknown values with Spanish messages', () => {
    const error = (query: Record<string, string>) => productListQuerySchema.safeParse(query).error?.issues[0].message;
    expect(error({ page: '0' })).toBe('La página debe ser 1 o mayor');
    expect(error({ page_size: '101' })).toBe('El tamaño de página no puede superar 100');
    expect(error({ type: 'sativa' })).toBe('Tipo de producto inválido');
    expect(error({ ordering: '-name' })).toBe('Orden inválido');
    expect(error({ search: 'x'.repeat(101) })).toBe('La búsqueda es demasiado larga');
  });
});

describe('params', () => {
  it('accepts positive integer ids only', () => {
    expect(idParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-3', '2.5', 'abc', '2147483648']) expect(idParamSchema.safeParse({ id }).success, id).toBe(false);
  });

  it('takes a brand by id or slug, and a related limit of 1 to 12 (default 4)', () => {
    expect(brandRefParamSchema.parse({ id: 'Royal-Queen-Seeds' })).toEqual({ id: 'royal-queen-seeds' });
    expect(brandRefParamSchema.safeParse({ id: 'a b' }).success).toBe(false);
    expect(relatedQuerySchema.parse({})).toEqual({ limit: 4 });
    expect(relatedQuerySchema.safeParse({ limit: '13' }).success).toBe(false);
  });
});

describe('productSearchText', () => {
  it('joins name, brand and type label, normalised for search', () => {
    expect(productSearchText('Northern Light Automática', 'Royal Queen Seeds', 'auto')).toBe(
      'northern light automatica royal queen seeds automatica',
    );
    expect(productSearchText('Critical+ 2.0', 'Dinafem', 'fem')).toBe('critical+ 2 0 dinafem feminizada');
  });
});

describe('catalog-constants', () => {
  // The storefront's first load imports values from it: zod there would add its chunk to every page.
  it('loads no zod, directly or through the modules it imports', () => {
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      const source = readFileSync(url, 'utf8');
      for (const [, specifier] of source.matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)) {
        expect(specifier, url.pathname).not.toBe('zod');
        if (specifier.startsWith('.')) visit(new URL(/\.tsx?$/.test(specifier) ? specifier : `${specifier}.ts`, url));
      }
    };
    visit(new URL('./catalog-constants.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(1);
  });
});
