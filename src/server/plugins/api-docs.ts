// The API description, generated from the routes' zod schemas: OpenAPI at /api/openapi.json and a
// plain reference page rendered from it at /api/docs/. Both are public (docs/decisions/0010).
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorComponents } from './api-errors';
import { accessOf, operationIdOf, summaryOf, withErrorResponses } from './api-operations';
import { renderReference, type OpenApiDocument } from './api-reference';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs/';

export default fp(
  async function apiDocsPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'API de la tienda de semillas',
          version: '1',
          description:
            'JSON con nombres snake_case; errores `{ error, code?, errors?: { campo: [mensaje] } }`; listas `{ count, next, previous, results }`.',
        },
        servers: [{ url: '/', description: 'Esta tienda' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, ...errorComponents },
      },
      // Every operation's error answers, derived from what it declares (api-operations.ts).
      transformObject: (input) => ('openapiObject' in input ? withErrorResponses(input.openapiObject) : input.swaggerObject),
      // Only the API is described: pages, uploads, sitemap and the description itself are not.
      transform: (input) => {
        const { url, route } = input;
        if (!url.startsWith('/api/') || url === OPENAPI_PATH || url === DOCS_PATH) return { schema: { hide: true }, url };
        const { schema } = jsonSchemaTransform(input);
        const method = String(route.method);
        return {
          url,
          schema: {
            operationId: operationIdOf(method, url),
            summary: summaryOf(method, url),
            ...schema,
            tags: [url.split('/')[2]],
            ...accessOf(route.config?.access, route.config?.permission),
          },
        };
      },
    });

    let reference: string | null = null;
    app.get(OPENAPI_PATH, { config: { cacheSeconds: 300 } }, async () => app.swagger());
    app.get(DOCS_PATH, { config: { cacheSeconds: 300 } }, async (_request, reply) => {
      reference ??= renderReference(app.swagger() as OpenApiDocument);
      return reply.type('text/html; charset=utf-8').send(reference);
    });
  },
  { name: 'api-docs' },
);
