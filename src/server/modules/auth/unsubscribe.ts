// The unsubscribe link of reminder e-mails (issue 38, Ley 25.326): works without signing in. The
// token names the account and an expiry, signed with the server's secret (HMAC-SHA256), so it
// cannot be made up or moved to another account; it lasts 180 days, well past the 60 the shop
// promises. Using it withdraws the consent; using it again answers the same.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DAY_MS } from '../../../domain/dates';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { withdrawMarketingConsent } from './accounts';

const TOKEN_DAYS = 180;
const INVALID = 'El enlace para darte de baja no es válido o venció. Puedes cambiar tu preferencia en Mi cuenta.';

const signature = (secret: string, userId: number, expires: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${expires}`).digest('base64url');

export function unsubscribeToken(ctx: AppContext, userId: number): string {
  const expires = Math.floor((ctx.now().getTime() + TOKEN_DAYS * DAY_MS) / 1000);
  return `${userId}.${expires}.${signature(ctx.config.jwtSecret, userId, expires)}`;
}

/** The account of a genuine, unexpired token; null otherwise. */
function tokenAccount(ctx: AppContext, token: string): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [userId, expires] = [Number(match[1]), Number(match[2])];
  const expected = Buffer.from(signature(ctx.config.jwtSecret, userId, expires));
  const given = Buffer.from(match[3]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return expires * 1000 > ctx.now().getTime() ? userId : null;
}

/** The link a reminder carries: the API's GET, which opens the page that asks. */
export const unsubscribeUrl = (ctx: AppContext, userId: number) =>
  `${ctx.config.publicUrl}/api/unsubscribe/?token=${encodeURIComponent(unsubscribeToken(ctx, userId))}`;

const tokenSchema = z.string({ error: INVALID }).max(200, INVALID);

export default async function unsubscribeRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;

  // The link in the e-mail: the page that asks (a mail client or a scanner opening the link
  // withdraws nothing).
  app.get(
    '/api/unsubscribe/',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ token: tokenSchema.optional() }),
        response: { 303: z.undefined().describe('A /baja, la página que pregunta') },
      },
    },
    async (request, reply) =>
      reply.status(303).redirect(`/baja${request.query.token ? `?token=${encodeURIComponent(request.query.token)}` : ''}`),
  );

  app.post(
    '/api/unsubscribe/',
    {
      config: { access: 'public' },
      schema: { body: z.object({ token: tokenSchema }), response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const userId = tokenAccount(ctx, request.body.token);
      if (userId === null || !(await withdrawMarketingConsent(ctx.db, userId, ctx.now())))
        throw badRequest(INVALID, undefined, 'INVALID_TOKEN');
      return { message: 'Listo: ya no te enviaremos recordatorios ni novedades por email.' };
    },
  );
}
