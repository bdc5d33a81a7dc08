// Serves the built storefront (dist/web) and stored uploads; unknown non-API paths get the SPA.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const YEAR = 365 * 24 * 3600;

export default fp(async function staticWebPlugin(app: FastifyInstance, opts: { uploadsDir: string; webDir: string }) {
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    // Upload names are unique per content, so they never change.
    setHeaders: (reply) => reply.header('cache-control', `public, max-age=${YEAR}, immutable`),
  });

  const webRoot = opts.webDir;
  const indexFile = path.join(webRoot, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${YEAR}, immutable` : 'public, max-age=3600');
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '<!doctype html><title>Semillas</title><p>Ejecuta npm run build</p>';

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/assets/') || request.method !== 'GET') {
      return reply.status(404).send({ error: 'Recurso no encontrado' });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
});
