// What every module receives: the database, the configuration, the clock, the read caches and
// the upload store. Made by createAppContext (app-context.ts), which composes the areas' caches.
import type { AppCaches } from './caches';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Storage } from './storage';

export interface AppContext {
  db: Db;
  config: Config;
  /** The current time; tests pass a controllable clock. */
  now: () => Date;
  caches: AppCaches;
  /** Uploaded and demo pictures: DATA_DIR/uploads, or the S3 bucket. */
  storage: Storage;
}
