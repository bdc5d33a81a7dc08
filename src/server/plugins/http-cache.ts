// ETag and Cache-Control for API GETs. Answers depend on who asks (prices), so they vary by
// Authorization and are only publicly cacheable for anonymous callers.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../routed-path';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a public answer may be cached; routes without it are `no-store`. */
    cacheSeconds?: number;
  }
}

export default fp(async function httpCachePlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || !isApiRequest(request)) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    }
    const seconds = request.routeOptions.config?.cacheSeconds;
    if (seconds === undefined) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    reply.header('vary', 'Authorization, Accept-Encoding');
    reply.header('cache-control', request.user ? 'private, no-cache' : `public, max-age=${seconds}, stale-while-revalidate=${seconds * 5}`);
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});
