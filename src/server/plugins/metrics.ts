// Prometheus metrics: every answer is counted and timed by its route pattern, and GET /metrics
// serves them. They describe the shop's traffic and state, so they are not public: with
// METRICS_TOKEN the scraper sends it as a bearer token; without it only a direct connection from
// this machine's loopback gets them. Not private networks: Docker's port proxy and a reverse proxy
// make every visitor arrive from one, so neither a forwarded request nor a shop with TRUST_PROXY
// set qualifies.
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { Metrics } from '../operations/metrics';

export const METRICS_PATH = '/metrics';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** A loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return LOOPBACK.check(mapped[1], 'ipv4');
  return LOOPBACK.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function checkAccess(request: FastifyRequest, reply: FastifyReply, token: string | undefined, behindProxy: boolean): void {
  if (token) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    // Hashes have one length, so the comparison takes the same time whatever was sent.
    if (!match || !timingSafeEqual(digest(match[1]), digest(token))) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'Token de métricas ausente o inválido');
    }
    return;
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (behindProxy || forwarded || !isLoopbackAddress(request.socket.remoteAddress)) {
    throw new AppError(403, 'Las métricas solo se sirven en esta máquina o con METRICS_TOKEN');
  }
}

export default fp(
  async function metricsPlugin(
    app: FastifyInstance,
    opts: { metrics: Metrics; token: string | undefined; behindProxy: boolean; read: () => Promise<string> },
  ) {
    const { metrics } = opts;
    app.addHook('onResponse', async (request, reply) => {
      // The pattern, never the raw path: unknown paths would make a series each.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    app.get(METRICS_PATH, { config: { access: 'operator' } }, async (request, reply) => {
      checkAccess(request, reply, opts.token, opts.behindProxy);
      let text: string;
      try {
        text = await opts.read();
      } catch (error) {
        request.log.warn({ err: error }, 'metrics could not be collected');
        throw new AppError(503, 'Las métricas no están disponibles en este momento');
      }
      return reply.type(metrics.registry.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
