// One log line per request, written with the answer: method, url, status and milliseconds
// (Fastify's own two lines per request are turned off in app.ts). API calls at info level; pages,
// scripts and pictures at debug, since one page view fetches dozens of them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../routed-path';

export default fp(async function requestLogPlugin(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (isApiRequest(request)) request.log.info(line, 'request');
    else request.log.debug(line, 'request');
  });
});
