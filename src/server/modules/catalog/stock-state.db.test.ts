// The SQL of the stock states and the domain's `stockState` give every stock the same state, on
// the database the shop runs (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lendTestDatabase, type TestDatabase } from '../../../../tests/helpers/database';
import { RESTOCK_STATES, stockState, type StockState } from '../../../domain/inventory';
import { sqlRows } from '../../db/client';
import { stockStateSql, stockStatesSql } from './stock-state';

const STATES: StockState[] = ['out', 'low', 'ok'];
let database: TestDatabase;

beforeAll(async () => {
  database = await lendTestDatabase();
});
afterAll(() => database?.close());

describe('stockStateSql', () => {
  it('puts every stock around a threshold in the state stockState gives it', async () => {
    const cases = [1, 2, 5, 8].flatMap((threshold) =>
      [0, 1, threshold - 1, threshold, threshold + 1].map((stock) => ({ stock, threshold })),
    );
    const values = sql.join(
      cases.map(({ stock, threshold }) => sql`(${stock}::int, ${threshold}::int)`),
      sql`, `,
    );
    const [stock, threshold] = [sql`v.stock`, sql`v.threshold`];
    const rows = await sqlRows<{ stock: number; threshold: number; out: boolean; low: boolean; ok: boolean; restock: boolean }>(
      database.db,
      sql`select v.stock, v.threshold,
          ${stockStateSql(stock, 'out', threshold)} as out,
          ${stockStateSql(stock, 'low', threshold)} as low,
          ${stockStateSql(stock, 'ok', threshold)} as ok,
          ${stockStatesSql(stock, RESTOCK_STATES, threshold)} as restock
        from (values ${values}) as v(stock, threshold)`,
    );
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      const state = stockState(row.stock, row.threshold);
      expect({ ...row, in: STATES.filter((s) => row[s]) }).toMatchObject({ in: [state], restock: state !== 'ok' });
    }
  });
});
