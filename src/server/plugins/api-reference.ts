// A readable API reference rendered on the server from the OpenAPI document: no scripts, so it
// works under the pages' strict Content-Security-Policy.

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, Response>;
}

interface ConflictSchema {
  description?: string;
  allOf?: { properties?: Record<string, unknown> }[];
}

export interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Response>; schemas?: Record<string, ConflictSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const BODY_LABELS: Record<string, string> = { 'application/json': 'JSON', 'multipart/form-data': 'formulario multipart' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A schema in one short line where it is simple (`string`, `integer`), else as indented JSON. */
function schemaText(schema: unknown): string {
  const plain = schema as { type?: unknown; enum?: unknown[] } | undefined;
  if (plain && Object.keys(plain).length === 1 && typeof plain.type === 'string') return plain.type;
  if (plain?.enum && Object.keys(plain).length <= 2) return plain.enum.map((v) => JSON.stringify(v)).join(' | ');
  return JSON.stringify(schema ?? {}, null, 2);
}

function renderSchema(schema: unknown): string {
  const text = schemaText(schema);
  return text.includes('\n') ? `<pre>${escapeHtml(text)}</pre>` : `<code>${escapeHtml(text)}</code>`;
}

/** A response, or the shared one a `$ref` points at (`#/components/responses/NotFound`). */
const resolved = (doc: OpenApiDocument, response: Response): Response =>
  response.$ref ? (doc.components?.responses?.[response.$ref.split('/').pop()!] ?? response) : response;

function renderOperation(doc: OpenApiDocument, method: string, path: string, op: Operation): string {
  const parts = [
    `<section id="${escapeHtml(`${method}-${path}`)}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
  ];
  if (op.summary) parts.push(`<p><strong>${escapeHtml(op.summary)}</strong></p>`);
  if (op.description) parts.push(`<p>${escapeHtml(op.description)}</p>`);
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in === 'path' ? 'ruta' : 'consulta'}</td><td>${p.required ? 'sí' : 'no'}</td><td>${renderSchema(p.schema)}</td></tr>`,
    );
    parts.push(
      `<div class="scroll"><table><thead><tr><th>Parámetro</th><th>En</th><th>Requerido</th><th>Tipo</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`,
    );
  }
  for (const [mediaType, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
    const label = BODY_LABELS[mediaType] ?? mediaType;
    if (schema) parts.push(`<details><summary>Cuerpo (${escapeHtml(label)})</summary>${renderSchema(schema)}</details>`);
  }
  for (const [status, declared] of Object.entries(op.responses ?? {})) {
    const response = resolved(doc, declared);
    const schema = response.content?.['application/json']?.schema;
    // Error answers share one shape (the description's components): their meaning is enough here.
    if (Number(status) >= 400) parts.push(`<p>Respuesta ${escapeHtml(status)}: ${escapeHtml(response.description ?? '')}</p>`);
    else if (schema) parts.push(`<details><summary>Respuesta ${escapeHtml(status)}</summary>${renderSchema(schema)}</details>`);
    else parts.push(`<p>Respuesta ${escapeHtml(status)}: ${escapeHtml(response.description ?? 'sin contenido')}</p>`);
  }
  parts.push('</section>');
  return parts.join('\n');
}

/** The 409 codes (components `Conflict.<CODE>`): what each means and the fields it adds. */
function renderConflicts(doc: OpenApiDocument): string {
  const rows = Object.entries(doc.components?.schemas ?? {})
    .filter(([name]) => name.startsWith('Conflict.'))
    .map(([name, schema]) => {
      const fields = Object.keys(schema.allOf?.[1]?.properties ?? {}).filter((field) => field !== 'code');
      const carries = fields.length ? ` Trae: ${fields.map((f) => `<code>${escapeHtml(f)}</code>`).join(', ')}.` : '';
      return `<dt><code>${escapeHtml(name.slice('Conflict.'.length))}</code></dt><dd>${escapeHtml(schema.description ?? '')}${carries}</dd>`;
    });
  return rows.length ? `<h2 id="conflictos">Conflictos (409)</h2>\n<dl>${rows.join('')}</dl>` : '';
}

export function renderReference(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'otros';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(doc, method, path, op)]);
    }
  }
  const groups = [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b));
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
h2 { border-bottom: 1px solid #d9e2ec; padding-bottom: .25rem; margin-top: 2.5rem; }
section { margin: 1.5rem 0; }
h3 { font-size: 1rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; }
.method { display: inline-block; min-width: 4.5rem; font-family: monospace; color: #0b6e4f; }
table { border-collapse: collapse; margin: .5rem 0; }
td, th { border: 1px solid #d9e2ec; padding: .2rem .5rem; text-align: left; vertical-align: top; }
pre { background: #f5f7fa; padding: .5rem; overflow-x: auto; font-size: 13px; }
summary { cursor: pointer; }
dd { margin: 0 0 .5rem 1rem; }
</style>
</head>
<body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Descripción OpenAPI completa: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav><ul>${groups.map(([tag]) => `<li><a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`).join('')}</ul></nav>
${groups.map(([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${ops.join('\n')}`).join('\n')}
${renderConflicts(doc)}
</body>
</html>`;
}
