// HTTP for staff catalog writes (spec accounts-admin §7 products, brands and banks; storefront §7
// brands). Every route is staff-only; the catalog module serves the reads.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyDiscountResultDtoSchema,
  brandDiscountSchema,
  brandFormSchema,
  brandPatchSchema,
  productFormSchema,
  productPatchSchema,
} from '../../../domain/admin-catalog';
import { brandDtoSchema, productDtoSchema } from '../../../domain/catalog';
import { idParamSchema } from '../../../domain/page';
import type { AppContext } from '../../context';
import { noContentSchema } from '../../http';
import { requireStaff } from '../../security/caller';
import { applyBrandDiscount, createBrand, deleteBrand, updateBrand } from './brands';
import { createProduct, deleteProduct, updateProduct } from './products';
import catalogSheetRoutes from './sheet-routes';

const staffOnly = { config: { access: 'staff' as const, permission: 'can_manage_products' as const } };

const actorOf = (request: FastifyRequest) => {
  const user = requireStaff(request);
  return { id: user.id, username: user.username };
};

export default async function adminCatalogRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  const productWrite = <B>(body: B) => ({ ...staffOnly, schema: { params: idParamSchema, body, response: { 200: productDtoSchema } } });
  const brandWrite = <B>(body: B) => ({ ...staffOnly, schema: { params: idParamSchema, body, response: { 200: brandDtoSchema } } });

  // Export, import and bulk edit (their own scope: the import reads multipart bodies).
  await base.register(catalogSheetRoutes, { ctx });

  // Products and their blisters
  app.post(
    '/api/products/',
    { ...staffOnly, schema: { body: productFormSchema, response: { 201: productDtoSchema } } },
    async (request, reply) => {
      const product = await createProduct(ctx, actorOf(request), request.body);
      return reply.status(201).send(product);
    },
  );

  app.put('/api/products/:id/', productWrite(productFormSchema), async (request) =>
    updateProduct(ctx, actorOf(request), request.params.id, request.body),
  );

  app.patch('/api/products/:id/', productWrite(productPatchSchema), async (request) =>
    updateProduct(ctx, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/products/:id/',
    { ...staffOnly, schema: { params: idParamSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteProduct(ctx, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Brands (seed makers)
  app.post(
    '/api/brands/',
    { ...staffOnly, schema: { body: brandFormSchema, response: { 201: brandDtoSchema } } },
    async (request, reply) => {
      const brand = await createBrand(ctx, actorOf(request), request.body);
      return reply.status(201).send(brand);
    },
  );

  app.put('/api/brands/:id/', brandWrite(brandFormSchema), async (request) =>
    updateBrand(ctx, actorOf(request), request.params.id, request.body),
  );

  app.patch('/api/brands/:id/', brandWrite(brandPatchSchema), async (request) =>
    updateBrand(ctx, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/brands/:id/',
    { ...staffOnly, schema: { params: idParamSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteBrand(ctx, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // The expiry rule reads the clock at each request.
  app.post(
    '/api/brands/:id/apply-discount/',
    {
      ...staffOnly,
      schema: { params: idParamSchema, body: brandDiscountSchema(ctx.now), response: { 200: applyDiscountResultDtoSchema } },
    },
    async (request) => applyBrandDiscount(ctx, actorOf(request), request.params.id, request.body),
  );
}
