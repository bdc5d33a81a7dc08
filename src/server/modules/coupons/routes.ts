// HTTP for coupons: staff list, create and change them (GET/POST /api/coupons/, PUT
// /api/coupons/{id}/). A customer's check of a code against their cart (POST /api/coupons/check/)
// is the checkout's preview, served by the orders' routes with the checkout's facts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, pageSchema } from '../../../domain/page';
import { couponDtoSchema, couponInputSchema } from '../../../domain/coupons';
import type { AppContext } from '../../context';
import { requireStaff } from '../../security/caller';
import { createCoupon, getCoupon, listCoupons, updateCoupon, type CouponRevenue } from './service';

export default async function couponRoutes(base: FastifyInstance, opts: { ctx: AppContext; revenue: CouponRevenue }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx, revenue } = opts;
  // The contract: coupons are a catalog person's job.
  const staffOnly = { config: { access: 'staff' as const, permission: 'can_manage_products' as const } };

  app.get('/api/coupons/', { ...staffOnly, schema: { response: { 200: pageSchema(couponDtoSchema) } } }, async () => {
    const { count, results } = await listCoupons(ctx, revenue);
    return { count, next: null, previous: null, results };
  });

  app.post(
    '/api/coupons/',
    { ...staffOnly, schema: { body: couponInputSchema, response: { 201: couponDtoSchema } } },
    async (request, reply) => reply.status(201).send(await createCoupon(ctx, revenue, requireStaff(request), request.body)),
  );

  app.get('/api/coupons/:id/', { ...staffOnly, schema: { params: idParamSchema, response: { 200: couponDtoSchema } } }, async (request) =>
    getCoupon(ctx, revenue, request.params.id),
  );

  app.put(
    '/api/coupons/:id/',
    { ...staffOnly, schema: { params: idParamSchema, body: couponInputSchema, response: { 200: couponDtoSchema } } },
    async (request) => updateCoupon(ctx, revenue, requireStaff(request), request.params.id, request.body),
  );
}
