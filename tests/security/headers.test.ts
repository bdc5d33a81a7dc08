// Security headers and cookie attributes through real HTTP: pages get a strict CSP (no inline
// script but the start script, allowed by its hash; no framing), every answer gets nosniff, a referrer policy, COOP and a permissions
// policy; HSTS and Secure cookies appear exactly when the shop is served over https.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../helpers/app';
import { createStaff, createUser, TEST_PASSWORD } from '../helpers/factories';
import { closeRawAgent, rawRequest } from './raw-http';
import { cspHash } from '../../src/server/plugins/inline-start';

let plain: TestServer;
let publicHttps: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [plain, publicHttps, proxied] = await Promise.all([
    startTestServer(),
    startTestServer({ publicUrl: 'https://semillas.example' }),
    startTestServer({ trustProxy: ['127.0.0.1'] }),
  ]);
});
afterAll(async () => {
  closeRawAgent();
  await Promise.all([plain, publicHttps, proxied].map((s) => s?.close()));
});

const FORWARDED_HTTPS = { 'x-forwarded-proto': 'https' };

function policy(header: string | null): Record<string, string> {
  expect(header, 'content-security-policy header').toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

const PAGES = ['/', '/productos', '/producto/1', '/carrito', '/login', '/mi-cuenta', '/admin/productos', '/no-existe'];

describe('pages', () => {
  it.each(PAGES)('%s is HTML with a strict Content-Security-Policy', async (path) => {
    const res = await api(plain, 'GET', path);
    // A product that does not exist is a 404 page, still the app.
    expect([200, 404]).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = policy(res.headers.get('content-security-policy'));
    // The start script's hash when the build has one (inline-start.ts), nothing else.
    expect(csp['script-src']).toMatch(/^'self'(?: 'sha256-[A-Za-z0-9+/]+=*')?$/);
    expect(csp['default-src']).toBe("'self'");
    expect(csp['object-src']).toBe("'none'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['base-uri']).toBe("'self'");
    expect(csp['form-action']).toBe("'self'");
    expect(csp['style-src-attr']).toBe("'none'");
    for (const value of Object.values(csp)) expect(value).not.toMatch(/unsafe-eval|\*(?!\.)/);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('sends the other headers with every page', async () => {
    const res = await api(plain, 'GET', '/productos');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it.each([
    ['/', 'a first visit'],
    ['/productos', 'a first visit'],
    ['/', 'a returning visitor'],
    ['/producto/1', 'a returning visitor'],
    ['/carrito', 'a returning visitor'],
  ])('%s, for %s, runs no inline script the policy does not name by its hash', async (path, visit) => {
    // A returning visitor's page has the start script written in (inline-start.ts).
    const headers: Record<string, string> = visit === 'a returning visitor' ? { cookie: 'age_verified=true' } : {};
    const res = await api(plain, 'GET', path, { headers });
    const allowed = policy(res.headers.get('content-security-policy'))['script-src'].split(' ');
    for (const tag of res.text.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
      const type = /type="([^"]+)"/i.exec(tag)?.[1] ?? 'text/javascript';
      if (type === 'application/ld+json' || type === 'application/json') continue;
      const text = tag.replace(/<script\b[^>]*>/i, '').replace(/<\/script>$/i, '');
      if (/\bsrc="/.test(tag)) expect(text.trim(), 'a script with src has no body').toBe('');
      else expect(allowed, 'inline script').toContain(cspHash(text));
    }
  });
});

describe('API answers and other files', () => {
  it.each([
    ['GET', '/api/products/', 200],
    ['GET', '/api/products/999999/', 404],
    ['GET', '/api/products/?page=abc', 400],
    ['GET', '/api/auth/profile/', 401],
    ['POST', '/api/auth/login/', 400],
    ['GET', '/api/nada/', 404],
    ['GET', '/uploads/nada.webp', 404],
  ])('%s %s (%i) forbids loading anything and being framed', async (method, path, status) => {
    const res = await api(plain, method, path, method === 'POST' ? { body: {} } : {});
    expect(res.status).toBe(status);
    const csp = policy(res.headers.get('content-security-policy'));
    expect(csp['default-src']).toBe("'none'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    if (path.startsWith('/api/')) expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('API answers however the path is spelled', () => {
  it('get the API cache and resource policy headers with the path percent-encoded', async () => {
    const customer = await createUser(plain.database.db);
    for (const path of ['/%61pi/products/', '/api/%70roducts/']) {
      const res = await rawRequest(plain.url, { method: 'GET', path });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toMatch(/^public, max-age=60/);
      expect(res.headers['cross-origin-resource-policy'], path).toBe('same-origin');
    }
    const own = await rawRequest(plain.url, {
      method: 'GET',
      path: '/%61pi/orders/my-orders/',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers an unknown API path in JSON, not with the storefront page', async () => {
    const res = await rawRequest(plain.url, { method: 'GET', path: '/%61pi/no-existe/' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Recurso no encontrado' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('https', () => {
  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    for (const path of ['/', '/api/products/']) {
      const res = await api(publicHttps, 'GET', path);
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
    }
    const page = await api(publicHttps, 'GET', '/');
    expect(policy(page.headers.get('content-security-policy'))).toHaveProperty('upgrade-insecure-requests');
  });

  it('adds HSTS behind a trusted proxy that forwarded https, and only then', async () => {
    const viaHttps = await api(proxied, 'GET', '/', { headers: FORWARDED_HTTPS });
    expect(viaHttps.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const viaHttp = await api(proxied, 'GET', '/');
    expect(viaHttp.headers.get('strict-transport-security')).toBeNull();
    // Without TRUST_PROXY the header is anyone's to write, so it is ignored.
    const untrusted = await api(plain, 'GET', '/', { headers: FORWARDED_HTTPS });
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Cookies

interface Cookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

function cookiesOf(res: { headers: Headers }): Cookie[] {
  return res.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      attributes: Object.fromEntries(
        attributes.map((a) => {
          const i = a.indexOf('=');
          return i < 0 ? [a.toLowerCase(), true] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
        }),
      ),
    };
  });
}

function cookieNamed(res: { headers: Headers }, name: string): Cookie {
  const cookie = cookiesOf(res).find((c) => c.name === name);
  expect(cookie, `Set-Cookie ${name}`).toBeDefined();
  return cookie!;
}

async function loginOn(server: TestServer, headers: Record<string, string> = {}) {
  const user = await createUser(server.database.db);
  return api(server, 'POST', '/api/auth/login/', { body: { username_or_email: user.username, password: TEST_PASSWORD }, headers });
}

async function bypassOn(server: TestServer, headers: Record<string, string> = {}) {
  const staff = await createStaff(server.database.db);
  const set = await api(server, 'POST', '/api/core/toggle-maintenance/', {
    token: staff.token,
    body: { maintenance_mode: false, bypass_password: 'clave-de-paso' },
  });
  expect(set.status).toBe(200);
  const res = await api(server, 'POST', '/api/core/validate-bypass-password/', { body: { password: 'clave-de-paso' }, headers });
  expect(res.status).toBe(200);
  return res;
}

describe('cookies', () => {
  it('the refresh cookie is HttpOnly, SameSite=Lax, scoped to /api/auth/ and not Secure over plain http', async () => {
    const res = await loginOn(plain);
    const cookie = cookieNamed(res, 'refresh_token');
    expect(cookie.attributes.httponly).toBe(true);
    expect(String(cookie.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie.attributes.path).toBe('/api/auth/');
    expect(cookie.attributes.secure).toBeUndefined();
  });

  it('the refresh cookie is Secure when served over https (PUBLIC_URL or a trusted proxy)', async () => {
    for (const res of [await loginOn(publicHttps), await loginOn(proxied, FORWARDED_HTTPS)]) {
      const cookie = cookieNamed(res, 'refresh_token');
      expect(cookie.attributes.secure).toBe(true);
      expect(cookie.attributes.httponly).toBe(true);
      expect(String(cookie.attributes.samesite).toLowerCase()).toBe('lax');
    }
  });

  it('logging out clears the refresh cookie with the same attributes', async () => {
    const login = await loginOn(publicHttps);
    const refresh = cookieNamed(login, 'refresh_token').value;
    const res = await api(publicHttps, 'POST', '/api/auth/logout/', { body: {}, headers: { cookie: `refresh_token=${refresh}` } });
    expect(res.status).toBe(200);
    const cleared = cookieNamed(res, 'refresh_token');
    expect(cleared.value).toBe('');
    expect(cleared.attributes.httponly).toBe(true);
    expect(cleared.attributes.secure).toBe(true);
    expect(cleared.attributes.path).toBe('/api/auth/');
  });

  it('the maintenance bypass cookie is HttpOnly and SameSite=Lax, and Secure over https', async () => {
    const overHttp = cookieNamed(await bypassOn(plain), 'maintenance_bypass');
    expect(overHttp.attributes.httponly).toBe(true);
    expect(String(overHttp.attributes.samesite).toLowerCase()).toBe('lax');
    expect(overHttp.attributes.secure).toBeUndefined();
    for (const res of [await bypassOn(publicHttps), await bypassOn(proxied, FORWARDED_HTTPS)]) {
      const cookie = cookieNamed(res, 'maintenance_bypass');
      expect(cookie.attributes.secure).toBe(true);
      expect(cookie.attributes.httponly).toBe(true);
    }
  });
});
