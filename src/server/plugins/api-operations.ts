// What the API description derives for every operation from the route itself, so a new route
// gets it without a line of its own: an operationId and a summary from its method and URL, its
// security from `config.access`, and its error answers (400, 401, 403, 404, the area's 409s) from
// what it declares. A route's own `schema.summary` or `schema.operationId` wins.
import type { FastifyContextConfig } from 'fastify';
import { conflictResponse, type ErrorResponseName } from './api-errors';

type Access = NonNullable<FastifyContextConfig['access']>;

const VERBS: Record<string, string> = {
  GET: 'Consultar',
  POST: 'Enviar',
  PUT: 'Reemplazar',
  PATCH: 'Modificar',
  DELETE: 'Eliminar',
};

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);

/** `GET /api/products/{id}/related/` → `getProductsByIdRelated`. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? ['by', ...words(param[1])] : words(segment);
    });
  return method.toLowerCase() + parts.map(capitalised).join('');
}

/** `GET /api/products/{id}/related/` → `Consultar products/{id}/related`. */
export function summaryOf(method: string, url: string): string {
  const resource = url
    .replace(/^\/api\//, '')
    .replace(/:(\w+)/g, '{$1}')
    .replace(/\/$/, '');
  return `${VERBS[method.toUpperCase()] ?? method.toUpperCase()} ${resource}`;
}

const SESSION_NOTES: Record<Access, string> = {
  public: 'Sin sesión; si llega Authorization: Bearer <access>, se verifica y la respuesta puede depender de quien llama.',
  user: 'Requiere sesión (Authorization: Bearer <access>).',
  staff: 'Solo personal de la tienda (Authorization: Bearer <access> de un usuario staff).',
  operator: 'Solo operadores (Authorization: Bearer <METRICS_TOKEN>).',
};

const BEARER = { bearer: [] };

/** What a route's `config` tells the description: who may call it, and how to say so. */
export function accessOf(access: Access = 'public', permission?: string) {
  const note = access === 'staff' && permission ? `${SESSION_NOTES.staff} Permiso del rol: \`${permission}\`.` : SESSION_NOTES[access];
  // Every route but the operator's reads a bearer token when one is sent (auth/plugin.ts): a
  // public one answers by who calls, and a bad token is a 401 there too.
  const security = access === 'public' ? [{}, BEARER] : [BEARER];
  return { description: note, security, ...(permission ? { 'x-permission': permission } : {}) };
}

interface Operation {
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  'x-permission'?: string;
}

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const errorRef = (name: ErrorResponseName) => ({ $ref: `#/components/responses/${name}` });

/** The error answers an operation can give, from what it declares; a route's own wins. */
export function errorResponses(method: string, path: string, operation: Operation): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  if (operation.parameters?.length || operation.requestBody) errors['400'] = errorRef('BadRequest');
  if (operation.security?.length) errors['401'] = errorRef('Unauthorized');
  if (operation['x-permission']) errors['403'] = errorRef('Forbidden');
  if (path.includes('{')) errors['404'] = errorRef('NotFound');
  const conflict = WRITES.has(method) ? conflictResponse(path.split('/')[2]) : null;
  if (conflict) errors['409'] = conflict;
  return { ...errors, ...operation.responses };
}

/** Adds the derived error answers to every operation of an OpenAPI document. */
export function withErrorResponses<D extends object>(document: D): D {
  const { paths = {} } = document as { paths?: Record<string, Record<string, Operation>> };
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      operation.responses = errorResponses(method, path, operation);
    }
  }
  return document;
}
