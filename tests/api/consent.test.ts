// Consent to reminder and news e-mails (issue 38, Ley 25.326): off unless the customer ticks it at
// registration or in Mi cuenta; the user DTO carries it with when it was given or withdrawn.
import { describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { loginOk, registerVerified, RELAXED_LIMITS } from './auth-helpers';

const server = useTestServer({ rateLimits: RELAXED_LIMITS });

describe('marketing_opt_in', () => {
  it('is false by default at registration, and in the login and profile answers', async () => {
    const account = await registerVerified(server);
    const session = await loginOk(server, account.username, account.password);
    expect(session.user).toMatchObject({ marketing_opt_in: false, marketing_opt_in_changed_at: null });
    const profile = await api(server, 'GET', '/api/auth/profile/', { token: session.access });
    expect(profile.json).toMatchObject({ marketing_opt_in: false, marketing_opt_in_changed_at: null });
  });

  it('is stored with its time when given at registration', async () => {
    const before = Date.now();
    const account = await registerVerified(server, { marketing_opt_in: true } as never);
    const session = await loginOk(server, account.username, account.password);
    expect(session.user).toMatchObject({ marketing_opt_in: true });
    const at = Date.parse((session.user as unknown as { marketing_opt_in_changed_at: string }).marketing_opt_in_changed_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is given and withdrawn through PUT /api/auth/profile/, its time moving only when it changes', async () => {
    const account = await registerVerified(server);
    const { access } = await loginOk(server, account.username, account.password);
    const put = (body: unknown) => api(server, 'PUT', '/api/auth/profile/', { token: access, body });

    server.setNow(new Date('2026-03-01T12:00:00Z'));
    try {
      const given = await put({ marketing_opt_in: true });
      expect(given.status, given.text).toBe(200);
      expect(given.json.user).toMatchObject({ marketing_opt_in: true, marketing_opt_in_changed_at: '2026-03-01T12:00:00.000Z' });
      server.setNow(new Date('2026-03-02T12:00:00Z'));
      expect((await put({ marketing_opt_in: true })).json.user.marketing_opt_in_changed_at).toBe('2026-03-01T12:00:00.000Z');
      const withdrawn = await put({ marketing_opt_in: false });
      expect(withdrawn.json.user).toMatchObject({ marketing_opt_in: false, marketing_opt_in_changed_at: '2026-03-02T12:00:00.000Z' });
    } finally {
      server.setNow(null);
    }
    const wrong = await put({ marketing_opt_in: 'si' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.marketing_opt_in).toEqual(['Elige si quieres recibir recordatorios']);
  });
});
