// Public catalogue reads: GET /api/products/… (spec storefront §7, accounts-admin §7 Products).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParamSchema, productListQuerySchema, relatedQuerySchema } from '../../../domain/catalog';
import type { AppContext } from '../../context';
import { paged, parse } from '../../http';
import { getBlister, getProduct, listOnSale, listProducts, productFacets, relatedProducts } from './service';
import { viewerOf } from './viewer';

/** Repeated params (`type=fem&type=auto`) read as one comma list, the API's list syntax. */
export function flatQuery(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
}

/**
 * Answers the JSON `produce` makes, kept in the catalogue micro-cache under the exact URL and the
 * kind of caller (answers differ only by that: prices, staff filters). Failures are not kept, so
 * a bad request is refused every time.
 */
export async function cachedJson(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, produce: () => Promise<unknown>) {
  const key = `${viewerOf(request.user)} ${request.url}`;
  const body = await ctx.caches.catalogue.get(key, async () => JSON.stringify(await produce()));
  return reply.type('application/json; charset=utf-8').send(body);
}

const publicGet = { config: { cacheSeconds: 60 } };

export default async function catalogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/products/', publicGet, (request, reply) =>
    cachedJson(ctx, request, reply, async () => {
      const query = parse(productListQuerySchema, flatQuery(request));
      const page = await listProducts(ctx, viewerOf(request.user), query);
      return paged(request, page.results, page.count, page.page, page.pageSize);
    }));

  app.get('/api/products/facets/', publicGet, (request, reply) =>
    cachedJson(ctx, request, reply, async () => {
      const query = parse(productListQuerySchema, flatQuery(request));
      return productFacets(ctx, viewerOf(request.user), query);
    }));

  app.get('/api/products/on-sale/', publicGet, (request, reply) =>
    cachedJson(ctx, request, reply, async () => {
      const query = parse(productListQuerySchema, flatQuery(request));
      const page = await listOnSale(ctx, viewerOf(request.user), query);
      return paged(request, page.results, page.count, page.page, page.pageSize);
    }));

  // Not cached: the cart reads the stock here right before adding a presentation.
  app.get('/api/products/blisters/:id/', publicGet, async (request) => {
    const { id } = parse(idParamSchema, request.params);
    return getBlister(ctx, viewerOf(request.user), id);
  });

  app.get('/api/products/:id/', publicGet, (request, reply) =>
    cachedJson(ctx, request, reply, async () => {
      const { id } = parse(idParamSchema, request.params);
      return getProduct(ctx, viewerOf(request.user), id);
    }));

  app.get('/api/products/:id/related/', publicGet, (request, reply) =>
    cachedJson(ctx, request, reply, async () => {
      const { id } = parse(idParamSchema, request.params);
      const { limit } = parse(relatedQuerySchema, flatQuery(request));
      const results = await relatedProducts(ctx, viewerOf(request.user), id, limit);
      return { count: results.length, next: null, previous: null, results };
    }));
}
