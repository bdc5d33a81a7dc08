import { describe, expect, it } from 'vitest';
import { CATEGORY_TO_TYPE, OFFERS_CATEGORY } from '../../../domain/catalog-constants';
import { EMPTY_FILTERS, filtersToApiQuery, filtersToParams, filtersToQueryString, parseFilters } from './filters';

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe('catalog filters in the URL', () => {
  it('reads singular and plural category and bank params', () => {
    expect(parse('category=automaticas&bank=royal-queen')).toMatchObject({ types: ['auto'], brands: ['royal-queen'], onlyOffers: false });
    expect(parse('categories=regulares,feminizadas&banks=a,b')).toMatchObject({ types: ['fem', 'reg'], brands: ['a', 'b'] });
  });

  it('treats category ofertas as discounted only', () => {
    expect(parse('category=ofertas')).toMatchObject({ types: [], onlyOffers: true });
  });

  it('ignores unknown categories and malformed bank slugs', () => {
    expect(parse('categories=foo,automaticas&bank=<script>')).toMatchObject({ types: ['auto'], brands: [] });
  });

  it('writes one value with the singular param and several with the plural', () => {
    expect(filtersToParams({ ...EMPTY_FILTERS, types: ['fem'] }).toString()).toBe('category=feminizadas');
    expect(filtersToQueryString({ ...EMPTY_FILTERS, types: ['reg', 'auto'], brands: ['x', 'y'] })).toBe(
      'categories=automaticas,regulares&banks=x,y',
    );
    expect(filtersToParams({ ...EMPTY_FILTERS, onlyOffers: true, brands: ['x'] }).toString()).toBe('category=ofertas&bank=x');
  });

  it('round-trips every filter through the URL', () => {
    const filters = {
      types: ['auto' as const],
      onlyOffers: true,
      withStock: true,
      brands: ['sweet-seeds'],
      search: 'gorilla',
      sort: '-min_price' as const,
    };
    expect(parseFilters(filtersToParams(filters))).toEqual(filters);
  });

  it('maps filters to the products API query', () => {
    expect(
      filtersToApiQuery({
        ...EMPTY_FILTERS,
        types: ['auto', 'fem'],
        brands: ['a'],
        onlyOffers: true,
        withStock: true,
        sort: 'min_price',
        search: ' se+ ',
      }),
    ).toEqual({
      type: 'auto,fem',
      brand: 'a',
      discount: 'true',
      has_stock: 'true',
      ordering: 'min_price',
      search: 'se+',
    });
  });
});

describe('catalog vocabulary', () => {
  it('reads and writes every category the domain names', () => {
    for (const [category, type] of Object.entries(CATEGORY_TO_TYPE)) {
      expect(parse(`category=${category}`).types).toEqual([type]);
      expect(filtersToParams({ ...EMPTY_FILTERS, types: [type] }).get('category')).toBe(category);
    }
    expect(parse(`category=${OFFERS_CATEGORY}`).onlyOffers).toBe(true);
  });
});
