// The catalog spreadsheet as staff send and fetch it: POST /api/products/import/ with a file,
// GET /api/products/export.csv.
import type { TestServer } from './app';

export interface ImportOptions {
  dryRun?: boolean;
  /** The query string, `?…`, for the other switches (confirm_price_changes, take_stock_rows). */
  query?: string;
  /** The file's name, its declared type and the form field it travels in. */
  name?: string;
  type?: string;
  field?: string;
}

/** Sends a sheet to import; `token` null sends it without a session. */
export async function importSheet(server: TestServer, token: string | null, content: string | Buffer, opts: ImportOptions = {}) {
  const form = new FormData();
  const bytes = typeof content === 'string' ? content : new Uint8Array(content);
  form.append(opts.field ?? 'file', new Blob([bytes], { type: opts.type ?? 'text/csv' }), opts.name ?? 'catalogo.csv');
  const res = await fetch(`${server.url}/api/products/import/${opts.query ?? (opts.dryRun ? '?dry_run=true' : '')}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export async function exportSheet(server: TestServer, token: string) {
  const res = await fetch(`${server.url}/api/products/export.csv`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}
