// A real server for a test file: its own database (fresh PGlite, or a fresh database on the
// PostgreSQL server named by TEST_DATABASE_URL), migrated, listening on a free loopback port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { createAppContext, type AppContext } from '../../src/server/context';
import type { CounterStore } from '../../src/server/counters';
import type { Database } from '../../src/server/db/client';
import { createTestDatabase } from './database';
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
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  const database = await createTestDatabase();
  let fixedNow: Date | null = null;
  const now = () => fixedNow ?? new Date();
  const ctx = createAppContext(database.db, testConfig(dataDir, { databaseUrl: database.url, ...overrides }), now);
  let redisCounters: (CounterStore & { close(): Promise<void> }) | undefined;
  if (process.env.TEST_COUNTER_STORE === 'redis') redisCounters = await testRedisCounters(() => now().getTime());
  else if (process.env.TEST_COUNTER_STORE) throw new Error(`TEST_COUNTER_STORE: only 'redis' is known`);
  const app = await buildApp(ctx, { logger: process.env.TEST_LOG ? { level: 'error' } : false, counterStore: redisCounters });
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
