// The maintenance switch's read cache (`ctx.caches.maintenance`), made with the other areas' in
// server/app-context.ts.
import { ReadCache } from '../../cache/read-cache';

/** What every API request asks: is the shop in maintenance, and which bypass tokens still hold. */
export interface MaintenanceState {
  maintenance_mode: boolean;
  maintenance_message: string | null;
  /** Fingerprint of the bypass password hash, null when none is set; tokens carry it. */
  bypass_fingerprint: string | null;
}

/** The maintenance switch, asked for by every API request: a toggle shows everywhere within this even without notifications. */
export const MAINTENANCE_TTL_MS = 1000;

declare module '../../caches' {
  interface AppCaches {
    maintenance: ReadCache<MaintenanceState>;
  }
}

export const createMaintenanceCache = () => new ReadCache<MaintenanceState>({ ttlMs: MAINTENANCE_TTL_MS, maxEntries: 1 });
