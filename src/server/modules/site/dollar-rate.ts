// The dollar rate in force (table dollar_rate, row 1). Default 1000 when nothing was set.
import { eq } from 'drizzle-orm';
import { DEFAULT_DOLLAR_RATE } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { dollarRate } from '../../db/schema';

export async function getDollarRateValue(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: dollarRate.value }).from(dollarRate).where(eq(dollarRate.id, 1));
  return row && row.value > 0 ? row.value : DEFAULT_DOLLAR_RATE;
}
