// Catalog answers kept in the catalog micro-cache (decision 0001): the product and brand
// reads share it, and every catalog write clears it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { seesCosts, viewerOf } from './viewer';

/**
 * Answers the JSON `produce` makes, kept in the catalog micro-cache under the exact URL and the
 * kind of caller (answers differ only by that: prices, staff filters, costs). Failures are not kept, so
 * a bad request is refused every time.
 */
export async function cachedJson<T>(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, produce: () => Promise<T>) {
  const key = `${viewerOf(request.user)}${seesCosts(request.user) ? '+costs' : ''} ${request.url}`;
  const body = await ctx.caches.catalog.get(key, async () => JSON.stringify(await produce()));
  return reply.type('application/json; charset=utf-8').send(body);
}
