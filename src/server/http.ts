// Small helpers for routes: zod validation with Spanish errors (as the route schemas' validator
// compiler, or called from a handler), the response serializer, and paged answers.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Page } from '../domain/page';
import { AppError, badRequest, type FieldErrors } from './errors';

// Schemas give their own Spanish messages; zod's defaults (a body that is not an object, a field
// of the wrong type without a message) must not reach a customer in English either.
z.config(z.locales.es());

const NUL_MESSAGE = 'El texto contiene caracteres no permitidos';

/** Where the input holds a string with a NUL character (PostgreSQL text cannot store one). */
function nulCharacterPath(value: unknown): string | null {
  // Iterative: a hostile body may nest thousands of levels deep.
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path || 'general';
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/** The app as route plugins see it: route schemas are zod schemas that type the handlers. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Validated<T> = { value: T; error?: undefined } | { value?: undefined; error: AppError };

/** Checks a body, query or params with its schema; a failure is a 400 naming each field. */
function validate<S extends z.ZodType>(schema: S, value: unknown): Validated<z.output<S>> {
  const nulPath = nulCharacterPath(value);
  if (nulPath) return { error: badRequest(NUL_MESSAGE, { [nulPath]: [NUL_MESSAGE] }) };
  const result = schema.safeParse(value ?? {});
  if (result.success) return { value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'general';
    (errors[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0];
  return { error: badRequest(first?.message ?? 'Datos inválidos', errors) };
}

/** Parses a value with its schema in a handler, throwing the 400 `validate` describes. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = validate(schema, value);
  if (result.error) throw result.error;
  return result.value;
}

/** The response of a route that answers 204: no body. */
export const noContentSchema = z.undefined().describe('Sin contenido');

const parsedInHandler = new WeakSet<z.ZodType>();

/**
 * A request schema the handler applies itself, because it depends on the caller or must come
 * after a check of the handler (a guess counter): declared for the API description only, the
 * route's value stays `unknown` until the handler parses it.
 */
export function describedOnly<S extends z.ZodType>(schema: S): z.ZodType<unknown, z.input<S>> {
  parsedInHandler.add(schema);
  return schema as unknown as z.ZodType<unknown, z.input<S>>;
}

/**
 * Fastify's validator compiler for route schemas: the same checks and Spanish 400 as `parse`.
 * Fastify hands the returned error to the error handler as it is (it only adds a `code` when the
 * error has none; the error handler ignores that one).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  if (parsedInHandler.has(schema)) return (data: unknown) => ({ value: data });
  return (data) => validate(schema, data);
};

/**
 * Response schemas type the handlers and describe the API; answers are not checked at run time
 * (the catalog sends pre-serialised JSON, and a check would only slow every answer down).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** `{count, next, previous, results}` with next/previous as URLs of the same request. */
export function paged<T>(request: FastifyRequest, results: T[], count: number, page: number, pageSize: number): Page<T> {
  const linkTo = (target: number) => {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('page', String(target));
    return `${url.pathname}${url.search}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    count,
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
    results,
  };
}

/** Repeated params (`type=fem&type=auto`) read as one comma list, the API's list syntax. */
function flatQuery(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
}

/** A preValidation hook: the routes' query schemas read the comma lists of `flatQuery`. */
export async function flattenQuery(request: FastifyRequest) {
  request.query = flatQuery(request);
}
