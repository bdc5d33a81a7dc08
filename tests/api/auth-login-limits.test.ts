// Login limits: one budget per account whatever its spelling, a hard limit per account and
// address, and only a bounded slowdown across addresses, so nobody can lock the owner out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowdownDelayMs, type SlowdownRule } from '../../src/server/plugins/rate-limit';
import { api, startTestServer, type TestServer } from '../helpers/app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { login } from './auth-helpers';

const SLOWDOWN: SlowdownRule = { freeAttempts: 3, firstDelayMs: 100, maxDelayMs: 400, windowSeconds: 15 * 60 };

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('login limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The test client is the trusted proxy: requests come from their X-Forwarded-For address.
    server = await startTestServer({
      trustProxy: ['127.0.0.1'],
      rateLimits: {
        login: { ip: { max: 100, windowSeconds: 60 }, accountAddress: { max: 3, windowSeconds: 15 * 60 }, accountSlowdown: SLOWDOWN },
      },
    });
  });
  afterAll(() => server.close());

  it("counts an account's username and e-mail, in any case, against one budget", async () => {
    const user = await createUser(server.ctx.db);
    const ip = from('10.30.0.1');
    expect((await login(server, user.email, 'mala-clave-1', ip)).status).toBe(401);
    expect((await login(server, user.email.toUpperCase(), 'mala-clave-2', ip)).status).toBe(401);
    expect((await login(server, user.username, 'mala-clave-3', ip)).status).toBe(401);
    const limited = await login(server, user.username, TEST_PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('RATE_LIMITED');
  });

  it('counts an unknown name by its normalised spelling', async () => {
    const ip = from('10.30.0.2');
    for (const name of ['Fantasma', 'fantasma', ' FANTASMA ']) expect((await login(server, name, 'mala-clave', ip)).status).toBe(401);
    expect((await login(server, 'fantasma', 'mala-clave', ip)).status).toBe(429);
    // Another unknown name from the same address has its own budget.
    expect((await login(server, 'espectro', 'mala-clave', ip)).status).toBe(401);
  });

  it('lets the owner in from their address after wrong passwords from many others, only slowed down', async () => {
    const user = await createUser(server.ctx.db);
    // Twelve attacker addresses, once each: more than the old lock-out of 10 for the whole account.
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(server, user.username, `mala-clave-${i}`, from(`10.31.0.${i + 1}`))),
    );
    expect(attempts.map((r) => r.status)).toEqual(Array(12).fill(401));

    const started = performance.now();
    const owner = await login(server, user.username, TEST_PASSWORD, from('10.31.1.1'));
    const waited = performance.now() - started;
    expect(owner.status).toBe(200);
    // The account is past its free attempts, so the owner waited the capped delay, no more.
    expect(waited).toBeGreaterThanOrEqual(SLOWDOWN.maxDelayMs - 20);
  });

  it('still refuses an address that spends its own budget on the account, and only that address', async () => {
    const user = await createUser(server.ctx.db);
    const attacker = from('10.32.0.1');
    for (let i = 0; i < 3; i++) expect((await login(server, user.email, `mala-clave-${i}`, attacker)).status).toBe(401);
    const refused = await login(server, user.email, TEST_PASSWORD, attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await login(server, user.email, TEST_PASSWORD, from('10.32.0.2'))).status).toBe(200);
  });

  it('waits on a timer: other requests are answered while a slowed-down login waits', async () => {
    const user = await createUser(server.ctx.db);
    for (let i = 0; i < 6; i++) await login(server, user.username, `mala-clave-${i}`, from(`10.33.0.${i + 1}`));
    const order: string[] = [];
    const slowed = login(server, user.username, 'mala-clave', from('10.33.1.1')).then((r) => {
      order.push('login');
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await api(server, 'GET', '/api/health/');
    order.push('health');
    expect(health.status).toBe(200);
    expect((await slowed).status).toBe(401);
    expect(order).toEqual(['health', 'login']);
  });

  it('makes the delay grow from the first delay and never pass its cap', () => {
    const delays = Array.from({ length: 8 }, (_, earlier) => slowdownDelayMs(SLOWDOWN, earlier));
    expect(delays).toEqual([0, 0, 0, 100, 200, 400, 400, 400]);
    expect(slowdownDelayMs(SLOWDOWN, 1_000_000)).toBe(400);
  });
});
