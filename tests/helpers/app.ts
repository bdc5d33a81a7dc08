// A real server for a test file: its own database (fresh PGlite, or a fresh database on the
// PostgreSQL server named by TEST_DATABASE_URL), migrated, listening on a free loopback port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { createAppContext } from '../../src/server/app-context';
import type { AppContext } from '../../src/server/context';
import type { CounterStore } from '../../src/server/counters';
import { openPostgres, type Database } from '../../src/server/db/client';
import { createTestDatabase, lendTestDatabase, type TestDatabase } from './database';
import { testRedisCounters } from './redis';

export { createTestDatabase };

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const webDir = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    redisUrl: undefined,
    redisKeyPrefix: 'tienda:',
    dataDir,
    smtpUrl: undefined,
    mailFrom: 'Semillas del Sur <no-reply@test.local>',
    shopEmail: 'tienda@test.local',
    contactEmail: 'tienda@test.local',
    publicUrl: 'http://localhost:3000',
    adminEmail: undefined,
    adminPassword: undefined,
    seedDemo: false,
    jwtSecret: TEST_JWT_SECRET,
    dollarRateUrl: 'http://127.0.0.1:9/unused',
    whatsappNumber: '5491100000000',
    pendingOrderDays: 7,
    maxPendingOrders: 3,
    logLevel: 'silent',
    trustProxy: false,
    argon2: { memoryCost: 1024, timeCost: 1 },
    runJobs: false,
    webConcurrency: 1,
    databasePoolSize: 10,
    shutdownTimeoutMs: 8000,
    metricsToken: undefined,
    webDir,
    // The server renderer of the first views is a build product: the browser tests, which run
    // against the built app, turn it on (vitest.e2e.config.ts).
    webRenderer: process.env.TEST_RENDER_PAGES === 'true' ? path.join(`${webDir}-ssr`, 'entry-server.js') : null,
    ...overrides,
  };
}

export interface TestServer {
  app: App;
  ctx: AppContext;
  database: Database;
  url: string;
  /** Moves the server's clock; `null` goes back to the real time. */
  setNow(date: Date | null): void;
  close(): Promise<void>;
}

/**
 * The server counts its rate limits where production would with its database: in PostgreSQL when
 * the test database is on a server, in memory on PGlite. TEST_COUNTER_STORE=redis (with
 * TEST_REDIS_URL) counts them in Redis instead, under a key prefix of the server's own.
 */
export async function startTestServer(overrides: Partial<Config> = {}, given?: TestDatabase): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  // Without a database given, the worker's PGlite put back to the template when it is free (a copy
  // of the template's folder otherwise): a copy costs over a second of CPU, the loan milliseconds.
  const database = given ?? (await lendTestDatabase());
  let fixedNow: Date | null = null;
  const now = () => fixedNow ?? new Date();
  const ctx = createAppContext(database.db, testConfig(dataDir, { databaseUrl: database.url, ...overrides }), now);
  let redisCounters: (CounterStore & { close(): Promise<void> }) | undefined;
  if (process.env.TEST_COUNTER_STORE === 'redis') redisCounters = await testRedisCounters(() => now().getTime());
  else if (process.env.TEST_COUNTER_STORE) throw new Error(`TEST_COUNTER_STORE: only 'redis' is known`);
  const app = await buildApp(ctx, { logger: process.env.TEST_LOG ? { level: 'error' } : false, counterStore: redisCounters }).catch(
    async (error: unknown) => {
      // A server that does not start gives its database back (a test may expect the refusal).
      if (!given) await database.close();
      throw error;
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    ctx,
    database,
    url: `http://127.0.0.1:${port}`,
    setNow(date) {
      fixedNow = date;
    },
    async close() {
      await app.close();
      await redisCounters?.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server of a test file (or of a describe block, called inside one): started in a beforeAll
 * and closed in an afterAll registered where this is called, so call it before the hooks that use
 * the server. Returns a handle whose properties reach the running server; using it before the
 * beforeAll ran, or after the server closed, throws. `close()` stops the server early; the afterAll
 * then has nothing to do. `overrides` may be a function when they are only known once an earlier
 * beforeAll has run (a stand-in service's port, a temporary folder made there).
 *
 * Several servers, a server started inside a test, or one whose start must be ordered differently
 * still use startTestServer.
 */
export function useTestServer(overrides: Partial<Config> | (() => Partial<Config>) = {}): TestServer {
  let running: TestServer | undefined;
  let state: 'waiting' | 'running' | 'closed' = 'waiting';
  const current = (): TestServer => {
    if (running) return running;
    throw new Error(
      state === 'closed'
        ? 'useTestServer: the server is closed'
        : "useTestServer: the server is not running; it starts in the file's beforeAll, so reach it from hooks and tests",
    );
  };
  beforeAll(async () => {
    // The worker's database, put back to the template (./database.ts: lendTestDatabase).
    const database = await lendTestDatabase();
    running = await startTestServer(typeof overrides === 'function' ? overrides() : overrides, database).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    state = 'running';
  });
  afterAll(() => handle.close());
  const handle: TestServer = {
    get app() {
      return current().app;
    },
    get ctx() {
      return current().ctx;
    },
    get database() {
      return current().database;
    },
    get url() {
      return current().url;
    },
    setNow(date) {
      current().setNow(date);
    },
    async close() {
      const server = running;
      running = undefined;
      state = 'closed';
      await server?.close();
    },
  };
  return handle;
}

export interface SecondProcess {
  database: Database;
  ctx: AppContext;
}

/**
 * A second server process on the test server's PostgreSQL database, for what two processes do at
 * once: its own pool of `poolSize` on the same database, its own context on the server's config and
 * clock. Opened in a beforeAll and closed in an afterAll registered where this is called (after
 * useTestServer, in a block that runs only with TEST_DATABASE_URL).
 */
export function useSecondProcess(server: TestServer, poolSize: number): SecondProcess {
  let open: SecondProcess | undefined;
  beforeAll(() => {
    const url = (server.database as TestDatabase).url;
    if (!url) throw new Error('useSecondProcess: the test database is not on PostgreSQL');
    const database = openPostgres(url, poolSize);
    open = { database, ctx: createAppContext(database.db, server.ctx.config, () => server.ctx.now()) };
  });
  afterAll(() => open?.database.close());
  const current = (): SecondProcess => {
    if (open) return open;
    throw new Error('useSecondProcess: it opens in a beforeAll, so reach it from hooks and tests');
  };
  return {
    get database() {
      return current().database;
    },
    get ctx() {
      return current().ctx;
    },
  };
}

/** fetch against the test server with JSON in and out. */
export async function api(
  server: TestServer,
  method: string,
  urlPath: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${server.url}${urlPath}`, { method, headers, body });
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}
