// GET /api/dashboard/ (staff): the back office's landing page; GET /api/dashboard/setup/ (staff)
// its 'Primeros pasos' checklist; the low-stock threshold it uses, read and set under
// /api/core/inventory-settings/ (staff); the cap of orders awaiting payment per customer under
// /api/core/order-settings/.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardDtoSchema, setupChecklistSchema } from '../../../domain/dashboard';
import { inventorySettingsDtoSchema, inventorySettingsUpdateSchema } from '../../../domain/inventory';
import type { AppContext } from '../../context';
import { requireStaff } from '../auth/caller';
import { orderSettingsDtoSchema, orderSettingsUpdateSchema } from '../../../domain/order-settings';
import { getInventorySettings, updateInventorySettings } from '../site/inventory-settings';
import { getOrderSettings, updateOrderSettings } from '../site/order-settings';
import { getDashboard } from './service';
import { getSetupChecklist } from './setup-checklist';

const actorOf = (request: FastifyRequest) => {
  const user = requireStaff(request);
  return { id: user.id, username: user.username };
};

export default async function dashboardRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  const dashboard = { config: { access: 'staff' as const, permission: 'can_view_dashboard' as const } };
  const settings = { config: { access: 'staff' as const, permission: 'can_manage_settings' as const } };
  const anyStaff = { config: { access: 'staff' as const, permission: 'can_access_admin' as const } };

  app.get('/api/dashboard/', { ...dashboard, schema: { response: { 200: dashboardDtoSchema } } }, async () => getDashboard(ctx));

  // Not cached, unlike the figures above: a setting saved anywhere ticks its step at once.
  app.get('/api/dashboard/setup/', { ...dashboard, schema: { response: { 200: setupChecklistSchema } } }, async () =>
    getSetupChecklist(ctx),
  );

  // Any staff member reads the threshold: the products' stock badges and the 'Stock bajo' filter use it.
  app.get('/api/core/inventory-settings/', { ...anyStaff, schema: { response: { 200: inventorySettingsDtoSchema } } }, async () =>
    getInventorySettings(ctx.db),
  );

  app.put(
    '/api/core/inventory-settings/',
    {
      ...settings,
      schema: { body: inventorySettingsUpdateSchema, response: { 200: inventorySettingsDtoSchema.extend({ message: z.string() }) } },
    },
    async (request) => updateInventorySettings(ctx, actorOf(request), request.body),
  );

  app.get('/api/core/order-settings/', { ...settings, schema: { response: { 200: orderSettingsDtoSchema } } }, async () =>
    getOrderSettings(ctx),
  );

  app.put(
    '/api/core/order-settings/',
    {
      ...settings,
      schema: { body: orderSettingsUpdateSchema, response: { 200: orderSettingsDtoSchema.extend({ message: z.string() }) } },
    },
    async (request) => updateOrderSettings(ctx, actorOf(request), request.body),
  );
}
