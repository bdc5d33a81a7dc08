import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSingleLine, singleLine } from './single-line';

describe('singleLine', () => {
  it('refuses line breaks, tabs, control characters and direction marks with a Spanish message', () => {
    for (const bad of [
      'Ana\nPedido: #1',
      'Ana\r\nB',
      'Ana\rB',
      'Ana\tB',
      'Ana\u0000',
      'Ana\u2028B',
      'Ana\u0085B',
      'Ana\u202EB',
      'Ana\u2066B',
      'Ana\u200FB',
      'Ana\u200EB',
      'Ana\u061CB',
    ])
      expect(isSingleLine(bad), JSON.stringify(bad)).toBe(false);
    const schema = z.string().trim().check(singleLine('El nombre'));
    const result = schema.safeParse('Ana Pérez\nPedido: #1');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Escribe el nombre en una sola línea, sin saltos de línea ni tabulaciones');
  });

  it('accepts names in any script, emoji and a break at either end (trimmed)', () => {
    for (const good of ['Ana Pérez', 'Ñandú O’Brien-Müller', '李小龍', 'Zoë 👩‍🌾', 'São Paulo 1234'])
      expect(isSingleLine(good), good).toBe(true);
    expect(z.string().trim().check(singleLine('El nombre')).parse('  Ana\n')).toBe('Ana');
  });
});
