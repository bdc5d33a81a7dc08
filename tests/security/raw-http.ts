// HTTP without a client's help: paths, headers and bodies go out exactly as given (fetch would
// normalise `..`, refuse odd headers and set its own content type).
import http from 'node:http';
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const headers = { ...options.headers };
  // Framed by length, so a body on a GET is not read as the next request on the connection.
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.setTimeout(20_000, () => request.destroy(new Error(`timeout: ${options.method} ${options.path.slice(0, 100)}`)));
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** Writes bytes to a fresh socket and returns the status line and body the server sends back. */
export function rawSocket(baseUrl: string, bytes: string | Buffer): Promise<{ status: number; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const bodyStart = text.indexOf('\r\n\r\n');
      resolve({ status: match ? Number(match[1]) : 0, text: bodyStart >= 0 ? text.slice(bodyStart + 4) : '' });
    });
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(bytes, () => setTimeout(() => socket.end(), 50));
  });
}

export function closeRawAgent() {
  agent.destroy();
}

// English words that give away an untranslated framework message; Spanish markers a real message has.
const ENGLISH =
  /\b(the|is|are|must|should|not|invalid|required|unexpected|found|cannot|expected|failed|unsupported|request|body|payload|missing|property|route|too|large|bad)\b/i;
const SPANISH = new RegExp(
  '[áéíóúñ¿¡]|\\b(el|la|los|las|de|del|al|lo|no|un|una|es|esta|debe|por|para|con|sin|en|se|que|ya|hay|tu|tus|su|sus|solo|' +
    'puedes|intenta|ingresa|ingrese|selecciona|seleccione|solicitud|demasiad[oa]s?|inválid[oa]|requerid[oa]|encontrad[oa]|' +
    'pedido|producto|banco|marca|imagen|fecha|nombre|cantidad|precio|estado|formulario|texto|valor|cuenta|usuario)\\b',
  'i',
);

/** Whether an error message reads as Spanish (and not as a leaked English framework message). */
export function isSpanishMessage(message: unknown): boolean {
  return typeof message === 'string' && message.trim().length > 0 && SPANISH.test(message) && !ENGLISH.test(message);
}
