// The legal pages (/api/pages/{slug}/) and the 'Botón de arrepentimiento' (/api/revocations/),
// issue 24. The contact channels and fiscal data are shop settings (site/routes.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailboxOf } from '../../../domain/auth';
import { pageSchema } from '../../../domain/page';
import {
  legalPageDtoSchema,
  legalPageSchema,
  legalSlugParamSchema,
  revocationCreatedDtoSchema,
  revocationDtoSchema,
  revocationListQuerySchema,
  revocationSchema,
} from '../../../domain/legal-schemas';
import type { AppContext } from '../../context';
import { tooMany } from '../../errors';
import { paged } from '../../http';
import { WindowCounter } from '../../window-counter';
import { requireStaff } from '../../security/caller';
import { getLegalPage, updateLegalPage } from './pages';
import { createRevocation, listRevocations, refuseOtherOrders, REVOCATION_MAILS_PER_ADDRESS } from './revocations';

// The form is public: each address may send a few requests an hour (and try a few more times,
// malformed ones included). Counted in the shared store, so the limit holds across processes.
export const REVOCATIONS_PER_HOUR = 5;
const REVOCATION_REQUESTS = { max: REVOCATIONS_PER_HOUR, windowMs: 60 * 60_000 };
const REVOCATION_ATTEMPTS = { max: 30, windowMs: 60 * 60_000 };
// Per address named, from any connection: beyond it a request is still registered and answered
// alike (nobody learns that the address was named before) but no more mail goes to it.
const REVOCATION_MAILS = { max: REVOCATION_MAILS_PER_ADDRESS, windowMs: 24 * 60 * 60_000 };
export const REVOCATION_LIMIT_MESSAGE =
  'Demasiadas solicitudes de arrepentimiento desde tu conexión. Por favor, intenta nuevamente más tarde o escríbenos por los canales de contacto.';
const DEFAULT_PAGE_SIZE = 20;

const actorOf = (request: FastifyRequest) => {
  const user = requireStaff(request);
  return { id: user.id, username: user.username };
};

export default async function legalRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  const requests = new WindowCounter(app.counters, 'revocations:requests', REVOCATION_REQUESTS);
  const attempts = new WindowCounter(app.counters, 'revocations:attempts', REVOCATION_ATTEMPTS);
  const mailsTo = new WindowCounter(app.counters, 'revocations:mails-to', REVOCATION_MAILS);

  app.get(
    '/api/pages/:slug/',
    { config: { cacheSeconds: 60 }, schema: { params: legalSlugParamSchema, response: { 200: legalPageDtoSchema } } },
    async (request) => getLegalPage(ctx, request.params.slug),
  );

  app.put(
    '/api/pages/:slug/',
    {
      config: { access: 'staff', permission: 'can_manage_settings' },
      schema: { params: legalSlugParamSchema, body: legalPageSchema, response: { 200: legalPageDtoSchema } },
    },
    async (request) => updateLegalPage(ctx, actorOf(request), request.params.slug, request.body),
  );

  app.post(
    '/api/revocations/',
    {
      schema: { body: revocationSchema, response: { 201: revocationCreatedDtoSchema } },
      preValidation: async (request) => {
        if (!(await attempts.take(request.ip)).allowed) throw tooMany(REVOCATION_LIMIT_MESSAGE);
      },
    },
    async (request, reply) => {
      // A valid request takes its place in the limit in one step: simultaneous ones cannot all pass.
      const caller = request.user ? { id: request.user.id, email: request.user.email } : null;
      await refuseOtherOrders(ctx, request.body, caller);
      if (!(await requests.take(request.ip)).allowed) throw tooMany(REVOCATION_LIMIT_MESSAGE);
      // Counted per mailbox: ana+1@… and ANA@… reach the same inbox as ana@….
      const mailRequester = (await mailsTo.take(mailboxOf(request.body.email))).allowed;
      return reply.status(201).send(await createRevocation(ctx, request.body, { caller, mailRequester }, request.log));
    },
  );

  app.get(
    '/api/revocations/',
    {
      config: { access: 'staff', permission: 'can_manage_orders' },
      schema: { querystring: revocationListQuerySchema, response: { 200: pageSchema(revocationDtoSchema) } },
    },
    async (request) => {
      const { query } = request;
      const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
      const { results, count } = await listRevocations(ctx, {
        page: query.page,
        page_size: pageSize,
        search: query.search,
        order_id: query.order_id,
      });
      return paged(request, results, count, query.page, pageSize);
    },
  );
}
