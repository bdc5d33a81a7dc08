// One-time codes: 15-minute expiry, 5 wrong tries, stored as HMACs, and rate limits (429) on
// login, registration, code entry and code sends, per IP and per account.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../src/server/db/schema';
import { api, startTestServer, type TestServer } from '../helpers/app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { codeSentTo, login, newAccount, outboxIds, register, RELAXED_LIMITS } from './auth-helpers';

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('verification codes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: RELAXED_LIMITS });
  });
  afterAll(() => server.close());

  async function pendingAccount() {
    const account = newAccount();
    const res = await register(server, account);
    const code = await codeSentTo(server, account.email);
    return { ...account, id: res.json.user_id as number, code };
  }
  const verify = (email: string, code: string) => api(server, 'POST', '/api/auth/verify-email/', { body: { email, code } });

  it('are stored as a keyed hash, never as the digits', async () => {
    const account = await pendingAccount();
    const rows = await server.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.user_id, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(account.code);
    expect(rows[0].purpose).toBe('EMAIL_VERIFY');
  });

  it('work until minute 15 and expire after it', async () => {
    const early = await pendingAccount();
    server.setNow(new Date(Date.now() + 14 * 60_000));
    try {
      expect((await verify(early.email, early.code)).status).toBe(200);
    } finally {
      server.setNow(null);
    }
    const late = await pendingAccount();
    server.setNow(new Date(Date.now() + 15 * 60_000 + 1000));
    try {
      const res = await verify(late.email, late.code);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'CODE_EXPIRED', error: 'El código ha expirado. Solicita uno nuevo.' });
    } finally {
      server.setNow(null);
    }
  });

  it('die after 5 wrong tries, even for the right code', async () => {
    const account = await pendingAccount();
    const wrong = wrongCodeFor(account.code);
    for (let left = 4; left >= 1; left--) {
      const res = await verify(account.email, wrong);
      expect(res.json).toMatchObject({ code: 'INVALID_CODE', remaining_attempts: left });
    }
    const fifth = await verify(account.email, wrong);
    expect(fifth.status).toBe(400);
    expect(fifth.json.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    const right = await verify(account.email, account.code);
    expect(right.json.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    // A new code starts over.
    const seen = await outboxIds(server);
    await api(server, 'POST', '/api/auth/resend-verification/', { body: { email: account.email } });
    const fresh = await codeSentTo(server, account.email, '', seen);
    expect((await verify(account.email, fresh)).status).toBe(200);
  });

  it('accept the right code on the 5th try', async () => {
    const account = await pendingAccount();
    for (let i = 0; i < 4; i++) await verify(account.email, wrongCodeFor(account.code));
    expect((await verify(account.email, account.code)).status).toBe(200);
  });

  it('accept a code pasted with spaces around and inside it, for verification and reset', async () => {
    const account = await pendingAccount();
    const pasted = `    ${account.code.slice(0, 3)} ${account.code.slice(3)}\n`;
    expect((await verify(account.email, pasted)).status).toBe(200);

    const user = await createUser(server.ctx.db);
    await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: user.email } });
    const code = await codeSentTo(server, user.email, 'restablecer');
    const reset = await api(server, 'POST', '/api/auth/verify-password-reset/', {
      body: { email: user.email, code: `    ${code}`, new_password: 'nueva-clave-1' },
    });
    expect(reset.status).toBe(200);
    const short = await verify(account.email, '  351 59 ');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.json)).toContain('El código debe tener 6 dígitos');
  });

  it('count parallel guesses: 20 at once still spend only 5 tries', async () => {
    const account = await pendingAccount();
    const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i).replace(account.code, '999999'));
    const results = await Promise.all(guesses.map((g) => verify(account.email, g)));
    expect(results.every((r) => r.status === 400)).toBe(true);
    const [row] = await server.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.user_id, account.id));
    expect(row.attempts).toBe(5);
    expect((await verify(account.email, account.code)).json.code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('apply the same expiry and attempt rules to password reset codes', async () => {
    const user = await createUser(server.ctx.db);
    await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: user.email } });
    const code = await codeSentTo(server, user.email, 'restablecer');
    const reset = (c: string) =>
      api(server, 'POST', '/api/auth/verify-password-reset/', { body: { email: user.email, code: c, new_password: 'nueva-clave-1' } });
    for (let i = 0; i < 5; i++) await reset(wrongCodeFor(code));
    expect((await reset(code)).json.code).toBe('CODE_ATTEMPTS_EXCEEDED');

    const seen = await outboxIds(server);
    await api(server, 'POST', '/api/auth/resend-password-reset/', { body: { email: user.email } });
    const second = await codeSentTo(server, user.email, 'restablecer', seen);
    server.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await reset(second)).json.code).toBe('CODE_EXPIRED');
    } finally {
      server.setNow(null);
    }
    expect((await login(server, user.username, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The test client is the trusted proxy: requests come from their X-Forwarded-For address, so
    // each test can use its own IPs.
    server = await startTestServer({
      trustProxy: ['127.0.0.1'],
      rateLimits: {
        login: { ip: { max: 5, windowSeconds: 60 }, accountAddress: { max: 3, windowSeconds: 15 * 60 } },
        register: { ip: { max: 2, windowSeconds: 60 }, account: { max: 5, windowSeconds: 60 } },
        codeVerify: { ip: { max: 4, windowSeconds: 60 }, account: { max: 3, windowSeconds: 60 } },
        codeSend: { ip: { max: 4, windowSeconds: 60 }, account: { max: 2, windowSeconds: 60 } },
      },
    });
  });
  afterAll(() => server.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const expectLimited = (res: { status: number; json: any; headers: Headers }) => {
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/^Demasiados intentos/) });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  };

  it('login: per account and address, and a success clears the account count', async () => {
    const user = await createUser(server.ctx.db);
    const ip = from('10.0.1.1');
    const start = Date.now();
    try {
      expect((await login(server, user.username, 'mala-clave-1', ip)).status).toBe(401);
      expect((await login(server, user.username, 'mala-clave-2', ip)).status).toBe(401);
      expect((await login(server, user.username, TEST_PASSWORD, ip)).status).toBe(200);
      // A minute later the address's own budget (5 a minute) is fresh, and the success reset the
      // account's: three more tries before the limit.
      server.setNow(new Date(start + 61_000));
      for (let i = 0; i < 3; i++) expect((await login(server, user.username, 'mala-clave', ip)).status).toBe(401);
      const limited = await login(server, user.username, TEST_PASSWORD, ip);
      expectLimited(limited);
      expect(limited.json.error).toMatch(/15 minutos/);
      // Only this address is stopped for this account: the owner elsewhere, and other accounts
      // from this address, still get in.
      expect((await login(server, user.username, TEST_PASSWORD, from('10.0.1.2'))).status).toBe(200);
      const other = await createUser(server.ctx.db);
      expect((await login(server, other.username, TEST_PASSWORD, ip)).status).toBe(200);
      // After the window the address can log into the account again.
      server.setNow(new Date(start + 61_000 + 15 * 60_000 + 1000));
      expect((await login(server, user.username, TEST_PASSWORD, ip)).status).toBe(200);
    } finally {
      server.setNow(null);
    }
  });

  it('login: per IP across accounts, counted on both the username and e-mail forms', async () => {
    const ip = from('10.0.2.1');
    for (let i = 0; i < 5; i++) expect((await login(server, `nadie${i}`, 'mala-clave', ip)).status).toBe(401);
    expectLimited(await login(server, 'nadie9@correo.test', 'mala-clave', ip));
    expect((await login(server, 'nadie9@correo.test', 'mala-clave', from('10.0.2.2'))).status).toBe(401);
    server.setNow(new Date(Date.now() + 61_000));
    try {
      expect((await login(server, 'nadie9', 'mala-clave', ip)).status).toBe(401);
    } finally {
      server.setNow(null);
    }
  });

  it('registration: per IP and per e-mail', async () => {
    const ip = from('10.0.3.1');
    const a = await api(server, 'POST', '/api/auth/register/', { body: newAccount(), headers: ip });
    const b = await api(server, 'POST', '/api/auth/register/', { body: newAccount(), headers: ip });
    expect([a.status, b.status]).toEqual([201, 201]);
    expectLimited(await api(server, 'POST', '/api/auth/register/', { body: newAccount(), headers: ip }));

    const account = newAccount();
    const first = await api(server, 'POST', '/api/auth/register/', { body: account, headers: from('10.0.3.2') });
    expect(first.status).toBe(201);
    const second = await api(server, 'POST', '/api/auth/register/', { body: account, headers: from('10.0.3.3') });
    expect(second.json.code).toBe('ACCOUNT_NOT_VERIFIED');
    // Registering sends a code each time: the address's send budget (2) is spent.
    expectLimited(await api(server, 'POST', '/api/auth/register/', { body: account, headers: from('10.0.3.4') }));
  });

  it('code entry: per e-mail across IPs and per IP across e-mails', async () => {
    const account = newAccount();
    await api(server, 'POST', '/api/auth/register/', { body: account, headers: from('10.0.4.1') });
    const code = await codeSentTo(server, account.email);
    const verify = (email: string, c: string, ip: string) =>
      api(server, 'POST', '/api/auth/verify-email/', { body: { email, code: c }, headers: from(ip) });
    expect((await verify(account.email, wrongCodeFor(code), '10.0.4.2')).status).toBe(400);
    expect((await verify(account.email, wrongCodeFor(code), '10.0.4.3')).status).toBe(400);
    expect((await verify(account.email, wrongCodeFor(code), '10.0.4.4')).status).toBe(400);
    expectLimited(await verify(account.email, code, '10.0.4.5'));

    for (let i = 0; i < 4; i++) expect((await verify(`otro${i}@correo.test`, '123456', '10.0.4.6')).status).toBe(400);
    expectLimited(await verify('otro9@correo.test', '123456', '10.0.4.6'));
    const reset = await api(server, 'POST', '/api/auth/verify-password-reset/', {
      body: { email: 'otro9@correo.test', code: '123456', new_password: 'nueva-clave' },
      headers: from('10.0.4.6'),
    });
    expectLimited(reset);
  });

  it('code sends: resends and reset requests share the per-address budget', async () => {
    const user = await createUser(server.ctx.db);
    const send = (path: string, ip: string) => api(server, 'POST', path, { body: { email: user.email }, headers: from(ip) });
    expect((await send('/api/auth/request-password-reset/', '10.0.5.1')).status).toBe(200);
    expect((await send('/api/auth/resend-password-reset/', '10.0.5.2')).status).toBe(200);
    expectLimited(await send('/api/auth/request-password-reset/', '10.0.5.3'));
    expectLimited(await send('/api/auth/resend-verification/', '10.0.5.4'));

    const ip = '10.0.5.9';
    for (let i = 0; i < 4; i++) {
      const res = await api(server, 'POST', '/api/auth/resend-verification/', { body: { email: `x${i}@correo.test` }, headers: from(ip) });
      expect(res.status).toBe(200);
    }
    expectLimited(await api(server, 'POST', '/api/auth/resend-verification/', { body: { email: 'x9@correo.test' }, headers: from(ip) }));
  });

  it('e-mail change requests count as code sends of the account', async () => {
    const user = await createUser(server.ctx.db);
    const ask = (n: number) =>
      api(server, 'POST', '/api/auth/verify-change/', {
        token: user.token,
        body: { type: 'EMAIL_CHANGE', new_email: `cambio${n}.${user.username}@correo.test`, password: TEST_PASSWORD },
        headers: from(`10.0.6.${n}`),
      });
    expect((await ask(1)).status).toBe(200);
    expect((await ask(2)).status).toBe(200);
    expectLimited(await ask(3));
  });
});
