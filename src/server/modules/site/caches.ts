// The shop settings' read cache (`ctx.caches.settings`), made with the other areas' in
// server/app-context.ts; read through site/settings.ts.
import { ReadCache } from '../../cache/read-cache';
import type { ShopSettings } from './settings';

/**
 * Every API request asks for the maintenance switch in it: a change shows everywhere within this
 * even without notifications.
 */
export const SETTINGS_TTL_MS = 1000;

declare module '../../caches' {
  interface AppCaches {
    settings: ReadCache<ShopSettings>;
  }
}

export const createSettingsCache = () => new ReadCache<ShopSettings>({ ttlMs: SETTINGS_TTL_MS, maxEntries: 1 });
