import { describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';

const server = useTestServer();

describe('GET /api/health/', () => {
  it('answers ok after a database round trip, with a request id', async () => {
    const res = await api(server, 'GET', '/api/health/');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers 503-free JSON 404 in Spanish for an unknown API path', async () => {
    const res = await api(server, 'GET', '/api/no-existe/');
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('Recurso no encontrado');
  });

  it('refuses a forged bearer token with 401', async () => {
    const res = await api(server, 'GET', '/api/health/', { token: 'abc.def.ghi' });
    expect(res.status).toBe(401);
    expect(res.json.error).toMatch(/Token/);
  });
});
