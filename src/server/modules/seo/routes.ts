// GET /sitemap.xml and /robots.txt (architecture: API conventions).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { robotsTxt, sitemapXml } from './service';

const HOUR = 3600;

export default async function seoRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/sitemap.xml', async (_request, reply) => {
    const body = await sitemapXml(ctx);
    return reply.type('application/xml; charset=utf-8').header('cache-control', `public, max-age=${HOUR}`).send(body);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', `public, max-age=${HOUR}`).send(robotsTxt(ctx)),
  );
}
