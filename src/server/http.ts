// Small helpers for route handlers: zod parsing with Spanish errors, and paged answers.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Page } from '../domain/catalog';
import { badRequest, type FieldErrors } from './errors';

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

/** Parses a body, query or params with its schema; a failure is a 400 naming each field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const nulPath = nulCharacterPath(value);
  if (nulPath) throw badRequest(NUL_MESSAGE, { [nulPath]: [NUL_MESSAGE] });
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'general';
    (errors[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0];
  throw badRequest(first?.message ?? 'Datos inválidos', errors);
}

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
