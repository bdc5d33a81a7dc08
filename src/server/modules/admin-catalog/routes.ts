// HTTP for staff catalogue writes (spec accounts-admin §7 products, brands and banks; storefront §7
// brands). Every route is staff-only; the catalogue module serves the reads.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  brandDiscountSchema, brandFormSchema, brandPatchSchema, productFormSchema, productPatchSchema,
} from '../../../domain/admin-catalog';
import { idParamSchema } from '../../../domain/catalog';
import type { AppContext } from '../../context';
import { parse } from '../../http';
import { requireStaff } from '../auth/caller';
import { applyBrandDiscount, createBrand, deleteBrand, updateBrand } from './brands';
import { createProduct, deleteProduct, updateProduct } from './products';

const staffOnly = { config: { access: 'staff' as const } };

const idOf = (request: FastifyRequest) => parse(idParamSchema, request.params).id;

const actorOf = (request: FastifyRequest) => {
  const user = requireStaff(request);
  return { id: user.id, username: user.username };
};

export default async function adminCatalogRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;

  // Products and their presentations
  app.post('/api/products/', staffOnly, async (request, reply) => {
    const product = await createProduct(ctx, actorOf(request), parse(productFormSchema, request.body));
    return reply.status(201).send(product);
  });

  app.put('/api/products/:id/', staffOnly, async (request) =>
    updateProduct(ctx, actorOf(request), idOf(request), parse(productFormSchema, request.body)));

  app.patch('/api/products/:id/', staffOnly, async (request) =>
    updateProduct(ctx, actorOf(request), idOf(request), parse(productPatchSchema, request.body)));

  app.delete('/api/products/:id/', staffOnly, async (request, reply) => {
    await deleteProduct(ctx, actorOf(request), idOf(request));
    return reply.status(204).send();
  });

  // Brands (seed banks)
  app.post('/api/brands/', staffOnly, async (request, reply) => {
    const brand = await createBrand(ctx, actorOf(request), parse(brandFormSchema, request.body));
    return reply.status(201).send(brand);
  });

  app.put('/api/brands/:id/', staffOnly, async (request) =>
    updateBrand(ctx, actorOf(request), idOf(request), parse(brandFormSchema, request.body)));

  app.patch('/api/brands/:id/', staffOnly, async (request) =>
    updateBrand(ctx, actorOf(request), idOf(request), parse(brandPatchSchema, request.body)));

  app.delete('/api/brands/:id/', staffOnly, async (request, reply) => {
    await deleteBrand(ctx, actorOf(request), idOf(request));
    return reply.status(204).send();
  });

  app.post('/api/brands/:id/apply-discount/', staffOnly, async (request) => {
    const id = idOf(request);
    return applyBrandDiscount(ctx, actorOf(request), id, parse(brandDiscountSchema(ctx.now()), request.body));
  });
}
