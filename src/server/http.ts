// Small helpers for route handlers: zod parsing with Spanish errors, and paged answers.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Page } from '../domain/catalog';
import { badRequest, type FieldErrors } from './errors';

/** Parses a body, query or params with its schema; a failure is a 400 naming each field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
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
