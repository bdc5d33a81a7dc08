// Staff writes that set a presentation's stock outside orders (the catalogue import) report them
// here, inside the write's transaction, so that what follows a restock (such as telling the
// customers who asked to be notified) has one place to hook into.
import type { Tx } from '../../db/client';

export interface StockWrite {
  blister_id: number;
  product_id: number;
  /** Available units before and after the write. */
  before: number;
  after: number;
}

/** Presentations whose stock went from 0 to more: the restocks among `writes`. */
export const restocked = (writes: StockWrite[]) => writes.filter((w) => w.before <= 0 && w.after > 0);

export async function presentationStockWritten(_tx: Tx, writes: StockWrite[], _now: Date): Promise<void> {
  if (writes.length === 0) return;
  // Nothing else reacts to a stock write yet.
}
