// The served API description passes Redocly's recommended lint, and gives a client what it needs
// of every operation: a unique operationId, a summary, its error answers in the shared shape, and
// the session it needs, all derived from the routes (src/server/plugins/api-operations.ts).
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { blisters } from '../../src/server/db/schema';
import { api, startTestServer, type TestServer } from '../helpers/app';
import { createProduct, createUser } from '../helpers/factories';
import { collectRoutes, routeLabel } from '../helpers/routes';

const { result: server, routes } = await collectRoutes<TestServer>(() => startTestServer());
afterAll(() => server.close());

const served = await api(server, 'GET', '/api/openapi.json');
const doc = served.json;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref?: string; anyOf?: { $ref: string }[] } }> }>;
}

const operations: { label: string; path: string; operation: Operation }[] = Object.entries(
  doc.paths as Record<string, Record<string, Operation>>,
).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, path, operation })),
);

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operationOf = (method: string, url: string) => doc.paths[openApiPath(url)]?.[method.toLowerCase()] as Operation | undefined;

describe('the served API description', () => {
  it("passes Redocly's recommended lint", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The paths are the spec's, trailing slash included, and a fixed segment wins over a
        // parameter in the router (`/api/orders/by-number/{number}/` before `/api/orders/{id}/…`).
        'no-path-trailing-slash': 'off',
        'no-ambiguous-paths': 'off',
        // The shop's own API: it is not licensed to anyone.
        'info-license': 'off',
      },
    });
    const problems = await lintFromString({ source: served.text, absoluteRef: '/api/openapi.json', config });
    // A link that only leads to a page (the e-mails' unsubscribe link, 303 to /baja) has no 2xx.
    const redirectOnly = (pointer = '') =>
      /^#\/paths\/[^/]+\/get\/responses$/.test(pointer) &&
      Object.keys(problemOperation(pointer)?.responses ?? {}).every((status) => status.startsWith('3') || status.startsWith('4'));
    const problemOperation = (pointer: string) => {
      const [, path] = /^#\/paths\/([^/]+)\//.exec(pointer) ?? [];
      return path ? (doc.paths[path.replaceAll('~1', '/')]?.get as Operation | undefined) : undefined;
    };
    const found = problems.filter((p) => !(p.ruleId === 'operation-2xx-response' && redirectOnly(p.location[0]?.pointer)));
    expect(found.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  it('gives every operation a unique operationId and a summary', () => {
    expect(operations.length).toBeGreaterThan(90);
    expect(operations.filter(({ operation }) => !operation.operationId || !operation.summary).map((o) => o.label)).toEqual([]);
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
  });

  it('gives every operation a 4xx answer in the shared error shape', () => {
    expect(
      operations.filter(({ operation }) => !Object.keys(operation.responses).some((s) => /^4\d\d$/.test(s))).map((o) => o.label),
    ).toEqual([]);
    expect(doc.components.schemas.ApiError.required).toEqual(['error']);
    for (const [name, response] of Object.entries(doc.components.responses as Record<string, Operation['responses'][string]>)) {
      expect(response.content?.['application/json'].schema, name).toEqual({ $ref: '#/components/schemas/ApiError' });
    }
    const login = operationOf('POST', '/api/auth/login/')!;
    expect(login.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
  });

  it('asks for a session where the route needs one, and the permission where it needs staff', () => {
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(r.method));
    const wrong = apiRoutes.flatMap((route) => {
      const operation = operationOf(route.method, route.url);
      if (!operation) return [];
      const expected = route.access === 'public' ? [{}, { bearer: [] }] : [{ bearer: [] }];
      const needs403 = route.access === 'staff';
      const ok =
        JSON.stringify(operation.security) === JSON.stringify(expected) &&
        '401' in operation.responses &&
        needs403 === '403' in operation.responses;
      return ok ? [] : [routeLabel(route)];
    });
    expect(wrong).toEqual([]);
    expect(apiRoutes.filter((r) => r.access !== 'public').length).toBeGreaterThan(60);
    expect(operationOf('GET', '/api/auth/users/')).toMatchObject({ 'x-permission': 'can_manage_users' });
  });

  it('documents the 409 PRICE_CHANGED of the checkout with the figures it carries', () => {
    const conflict = operationOf('POST', '/api/orders/')!.responses['409'];
    const variants = conflict.content!['application/json'].schema.anyOf!.map((s) => s.$ref);
    expect(variants).toContain('#/components/schemas/Conflict.PRICE_CHANGED');
    const priceChanged = doc.components.schemas['Conflict.PRICE_CHANGED'];
    expect(priceChanged.allOf[0]).toEqual({ $ref: '#/components/schemas/ApiError' });
    expect(priceChanged.allOf[1].required).toEqual(['code', 'total', 'subtotal', 'shipping', 'lines']);
    expect(Object.keys(priceChanged.allOf[1].properties.lines.items.properties)).toEqual(['product_id', 'blister_id', 'quantity', 'price']);
    // Reads declare no 409; a write of an area without conflicts neither.
    expect(operationOf('GET', '/api/orders/my-orders/')!.responses).not.toHaveProperty('409');
    expect(operationOf('PUT', '/api/pages/:slug/')!.responses).not.toHaveProperty('409');
  });

  it('describes the figures a real PRICE_CHANGED answer carries', async () => {
    const db = server.database.db;
    const customer = await createUser(db);
    const product = await createProduct(db, { blisters: [{ price: 48000, stock: 5 }] });
    const line = { product_id: product.id, blister_id: product.blisters[0].id, quantity: 1 };
    await db.update(blisters).set({ price: 60000 }).where(eq(blisters.id, line.blister_id));
    const body = {
      recipient_name: 'Laura Gómez',
      customer_phone: '1145678901',
      delivery_type: 'coordinate',
      products: [line],
      expected_total: 48000,
    };
    const res = await api(server, 'POST', '/api/orders/', { token: customer.token, body });
    expect(res.status).toBe(409);
    const [shape, figures] = [doc.components.schemas.ApiError, doc.components.schemas['Conflict.PRICE_CHANGED'].allOf[1]];
    const documented = [...Object.keys(shape.properties), ...Object.keys(figures.properties)];
    expect(Object.keys(res.json).filter((key) => !documented.includes(key))).toEqual([]);
    expect(Object.keys(res.json)).toEqual(expect.arrayContaining(figures.required));
    expect(Object.keys(res.json.lines[0]).sort()).toEqual(Object.keys(figures.properties.lines.items.properties).sort());
  });
});
