// Public brand (seed bank) reads: GET /api/brands/ and GET /api/brands/{id or slug}/.
import type { FastifyInstance } from 'fastify';
import { brandListQuerySchema, brandRefParamSchema } from '../../../domain/catalog';
import type { AppContext } from '../../context';
import { parse } from '../../http';
import { cachedJson, flatQuery } from '../catalog/routes';
import { viewerOf } from '../catalog/viewer';
import { getBrand, listBrands } from './service';

const publicGet = { config: { cacheSeconds: 60 } };

export default async function brandRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Every brand in one answer, in the list shape the other lists use.
  app.get('/api/brands/', publicGet, (request, reply) =>
    cachedJson(ctx, request, reply, async () => {
      const filter = parse(brandListQuerySchema, flatQuery(request));
      const results = await listBrands(ctx, viewerOf(request.user), filter);
      return { count: results.length, next: null, previous: null, results };
    }));

  app.get('/api/brands/:id/', publicGet, (request, reply) =>
    cachedJson(ctx, request, reply, async () => {
      const { id } = parse(brandRefParamSchema, request.params);
      return getBrand(ctx, viewerOf(request.user), id);
    }));
}
