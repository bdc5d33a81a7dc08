// Prometheus metrics: every answer is counted and timed by its route pattern, and GET /metrics
// serves them. They describe the shop's traffic and state, so they are not public: with
// METRICS_TOKEN the scraper sends it as a bearer token; without it only a direct connection from a
// loopback or private address gets them (no proxy in between: through a proxy every visitor would
// arrive from a private address).
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { Metrics } from '../operations/metrics';

export const METRICS_PATH = '/metrics';

const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

/** A loopback or private (RFC 1918, link-local, unique local) address, IPv4-mapped ones included. */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE_NETWORKS.check(mapped[1], 'ipv4');
  return PRIVATE_NETWORKS.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function checkAccess(request: FastifyRequest, reply: FastifyReply, token: string | undefined): void {
  if (token) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    // Hashes have one length, so the comparison takes the same time whatever was sent.
    if (!match || !timingSafeEqual(digest(match[1]), digest(token))) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'Token de métricas ausente o inválido');
    }
    return;
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (proxied || !isPrivateAddress(request.socket.remoteAddress)) {
    throw new AppError(403, 'Las métricas solo se sirven en la red privada o con METRICS_TOKEN');
  }
}

export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: { metrics: Metrics; token: string | undefined; read: () => Promise<string> }) {
    const { metrics } = opts;
    app.addHook('onResponse', async (request, reply) => {
      // The pattern, never the raw path: unknown paths would make a series each.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    app.get(METRICS_PATH, { config: { access: 'operator' } }, async (request, reply) => {
      checkAccess(request, reply, opts.token);
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
