// /api/auth/users/ and /api/auth/admin/create-user/ (spec accounts-admin §7 auth): staff only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, pageSchema } from '../../../domain/page';
import {
  adminCreateUserSchema,
  adminUserDetailDtoSchema,
  adminUserDtoSchema,
  userListQuerySchema,
  userStatusSchema,
} from '../../../domain/users';
import { roleChangeSchema } from '../../../domain/staff-roles';
import type { AppContext } from '../../context';
import { noContentSchema, paged } from '../../http';
import { requireStaff } from '../../security/caller';
import { createUserByAdmin, deleteUser, getUserDetail, listUsers, setUserActive, setUserRole } from './service';

export default async function userRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  // Customers are can_manage_users'; a change to a staff account also needs can_manage_team,
  // checked by the service against the account (checkAccountChange).
  const staffOnly = { config: { access: 'staff' as const, permission: 'can_manage_users' as const } };

  app.get(
    '/api/auth/users/',
    { ...staffOnly, schema: { querystring: userListQuerySchema, response: { 200: pageSchema(adminUserDtoSchema) } } },
    async (request) => {
      const { query } = request;
      const { results, count } = await listUsers(ctx, query);
      return paged(request, results, count, query.page, query.page_size);
    },
  );

  app.get(
    '/api/auth/users/:id/',
    { ...staffOnly, schema: { params: idParamSchema, response: { 200: adminUserDetailDtoSchema } } },
    async (request) => {
      return getUserDetail(ctx, request.params.id);
    },
  );

  app.patch(
    '/api/auth/users/:id/',
    {
      ...staffOnly,
      schema: { params: idParamSchema, body: userStatusSchema, response: { 200: adminUserDtoSchema.extend({ message: z.string() }) } },
    },
    async (request) => setUserActive(ctx, requireStaff(request), request.params.id, request.body.is_active),
  );

  app.delete(
    '/api/auth/users/:id/',
    { ...staffOnly, schema: { params: idParamSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteUser(ctx, requireStaff(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/auth/users/:id/role/',
    {
      config: { access: 'staff', permission: 'can_manage_team' },
      schema: { params: idParamSchema, body: roleChangeSchema, response: { 200: adminUserDtoSchema.extend({ message: z.string() }) } },
    },
    async (request) => setUserRole(ctx, requireStaff(request), request.params.id, request.body),
  );

  app.post(
    '/api/auth/admin/create-user/',
    {
      ...staffOnly,
      schema: { body: adminCreateUserSchema, response: { 201: z.object({ message: z.string(), user: adminUserDtoSchema }) } },
    },
    async (request, reply) => reply.status(201).send(await createUserByAdmin(ctx, requireStaff(request), request.body)),
  );
}
