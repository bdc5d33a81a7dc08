// Reads an uploaded catalog sheet into rows of cells by column: checks that it is UTF-8 text,
// finds its separator, and matches its headers to the sheet's columns.
import {
  columnHeader,
  columnOfHeader,
  IMPORT_MAX_ROWS,
  BLISTER_COLUMNS,
  type ImportError,
  type SheetColumn,
} from '../../../domain/catalog-sheet';
import { badRequest } from '../../errors';
import { CsvError, decodeCsvText, detectSeparator, parseCsv } from '../../csv';

export const NOT_CSV_MESSAGE = 'El archivo debe ser un CSV de texto en UTF-8 (guárdalo como "CSV UTF-8" desde la planilla)';

export interface SheetRow {
  /** The row as the spreadsheet numbers it (the header is row 1). */
  row: number;
  /** The cells of the columns the file has, as written. */
  cells: Map<SheetColumn, string>;
}

export interface Sheet {
  columns: Set<SheetColumn>;
  rows: SheetRow[];
  /** Problems with the header row: when there are any, no row is read. */
  errors: ImportError[];
}

function readHeader(header: string[]): { positions: [number, SheetColumn][]; errors: ImportError[] } {
  const positions: [number, SheetColumn][] = [];
  const errors: ImportError[] = [];
  const seen = new Set<SheetColumn>();
  header.forEach((text, index) => {
    if (text.trim() === '') return;
    const column = columnOfHeader(text);
    if (!column) {
      errors.push({
        row: 1,
        column: text.trim(),
        message: 'Columna desconocida: usa los encabezados de la exportación o quita la columna',
      });
    } else if (seen.has(column)) {
      errors.push({ row: 1, column: text.trim(), message: `La columna ${columnHeader(column)} está repetida` });
    } else {
      seen.add(column);
      positions.push([index, column]);
    }
  });
  if (!seen.has('sku') && !seen.has('id')) {
    errors.push({ row: 1, column: columnHeader('sku'), message: 'Falta la columna SKU, que identifica cada producto' });
  }
  if (!seen.has('seed_count') && BLISTER_COLUMNS.some((c) => seen.has(c))) {
    errors.push({
      row: 1,
      column: columnHeader('seed_count'),
      message: 'Falta la columna Semillas: el precio, el stock y el descuento son de una presentación',
    });
  }
  return { positions, errors };
}

export function readSheet(data: Buffer): Sheet {
  const text = decodeCsvText(data);
  if (text === null) throw badRequest(NOT_CSV_MESSAGE, { file: [NOT_CSV_MESSAGE] }, 'NOT_CSV');
  if (text.trim() === '') throw badRequest('El archivo está vacío', { file: ['El archivo está vacío'] }, 'EMPTY_FILE');

  let records: string[][];
  try {
    records = parseCsv(text, detectSeparator(text), IMPORT_MAX_ROWS + 1);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.tooManyRows) {
      const message = `El archivo supera las ${IMPORT_MAX_ROWS.toLocaleString('es-AR')} filas: divídelo en partes`;
      throw badRequest(message, { file: [message] }, 'TOO_MANY_ROWS');
    }
    return { columns: new Set(), rows: [], errors: [{ row: error.row, column: '', message: error.message }] };
  }

  const { positions, errors } = readHeader(records[0] ?? []);
  const columns = new Set(positions.map(([, column]) => column));
  if (errors.length) return { columns, rows: [], errors };

  const rows: SheetRow[] = [];
  const known = new Set(positions.map(([position]) => position));
  records.slice(1).forEach((record, index) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const row = index + 2;
    const cells = new Map<SheetColumn, string>();
    for (const [position, column] of positions) cells.set(column, record[position] ?? '');
    if (record.some((cell, position) => !known.has(position) && cell.trim() !== '')) {
      errors.push({ row, column: '', message: 'La fila tiene celdas fuera de las columnas con encabezado' });
    }
    rows.push({ row, cells });
  });
  return { columns, rows, errors };
}
