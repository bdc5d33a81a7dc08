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

/**
 * PostgreSQL chose this transaction to end a deadlock (40P01): it rolled back whole, and the same
 * work run again sees the other transaction's outcome.
 */
export function isDeadlock(error: unknown): boolean {
  return findPgError(error, '40P01') !== null;
}

/**
 * Runs a transaction again when PostgreSQL ended it to break a deadlock. Two writers that meet on
 * the same rows through different paths (a product deleted while an order's line points at it:
 * the line's foreign keys lock the product, then the blister) can each wait for the other;
 * the one rolled back is retried and then sees what the other did.
 */
export async function retryingDeadlocks<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
