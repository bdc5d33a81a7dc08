// Public catalog reads: GET /api/products/… (spec storefront §7, accounts-admin §7 Products).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blisterDetailDtoSchema,
  productDtoSchema,
  productFacetsDtoSchema,
  productListQuerySchema,
  relatedQuerySchema,
  type ProductDto,
  type ProductFacetsDto,
} from '../../../domain/catalog';
import { idParamSchema, pageSchema, type Page } from '../../../domain/page';
import type { AppContext } from '../../context';
import { flattenQuery, paged } from '../../http';
import { readShopSettings } from '../site';
import { cachedJson } from './cached-json';
import { blisterWithCostFor, pageWithCostsFor, viewerOf, withCostsFor } from './viewer';
import { getBlister, getProduct, listOnSale, listProducts, productFacets, relatedProducts } from './service';

const publicGet = { config: { cacheSeconds: 60 } };
const productPageSchema = pageSchema(productDtoSchema);

/** The staff's 'Stock bajo' filter lists below the shop's threshold: read from the settings only for it. */
const lowStockThreshold = async (ctx: AppContext, query: { stockFilter?: string }) =>
  query.stockFilter === 'low-stock' ? (await readShopSettings(ctx)).low_stock_threshold : undefined;

export default async function catalogRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', flattenQuery);

  app.get(
    '/api/products/',
    { ...publicGet, schema: { querystring: productListQuerySchema, response: { 200: productPageSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<Page<ProductDto>> => {
        const page = await listProducts(ctx, viewerOf(request.user), request.query, await lowStockThreshold(ctx, request.query));
        return pageWithCostsFor(request.user, paged(request, page.results, page.count, page.page, page.pageSize));
      }),
  );

  app.get(
    '/api/products/facets/',
    { ...publicGet, schema: { querystring: productListQuerySchema, response: { 200: productFacetsDtoSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<ProductFacetsDto> =>
        productFacets(ctx, viewerOf(request.user), request.query, await lowStockThreshold(ctx, request.query)),
      ),
  );

  app.get(
    '/api/products/on-sale/',
    { ...publicGet, schema: { querystring: productListQuerySchema, response: { 200: productPageSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<Page<ProductDto>> => {
        const page = await listOnSale(ctx, viewerOf(request.user), request.query, await lowStockThreshold(ctx, request.query));
        return pageWithCostsFor(request.user, paged(request, page.results, page.count, page.page, page.pageSize));
      }),
  );

  // Not cached: the cart reads the stock here right before adding a blister.
  app.get(
    '/api/products/blisters/:id/',
    { ...publicGet, schema: { params: idParamSchema, response: { 200: blisterDetailDtoSchema } } },
    async (request) => blisterWithCostFor(request.user, await getBlister(ctx, viewerOf(request.user), request.params.id)),
  );

  app.get(
    '/api/products/:id/',
    { ...publicGet, schema: { params: idParamSchema, response: { 200: productDtoSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<ProductDto> =>
        withCostsFor(request.user, await getProduct(ctx, viewerOf(request.user), request.params.id)),
      ),
  );

  app.get(
    '/api/products/:id/related/',
    { ...publicGet, schema: { params: idParamSchema, querystring: relatedQuerySchema, response: { 200: productPageSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<Page<ProductDto>> => {
        const results = await relatedProducts(ctx, viewerOf(request.user), request.params.id, request.query.limit);
        return pageWithCostsFor(request.user, { count: results.length, next: null, previous: null, results });
      }),
  );
}
