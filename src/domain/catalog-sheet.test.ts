import { describe, expect, it } from 'vitest';
import {
  bulkEditSchema,
  columnOfHeader,
  escapeFormula,
  formatSheetNumber,
  parseSheetBoolean,
  parseSheetType,
  unescapeFormula,
} from './catalog-sheet';

describe('sheet cells', () => {
  it('writes numbers with a decimal comma and no thousands separator', () => {
    expect(formatSheetNumber(1234.5)).toBe('1234,5');
    expect(formatSheetNumber(20)).toBe('20');
    expect(formatSheetNumber(null)).toBe('');
  });

  it('reads types and yes/no in Spanish or as codes', () => {
    expect(parseSheetType('Automática')).toBe('auto');
    expect(parseSheetType(' FEMINIZADA ')).toBe('fem');
    expect(parseSheetType('regular')).toBe('reg');
    expect(parseSheetType('híbrida')).toBe('híbrida');
    expect(parseSheetBoolean('Sí')).toBe(true);
    expect(parseSheetBoolean('si')).toBe(true);
    expect(parseSheetBoolean('NO')).toBe(false);
    expect(parseSheetBoolean('quizás')).toBeNull();
  });

  it('puts an apostrophe before text a spreadsheet would run, and takes it off when reading', () => {
    for (const text of ['=1+1', '+54 11', '-20%', '@SUM(A1)', '\tx']) {
      expect(escapeFormula(text)).toBe(`'${text}`);
      expect(unescapeFormula(escapeFormula(text))).toBe(text);
    }
    expect(escapeFormula('Sativa 70%')).toBe('Sativa 70%');
    expect(unescapeFormula("'hola")).toBe("'hola");
  });

  it('matches headers without caring for case, accents or (%)', () => {
    expect(columnOfHeader('Índica (%)')).toBe('indica');
    expect(columnOfHeader('indica')).toBe('indica');
    expect(columnOfHeader('DESCUENTO')).toBe('discount');
    expect(columnOfHeader('seed_count')).toBe('seed_count');
    expect(columnOfHeader('Notas')).toBeNull();
  });

  it('knows no header or type word from the built-in properties of objects', () => {
    for (const word of ['__proto__', '__PROTO__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(columnOfHeader(word)).toBeNull();
      expect(parseSheetType(word)).toBe(word);
    }
  });
});

describe('bulkEditSchema', () => {
  it('takes a value fitting each action, and refuses the rest in Spanish', () => {
    expect(bulkEditSchema.parse({ action: 'price_percent', ids: [3, 1, 3], value: '-12,5' })).toEqual({
      action: 'price_percent',
      ids: [3, 1],
      value: -12.5,
      dry_run: false,
      confirm_price_changes: false,
    });
    expect(bulkEditSchema.safeParse({ action: 'price_percent', ids: [1], value: 0 }).error?.issues[0].message).toBe(
      'El porcentaje no puede ser 0',
    );
    expect(bulkEditSchema.safeParse({ action: 'discount', ids: [1], value: 101 }).error?.issues[0].message).toMatch(/entre 0 y 100/);
    expect(bulkEditSchema.safeParse({ action: 'availability', ids: [1], value: 'si' }).success).toBe(false);
    expect(bulkEditSchema.safeParse({ action: 'brand', ids: [], value: 2 }).error?.issues[0].message).toBe(
      'Selecciona al menos un producto',
    );
    expect(bulkEditSchema.safeParse({ action: 'borrar', ids: [1], value: 1 }).error?.issues[0].message).toMatch(/Elige una acción/);
  });
});
