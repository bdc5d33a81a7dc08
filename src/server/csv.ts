// CSV as spreadsheets write and read it (RFC 4180): quoted cells with doubled quotes, CRLF rows;
// the one writer and reader of the catalog sheet and the order export.
// Writing adds the UTF-8 BOM that makes Excel read the accents right; reading accepts the file
// with or without it, with ';' or ',' between cells and with CRLF or LF line ends.

export const BOM = '\uFEFF';

export type Separator = ';' | ',' | '\t';

/** A cell as written: quoted (quotes doubled) when it holds the separator, a quote or a line break. */
export function quoteCell(cell: string, separator: Separator): string {
  if (cell.includes('"') || cell.includes(separator) || cell.includes('\n') || cell.includes('\r')) {
    return `"${cell.replace(/"/g, '""')}"`;
  }
  return cell;
}

/** The rows as a CSV file: BOM, the separator (';' for Spanish Excel) and CRLF line ends. */
export function writeCsv(rows: string[][], separator: Separator = ';'): Buffer {
  const text = rows.map((row) => row.map((cell) => quoteCell(cell, separator)).join(separator)).join('\r\n');
  return Buffer.from(`${BOM}${text}\r\n`, 'utf8');
}

export class CsvError extends Error {
  constructor(
    message: string,
    /** The row (1 = the first line) where the problem starts. */
    readonly row: number,
    /** The file has more rows than allowed (reading stopped there). */
    readonly tooManyRows = false,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/**
 * The text of an uploaded file, or null when it is not UTF-8 text: a NUL byte (binary files such
 * as .xlsx or images) or an invalid UTF-8 sequence (a file saved as Latin-1) refuse it.
 */
export function decodeCsvText(data: Buffer): string | null {
  if (data.includes(0)) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    return text.startsWith(BOM) ? text.slice(1) : text;
  } catch {
    return null;
  }
}

/** The separator of the first line (outside quotes): the most frequent of ';', ',' and tab. */
export function detectSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as Separator]++;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  return counts[','] > counts[';'] ? ',' : ';';
}

/**
 * The rows of a CSV text; each row is its cells as written (quotes removed). Row n of the answer
 * is line n + 1 as a spreadsheet numbers it, blank rows included (a quoted cell may span lines).
 * `maxRows` stops the reading early with a CsvError. An unclosed quote is a CsvError too.
 */
export function parseCsv(text: string, separator: Separator, maxRows = Number.POSITIVE_INFINITY): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStarted = false;
  let rowStart = 1;
  const length = text.length;

  const endRow = () => {
    row.push(cell);
    rows.push(row);
    if (rows.length > maxRows) throw new CsvError('El archivo tiene demasiadas filas', rows.length, true);
    row = [];
    cell = '';
    cellStarted = false;
    rowStart = rows.length + 1;
  };

  for (let i = 0; i < length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        cell += char;
      }
      continue;
    }
    if (char === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else if (char === separator) {
      row.push(cell);
      cell = '';
      cellStarted = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      // Text after a closing quote ("a"b) is kept as written, as spreadsheets do.
      cell += char;
      cellStarted = true;
    }
  }
  if (quoted) throw new CsvError('Hay comillas sin cerrar: la celda sigue hasta el final del archivo', rowStart);
  // The last line needs no line end; a file that ends with one has no extra empty row.
  if (cellStarted || cell !== '' || row.length > 0) endRow();
  return rows;
}
