// Recognises PostgreSQL constraint violations from node-postgres or PGlite (possibly wrapped by
// Drizzle).

interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

function findPgError(error: unknown, code: string): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as PgErrorLike;
    if (e.code === code) return e;
    current = e.cause;
  }
  return null;
}

export function isUniqueViolation(error: unknown, indexName?: string): boolean {
  const e = findPgError(error, '23505');
  if (!e) return false;
  if (!indexName) return true;
  return e.constraint === indexName || (e.message ?? '').includes(indexName);
}

/** A row pointed at another that is gone (e.g. a product deleted while an order was placed). */
export function isForeignKeyViolation(error: unknown): boolean {
  return findPgError(error, '23503') !== null;
}
