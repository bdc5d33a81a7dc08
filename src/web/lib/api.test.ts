// What /start.js fetched for a returning customer before the app ran (window.__earlyStart): the
// app restores the session from that refresh instead of asking again (the refresh cookie is used
// up by one), and takes each early answer once, only with the access token it was fetched with.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, refreshSession, setAccessToken, setTransport } from './api';

const asked: string[] = [];
const early = globalThis as { __earlyStart?: unknown } as {
  __earlyStart?: { refresh?: Promise<Response>; answers?: Record<string, Promise<{ token: string; response: Response } | null>> };
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  asked.length = 0;
  setTransport(async (input) => {
    asked.push(input instanceof Request ? input.url : input.toString());
    return json({ from: 'server' });
  });
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(`fetch ${input}`);
    return json({ access: 'token-new', user: { id: 9 } });
  });
});
afterEach(() => {
  delete early.__earlyStart;
  setAccessToken(null);
  vi.unstubAllGlobals();
});

describe('the early start of a returning customer', () => {
  it('restores the session from start.js’s refresh, once, and asks the server the next time', async () => {
    early.__earlyStart = { refresh: Promise.resolve(json({ access: 'token-1', user: { id: 3 } })), answers: {} };
    await expect(refreshSession()).resolves.toMatchObject({ access: 'token-1', user: { id: 3 } });
    expect(asked).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(refreshSession()).resolves.toMatchObject({ access: 'token-new' });
    expect(asked).toEqual(['fetch /api/auth/refresh/']);
  });

  it('takes an early answer once, for its path, with the token it was fetched with', async () => {
    early.__earlyStart = {
      refresh: Promise.resolve(json({ access: 'token-1', user: { id: 3 } })),
      answers: {
        '/api/products/7/': Promise.resolve({ token: 'token-1', response: json({ from: 'early' }) }),
        '/api/products/8/': Promise.resolve({ token: 'token-old', response: json({ from: 'early' }) }),
      },
    };
    await refreshSession();
    await expect(api.get('/api/products/7/')).resolves.toEqual({ from: 'early' });
    await expect(api.get('/api/products/7/')).resolves.toEqual({ from: 'server' });
    // Fetched with another session's token: the server is asked.
    await expect(api.get('/api/products/8/')).resolves.toEqual({ from: 'server' });
    expect(asked).toEqual(['/api/products/7/', '/api/products/8/']);
  });

  it('never serves an early answer to a caller without a session', async () => {
    early.__earlyStart = { answers: { '/api/products/7/': Promise.resolve({ token: 'token-1', response: json({ from: 'early' }) }) } };
    await expect(api.get('/api/products/7/')).resolves.toEqual({ from: 'server' });
  });
});
