// Sessions over real HTTP: the refresh cookie, rotation on every refresh, reuse detection,
// logout, deactivated accounts, and password change and reset closing other sessions.
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../src/server/db/schema';
import { api, startTestServer, useTestServer } from '../helpers/app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { codeSentTo, login, loginOk, RELAXED_LIMITS } from './auth-helpers';

const server = useTestServer({ rateLimits: RELAXED_LIMITS });

const refreshWithCookie = (token: string) =>
  api(server, 'POST', '/api/auth/refresh/', { body: {}, headers: { cookie: `refresh_token=${token}` } });
const refreshWithBody = (token: string) => api(server, 'POST', '/api/auth/refresh/', { body: { refresh: token } });

/** Value and attributes (lower-cased names) of one Set-Cookie header. */
function setCookie(headers: Headers, name: string): { value: string; attrs: Record<string, string | true> } | null {
  const header = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) return null;
  const [pair, ...rest] = header.split(';').map((p) => p.trim());
  const attrs: Record<string, string | true> = {};
  for (const part of rest) {
    const [k, ...v] = part.split('=');
    attrs[k.toLowerCase()] = v.length ? v.join('=') : true;
  }
  return { value: pair.slice(name.length + 1), attrs };
}

const refreshCookie = (headers: Headers) => setCookie(headers, 'refresh_token');
const hintCookie = (headers: Headers) => setCookie(headers, 'session_hint');

