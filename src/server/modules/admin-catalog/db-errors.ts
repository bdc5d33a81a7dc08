// Recognises a unique-index violation from node-postgres or PGlite (possibly wrapped by Drizzle).

interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

export function isUniqueViolation(error: unknown, indexName?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as PgErrorLike;
    if (e.code === '23505') {
      if (!indexName) return true;
      return e.constraint === indexName || (e.message ?? '').includes(indexName);
    }
    current = e.cause;
  }
  return false;
}
