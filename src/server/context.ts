// What every module receives: the database, the configuration, the clock, the read caches and
// the upload store.
import { createCaches, type AppCaches } from './caches';
import type { Config } from './config';
import type { Db } from './db/client';
import { uploadStorage, type Storage } from './modules/uploads/storage';

export interface AppContext {
  db: Db;
  config: Config;
  /** The current time; tests pass a controllable clock. */
  now: () => Date;
  caches: AppCaches;
  /** Uploaded and demo pictures: DATA_DIR/uploads, or the S3 bucket. */
  storage: Storage;
}

export function createAppContext(db: Db, config: Config, now: () => Date = () => new Date()): AppContext {
  return { db, config, now, caches: createCaches(config), storage: uploadStorage(config) };
}
