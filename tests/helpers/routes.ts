// Every route an app registers, read from the router as it is built, so tests that sweep all
// routes (authorization matrix, fuzzing) cannot forget a new one.
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's `config.access`: 'public', 'user' or 'staff'. */
  access: string;
  /** The route's `config.permission` (staff routes), if it declares one. */
  permission: string | undefined;
  /** The status codes its `schema.response` declares. */
  declaredStatuses: string[];
  /** The status codes its handler sets (`reply.status(201)`, `reply.code(204)`), read from the
   * handler's source; 200 where it sets none. */
  sentStatuses: string[];
}

function sentStatuses(handler: unknown): string[] {
  const source = typeof handler === 'function' ? handler.toString() : '';
  const codes = [...source.matchAll(/\.(?:status|code)\((\d{3})\)/g)].map((m) => m[1]);
  return codes.length ? [...new Set(codes)] : ['200'];
}

/**
 * Runs `build` (which builds one Fastify app) and returns what it built together with the
 * app's routes, one per method and URL pattern.
 */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ result: T; routes: RegisteredRoute[] }> {
  // Fastify publishes every new instance on this channel before any plugin or route is added
  // (documented in Fastify's Hooks reference), so an onRoute hook sees each route as it is built.
  const collected: RegisteredRoute[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        collected.push({
          method: String(method).toUpperCase(),
          url: route.url,
          access: route.config?.access ?? 'public',
          permission: route.config?.permission,
          declaredStatuses: Object.keys((route.schema?.response as object | undefined) ?? {}),
          sentStatuses: sentStatuses(route.handler),
        });
      }
    });
  };
  channel.subscribe(onInit);
  let result: T;
  try {
    result = await build();
  } finally {
    channel.unsubscribe(onInit);
  }
  const routes = collected.filter((r, i) => collected.findIndex((o) => o.method === r.method && o.url === r.url) === i);
  return { result, routes };
}

/** A concrete URL for a route pattern: every parameter becomes `value` (an id that matches nothing by default). */
export function concreteUrl(url: string, value = '999999999'): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, value).replace(/\*/g, 'x');
}

export const routeLabel = (r: RegisteredRoute) => `${r.method} ${r.url}`;
