import { describe, expect, it } from 'vitest';
import { compareNames, editDistance, normalizeSearch, slugify, stripAccents, truncate, truncateAtWord, typoEdits } from './text';
import { PROVINCES } from './shipping';

describe('slugify (spec storefront §5 brand slug)', () => {
  it('lower-cases, removes accents and symbols, and collapses spaces and hyphens', () => {
    expect(slugify('Royal Queen Seeds')).toBe('royal-queen-seeds');
    expect(slugify("Barney's Farm")).toBe('barneys-farm');
    expect(slugify('Semillas Ñandú  --  Córdoba')).toBe('semillas-nandu-cordoba');
    expect(slugify('SE+ Seeds')).toBe('se-seeds');
    expect(slugify('  -Dinafem- ')).toBe('dinafem');
    expect(slugify('¡¡!!')).toBe('');
  });
});

describe('normalizeSearch', () => {
  it('keeps letters, digits and + in lower case without accents, single-spaced', () => {
    expect(normalizeSearch('  Automática   FEMINIZADA ')).toBe('automatica feminizada');
    expect(normalizeSearch('Critical+ 2.0')).toBe('critical+ 2 0');
    expect(normalizeSearch("Barney's Farm")).toBe('barney s farm');
    expect(stripAccents('Cóndor Ñ')).toBe('Condor N');
  });
});

describe('truncate', () => {
  it('cuts at the limit with an ellipsis (card: 200)', () => {
    expect(truncate('abcdef', 6)).toBe('abcdef');
    expect(truncate('abc def', 4)).toBe('abc...');
    expect(truncate('x'.repeat(250), 200)).toBe(`${'x'.repeat(200)}...`);
  });
});

describe('truncateAtWord (detail: 300)', () => {
  it('cuts at the last word boundary before the limit', () => {
    expect(truncateAtWord('Una planta muy productiva', 15)).toBe('Una planta muy...');
    expect(truncateAtWord('Una planta muy productiva', 14)).toBe('Una planta muy...');
    expect(truncateAtWord('Una planta muy productiva', 13)).toBe('Una planta...');
  });

  it('leaves short texts alone and cuts a single long word at the limit', () => {
    expect(truncateAtWord('corto', 300)).toBe('corto');
    expect(truncateAtWord('Supercalifragilistico', 5)).toBe('Super...');
  });

  it('never leaves a space before the ellipsis', () => {
    const text = `${'palabra '.repeat(60)}fin`;
    const cut = truncateAtWord(text, 300);
    expect(cut.length).toBeLessThanOrEqual(303);
    expect(cut).toMatch(/palabra\.\.\.$/);
  });
});

describe('editDistance', () => {
  it('counts inserted, missing, changed and swapped letters', () => {
    expect(editDistance('amnezia', 'amnesia', 2)).toBe(1);
    expect(editDistance('nothern', 'northern', 2)).toBe(1);
    expect(editDistance('critcal', 'critical', 2)).toBe(1);
    expect(editDistance('automatcia', 'automatica', 2)).toBe(1);
    expect(editDistance('gorrila', 'gorilla', 2)).toBe(2);
    expect(editDistance('hase', 'haze', 1)).toBe(1);
    expect(editDistance('haze', 'haze', 1)).toBe(0);
  });

  it('stops at the limit', () => {
    expect(editDistance('gorrila', 'gorilla', 1)).toBe(2);
    expect(editDistance('cream', 'critical', 2)).toBe(3);
    expect(editDistance('kush', 'cookies', 1)).toBe(2);
  });

  it('lets short words differ by one edit and longer ones by two', () => {
    expect(typoEdits('hase')).toBe(1);
    expect(typoEdits('gorrila')).toBe(2);
  });
});

describe('compareNames', () => {
  const sorted = (names: string[]) => [...names].sort(compareNames);

  it('orders case and accents aside, ñ after every n and before o', () => {
    expect(sorted(['Ñandú Seeds', 'nirvana', 'Óptima', 'Andes', 'Nz Genetics', 'ángel', 'Orgánica'])).toEqual([
      'Andes',
      'ángel',
      'nirvana',
      'Nz Genetics',
      'Ñandú Seeds',
      'Óptima',
      'Orgánica',
    ]);
  });

  it('orders the provinces and brand names as the Spanish collation does', () => {
    const collator = new Intl.Collator('es');
    const names = [
      ...Object.values(PROVINCES),
      ...['Royal Queen Seeds', 'Barney’s Farm', 'Dinafem', 'Sensi Seeds', 'Paradise Seeds', 'Andes Seeds', 'BSF Seeds'],
      ...['Dutch Passion', 'Fast Buds', 'Gorilla Seeds Bank', 'Pampa Genetics', 'Rioplatense Seeds', 'SE Seeds', 'Sweet Seeds'],
    ];
    expect(sorted(names)).toEqual([...names].sort(collator.compare));
  });

  it('gives names that differ only in case or accents a fixed order, the same on server and browser', () => {
    expect(sorted(['dinafem', 'Dinafem', 'Dínafem'])).toEqual(sorted(['Dínafem', 'Dinafem', 'dinafem']));
    expect(compareNames('Dinafem', 'Dinafem')).toBe(0);
  });
});
