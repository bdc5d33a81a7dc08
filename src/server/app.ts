// buildApp: the whole server as a Fastify instance, without listening. Reads as a table of
// contents: cross-cutting plugins first, then one plugin per area.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyHttpOptions, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_CONNECTION_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, type TrustProxy } from './config';
import { backgroundSettled } from './background';
import { shareChangesThroughPostgres } from './cache/postgres-changes';
import type { AppContext } from './context';
import { createCounterStore, type CounterStore } from './counters';
import { serializerCompiler, validatorCompiler } from './http';
import adminCatalogRoutes from './modules/admin-catalog/routes';
import authRoutes from './modules/auth/routes';
import unsubscribeRoutes from './modules/auth/unsubscribe';
import brandRoutes from './modules/brands/routes';
import catalogRoutes from './modules/catalog/routes';
import dashboardRoutes from './modules/dashboard/routes';
import healthRoutes from './modules/health/routes';
import uploadRoutes from './modules/uploads/routes';
import { orderRoutes, revenueByCoupon } from './modules/orders';
import { couponRoutes } from './modules/coupons';
import siteRoutes from './modules/site/routes';
import shippingRoutes from './modules/shipping/routes';
import userRoutes from './modules/users/routes';
import activityRoutes from './modules/activity/routes';
import warrantyRoutes from './modules/warranty/routes';
import legalRoutes from './modules/legal/routes';
import seoRoutes from './modules/seo/routes';
import stockAlertRoutes from './modules/stock-alerts/routes';
import { purchasingRoutes } from './modules/purchasing';
import { reportRoutes } from './modules/reports';
import { cartRoutes, reorderRoutes } from './modules/cart';
import { pageHeadRenderer } from './modules/seo/service';
import { storefrontPageVariant } from './modules/site/maintenance';
import apiDocsPlugin from './plugins/api-docs';
import authPlugin from './modules/auth/plugin';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import httpCachePlugin from './plugins/http-cache';
import rateLimitPlugin from './plugins/rate-limit';
import requestLogPlugin from './plugins/request-log';
import securityHeadersPlugin from './plugins/security-headers';
import { readStartScript } from './plugins/inline-start';
import maintenancePlugin from './modules/site/maintenance-plugin';
import metricsPlugin from './plugins/metrics';
import { createMetrics, type Metrics } from './operations/metrics';
import { countUndeliveredMail } from './modules/mail/service';
import { Readiness } from './operations/readiness';
import staticWebPlugin from './plugins/static-web';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** A logger made before the app (main.ts logs the start-up steps with it). */
  loggerInstance?: FastifyBaseLogger;
  /** Where rate limits count, owned by the caller; by default the configuration picks one (counters/index.ts). */
  counterStore?: CounterStore;
  /** The server process's readiness and metrics; an app built alone is ready and counts for itself. */
  operations?: Operations;
}

export interface Operations {
  readiness: Readiness;
  metrics: Metrics;
  /** The /metrics text: this process's registry, or the whole process group's. */
  readMetrics: () => Promise<string>;
}

/**
 * Fastify treats a bare hop count as "trust nobody" (it cannot check the nearest peer), so a
 * count becomes a function trusting that many hops from the socket inwards. It suits a server
 * reachable only through its proxies, as the default HOST (loopback) is; else list the proxies.
 */
function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
  return trust;
}

/**
 * Slow clients: Fastify's requestTimeout of 0 would also switch off Node's own limit, leaving a
 * body that stops arriving to hold its socket for ever. Node answers an overdue request 408
 * (clientErrorHandler) when it next checks its connections, so it checks often enough for the
 * limit to hold within a quarter of it; the head must come within the same limit (at most 60 s).
 */
function timeoutOptions(config: AppContext['config']): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'connectionTimeout' | 'http'> {
  const requestTimeout = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    connectionTimeout: config.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeout / 4)),
    },
  };
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? { level: ctx.config.logLevel } }),
    // plugins/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(ctx.config),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  const metrics = options.operations?.metrics ?? createMetrics({ ctx, mailBacklog: countUndeliveredMail });
  const readiness = options.operations?.readiness ?? new Readiness('ready');
  // Route schemas are the domain's zod schemas (src/server/http.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Work some requests finish after their reply (background.ts) ends before the database closes.
  app.addHook('onClose', backgroundSettled);
  if (ctx.config.databaseUrl) {
    // Other processes on the same database drop their caches when this one writes, and back.
    const changes = shareChangesThroughPostgres({ url: ctx.config.databaseUrl, db: ctx.db, sharing: ctx.caches.sharing, log: app.log });
    app.addHook('onClose', () => changes.close());
    await changes.started;
  }
  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, {
    metrics,
    token: ctx.config.metricsToken,
    behindProxy: ctx.config.trustProxy !== false,
    read: options.operations?.readMetrics ?? (() => metrics.registry.metrics()),
  });
  // Written into the pages, and allowed by its hash in their Content-Security-Policy.
  const startScript = readStartScript(ctx.config.webDir);
  await app.register(securityHeadersPlugin, { publicUrl: ctx.config.publicUrl, scriptHashes: startScript ? [startScript.hash] : [] });
  await app.register(cookie);
  await app.register(maintenancePlugin, { ctx });
  await app.register(authPlugin, { db: ctx.db, jwtSecret: ctx.config.jwtSecret });
  await app.register(httpCachePlugin);
  const counters = options.counterStore ?? (await createCounterStore(ctx, app.log));
  // A Redis connection would keep the process alive after the server closed.
  if (!options.counterStore) app.addHook('onClose', async () => counters.close?.());
  await app.register(rateLimitPlugin, { limits: ctx.config.rateLimits, store: counters });
  await app.register(compress, { threshold: 1024 });
  // Before the routes, which it collects as they are added.
  await app.register(apiDocsPlugin);

  // The disk store creates its folder, the S3 store checks its bucket: a wrong setting stops the
  // start instead of failing each upload.
  await ctx.storage.prepare();
  app.addHook('onClose', () => ctx.storage.close());

  await app.register(healthRoutes, { db: ctx.db, readiness });
  await app.register(authRoutes, { ctx });
  await app.register(unsubscribeRoutes, { ctx });
  await app.register(brandRoutes, { ctx });
  await app.register(catalogRoutes, { ctx });
  await app.register(uploadRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(reorderRoutes, { ctx });
  await app.register(couponRoutes, { ctx, revenue: revenueByCoupon });
  await app.register(siteRoutes, { ctx });
  await app.register(shippingRoutes, { ctx });
  await app.register(warrantyRoutes, { ctx });
  await app.register(legalRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(activityRoutes, { ctx });
  await app.register(adminCatalogRoutes, { ctx });
  await app.register(stockAlertRoutes, { ctx });
  await app.register(purchasingRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(cartRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });

  await app.register(seoRoutes, { ctx });
  await app.register(staticWebPlugin, {
    uploads: ctx.storage,
    webDir: ctx.config.webDir,
    renderer: ctx.config.webRenderer,
    pageHead: pageHeadRenderer(ctx),
    pageCaching: { pages: ctx.caches.pages, variant: () => storefrontPageVariant(ctx) },
    startScript,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
