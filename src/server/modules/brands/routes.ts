// Public brand (seed maker) reads: GET /api/brands/ and GET /api/brands/{id or slug}/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandDtoSchema, brandListQuerySchema, brandRefParamSchema, type BrandDto } from '../../../domain/catalog';
import { pageSchema, type Page } from '../../../domain/page';
import type { AppContext } from '../../context';
import { flattenQuery } from '../../http';
import { cachedJson, viewerOf } from '../catalog';
import { getBrand, listBrands } from './service';

const publicGet = { config: { cacheSeconds: 60 } };

export default async function brandRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', flattenQuery);

  // Every brand in one answer, in the list shape the other lists use.
  app.get(
    '/api/brands/',
    { ...publicGet, schema: { querystring: brandListQuerySchema, response: { 200: pageSchema(brandDtoSchema) } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<Page<BrandDto>> => {
        const results = await listBrands(ctx, viewerOf(request.user), request.query);
        return { count: results.length, next: null, previous: null, results };
      }),
  );

  app.get(
    '/api/brands/:id/',
    { ...publicGet, schema: { params: brandRefParamSchema, response: { 200: brandDtoSchema } } },
    (request, reply) =>
      cachedJson(ctx, request, reply, async (): Promise<BrandDto> => getBrand(ctx, viewerOf(request.user), request.params.id)),
  );
}
