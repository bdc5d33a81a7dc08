import { describe, expect, it } from 'vitest';
import { countOf, seedsLabel } from './plural';

describe('counts in words', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(seedsLabel(1)).toBe('1 semilla');
    expect(seedsLabel(3)).toBe('3 semillas');
    expect(countOf(1, 'fila nueva', 'filas nuevas')).toBe('1 fila nueva');
    expect(countOf(0, 'fila nueva', 'filas nuevas')).toBe('0 filas nuevas');
  });
});
