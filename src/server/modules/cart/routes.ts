// The signed-in customer's cart (issue 38): read, replace, and merge the browser's cookie lines
// into it at sign-in. Anonymous callers get 401: their cart is the cookie alone.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartUpdateSchema, serverCartSchema } from '../../../domain/server-cart';
import type { AppContext } from '../../context';
import { requireUser } from '../../security/caller';
import { mergeCart, readCart, replaceCart } from './service';

export default async function cartRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;

  app.get('/api/cart/', { config: { access: 'user' }, schema: { response: { 200: serverCartSchema } } }, async (request) =>
    readCart(ctx, requireUser(request).id),
  );

  app.put(
    '/api/cart/',
    { config: { access: 'user' }, schema: { body: cartUpdateSchema, response: { 200: serverCartSchema } } },
    async (request) => replaceCart(ctx, requireUser(request).id, request.body.lines),
  );

  app.post(
    '/api/cart/merge/',
    { config: { access: 'user' }, schema: { body: cartUpdateSchema, response: { 200: serverCartSchema } } },
    async (request) => mergeCart(ctx, requireUser(request).id, request.body.lines),
  );
}
