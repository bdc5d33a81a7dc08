// /api/auth/users/ and /api/auth/admin/create-user/ (spec accounts-admin §7 auth): staff only.
import type { FastifyInstance } from 'fastify';
import { idParamSchema } from '../../../domain/catalog';
import { adminCreateUserSchema, userListQuerySchema, userStatusSchema } from '../../../domain/users';
import type { AppContext } from '../../context';
import { paged, parse } from '../../http';
import { requireStaff } from '../auth/caller';
import { createUserByAdmin, deleteUser, getUserDetail, listUsers, setUserActive } from './service';

export default async function userRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const staffOnly = { config: { access: 'staff' as const } };

  app.get('/api/auth/users/', staffOnly, async (request) => {
    const query = parse(userListQuerySchema, request.query);
    const { results, count } = await listUsers(ctx, query);
    return paged(request, results, count, query.page, query.page_size);
  });

  app.get('/api/auth/users/:id/', staffOnly, async (request) => {
    return getUserDetail(ctx, parse(idParamSchema, request.params).id);
  });

  app.patch('/api/auth/users/:id/', staffOnly, async (request) => {
    const { id } = parse(idParamSchema, request.params);
    const { is_active } = parse(userStatusSchema, request.body);
    return setUserActive(ctx, requireStaff(request), id, is_active);
  });

  app.delete('/api/auth/users/:id/', staffOnly, async (request, reply) => {
    await deleteUser(ctx, requireStaff(request), parse(idParamSchema, request.params).id);
    return reply.status(204).send();
  });

  app.post('/api/auth/admin/create-user/', staffOnly, async (request, reply) => {
    const input = parse(adminCreateUserSchema, request.body);
    return reply.status(201).send(await createUserByAdmin(ctx, requireStaff(request), input));
  });
}
