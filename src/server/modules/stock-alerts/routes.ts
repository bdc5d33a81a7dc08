// Stock alerts (issue 14): customers' 'Avisarme cuando haya stock' requests
// (/api/stock-notifications/) and the staff settings of the shop's daily stock e-mail.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../domain/page';
import {
  stockAlertSettingsDtoSchema,
  stockAlertSettingsResultSchema,
  stockAlertSettingsUpdateSchema,
  stockNotificationCreateSchema,
  stockNotificationDtoSchema,
} from '../../../domain/stock-alerts';
import type { AppContext } from '../../context';
import { noContentSchema } from '../../http';
import { requireStaff, requireUser } from '../../security/caller';
import { getStockAlertSettings, updateStockAlertSettings } from './daily-alert';
import { cancelNotification, listOwnNotifications, requestNotification } from './notifications';

export default async function stockAlertRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;

  // 201 for a new request, 200 with the same one when it was already open.
  app.post(
    '/api/stock-notifications/',
    {
      config: { access: 'user' },
      schema: { body: stockNotificationCreateSchema, response: { 201: stockNotificationDtoSchema, 200: stockNotificationDtoSchema } },
    },
    async (request, reply) => {
      const { created, notification } = await requestNotification(ctx, requireUser(request).id, request.body.blister_id);
      return reply.status(created ? 201 : 200).send(notification);
    },
  );

  app.get(
    '/api/stock-notifications/',
    { config: { access: 'user' }, schema: { response: { 200: z.array(stockNotificationDtoSchema) } } },
    async (request) => listOwnNotifications(ctx, requireUser(request).id),
  );

  app.delete(
    '/api/stock-notifications/:id/',
    { config: { access: 'user' }, schema: { params: idParamSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await cancelNotification(ctx, requireUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/core/stock-alert-settings/',
    { config: { access: 'staff', permission: 'can_manage_products' }, schema: { response: { 200: stockAlertSettingsDtoSchema } } },
    async () => getStockAlertSettings(ctx),
  );

  app.put(
    '/api/core/stock-alert-settings/',
    {
      config: { access: 'staff', permission: 'can_manage_products' },
      schema: { body: stockAlertSettingsUpdateSchema, response: { 200: stockAlertSettingsResultSchema } },
    },
    async (request) => {
      const user = requireStaff(request);
      return updateStockAlertSettings(ctx, { id: user.id, username: user.username }, request.body);
    },
  );
}
