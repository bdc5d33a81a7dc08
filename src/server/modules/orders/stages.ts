// The lifecycle's stages (domain/order-lifecycle.ts) as SQL conditions, built from the same
// table the domain reads, so the job, the pending cap, the lists and the dashboard count exactly
// what the rules say.
import { sql, type SQL } from 'drizzle-orm';
import { STAGE_FACTS, type OrderStage } from '../../../domain/order-lifecycle';

/**
 * The condition on an order row for these stages; `table` is how the query names the orders
 * table (an alias in the dashboard's SQL). Every value comes from STAGE_FACTS, never from input.
 */
export function inStages(stages: readonly OrderStage[], table = '"orders"'): SQL {
  if (stages.length === 0) return sql`false`;
  const one = (stage: OrderStage) => {
    const facts = STAGE_FACTS[stage];
    const parts = [`${table}."status" = '${facts.status}'`];
    if (facts.paid !== undefined) parts.push(`${table}."paid_at" is ${facts.paid ? 'not ' : ''}null`);
    if (facts.shipped !== undefined) parts.push(`${table}."shipped_at" is ${facts.shipped ? 'not ' : ''}null`);
    return `(${parts.join(' and ')})`;
  };
  return sql.raw(`(${stages.map(one).join(' or ')})`);
}
