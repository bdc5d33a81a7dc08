// TRUST_PROXY: only the proxies it names may tell the client's address, so X-Forwarded-For
// cannot be used to dodge the per-address limits.
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { refreshTokens } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers/app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { login } from './auth-helpers';

describe('TRUST_PROXY', () => {
  const base = { DATA_DIR: '/tmp/shop-config-test', JWT_SECRET: 'x'.repeat(40) };

  it('defaults to trusting no proxy, and takes a hop count or a list of proxy addresses', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses true, which would let every client choose its address, and malformed addresses', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true no es seguro/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY: .*10\.0\.0\.300/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  // The proxy appends the address it saw; whatever the client wrote comes before it.
  const throughProxy = (clientWrote: string, clientAddress: string) => ({ 'x-forwarded-for': `${clientWrote}, ${clientAddress}` });

  for (const [label, trustProxy] of [
    ['a list of proxy addresses', ['127.0.0.1']],
    ['a hop count', 1],
  ] as const) {
    describe(`with ${label}`, () => {
      let server: TestServer;
      beforeAll(async () => {
        // Default limits: 30 login attempts a minute per address.
        server = await startTestServer({ trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] });
      });
      afterAll(() => server.close());

      it('takes the address the proxy saw, not the one the client wrote', async () => {
        const user = await createUser(server.ctx.db);
        const res = await login(server, user.username, TEST_PASSWORD, throughProxy('1.2.3.4', '203.0.113.7'));
        expect(res.status).toBe(200);
        // The login's session, next to the one the factory made.
        const [session] = await server.ctx.db
          .select()
          .from(refreshTokens)
          .where(and(eq(refreshTokens.user_id, user.id), ne(refreshTokens.family_id, user.session_id)));
        expect(session.ip).toBe('203.0.113.7');
      });

      it('keeps the per-address limit when the client varies X-Forwarded-For (40 tries, 429 after 30)', async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 40; i++) {
          const res = await login(server, `nadie${i}`, 'mala-clave', throughProxy(`10.40.${i}.1`, '203.0.113.8'));
          statuses.push(res.status);
        }
        expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
        expect(statuses.slice(30)).toEqual(Array(10).fill(429));
      });
    });
  }
});
