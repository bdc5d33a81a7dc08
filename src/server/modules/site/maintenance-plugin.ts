// Server-side maintenance mode (architecture: deliberate departures). While the shop is in
// maintenance every API call answers 503, unless the caller is staff or holds a valid bypass
// token, or the route is one a visitor needs to get in or to check the state. The storefront's
// pages and the sitemap, which carry catalog data outside the API, are closed by the same rule:
// a page is then the bare app (which shows its maintenance page) with 503, the sitemap a 503.
// Registered before the auth plugin, so the 503 comes before any 401/403 of the route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BYPASS_COOKIE, BYPASS_HEADER, DEFAULT_MAINTENANCE_MESSAGE, MAINTENANCE_CODE } from '../../../domain/site';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { HEALTH_LIVE_PATH, HEALTH_READY_PATH } from '../../operations/readiness';
import { isValidBypassToken, readMaintenanceState } from './maintenance';
import { isAdmin, loadAuthUser } from '../../security/caller';
import { verifyAccessToken } from '../../security/tokens';
import { isApiRequest } from '../../routed-path';

declare module 'fastify' {
  interface FastifyRequest {
    /** A storefront page asked for while the shop is closed to the caller: served without data. */
    closedForMaintenance: boolean;
  }
}

/** The static-web plugin's page route and the sitemap: what leaves the API with catalog data. */
const PAGE_ROUTE = '/*';
const SITEMAP_ROUTE = '/sitemap.xml';
const RETRY_AFTER_SECONDS = '300';

const withoutSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

const ALWAYS_OPEN = new Set(
  [
    '/api/core/maintenance-status/',
    '/api/core/validate-bypass-password/',
    '/api/auth/login/',
    '/api/auth/refresh/',
    // Ending a session never needs the shop to be open.
    '/api/auth/logout/',
    '/api/health/',
    HEALTH_LIVE_PATH,
    HEALTH_READY_PATH,
    // The API description holds no data (docs/decisions/0010).
    '/api/openapi.json',
    '/api/docs/',
  ].map(withoutSlash),
);

function bypassToken(request: FastifyRequest): string {
  const header = request.headers[BYPASS_HEADER];
  if (typeof header === 'string' && header) return header;
  return request.cookies?.[BYPASS_COOKIE] ?? '';
}

async function isStaffCaller(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const claims = await verifyAccessToken(ctx.config.jwtSecret, match[1]);
  return claims !== null && isAdmin(await loadAuthUser(ctx.db, claims));
}

export default fp(
  async function maintenancePlugin(app: FastifyInstance, opts: { ctx: AppContext }) {
    const { ctx } = opts;
    app.decorateRequest('closedForMaintenance', false);
    app.addHook('onRequest', async (request, reply) => {
      // The matched route's pattern, so no spelling of a path can pass for an open one.
      const route = request.routeOptions.url;
      const api = isApiRequest(request);
      if (!api && route !== PAGE_ROUTE && route !== SITEMAP_ROUTE) return;
      if (api && route && ALWAYS_OPEN.has(withoutSlash(route))) return;
      const state = await readMaintenanceState(ctx);
      if (!state.maintenance_mode) return;
      if (await isValidBypassToken(ctx, bypassToken(request), state)) return;
      // A page request carries no bearer token: staff get the bare app, which signs them in and
      // shows them the shop through the API as before.
      if (await isStaffCaller(ctx, request)) return;
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      const message = state.maintenance_message || DEFAULT_MAINTENANCE_MESSAGE;
      if (route === PAGE_ROUTE && !api) {
        request.closedForMaintenance = true;
        return;
      }
      if (!api) return reply.status(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);
      throw new AppError(503, message, MAINTENANCE_CODE, undefined, { maintenance_message: state.maintenance_message });
    });
  },
  { name: 'maintenance' },
);
