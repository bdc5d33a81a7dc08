// The dashboard's read cache (`ctx.caches.dashboard`), made with the other areas' in
// server/app-context.ts.
import type { DashboardDto } from '../../../domain/dashboard';
import { ReadCache } from '../../cache/read-cache';

/** The dashboard: a dozen aggregates over months of orders. */
export const DASHBOARD_TTL_MS = 30_000;

declare module '../../caches' {
  interface AppCaches {
    dashboard: ReadCache<DashboardDto>;
  }
}

export const createDashboardCache = () => new ReadCache<DashboardDto>({ ttlMs: DASHBOARD_TTL_MS, maxEntries: 1 });
