// Rate limits across processes (issue 15): two built server processes on one PostgreSQL database,
// on their own ports and data folders as two machines would be, share their counters, in
// PostgreSQL and, with REDIS_URL, in Redis. Attempts spread over both stop at the configured
// limit in total, not at twice it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/server/plugins/rate-limit';
import { GUEST_UPLOADS_PER_WINDOW } from '../../src/server/modules/uploads/routes';
import { sqlRows, type Database } from '../../src/server/db/client';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createTestDatabase } from '../helpers/database';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';
import { buildServerIfNeeded, startServerProcess, type ServerProcess } from '../helpers/server-process';

// The default limits, as production has them.
const LOGIN = DEFAULT_RATE_LIMITS.login;
const BYPASS_ATTEMPTS = 10;

function post(server: ServerProcess, urlPath: string, body: unknown, ip: string) {
  return fetch(`${server.url}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  }).then((response) => response.status);
}

const login = (server: ServerProcess, name: string, ip: string) =>
  post(server, '/api/auth/login/', { username_or_email: name, password: 'clave-equivocada' }, ip);

function sharedLimits(store: string, extraEnv: () => Record<string, string>, counted: (database: Database) => Promise<number>) {
  describe(`counted in ${store}`, () => {
    let database: Database & { url?: string };
    const folders: string[] = [];
    let servers: ServerProcess[] = [];

    beforeAll(async () => {
      buildServerIfNeeded();
      database = await createTestDatabase();
      const env = () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'two-process-limits-'));
        folders.push(dir);
        return {
          DATABASE_URL: database.url!,
          DATA_DIR: dir,
          JWT_SECRET: TEST_JWT_SECRET,
          // The test client is the proxy: each test speaks from addresses of its own.
          TRUST_PROXY: 'loopback',
          // The cheapest password hashing the server accepts, so the attempts take little time.
          ARGON2_MEMORY_KIB: '8192',
          ARGON2_TIME_COST: '1',
          ...extraEnv(),
        };
      };
      servers = await Promise.all([startServerProcess(env()), startServerProcess(env())]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.close();
      folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
    });

    it('stops login attempts from one address at its limit over both processes', async () => {
      const ip = '10.40.0.1';
      // Another name each time, so only the address's limit applies.
      const statuses = await Promise.all(Array.from({ length: LOGIN.ip.max }, (_, i) => login(servers[i % 2], `desconocido-${i}`, ip)));
      expect(statuses).toEqual(Array(LOGIN.ip.max).fill(401));
      expect(await login(servers[0], 'otro-nombre', ip)).toBe(429);
      expect(await login(servers[1], 'otro-nombre', ip)).toBe(429);
      // Another address is not affected.
      expect(await login(servers[1], 'otro-nombre', '10.40.0.2')).toBe(401);
      expect(await counted(database)).toBeGreaterThan(0);
    });

    it('stops wrong passwords for one account from one address at its limit over both processes', { timeout: 60_000 }, async () => {
      const ip = '10.41.0.1';
      // One after another, alternating: past the free attempts each waits the shared slowdown.
      for (let i = 0; i < LOGIN.accountAddress.max; i++) expect(await login(servers[i % 2], 'cliente@test.local', ip)).toBe(401);
      expect(await login(servers[0], 'cliente@test.local', ip)).toBe(429);
      expect(await login(servers[1], 'CLIENTE@test.local', ip)).toBe(429);
    });

    it('stops maintenance bypass guesses at their limit over both processes', async () => {
      const ip = '10.42.0.1';
      const guess = (server: ServerProcess, i: number) =>
        post(server, '/api/core/validate-bypass-password/', { password: `intento-${i}` }, ip);
      const statuses = await Promise.all(Array.from({ length: BYPASS_ATTEMPTS }, (_, i) => guess(servers[i % 2], i)));
      expect(statuses.every((status) => status === 400)).toBe(true);
      expect(await guess(servers[0], 98)).toBe(429);
      expect(await guess(servers[1], 99)).toBe(429);
    });

    it('stops guest uploads from one address at their limit over both processes', async () => {
      const ip = '10.43.0.1';
      // Counted before the body is read: a request without a file is the cheapest try.
      const upload = (server: ServerProcess) => {
        const body = new FormData();
        body.append('purpose', 'warranty');
        return fetch(`${server.url}/api/uploads/`, { method: 'POST', body, headers: { 'x-forwarded-for': ip } }).then((r) => r.status);
      };
      const statuses = await Promise.all(Array.from({ length: GUEST_UPLOADS_PER_WINDOW }, (_, i) => upload(servers[i % 2])));
      expect(statuses).toEqual(Array(GUEST_UPLOADS_PER_WINDOW).fill(400));
      expect(await upload(servers[0])).toBe(429);
      expect(await upload(servers[1])).toBe(429);
    });

    it('stops both processes cleanly', async () => {
      const stopped = servers;
      servers = [];
      await Promise.all(stopped.map((server) => server.stop()));
      expect(stopped.map((server) => server.child.exitCode)).toEqual([0, 0]);
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits over two server processes', () => {
  sharedLimits(
    'PostgreSQL',
    () => ({}),
    async (database) => (await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from rate_limit_counters`))[0].n,
  );

  describe.skipIf(!testRedisUrl)('with REDIS_URL', () => {
    const prefix = uniqueRedisPrefix();
    afterAll(() => deleteRedisKeys(testRedisUrl!, prefix));
    sharedLimits(
      'Redis',
      () => ({ REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix }),
      async (database) => {
        // The counters are in Redis, none in the database.
        const rows = (await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from rate_limit_counters`))[0].n;
        expect(rows).toBe(0);
        const redis = new Redis(testRedisUrl!);
        try {
          return (await redis.keys(`${prefix}*`)).length;
        } finally {
          redis.disconnect();
        }
      },
    );
  });
});
