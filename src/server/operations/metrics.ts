// The Prometheus metrics of one server process: requests by route and status with their latency,
// the database pool, the read caches' hits and misses, and the mail outbox backlog (read when
// scraped). With several workers each keeps its own registry and the primary sums them
// (operations/cluster-metrics.ts); every metric says how it is combined.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';
import type { Database, DbOrTx } from '../db/client';

type PoolStats = ReturnType<NonNullable<Database['poolStats']>>;

export interface MetricsSource {
  ctx: AppContext;
  /** The e-mails queued and not delivered yet (the mail area's count), read when scraped. */
  mailBacklog: (db: DbOrTx) => Promise<number>;
  /** PostgreSQL's pool; PGlite has none. */
  poolStats?: Database['poolStats'];
  /** Process figures (CPU, memory, event loop delay): on for a server, off for tests that build many apps. */
  processMetrics?: boolean;
  /** Which worker this is (1..WEB_CONCURRENCY), 1 for a single process. */
  workerSlot?: number;
}

export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(source: MetricsSource): Metrics {
  const { ctx, poolStats, mailBacklog } = source;
  const registry = new Registry();
  if (source.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'shop_' });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const slot = String(source.workerSlot ?? 1);
  new Gauge({
    name: 'shop_worker_info',
    help: 'One series per worker process: its slot and pid',
    labelNames: ['slot', 'pid'],
    registers: [registry],
    collect() {
      this.reset();
      this.set({ slot, pid: String(process.pid) }, 1);
    },
  });
  const workerRequests = new Counter({
    name: 'shop_worker_http_requests_total',
    help: 'HTTP requests answered by each worker slot (how evenly the port is shared)',
    labelNames: ['slot'],
    registers: [registry],
  });

  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help: `${help} (summed over workers)`,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('shop_db_pool_connections', 'PostgreSQL connections open', (s) => s.total);
    poolGauge('shop_db_pool_idle_connections', 'PostgreSQL connections open and idle', (s) => s.idle);
    poolGauge('shop_db_pool_waiting_queries', 'Queries waiting for a free connection', (s) => s.waiting);
  }

  // The label values are published (dashboards and alerts read them): the catalog's keeps its
  // first spelling.
  const caches = Object.entries({
    catalogue: ctx.caches.catalog,
    order_counts: ctx.caches.orderCounts,
    order_pages: ctx.caches.orderPages,
    dashboard: ctx.caches.dashboard,
    settings: ctx.caches.settings,
    pages: ctx.caches.pages,
    dollar_rate: ctx.caches.dollarRate,
    product_lists: ctx.caches.productLists,
    product_searches: ctx.caches.productSearches,
  });
  new Counter({
    name: 'shop_cache_requests_total',
    help: 'Read cache lookups, answered from memory (hit) or by a load (miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, cache] of caches) {
        this.inc({ cache: name, result: 'hit' }, cache.stats.hits);
        this.inc({ cache: name, result: 'miss' }, cache.stats.misses);
      }
    },
  });
  new Gauge({
    name: 'shop_cache_hit_ratio',
    help: 'Share of read cache lookups answered from memory since the process started (averaged over workers)',
    labelNames: ['cache'],
    aggregator: 'average',
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, cache] of caches) {
        const total = cache.stats.hits + cache.stats.misses;
        if (total > 0) this.set({ cache: name }, cache.stats.hits / total);
      }
    },
  });
  new Gauge({
    name: 'shop_mail_outbox_backlog',
    help: 'E-mails queued and not delivered yet (one count for the whole shop)',
    // Every worker reads the same table.
    aggregator: 'max',
    registers: [registry],
    async collect() {
      try {
        this.set(await mailBacklog(ctx.db));
      } catch {
        // The database did not answer: the scrape still answers, with the last count.
      }
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      latency.observe(labels, seconds);
      workerRequests.inc({ slot });
    },
  };
}
