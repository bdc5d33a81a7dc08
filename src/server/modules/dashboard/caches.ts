// The dashboard's read cache, composed with the other areas' in server/caches.ts.
import type { DashboardDto } from '../../../domain/dashboard';
import { ReadCache } from '../../cache/read-cache';

/** The dashboard: a dozen aggregates over months of orders. */
export const DASHBOARD_TTL_MS = 30_000;

export const createDashboardCache = () => new ReadCache<DashboardDto>({ ttlMs: DASHBOARD_TTL_MS, maxEntries: 1 });
