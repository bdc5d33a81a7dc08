import { describe, expect, it } from 'vitest';
import { CsvError, decodeCsvText, detectSeparator, parseCsv, writeCsv } from './csv';

describe('writeCsv', () => {
  it('starts with the BOM, joins with ";" and CRLF, and quotes only the cells that need it', () => {
    const out = writeCsv([
      ['a', 'b;c', 'd"e'],
      ['línea\nnueva', '', 'x,y'],
    ]);
    expect(out.toString('utf8')).toBe('\uFEFFa;"b;c";"d""e"\r\n"línea\nnueva";;x,y\r\n');
  });
});

describe('parseCsv', () => {
  it('reads back what writeCsv writes', () => {
    const rows = [
      ['SKU', 'Nombre', 'Descripción'],
      ['A-1', 'Dice "hola"; chau', 'uno\r\ndos'],
      ['', '', ''],
    ];
    const text = decodeCsvText(writeCsv(rows))!;
    expect(parseCsv(text, ';')).toEqual(rows);
  });

  it('accepts LF line ends, a missing last line end and quotes inside unquoted cells', () => {
    expect(parseCsv('a,b\n1,2', ',')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a;5"x\n', ';')).toEqual([['a', '5"x']]);
  });

  it('numbers an unclosed quote by the row where it opens', () => {
    expect(() => parseCsv('a;b\r\n1;2\r\n"3;4\r\n5;6', ';')).toThrow(expect.objectContaining({ row: 3, tooManyRows: false }));
  });

  it('stops reading past the row limit', () => {
    let error: unknown;
    try {
      parseCsv('a\n'.repeat(20), ';', 10);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvError);
    expect((error as CsvError).tooManyRows).toBe(true);
  });
});

describe('decodeCsvText and detectSeparator', () => {
  it('drops the BOM and refuses binary files and text that is not UTF-8', () => {
    expect(decodeCsvText(Buffer.from('\uFEFFa;b', 'utf8'))).toBe('a;b');
    expect(decodeCsvText(Buffer.from('a;b', 'utf8'))).toBe('a;b');
    expect(decodeCsvText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBeNull();
    expect(decodeCsvText(Buffer.from('Índica', 'latin1'))).toBeNull();
  });

  it('picks the separator of the header row, ignoring quoted text', () => {
    expect(detectSeparator('SKU;Nombre;Precio\n1,5;2,5;3,5')).toBe(';');
    expect(detectSeparator('SKU,Nombre,Precio\n1;2;3')).toBe(',');
    expect(detectSeparator('"a;b;c",d\n')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
  });
});
