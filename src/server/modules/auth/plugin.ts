// Who is calling: verifies the bearer access token, loads the user's current role from the
// database, and enforces each route's `config.access` ('public' | 'user' | 'staff'; 'operator'
// routes check their own bearer token) and, for staff routes, `config.permission`. The auth
// area's hooks, registered by app.ts before the routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { unauthorized } from '../../errors';
import { loadAuthUser, requirePermission, requireUser } from '../../security/caller';
import { verifyAccessToken } from '../../security/tokens';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

export default fp(async function authPlugin(app: FastifyInstance, opts: { db: Db; jwtSecret: string }) {
  app.decorateRequest('user', null);

  // A staff route without a permission would let every role through: refuse to build the app.
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'staff' && !route.config.permission) {
      throw new Error(`${String(route.method)} ${route.url}: a staff route must declare config.permission`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.access === 'operator') return;
    const token = bearerToken(request);
    if (token === null) return;
    const claims = token ? await verifyAccessToken(opts.jwtSecret, token) : null;
    if (!claims) throw unauthorized('Token inválido o expirado', 'TOKEN_INVALID');
    const user = await loadAuthUser(opts.db, claims);
    if (!user) throw unauthorized('Token inválido o expirado', 'TOKEN_INVALID');
    request.user = user;
  });

  // Role checks run before body parsing, so an anonymous caller learns nothing from validation.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    if (access === 'user') requireUser(request);
    if (access === 'staff') requirePermission(request, request.routeOptions.config.permission!);
  });
});
