// The stock states of domain/inventory.ts (`stockState`) as SQL conditions, for the lists that
// pick blisters in the database: the 'Stock bajo' filter, the dashboard's 'Stock bajo' and the
// daily stock e-mail. stock-state.db.test.ts checks that both give every stock the same state.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { StockState } from '../../../domain/inventory';

/** Whether `stock` is in `state` under `threshold` (a number or a column read in the statement). */
export function stockStateSql(stock: SQLWrapper, state: StockState, threshold: SQLWrapper | number): SQL {
  switch (state) {
    case 'out':
      return sql`(${stock} <= 0)`;
    case 'low':
      return sql`(${stock} > 0 and ${stock} < ${threshold})`;
    case 'ok':
      return sql`(${stock} > 0 and ${stock} >= ${threshold})`;
  }
}

/** Whether `stock` is in any of `states`. */
export function stockStatesSql(stock: SQLWrapper, states: readonly StockState[], threshold: SQLWrapper | number): SQL {
  return sql`(${sql.join(
    states.map((state) => stockStateSql(stock, state, threshold)),
    sql` or `,
  )})`;
}
