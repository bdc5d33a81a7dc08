// Route schemas are checked by the server's own validator (src/server/http.ts): refusals keep the
// `{ error, errors: { field: [message] } }` shape in Spanish, with no framework code, the NUL
// check still applies, the catalog still reads repeated params as one comma list, and checks
// that must come before the body (the bypass guess counter) still do.
import { describe, expect, it } from 'vitest';
import { api, useTestServer } from '../helpers/app';
import { createProduct, createStaff } from '../helpers/factories';

const server = useTestServer();

describe('a refused body, query or path parameter', () => {
  it('answers the body refusal as { error, errors } only, without a code', async () => {
    const res = await api(server, 'POST', '/api/auth/login/', { body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(['error', 'errors']);
    expect(res.json.error).toBe('Ingresa tu usuario o email');
    expect(res.json.errors.username_or_email).toEqual(['Ingresa tu usuario o email']);
  });

  it('refuses a NUL character anywhere in the body, naming its field', async () => {
    const res = await api(server, 'POST', '/api/auth/login/', { body: { username_or_email: 'ana\u0000', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: 'El texto contiene caracteres no permitidos',
      errors: { username_or_email: ['El texto contiene caracteres no permitidos'] },
    });
  });

  it('answers a bad path parameter in Spanish, naming it', async () => {
    const res = await api(server, 'GET', '/api/products/abc/');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Identificador inválido', errors: { id: ['Identificador inválido'] } });
  });

  it('answers a bad query value in Spanish, naming it', async () => {
    const res = await api(server, 'GET', '/api/products/?page=cero');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'La página debe ser un número', errors: { page: ['La página debe ser un número'] } });
  });
});

describe('catalog queries', () => {
  it('read repeated parameters as one comma list', async () => {
    await createProduct(server.database.db, { name: 'Repetida Fem', type: 'fem' });
    await createProduct(server.database.db, { name: 'Repetida Auto', type: 'auto' });
    await createProduct(server.database.db, { name: 'Repetida Reg', type: 'reg' });
    const names = async (query: string) => {
      const res = await api(server, 'GET', `/api/products/?search=repetida&${query}`);
      expect(res.status).toBe(200);
      return res.json.results.map((p: { name: string }) => p.name).sort();
    };
    expect(await names('type=fem&type=auto')).toEqual(['Repetida Auto', 'Repetida Fem']);
    expect(await names('type=fem&type=auto')).toEqual(await names('type=fem,auto'));
    const bad = await api(server, 'GET', '/api/products/?type=fem&type=flor');
    expect(bad.status).toBe(400);
    // The second item of the joined list is the bad one.
    expect(bad.json).toEqual({ error: 'Tipo de producto inválido', errors: { 'type.1': ['Tipo de producto inválido'] } });
  });
});

describe('POST /api/core/validate-bypass-password/', () => {
  it('counts malformed attempts against the guessing limit too', async () => {
    const staff = await createStaff(server.database.db);
    await api(server, 'POST', '/api/core/toggle-maintenance/', {
      token: staff.token,
      body: { maintenance_mode: true, bypass_password: 'la-buena' },
    });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await api(server, 'POST', '/api/core/validate-bypass-password/', { body: { password: 42 } });
        expect(res.status).toBe(400);
      }
      const right = await api(server, 'POST', '/api/core/validate-bypass-password/', { body: { password: 'la-buena' } });
      expect(right.status).toBe(429);
    } finally {
      await api(server, 'POST', '/api/core/toggle-maintenance/', { token: staff.token, body: { maintenance_mode: false } });
    }
  });
});
