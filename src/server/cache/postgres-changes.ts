// Cache clearing between the processes of one PostgreSQL database, with no other server: a change
// is published with NOTIFY (through the pool, after the write) and every process LISTENs on one
// dedicated connection of its own. When that connection drops, it reconnects with backoff and
// clears every cache on reconnecting (notifications sent meanwhile are lost); until then the
// caches' TTLs bound what a process can miss.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { CacheSharing } from './shared-changes';

export const CACHE_CHANNEL = 'shop_cache_changes';
/** How the listening connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'shop-cache-listener';
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5000;

export interface PostgresChanges {
  /** Resolves once the first attempt to listen has ended (listening, or retrying in the background). */
  started: Promise<void>;
  /** True while the listening connection is up. */
  listening(): boolean;
  close(): Promise<void>;
}

export function shareChangesThroughPostgres(options: { url: string; db: Db; sharing: CacheSharing; log: Logger }): PostgresChanges {
  const { url, db, sharing, log } = options;
  // A process ignores its own notifications: it cleared its caches before publishing.
  const origin = randomUUID();
  sharing.publishTo((change) => {
    db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${`${origin} ${change}`})`).catch((error: unknown) => {
      log.warn({ err: error, change }, 'cache change not published; other processes rely on their TTLs');
    });
  });

  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    retryTimer = null;
    const attempt = new pg.Client({
      connectionString: url,
      // A peer that vanished without closing (a cut network) is noticed in seconds, not hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === attempt) client = null;
      attempt.removeAllListeners('notification');
      attempt.end().catch(() => {});
      if (closed) return;
      log.warn({ err: error, retryMs }, 'cache change listener disconnected; reconnecting');
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
    };
    attempt.on('error', lose);
    attempt.on('end', () => lose());
    attempt.on('notification', (message) => {
      if (message.channel !== CACHE_CHANNEL || !message.payload) return;
      const [from, change] = message.payload.split(' ');
      if (from !== origin && change) sharing.receive(change);
    });
    try {
      await attempt.connect();
      await attempt.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (closed) {
      await attempt.end().catch(() => {});
      return;
    }
    client = attempt;
    retryMs = FIRST_RETRY_MS;
    // What changed while nobody listened (before the first connection too) is unknown.
    sharing.clearAll();
  };

  return {
    started: connect(),
    listening: () => client !== null,
    async close() {
      closed = true;
      sharing.publishTo(null);
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
