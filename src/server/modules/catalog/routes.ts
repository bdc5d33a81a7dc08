// Public catalogue reads: GET /api/products/… (spec storefront §7, accounts-admin §7 Products).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blisterDetailDtoSchema,
  idParamSchema,
  pageSchema,
  productDtoSchema,
  productFacetsDtoSchema,
  productListQuerySchema,
  relatedQuerySchema,
  type Page,
  type ProductDto,
  type ProductFacetsDto,
} from '../../../domain/catalog';
import type { AppContext } from '../../context';
import { paged } from '../../http';
import { getBlister, getProduct, listOnSale, listProducts, productFacets, relatedProducts } from './service';
import { viewerOf } from './viewer';

/** Repeated params (`type=fem&type=auto`) read as one comma list, the API's list syntax. */
export function flatQuery(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
}

/** A preValidation hook: the routes' query schemas read the comma lists of `flatQuery`. */
export async function flattenQuery(request: FastifyRequest) {
  request.query = flatQuery(request);
}

/**
 * Answers the JSON `produce` makes, kept in the catalogue micro-cache under the exact URL and the
 * kind of caller (answers differ only by that: prices, staff filters). Failures are not kept, so
 * a bad request is refused every time.
 */
export async function cachedJson<T>(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, produce: () => Promise<T>) {
  const key = `${viewerOf(request.user)} ${request.url}`;
  const body = await ctx.caches.catalogue.get(key, async () => JSON.stringify(await produce()));
  return reply.type('application/json; charset=utf-8').send(body);
}

const publicGet = { config: { cacheSeconds: 60 } };
const productPageSchema = pageSchema(productDtoSchema);

export default async function catalogRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', flattenQuery);

  app.get(
    '/api/products/',
    { ...publicGet, schema: { querystring: productListQuerySchema, response: { 200: productPageSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<Page<ProductDto>> => {
        const page = await listProducts(ctx, viewerOf(request.user), request.query);
        return paged(request, page.results, page.count, page.page, page.pageSize);
      }),
  );

  app.get(
    '/api/products/facets/',
    { ...publicGet, schema: { querystring: productListQuerySchema, response: { 200: productFacetsDtoSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<ProductFacetsDto> => productFacets(ctx, viewerOf(request.user), request.query)),
  );

  app.get(
    '/api/products/on-sale/',
    { ...publicGet, schema: { querystring: productListQuerySchema, response: { 200: productPageSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<Page<ProductDto>> => {
        const page = await listOnSale(ctx, viewerOf(request.user), request.query);
        return paged(request, page.results, page.count, page.page, page.pageSize);
      }),
  );

  // Not cached: the cart reads the stock here right before adding a presentation.
  app.get(
    '/api/products/blisters/:id/',
    { ...publicGet, schema: { params: idParamSchema, response: { 200: blisterDetailDtoSchema } } },
    async (request) => getBlister(ctx, viewerOf(request.user), request.params.id),
  );

  app.get(
    '/api/products/:id/',
    { ...publicGet, schema: { params: idParamSchema, response: { 200: productDtoSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<ProductDto> => getProduct(ctx, viewerOf(request.user), request.params.id)),
  );

  app.get(
    '/api/products/:id/related/',
    { ...publicGet, schema: { params: idParamSchema, querystring: relatedQuerySchema, response: { 200: productPageSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<Page<ProductDto>> => {
        const results = await relatedProducts(ctx, viewerOf(request.user), request.params.id, request.query.limit);
        return { count: results.length, next: null, previous: null, results };
      }),
  );
}
