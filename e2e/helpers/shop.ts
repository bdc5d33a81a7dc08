// The set-up every browser test file shares: the built app served on a fresh database of the
// file's own, and the worker's headless Chromium, in which the file opens its own contexts.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../../src/server/config';
import { startTestServer, type TestServer } from '../../tests/helpers/app';
import { createTestDatabase, stateStatements } from '../../tests/helpers/database';
import { newPage, workerChromium } from './browser';
import { logIn } from './login';

type PageOptions = NonNullable<Parameters<typeof newPage>[2]> & {
  /** Signed in as this user (see `logIn`). */
  as?: { id: number };
};

export interface Shop {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh browser context on the server (see `newPage` in ./browser), signed in with `as`. */
  newPage(options?: PageOptions): ReturnType<typeof newPage>;
  /** Signs `user` in on the context without the login form (./login): its next page load has the session. */
  logIn(context: BrowserContext, user: { id: number }): Promise<void>;
  /** What the database holds now, as statements that put it back (on PGlite; else undefined). */
  databaseState(): Promise<string | undefined>;
  /** Closes the server and the file's contexts, and starts a new server on a database put to `state`. */
  restartFrom(state: string): Promise<void>;
}

/**
 * Registers the file's server and browser: they are ready in a `beforeAll` that runs before the
 * file's own (so those can seed data). After the file's last test the server closes, and so do
 * the contexts the file opened; Chromium stays for the worker's next file. Read `server` and
 * `browser` inside hooks and tests, once they exist.
 */
export function useShop(config: Partial<Config> = {}): Shop {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the ${name} is not started yet: use it inside a hook or a test`);
    return value;
  };

  beforeAll(async () => {
    const launching = workerChromium();
    server = await startTestServer(config);
    browser = await launching;
  });
  const closeContexts = async () => {
    // A worker runs one file at a time: every context open now is this file's.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  };
  afterAll(async () => {
    await closeContexts();
    await server?.close();
  });

  // In CI a failed test runs once more (vitest.e2e.config.ts). Its data is often fixed (a user
  // named lucas_m), so the retry starts where the first try did: on a new server, with nothing
  // in memory, over the database as it was before the first try.
  let before: string | undefined;
  beforeEach(async ({ task }) => {
    if (!task.retry) return;
    if (task.result?.retryCount && before) await shop.restartFrom(before);
    else before = await shop.databaseState();
  });

  const shop: Shop = {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async newPage({ as, ...options } = {}) {
      const opened = await newPage(this.browser, this.server.url, options);
      if (as) await logIn(this.server, opened.context, as);
      return opened;
    },
    logIn(context, user) {
      return logIn(this.server, context, user);
    },
    async databaseState() {
      const pglite = this.server.database.pglite;
      return pglite ? stateStatements(pglite) : undefined;
    },
    async restartFrom(state) {
      await closeContexts();
      await server?.close();
      server = undefined;
      const database = await createTestDatabase();
      try {
        await database.pglite!.exec(state);
        server = await startTestServer(config, database);
      } catch (error) {
        await database.close();
        throw error;
      }
    },
  };
  return shop;
}
