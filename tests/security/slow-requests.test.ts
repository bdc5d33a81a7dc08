// Slow clients cannot hold sockets for ever (issue 21, item 31): a body that stops arriving, or
// arrives a byte at a time, is cut at the request timeout with a 408, and a socket on which
// nothing moves is closed at the connection timeout. Real TCP sockets, with the limits lowered.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, loadConfig } from '../../src/server/config';
import { startTestServer, type TestServer } from '../helpers/app';

interface Outcome {
  /** What the server wrote before closing, as text. */
  answer: string;
  /** Milliseconds from the first byte sent to the socket closing. */
  closedAfterMs: number;
}

/**
 * Sends the head of a request and the start of its body, then `trickle` bytes (one per interval)
 * or nothing, and waits for the server to close the socket (at most `waitMs`).
 */
function stalledRequest(url: string, head: string, bodyStart: string, opts: { trickleEveryMs?: number; waitMs: number }): Promise<Outcome> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let started = 0;
    let trickle: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(trickle);
      socket.destroy();
      reject(new Error(`the server kept the socket open for ${opts.waitMs} ms`));
    }, opts.waitMs);
    socket.on('connect', () => {
      started = Date.now();
      socket.write(head + bodyStart);
      if (opts.trickleEveryMs) trickle = setInterval(() => socket.writable && socket.write('a'), opts.trickleEveryMs);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(trickle);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), closedAfterMs: Date.now() - started });
    });
  });
}

const jsonHead = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

const BOUNDARY = '----lento';
const uploadHead = (length: number) =>
  `POST /api/uploads/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`;
const uploadStart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`;

describe('a request whose body stops arriving', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ requestTimeoutMs: 1000, connectionTimeoutMs: 10_000 });
  });
  afterAll(() => server.close());

  it('is answered 408 in Spanish and closed at the request timeout, on login and on uploads', async () => {
    for (const [head, start] of [
      [jsonHead('/api/auth/login/', 200), '{"username":"al'],
      [uploadHead(100_000), uploadStart],
    ]) {
      const outcome = await stalledRequest(server.url, head, start, { waitMs: 8000 });
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(outcome.answer).toContain('{"error":"La solicitud tardó demasiado"}');
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
      expect(outcome.closedAfterMs).toBeLessThan(6000);
    }
  });

  it('is cut as well when it keeps sending a byte now and then', async () => {
    const outcome = await stalledRequest(server.url, jsonHead('/api/auth/login/', 10_000), '{"username":"', {
      trickleEveryMs: 200,
      waitMs: 8000,
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(6000);
  });

  it('still serves a request that arrives in time', async () => {
    const res = await fetch(`${server.url}/api/health/?db=0`);
    expect(res.status).toBe(200);
  });
});

describe('a connection on which nothing moves', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ requestTimeoutMs: 60_000, connectionTimeoutMs: 1000 });
  });
  afterAll(() => server.close());

  it('is closed at the connection timeout, well before the request timeout', async () => {
    const outcome = await stalledRequest(server.url, jsonHead('/api/auth/login/', 200), '{"username":"al', { waitMs: 8000 });
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(outcome.closedAfterMs).toBeLessThan(6000);
  });
});

describe('REQUEST_TIMEOUT_MS and CONNECTION_TIMEOUT_MS', () => {
  const base = { DATA_DIR: '/tmp/shop-config-test' };

  it('default to 2 minutes for a whole request and 1 minute of silence, and take 1 s to 10 min', () => {
    expect(loadConfig(base)).toMatchObject({ requestTimeoutMs: 120_000, connectionTimeoutMs: 60_000 });
    expect([DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_CONNECTION_TIMEOUT_MS]).toEqual([120_000, 60_000]);
    expect(loadConfig({ ...base, REQUEST_TIMEOUT_MS: '5000', CONNECTION_TIMEOUT_MS: '2000' })).toMatchObject({
      requestTimeoutMs: 5000,
      connectionTimeoutMs: 2000,
    });
    expect(() => loadConfig({ ...base, REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS: debe ser 1000 o más/);
    expect(() => loadConfig({ ...base, CONNECTION_TIMEOUT_MS: '900000' })).toThrow(/CONNECTION_TIMEOUT_MS: debe ser 600000 o menos/);
  });

  it('are what a server started without them uses', async () => {
    const server = await startTestServer();
    try {
      expect(server.app.server.requestTimeout).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
      expect(server.app.server.timeout).toBe(DEFAULT_CONNECTION_TIMEOUT_MS);
      expect(server.app.server.headersTimeout).toBe(60_000);
    } finally {
      await server.close();
    }
  });
});
