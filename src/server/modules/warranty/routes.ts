// /api/warranty-claims/ (spec accounts-admin §7 warranty): guests and customers file claims,
// customers follow their own, staff review them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, pageSchema } from '../../../domain/page';
import { shopDate } from '../../../domain/dates';
import {
  adminWarrantyClaimDtoSchema,
  eligibleOrderDtoSchema,
  warrantyClaimDtoSchema,
  warrantyClaimListQuerySchema,
  warrantyClaimSchema,
  warrantyClaimUpdateSchema,
} from '../../../domain/warranty';
import type { AppContext } from '../../context';
import { tooMany } from '../../errors';
import { describedOnly, paged, parse } from '../../http';
import { can, requireStaff, requireUser } from '../../security/caller';
import { WindowCounter } from '../../window-counter';
import { checkClaim, getClaim, insertClaim, listClaimsForStaff, listEligibleOrders, listOwnClaims, updateClaim } from './service';

// Guests are anonymous, so each address may file a few claims an hour (and try a few more times).
const GUEST_CLAIMS = { max: 5, windowMs: 60 * 60_000 };
const GUEST_ATTEMPTS = { max: 30, windowMs: 60 * 60_000 };
const GUEST_LIMIT_MESSAGE = 'Demasiadas solicitudes de garantía. Por favor, intenta nuevamente más tarde.';

// The claim's rules depend on the caller (guests give name and e-mail) and on today, and a
// guest's attempt counts before the body is read: the handler parses it.
const claimBody = describedOnly(warrantyClaimSchema({ guest: false, today: '' }));
const claimDtoSchema = z.union([adminWarrantyClaimDtoSchema, warrantyClaimDtoSchema]);

export default async function warrantyRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  const guestClaims = new WindowCounter(app.counters, 'warranty:guest-claims', GUEST_CLAIMS);
  const guestAttempts = new WindowCounter(app.counters, 'warranty:guest-attempts', GUEST_ATTEMPTS);

  app.post('/api/warranty-claims/', { schema: { body: claimBody, response: { 201: warrantyClaimDtoSchema } } }, async (request, reply) => {
    const user = request.user;
    if (!user) {
      const overAttempts = !(await guestAttempts.take(request.ip)).allowed;
      if (overAttempts || (await guestClaims.count(request.ip)) >= GUEST_CLAIMS.max) throw tooMany(GUEST_LIMIT_MESSAGE);
    }
    const input = parse(warrantyClaimSchema({ guest: !user, today: shopDate(ctx.now()) }), request.body);
    const checked = await checkClaim(ctx, user, input);
    // A guest's claim takes its place in the limit only once it passed every check, and in one
    // step: simultaneous claims from one address cannot all pass the count above.
    if (!user && !(await guestClaims.take(request.ip)).allowed) throw tooMany(GUEST_LIMIT_MESSAGE);
    return reply.status(201).send(await insertClaim(ctx, user, checked, request.log));
  });

  app.get(
    '/api/warranty-claims/eligible-orders/',
    { config: { access: 'user' }, schema: { response: { 200: z.array(eligibleOrderDtoSchema) } } },
    async (request) => {
      return listEligibleOrders(ctx, requireUser(request).id);
    },
  );

  // Staff see every claim unless they ask for their own; customers only ever see theirs.
  app.get(
    '/api/warranty-claims/',
    { config: { access: 'user' }, schema: { querystring: warrantyClaimListQuerySchema, response: { 200: pageSchema(claimDtoSchema) } } },
    async (request) => {
      const user = requireUser(request);
      const { query } = request;
      const { results, count } =
        can(user, 'can_manage_warranty') && query.user !== 'current'
          ? await listClaimsForStaff(ctx, query)
          : await listOwnClaims(ctx, user.id, query.page, query.page_size);
      return paged(request, results, count, query.page, query.page_size);
    },
  );

  app.get(
    '/api/warranty-claims/:id/',
    { config: { access: 'user' }, schema: { params: idParamSchema, response: { 200: claimDtoSchema } } },
    async (request) => {
      const user = requireUser(request);
      return getClaim(ctx, user, request.params.id, can(user, 'can_manage_warranty'));
    },
  );

  app.patch(
    '/api/warranty-claims/:id/',
    {
      config: { access: 'staff', permission: 'can_manage_warranty' },
      schema: { params: idParamSchema, body: warrantyClaimUpdateSchema, response: { 200: adminWarrantyClaimDtoSchema } },
    },
    async (request) => updateClaim(ctx, requireStaff(request), request.params.id, request.body, request.log),
  );
}
