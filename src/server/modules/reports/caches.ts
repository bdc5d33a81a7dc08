// The reports' read caches (`ctx.caches.salesReports`, `ctx.caches.restockPlans`), made with the
// other areas' in server/app-context.ts: a report reads a year of orders' lines (100 ms of the
// database's time at 50,000 orders), and the owner moves between groupings and back. Exact: every
// write to orders clears both (and a catalog write the plan, which shows stock, costs and lead
// times), here and in every other process; the TTL only bounds what a process that missed a
// clearing keeps.
import type { RestockDto } from '../../../domain/restock';
import type { SalesReportDto } from '../../../domain/sales-report';
import { ReadCache } from '../../cache/read-cache';
import type { AppCaches } from '../../caches';

export const REPORTS_TTL_MS = 30_000;

/**
 * An answer as kept: the object, and its JSON written once, since writing a plan of 5,000
 * blisters (over a megabyte) cost each request more than the rest of it.
 */
export interface KeptAnswer<T> {
  dto: T;
  json: string;
}

export const keptAnswer = <T>(dto: T): KeptAnswer<T> => ({ dto, json: JSON.stringify(dto) });

declare module '../../caches' {
  interface AppCaches {
    /** Sales reports by period and grouping. */
    salesReports: ReadCache<KeptAnswer<SalesReportDto>>;
    /** Restock plans by cover days, brand, filter and minute. */
    restockPlans: ReadCache<KeptAnswer<RestockDto>>;
  }
}

export type ReportCaches = Pick<AppCaches, 'salesReports' | 'restockPlans'>;

export function createReportCaches(): ReportCaches {
  return {
    // A period and a grouping per key: an owner's session asks for a few dozen at most.
    salesReports: new ReadCache<KeptAnswer<SalesReportDto>>({ ttlMs: REPORTS_TTL_MS, maxEntries: 100 }),
    restockPlans: new ReadCache<KeptAnswer<RestockDto>>({ ttlMs: REPORTS_TTL_MS, maxEntries: 100 }),
  };
}
