// Server-side maintenance mode (architecture: deliberate departures). While the shop is in
// maintenance every API call answers 503, unless the caller is staff or holds a valid bypass
// token, or the route is one a visitor needs to get in or to check the state.
// Registered before the auth plugin, so the 503 comes before any 401/403 of the route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BYPASS_COOKIE, BYPASS_HEADER, DEFAULT_MAINTENANCE_MESSAGE, MAINTENANCE_CODE } from '../../domain/site';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { HEALTH_LIVE_PATH, HEALTH_READY_PATH } from '../modules/health/routes';
import { isValidBypassToken, readMaintenanceState } from '../modules/site/maintenance';
import { isAdmin, loadAuthUser } from '../modules/auth/caller';
import { verifyAccessToken } from '../modules/auth/tokens';
import { isApiRequest } from '../routed-path';

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
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRequest(request)) return;
      // The matched route's pattern, so no spelling of a path can pass for an open one.
      const route = request.routeOptions.url;
      if (route && ALWAYS_OPEN.has(withoutSlash(route))) return;
      const state = await readMaintenanceState(ctx);
      if (!state.maintenance_mode) return;
      if (await isValidBypassToken(ctx, bypassToken(request), state)) return;
      if (await isStaffCaller(ctx, request)) return;
      reply.header('retry-after', '300');
      throw new AppError(503, state.maintenance_message || DEFAULT_MAINTENANCE_MESSAGE, MAINTENANCE_CODE, undefined, {
        maintenance_message: state.maintenance_message,
      });
    });
  },
  { name: 'maintenance' },
);
