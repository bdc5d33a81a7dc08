// What every module receives: the database, the configuration, the clock and the read caches.
import { createCaches, type AppCaches } from './cache/caches';
import type { Config } from './config';
import type { Db } from './db/client';

export interface AppContext {
  db: Db;
  config: Config;
  /** The current time; tests pass a controllable clock. */
  now: () => Date;
  caches: AppCaches;
}

export function createAppContext(db: Db, config: Config, now: () => Date = () => new Date()): AppContext {
  return { db, config, now, caches: createCaches(config) };
}
