// GET /api/dashboard/ (staff): the back office's landing page; GET /api/dashboard/setup/ (staff)
// its 'Primeros pasos' checklist. The low-stock threshold it uses is a shop setting (site/routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardDtoSchema, setupChecklistSchema } from '../../../domain/dashboard';
import type { AppContext } from '../../context';
import { getDashboard } from './service';
import { getSetupChecklist } from './setup-checklist';
import { cartReminderStats, cartReminderStatsSchema } from './cart-reminders';

export default async function dashboardRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  const dashboard = { config: { access: 'staff' as const, permission: 'can_view_dashboard' as const } };

  app.get('/api/dashboard/', { ...dashboard, schema: { response: { 200: dashboardDtoSchema } } }, async () => getDashboard(ctx));

  // Not cached, unlike the figures above: a setting saved anywhere ticks its step at once.
  app.get('/api/dashboard/setup/', { ...dashboard, schema: { response: { 200: setupChecklistSchema } } }, async () =>
    getSetupChecklist(ctx),
  );

  // Cart reminders sent in the last 30 days and the orders that followed them (issue 38).
  app.get('/api/dashboard/cart-reminders/', { ...dashboard, schema: { response: { 200: cartReminderStatsSchema } } }, async () =>
    cartReminderStats(ctx),
  );
}