describe('the refresh cookie', () => {
  it('is httpOnly, SameSite=Lax, limited to /api/auth/, 30 days, and not Secure over plain http', async () => {
    const user = await createUser(server.ctx.db);
    const res = await login(server, user.username, TEST_PASSWORD);
    const cookie = refreshCookie(res.headers);
    expect(cookie?.value).toBe(res.json.refresh);
    expect(cookie?.attrs).toMatchObject({ httponly: true, samesite: 'Lax', path: '/api/auth/', 'max-age': String(30 * 24 * 60 * 60) });
    expect(cookie?.attrs.secure).toBeUndefined();
  });

  it('comes with a session hint the page can read, for as long, holding no secret', async () => {
    const user = await createUser(server.ctx.db);
    const res = await login(server, user.username, TEST_PASSWORD);
    const hint = hintCookie(res.headers);
    expect(hint?.value).toBe('1');
    expect(hint?.attrs).toMatchObject({ samesite: 'Lax', path: '/', 'max-age': String(30 * 24 * 60 * 60) });
    expect(hint?.attrs.httponly).toBeUndefined();

    const refreshed = await refreshWithCookie(res.json.refresh);
    expect(hintCookie(refreshed.headers)?.value).toBe('1');
    const refused = await refreshWithCookie('not-a-token');
    expect(refused.status).toBe(401);
    expect(hintCookie(refused.headers)).toMatchObject({ value: '', attrs: { path: '/', 'max-age': '0' } });
  });

  it('is Secure when the shop is published over https', async () => {
    const secureServer = await startTestServer({ publicUrl: 'https://semillas.example', rateLimits: RELAXED_LIMITS });
    try {
      const user = await createUser(secureServer.ctx.db);
      const res = await api(secureServer, 'POST', '/api/auth/login/', {
        body: { username_or_email: user.username, password: TEST_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(refreshCookie(res.headers)?.attrs.secure).toBe(true);
    } finally {
      await secureServer.close();
    }
  });

  it('is Secure when a trusted proxy says the request came over https', async () => {
    const proxied = await startTestServer({ trustProxy: ['127.0.0.1'], rateLimits: RELAXED_LIMITS });
    try {
      const user = await createUser(proxied.ctx.db);
      const res = await api(proxied, 'POST', '/api/auth/login/', {
        body: { username_or_email: user.username, password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(refreshCookie(res.headers)?.attrs.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /api/auth/refresh/', () => {
  it('rotates the token from the cookie: new access, refresh and cookie, and the user', async () => {
    const user = await createUser(server.ctx.db);
    const first = await loginOk(server, user.username, TEST_PASSWORD);
    const res = await refreshWithCookie(first.refresh);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      user: expect.objectContaining({ id: user.id, username: user.username, is_staff: false }),
    });
    expect(res.json.refresh).not.toBe(first.refresh);
    expect(refreshCookie(res.headers)?.value).toBe(res.json.refresh);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const profile = await api(server, 'GET', '/api/auth/profile/', { token: res.json.access });
    expect(profile.status).toBe(200);
    // The next token works too, from the body this time.
    expect((await refreshWithBody(res.json.refresh)).status).toBe(200);
  });

  it('stores only SHA-256 hashes of the tokens and keeps the family across rotations', async () => {
    const user = await createUser(server.ctx.db);
    const first = await loginOk(server, user.username, TEST_PASSWORD);
    const second = (await refreshWithBody(first.refresh)).json.refresh as string;
    const rows = await server.ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.user_id, user.id), ne(refreshTokens.family_id, user.session_id)));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([first.refresh, second]).not.toContain(row.token_hash);
    }
    expect(new Set(rows.map((r) => r.family_id)).size).toBe(1);
    expect(rows.filter((r) => r.used_at)).toHaveLength(1);
    const lifetime = rows[1].expires_at.getTime() - rows[1].created_at.getTime();
    expect(lifetime).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('revokes the whole session when a used token comes back, and leaves other sessions alone', async () => {
    const user = await createUser(server.ctx.db);
    const stolen = await loginOk(server, user.username, TEST_PASSWORD);
    const otherDevice = await loginOk(server, user.username, TEST_PASSWORD);
    const legit = await refreshWithBody(stolen.refresh);
    expect(legit.status).toBe(200);

    const replay = await refreshWithBody(stolen.refresh);
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('REFRESH_REUSED');
    expect(refreshCookie(replay.headers)?.attrs['max-age']).toBe('0');
    // The token the legitimate client got from the rotation is dead too.
    const after = await refreshWithBody(legit.json.refresh);
    expect(after.status).toBe(401);
    expect(after.json.code).toBe('REFRESH_INVALID');
    expect((await refreshWithBody(otherDevice.refresh)).status).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with the same token rotate it', async () => {
    const user = await createUser(server.ctx.db);
    const session = await loginOk(server, user.username, TEST_PASSWORD);
    const results = await Promise.all([refreshWithBody(session.refresh), refreshWithBody(session.refresh)]);
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1);
    const live = await server.ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.user_id, user.id), ne(refreshTokens.family_id, user.session_id)));
    expect(live.filter((r) => !r.used_at && !r.revoked_at)).toHaveLength(0);
  });

  it('refuses an expired token (30 days), a missing one and garbage', async () => {
    const user = await createUser(server.ctx.db);
    const session = await loginOk(server, user.username, TEST_PASSWORD);
    server.setNow(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000 + 60_000));
    try {
      const expired = await refreshWithBody(session.refresh);
      expect(expired.status).toBe(401);
      expect(expired.json.code).toBe('REFRESH_INVALID');
    } finally {
      server.setNow(null);
    }
    const missing = await api(server, 'POST', '/api/auth/refresh/', { body: {} });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ error: 'No hay sesión activa', code: 'REFRESH_INVALID' });
    expect((await refreshWithBody('no-es-un-token')).status).toBe(401);
    expect((await api(server, 'POST', '/api/auth/refresh/', { body: { refresh: 12 } })).status).toBe(400);
  });

  it('still works 29 days later, and the new token runs another 30 days from then', async () => {
    const user = await createUser(server.ctx.db);
    const session = await loginOk(server, user.username, TEST_PASSWORD);
    const later = new Date(Date.now() + 29 * 24 * 60 * 60 * 1000);
    server.setNow(later);
    try {
      const res = await refreshWithBody(session.refresh);
      expect(res.status).toBe(200);
      const rows = await server.ctx.db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.user_id, user.id), ne(refreshTokens.family_id, user.session_id)));
      const newest = rows.find((r) => !r.used_at)!;
      expect(newest.expires_at.getTime()).toBe(later.getTime() + 30 * 24 * 60 * 60 * 1000);
    } finally {
      server.setNow(null);
    }
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the session of the cookie and clears the cookie', async () => {
    const user = await createUser(server.ctx.db);
    const session = await loginOk(server, user.username, TEST_PASSWORD);
    const rotated = (await refreshWithBody(session.refresh)).json.refresh as string;
    const res = await api(server, 'POST', '/api/auth/logout/', { body: {}, headers: { cookie: `refresh_token=${rotated}` } });
    expect(res.status).toBe(200);
    const cookie = refreshCookie(res.headers);
    expect(cookie?.value).toBe('');
    expect(cookie?.attrs).toMatchObject({ path: '/api/auth/', 'max-age': '0' });
    expect(hintCookie(res.headers)).toMatchObject({ value: '', attrs: { path: '/', 'max-age': '0' } });
    expect((await refreshWithBody(rotated)).status).toBe(401);
  });

  it('answers 200 without a token and with an unknown one', async () => {
    expect((await api(server, 'POST', '/api/auth/logout/', { body: {} })).status).toBe(200);
    expect((await api(server, 'POST', '/api/auth/logout/', { body: { refresh: 'desconocido' } })).status).toBe(200);
  });

  it('also clears the maintenance bypass cookie', async () => {
    const res = await api(server, 'POST', '/api/auth/logout/', { body: {}, headers: { cookie: 'maintenance_bypass=abc' } });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('maintenance_bypass='));
    expect(cleared).toMatch(/^maintenance_bypass=;/);
    expect(cleared).toMatch(/Path=\//i);
  });
});

