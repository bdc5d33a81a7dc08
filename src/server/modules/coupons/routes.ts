// HTTP for coupons: staff list, create and change them (GET/POST /api/coupons/, PUT
// /api/coupons/{id}/); a logged-in customer checks a code against their cart (POST
// /api/coupons/check/, rate-limited: codes can be guessed).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, pageSchema } from '../../../domain/page';
import { couponCheckResultSchema, couponCheckSchema, couponDtoSchema, couponInputSchema } from '../../../domain/coupons';
import type { AppContext } from '../../context';
import { requireStaff, requireUser } from '../../security/caller';
import { checkCoupon } from '../orders/service';
import { createCoupon, getCoupon, listCoupons, updateCoupon } from './service';

export default async function couponRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  // The contract: coupons are a catalog person's job.
  const staffOnly = { config: { access: 'staff' as const, permission: 'can_manage_products' as const } };

  app.get('/api/coupons/', { ...staffOnly, schema: { response: { 200: pageSchema(couponDtoSchema) } } }, async () => {
    const { count, results } = await listCoupons(ctx);
    return { count, next: null, previous: null, results };
  });

  app.post(
    '/api/coupons/',
    { ...staffOnly, schema: { body: couponInputSchema, response: { 201: couponDtoSchema } } },
    async (request, reply) => reply.status(201).send(await createCoupon(ctx, requireStaff(request), request.body)),
  );

  app.get('/api/coupons/:id/', { ...staffOnly, schema: { params: idParamSchema, response: { 200: couponDtoSchema } } }, async (request) =>
    getCoupon(ctx, request.params.id),
  );

  app.put(
    '/api/coupons/:id/',
    { ...staffOnly, schema: { params: idParamSchema, body: couponInputSchema, response: { 200: couponDtoSchema } } },
    async (request) => updateCoupon(ctx, requireStaff(request), request.params.id, request.body),
  );

  app.post(
    '/api/coupons/check/',
    { config: { access: 'user' }, schema: { body: couponCheckSchema, response: { 200: couponCheckResultSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.rateLimits.check(request, reply, 'couponCheck', user.email);
      return checkCoupon(ctx, user, request.body);
    },
  );
}
