// The read caches of one app (`ctx.caches`), as every area sees them. The infrastructure names
// only what is not an area's: the server-rendered pages and the kinds of change. Each area adds
// its own caches to this interface in its caches.ts (`declare module '../../caches'`, as plugins
// add to Fastify's types), and app-context.ts, at the top, makes them and says which kind of
// change clears which. Each `…Changed()` clears this process's caches at once and, when several
// processes share a PostgreSQL database, every other process's within milliseconds
// (cache/shared-changes.ts: any `…Changed()` and any cache it clears is shared without more code).
// The TTLs bound staleness when a notification is lost (the listening connection down): keep them
// short where staleness matters.
import type { PageCache } from './cache/page-cache';
import type { CacheSharing } from './cache/shared-changes';

export interface AppCaches {
  /** Server-rendered pages for guests and signed-in visitors (none holds a price), kept as long as the catalog's answers. */
  pages: PageCache;
  /** After products, blisters, brands, stock or the dollar rate changed. */
  catalogChanged(): void;
  /** After any write to orders has ended (committed, or failed with an unknown outcome): orders move stock. */
  ordersChanged(): void;
  /**
   * After site_settings changed (any of the shop's settings: site/settings.ts keeps them); pages
   * carry the maintenance state and the contact channels.
   */
  settingsChanged(): void;
  /** How the clearing reaches other processes. */
  sharing: CacheSharing;
}
