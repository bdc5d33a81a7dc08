// The API description (GET /api/openapi.json) is generated from the routes themselves: every API
// route the router holds is in it, with the schemas the server validates with; the reference
// page (GET /api/docs/) renders it without scripts, and both stay open during maintenance.
import { afterAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../helpers/app';
import { createStaff } from '../helpers/factories';
import { collectRoutes, routeLabel } from '../helpers/routes';

const { result: server, routes } = await collectRoutes<TestServer>(() => startTestServer());
afterAll(() => server.close());

/** `/api/products/:id/` as OpenAPI writes it: `/api/products/{id}/`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const apiRoutes = routes.filter(
  (r) => r.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(r.method) && !['/api/openapi.json', '/api/docs/'].includes(r.url),
);

const docRes = await api(server, 'GET', '/api/openapi.json');
const doc = docRes.json;
const operation = (method: string, path: string) => doc.paths[path]?.[method];
/** The JSON body schema of an operation, with `$ref`s into components resolved one level. */
const bodyOf = (method: string, path: string) => operation(method, path)?.requestBody?.content?.['application/json']?.schema;

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI document open to anonymous callers', () => {
    expect(docRes.status).toBe(200);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });

  it('describes every API route of the router', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    const missing = apiRoutes.filter((r) => !operation(r.method.toLowerCase(), openApiPath(r.url))).map(routeLabel);
    expect(missing).toEqual([]);
  });

  it('leaves pages, uploads and the description itself out', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    expect(paths).not.toContain('/api/openapi.json');
    expect(paths).not.toContain('/api/docs/');
  });

  it('declares every status a route answers with, a 204 as an answer without content', () => {
    const undeclared = apiRoutes.flatMap((r) =>
      r.sentStatuses.filter((status) => !r.declaredStatuses.includes(status)).map((status) => `${routeLabel(r)} ${status}`),
    );
    expect(undeclared).toEqual([]);
    const documented = apiRoutes.flatMap((r) => {
      const responses = operation(r.method.toLowerCase(), openApiPath(r.url))?.responses ?? {};
      return r.sentStatuses.map((status) => ({ route: `${routeLabel(r)} ${status}`, status, response: responses[status] }));
    });
    expect(documented.filter((d) => !d.response).map((d) => d.route)).toEqual([]);
    const noContent = documented.filter((d) => d.status === '204');
    expect(noContent.length).toBeGreaterThan(3);
    for (const { route, response } of noContent) expect(response, route).toEqual({ description: 'Sin contenido' });
  });

  it('describes the body of every write, the upload as a multipart form with its file', () => {
    const writes = apiRoutes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    const bodiless = writes.filter((r) => !operation(r.method.toLowerCase(), openApiPath(r.url))?.requestBody?.content).map(routeLabel);
    expect(bodiless).toEqual([]);
    const upload = operation('post', '/api/uploads/').requestBody.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    const form = upload['multipart/form-data'].schema;
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.purpose.enum).toEqual(['product', 'brand', 'settings', 'warranty']);
    expect(form.required).toEqual(expect.arrayContaining(['file', 'purpose']));
  });

  it('gives the login body the fields the login schema reads', () => {
    const body = bodyOf('post', '/api/auth/login/');
    expect(Object.keys(body.properties).sort()).toEqual(['password', 'username_or_email']);
    expect(body.required).toEqual(expect.arrayContaining(['username_or_email', 'password']));
  });

  it('describes the order create body, its lines and the paged order list', () => {
    const body = bodyOf('post', '/api/orders/');
    expect(body.properties.delivery_type.enum).toEqual(['address', 'coordinate']);
    expect(Object.keys(body.properties.products.items.properties).sort()).toEqual(['blister_id', 'product_id', 'quantity']);
    const list = operation('get', '/api/orders/my-orders/').responses['200'].content['application/json'].schema;
    expect(Object.keys(list.properties).sort()).toEqual(['count', 'next', 'previous', 'results']);
  });

  it('describes the order export as a CSV with the list filters', () => {
    const exported = operation('get', '/api/orders/export.csv');
    expect(Object.keys(exported.responses['200'].content)).toEqual(['text/csv']);
    const names = exported.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['search', 'status', 'ordering', 'stage', 'ids', 'rows']));
  });

  it('describes path and query parameters of the catalog', () => {
    const product = operation('get', '/api/products/{id}/');
    expect(product.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
    const names = operation('get', '/api/products/').parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'page_size', 'type', 'brand', 'search', 'ordering']));
  });

  it('describes the catalog import as a multipart file and the export as CSV', () => {
    const body = operation('post', '/api/products/import/').requestBody.content['multipart/form-data'].schema;
    expect(body.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(operation('get', '/api/products/export.csv').responses['200'].content)).toEqual(['text/csv']);
  });

  it('marks the routes that need a session or staff', () => {
    expect(operation('get', '/api/auth/users/').security).toEqual([{ bearer: [] }]);
    // Public: no session needed, and a sent token is read (signed-in customers see prices).
    expect(operation('get', '/api/products/').security).toEqual([{}, { bearer: [] }]);
  });
});

describe('GET /api/docs/', () => {
  it('renders the reference as a page without scripts, under the strict policy', async () => {
    const res = await api(server, 'GET', '/api/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('/api/auth/login/');
    expect(res.text).toContain('username_or_email');
    expect(res.text).toContain('Cuerpo (formulario multipart)');
    expect(res.text).toContain('Respuesta 204: Sin contenido');
    expect(res.text).toContain('Respuesta 404: No existe lo pedido');
    expect(res.text).toContain('Conflictos (409)');
    expect(res.text).toMatch(/<dt><code>PRICE_CHANGED<\/code><\/dt><dd>[^<]*Trae: <code>total<\/code>/);
  });

  it('is also found without the trailing slash', async () => {
    const res = await api(server, 'GET', '/api/docs');
    expect(res.status).toBe(200);
  });
});

describe('during maintenance', () => {
  it('keeps the description and the reference open to anonymous callers', async () => {
    const staff = await createStaff(server.database.db);
    const on = await api(server, 'POST', '/api/core/toggle-maintenance/', { token: staff.token, body: { maintenance_mode: true } });
    expect(on.status).toBe(200);
    try {
      expect((await api(server, 'GET', '/api/products/')).status).toBe(503);
      expect((await api(server, 'GET', '/api/openapi.json')).status).toBe(200);
      expect((await api(server, 'GET', '/api/docs/')).status).toBe(200);
    } finally {
      await api(server, 'POST', '/api/core/toggle-maintenance/', { token: staff.token, body: { maintenance_mode: false } });
    }
  });
});
