// What the port answers while the process prepares the database (migrations, first data) and
// before the shop itself listens: alive, not ready, and a Spanish 503 for anyone else, so a load
// balancer or a container health check sees the state instead of a refused connection.
import { createServer, type Server } from 'node:http';
import { HEALTH_LIVE_PATH, HEALTH_READY_PATH } from './readiness';

export const STARTING_MESSAGE = 'La tienda se está iniciando. Por favor, intenta nuevamente en unos segundos.';

const withoutQuery = (url: string) => url.split('?')[0].replace(/\/?$/, '/');

export interface StartupServer {
  close(): Promise<void>;
}

/** Listens on the shop's port until close(); rejects when the port is taken. */
export function listenWhileStarting(port: number, host: string): Promise<StartupServer> {
  const server: Server = createServer((request, response) => {
    const path = withoutQuery(request.url ?? '/');
    const [status, body] =
      path === HEALTH_LIVE_PATH
        ? [200, { status: 'ok' }]
        : path === HEALTH_READY_PATH
          ? [503, { status: 'starting' }]
          : [503, { error: STARTING_MESSAGE }];
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
      // One request per connection: the shop takes the port over as soon as it is ready.
      connection: 'close',
    });
    response.end(JSON.stringify(body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
