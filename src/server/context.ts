// What every module receives: the database, the configuration and the clock.
import type { Config } from './config';
import type { Db } from './db/client';

export interface AppContext {
  db: Db;
  config: Config;
  /** The current time; tests pass a controllable clock. */
  now: () => Date;
}