describe('deactivated accounts', () => {
  it('can neither log in, refresh nor use an access token', async () => {
    const user = await createUser(server.ctx.db);
    const session = await loginOk(server, user.username, TEST_PASSWORD);
    await server.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, user.id));

    const refresh = await refreshWithBody(session.refresh);
    expect(refresh.status).toBe(401);
    expect(refresh.json.code).toBe('ACCOUNT_INACTIVE');
    const loginAgain = await login(server, user.username, TEST_PASSWORD);
    expect(loginAgain.status).toBe(403);
    expect(loginAgain.json.code).toBe('ACCOUNT_INACTIVE');
    expect((await api(server, 'GET', '/api/auth/profile/', { token: session.access })).status).toBe(401);

    // Reactivated, the old session stays closed.
    await server.ctx.db.update(users).set({ is_active: true }).where(eq(users.id, user.id));
    expect((await refreshWithBody(session.refresh)).status).toBe(401);
  });
});

describe('password change and reset close the other sessions', () => {
  it('change: every earlier session ends, the returned one works', async () => {
    const user = await createUser(server.ctx.db);
    const here = await loginOk(server, user.username, TEST_PASSWORD);
    const elsewhere = await loginOk(server, user.username, TEST_PASSWORD);
    const res = await api(server, 'POST', '/api/auth/change-password/', {
      token: here.access,
      body: { old_password: TEST_PASSWORD, new_password: 'cambiada-123' },
    });
    expect(res.status).toBe(200);
    expect((await refreshWithBody(elsewhere.refresh)).status).toBe(401);
    expect((await refreshWithBody(here.refresh)).status).toBe(401);
    const fresh = await refreshWithCookie(res.json.refresh);
    expect(fresh.status).toBe(200);
  });

  it('reset: every session ends', async () => {
    const user = await createUser(server.ctx.db);
    const sessions = [await loginOk(server, user.username, TEST_PASSWORD), await loginOk(server, user.email, TEST_PASSWORD)];
    await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: user.email } });
    const code = await codeSentTo(server, user.email, 'restablecer');
    const res = await api(server, 'POST', '/api/auth/verify-password-reset/', {
      body: { email: user.email, code, new_password: 'reseteada-1' },
    });
    expect(res.status).toBe(200);
    for (const s of sessions) expect((await refreshWithBody(s.refresh)).status).toBe(401);
    expect((await login(server, user.username, 'reseteada-1')).status).toBe(200);
  });
});
