// Which path a request reached, as the router saw it. Plugins decide on this, never on the raw
// URL: one path has many spellings (`/%61pi/`, `/api/%6frders/`) and the router decodes them all.
import type { FastifyRequest } from 'fastify';

/** The static-web plugin's catch-all route: matching it says nothing about the path. */
const CATCH_ALL = '/*';

/** The URL's path, percent-decoded the way the router reads it (the raw path when malformed). */
export function decodedPath(url: string): string {
  const raw = url.split('?')[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The matched route's pattern (`/api/products/:id/`), else the decoded path. */
export function routedPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  return route && route !== CATCH_ALL ? route : decodedPath(request.url);
}

/** A request for an API route, or for an unknown path under /api/, however it was spelled. */
export function isApiRequest(request: FastifyRequest): boolean {
  return routedPath(request).startsWith('/api/');
}
