// Operations routes (issue 15): liveness and readiness, open in maintenance mode; /metrics in
// Prometheus format with requests, latency, pool, caches and the mail backlog, served only with
// METRICS_TOKEN or to direct callers on this machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { createAppContext } from '../../src/server/app-context';
import type { Database } from '../../src/server/db/client';
import { countUndeliveredMail, queueMail } from '../../src/server/modules/mail/service';
import { createMetrics } from '../../src/server/operations/metrics';
import { Readiness } from '../../src/server/operations/readiness';
import { isLoopbackAddress } from '../../src/server/plugins/metrics';
import { createTestDatabase, testConfig } from '../helpers/app';
import { createProduct } from '../helpers/factories';

const TOKEN = 'metrics-token-0123456789abcdef';

let database: Database;
let dataDir: string;
let readiness: Readiness;
let app: App;
let guarded: App;
let behindProxy: App;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'operations-'));
  const ctx = createAppContext(database.db, testConfig(dataDir, { catalogCacheMs: 60_000 }));
  readiness = new Readiness();
  readiness.markReady();
  const metrics = createMetrics({ ctx, mailBacklog: countUndeliveredMail, poolStats: database.poolStats });
  app = await buildApp(ctx, { logger: false, operations: { readiness, metrics, readMetrics: () => metrics.registry.metrics() } });
  const tokenCtx = createAppContext(database.db, testConfig(dataDir, { metricsToken: TOKEN }));
  guarded = await buildApp(tokenCtx, { logger: false });
  behindProxy = await buildApp(createAppContext(database.db, testConfig(dataDir, { trustProxy: ['127.0.0.1'] })), { logger: false });
});
afterAll(async () => {
  await app.close();
  await guarded.close();
  await behindProxy.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const scrape = async (target = app, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  target.inject({ method: 'GET', url: '/metrics', remoteAddress: options.remoteAddress ?? '127.0.0.1', headers: options.headers });

describe('liveness and readiness', () => {
  it('answer ok while the process serves, readiness 503 once shutdown began', async () => {
    const fresh = new Readiness();
    const ctx = createAppContext(database.db, testConfig(dataDir));
    const stopping = await buildApp(ctx, {
      logger: false,
      operations: { readiness: fresh, metrics: createMetrics({ ctx, mailBacklog: countUndeliveredMail }), readMetrics: async () => '' },
    });
    try {
      expect((await stopping.inject('/api/health/ready/')).json()).toEqual({ status: 'starting' });
      fresh.markReady();
      const ready = await stopping.inject('/api/health/ready/');
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
      expect(ready.headers['cache-control']).toBe('no-store');
      fresh.markStopping();
      fresh.markReady();
      const draining = await stopping.inject('/api/health/ready/');
      expect([draining.statusCode, draining.json()]).toEqual([503, { status: 'stopping' }]);
      const live = await stopping.inject('/api/health/live/');
      expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      await stopping.close();
    }
  });
});

describe('GET /metrics', () => {
  it('counts requests by route pattern and status with their latency, in Prometheus text', async () => {
    const product = await createProduct(database.db);
    await app.inject(`/api/products/${product.id}/`);
    await app.inject(`/api/products/${product.id}/`);
    await app.inject('/api/no-existe/');
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE shop_http_requests_total counter');
    expect(text).toContain('shop_http_requests_total{method="GET",route="/api/products/:id/",status_code="200"} 2');
    // Unknown paths share one series instead of one each.
    expect(text).toMatch(/shop_http_requests_total\{method="GET",route="(unmatched|\/\*)",status_code="404"\} 1/);
    expect(text).toContain('# TYPE shop_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /shop_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/products\/:id\/",status_code="200"\} 2/,
    );
    expect(text).toContain('shop_worker_info{slot="1",pid="');
  });

  it('shows each read cache’s hits and misses and its hit ratio', async () => {
    await app.inject('/api/products/');
    await app.inject('/api/products/');
    await app.inject('/api/products/');
    const text = (await scrape()).body;
    const hits = Number(/shop_cache_requests_total\{cache="catalogue",result="hit"\} (\d+)/.exec(text)?.[1]);
    const misses = Number(/shop_cache_requests_total\{cache="catalogue",result="miss"\} (\d+)/.exec(text)?.[1]);
    expect(hits).toBeGreaterThanOrEqual(2);
    expect(misses).toBeGreaterThanOrEqual(1);
    const ratio = Number(/shop_cache_hit_ratio\{cache="catalogue"\} ([\d.]+)/.exec(text)?.[1]);
    expect(ratio).toBeCloseTo(hits / (hits + misses), 5);
  });

  it('reads the outbox backlog when scraped', async () => {
    const backlog = async () => Number(/^shop_mail_outbox_backlog (\d+)$/m.exec((await scrape()).body)?.[1]);
    const before = await backlog();
    await queueMail(database.db, { to: 'cliente@test.local', subject: 'Hola', html: '<p>Hola</p>', text: 'Hola' });
    await queueMail(database.db, { to: 'cliente@test.local', subject: 'Hola', html: '<p>Hola</p>', text: 'Hola' });
    expect(await backlog()).toBe(before + 2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('shows the PostgreSQL pool', async () => {
    const text = (await scrape()).body;
    expect(text).toMatch(/^shop_db_pool_connections [1-9]\d*$/m);
    expect(text).toMatch(/^shop_db_pool_idle_connections \d+$/m);
    expect(text).toMatch(/^shop_db_pool_waiting_queries 0$/m);
  });

  it('without METRICS_TOKEN, serves only direct callers on this machine', async () => {
    for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      expect((await scrape(app, { remoteAddress: address })).statusCode, address).toBe(200);
    }
    // Private networks too are refused: Docker's port proxy makes outside callers arrive from one.
    for (const address of ['10.1.2.3', '172.17.0.1', '192.168.1.9', 'fd00::5', '203.0.113.5', '::ffff:8.8.8.8', '2001:db8::1']) {
      const res = await scrape(app, { remoteAddress: address });
      expect(res.statusCode, address).toBe(403);
      expect(res.json().error).toBe('Las métricas solo se sirven en esta máquina o con METRICS_TOKEN');
    }
    // A reverse proxy on this machine makes every visitor arrive from loopback.
    expect((await scrape(app, { headers: { 'x-forwarded-for': '203.0.113.5' } })).statusCode).toBe(403);
    expect((await scrape(app, { headers: { forwarded: 'for=203.0.113.5' } })).statusCode).toBe(403);
    expect((await scrape(behindProxy)).statusCode).toBe(403);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  it('with METRICS_TOKEN, asks every caller for it as a bearer token', async () => {
    const missing = await scrape(guarded);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.json().error).toBe('Token de métricas ausente o inválido');
    expect((await scrape(guarded, { headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await scrape(guarded, { headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const granted = await scrape(guarded, { remoteAddress: '203.0.113.5', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(granted.statusCode).toBe(200);
    expect(granted.body).toContain('shop_http_requests_total');
  });
});

describe('maintenance mode', () => {
  it('leaves liveness and readiness open while the API answers 503', async () => {
    // A database of its own: the maintenance state is kept a moment per database.
    const closedDatabase = await createTestDatabase();
    await closedDatabase.db.execute(sql`update site_settings set maintenance_mode = true where id = 1`);
    const closed = await buildApp(createAppContext(closedDatabase.db, testConfig(dataDir)), { logger: false });
    try {
      expect((await closed.inject('/api/products/')).statusCode).toBe(503);
      expect((await closed.inject('/api/health/live/')).statusCode).toBe(200);
      expect((await closed.inject('/api/health/ready/')).statusCode).toBe(200);
      expect((await closed.inject('/api/health/')).statusCode).toBe(200);
    } finally {
      await closed.close();
      await closedDatabase.close();
    }
  });
});
