import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from '../http';
import apiDocsPlugin from './api-docs';
import { CONFLICTS } from './api-errors';
import { operationIdOf, summaryOf } from './api-operations';

describe('operationIdOf and summaryOf', () => {
  it('name an operation by its method and URL, parameters as `by`', () => {
    expect(operationIdOf('GET', '/api/products/{id}/related/')).toBe('getProductsByIdRelated');
    expect(operationIdOf('POST', '/api/auth/request-password-reset/')).toBe('postAuthRequestPasswordReset');
    expect(operationIdOf('GET', '/api/orders/export.csv')).toBe('getOrdersExportCsv');
    expect(operationIdOf('PUT', '/api/auth/users/:id/role/')).toBe('putAuthUsersByIdRole');
    expect(summaryOf('DELETE', '/api/orders/:id/shipment/')).toBe('Eliminar orders/{id}/shipment');
    expect(summaryOf('GET', '/api/products/')).toBe('Consultar products');
  });
});

interface Described {
  paths: Record<string, Record<string, { summary?: string; security?: unknown; responses: Record<string, any>; [key: string]: unknown }>>;
}

/** An app with the description and routes of an area the description has never seen. */
async function appWithNewArea() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(apiDocsPlugin);
  const params = z.object({ id: z.coerce.number().int() });
  app.get('/api/purchasing/suppliers/', async () => []);
  app.get('/api/purchasing/suppliers/:id/', { config: { access: 'user' }, schema: { params } }, async () => ({}));
  app.post(
    '/api/purchasing/suppliers/',
    { config: { access: 'staff', permission: 'can_manage_products' }, schema: { body: z.object({ name: z.string() }) } },
    async () => ({}),
  );
  app.put(
    '/api/orders/:id/supplier/',
    { config: { access: 'staff', permission: 'can_view_orders' }, schema: { params, summary: 'Asignar el proveedor' } },
    async () => ({}),
  );
  await app.ready();
  return app;
}

describe('a route added without a line for the description', () => {
  it('gets an operationId, a summary, its security and its error answers', async () => {
    const app = await appWithNewArea();
    const doc = app.swagger() as unknown as Described;
    const list = doc.paths['/api/purchasing/suppliers/'].get;
    expect(list).toMatchObject({ operationId: 'getPurchasingSuppliers', summary: 'Consultar purchasing/suppliers' });
    expect(list.security).toEqual([{}, { bearer: [] }]);
    expect(Object.keys(list.responses)).toEqual(['200', '401']);

    const one = doc.paths['/api/purchasing/suppliers/{id}/'].get;
    expect(one.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(one.responses)).toEqual(['200', '400', '401', '404']);

    const create = doc.paths['/api/purchasing/suppliers/'].post;
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(create['x-permission']).toBe('can_manage_products');
    expect(create.responses).toMatchObject({
      400: { $ref: '#/components/responses/BadRequest' },
      401: { $ref: '#/components/responses/Unauthorized' },
      403: { $ref: '#/components/responses/Forbidden' },
    });
    // An area with no conflicts of its own declares no 409.
    expect(create.responses).not.toHaveProperty('409');
    await app.close();
  });

  it("keeps the route's own summary, and gives a write of an area its area's conflicts", async () => {
    const app = await appWithNewArea();
    const doc = app.swagger() as unknown as Described;
    const assign = doc.paths['/api/orders/{id}/supplier/'].put;
    expect(assign.summary).toBe('Asignar el proveedor');
    const conflicts = assign.responses['409'].content['application/json'].schema.anyOf.map((s: { $ref: string }) => s.$ref);
    expect(conflicts).toContain('#/components/schemas/Conflict.PRICE_CHANGED');
    expect(conflicts).toContain('#/components/schemas/ApiError');
    const orderCodes = Object.keys(CONFLICTS).filter((code) => CONFLICTS[code].areas.includes('orders'));
    expect(conflicts).toHaveLength(orderCodes.length + 1);
    await app.close();
  });
});
