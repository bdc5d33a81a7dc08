// /api/core/: maintenance status and switch, bypass validation, dollar rate (spec accounts-admin §7
// core), and every shop setting staff edit: payment details (issue 13), contact channels and
// fiscal data (issue 24), the low-stock threshold, the cap of orders awaiting payment.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BYPASS_COOKIE,
  BYPASS_FREE_FAILURES,
  BYPASS_SLOWDOWN_MS,
  BYPASS_TTL_HOURS,
  bypassResultDtoSchema,
  dollarRateDtoSchema,
  dollarRateResultSchema,
  dollarRateUpdateSchema,
  maintenanceStatusDtoSchema,
  toggleMaintenanceSchema,
  validateBypassSchema,
} from '../../../domain/site';
import { paymentSettingsDtoSchema, paymentSettingsSchema } from '../../../domain/fulfilment';
import { inventorySettingsDtoSchema, inventorySettingsUpdateSchema } from '../../../domain/inventory';
import { contactSettingsDtoSchema, contactSettingsSchema } from '../../../domain/legal-schemas';
import { orderSettingsDtoSchema, orderSettingsUpdateSchema } from '../../../domain/order-settings';
import { restockSettingsSchema } from '../../../domain/restock';
import type { AppContext } from '../../context';
import { AppError, tooMany } from '../../errors';
import { isAdmin, requireStaff } from '../../security/caller';
import { getDollarRate, updateDollarRate } from './dollar-rate';
import { sleep, WindowCounter } from '../../window-counter';
import { getMaintenanceStatus, toggleMaintenance, validateBypassPassword } from './maintenance';
import { getPaymentSettings, updatePaymentSettings } from './payment-settings';
import { getContactSettings, updateContactSettings } from './contact-settings';
import { getInventorySettings, updateInventorySettings, updateRestockCoverDays } from './inventory-settings';
import { getOrderSettings, updateOrderSettings } from './order-settings';

// Guessing limits per IP: 10 tries per 10 minutes; failures counted over 15 minutes (only up to
// the free ones: past them every attempt waits, however many there were).
const BYPASS_ATTEMPTS = { max: 10, windowMs: 10 * 60_000 };
const BYPASS_FAILURES = { max: BYPASS_FREE_FAILURES, windowMs: 15 * 60_000 };

const actorOf = (request: FastifyRequest) => {
  const user = requireStaff(request);
  return { id: user.id, username: user.username };
};

export default async function siteRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;
  const attempts = new WindowCounter(app.counters, 'bypass:attempts', BYPASS_ATTEMPTS);
  const failures = new WindowCounter(app.counters, 'bypass:failures', BYPASS_FAILURES);
  const settings = { config: { access: 'staff' as const, permission: 'can_manage_settings' as const } };

  app.get('/api/core/maintenance-status/', { schema: { response: { 200: maintenanceStatusDtoSchema } } }, async () =>
    getMaintenanceStatus(ctx),
  );

  app.post(
    '/api/core/toggle-maintenance/',
    {
      config: { access: 'staff', permission: 'can_manage_settings' },
      schema: { body: toggleMaintenanceSchema, response: { 200: maintenanceStatusDtoSchema.extend({ message: z.string() }) } },
    },
    async (request) => toggleMaintenance(ctx, actorOf(request), request.body),
  );

  app.post(
    '/api/core/validate-bypass-password/',
    {
      schema: { body: validateBypassSchema, response: { 200: bypassResultDtoSchema } },
      // Every attempt counts, a malformed one too: before the body is validated.
      preValidation: async (request) => {
        if (!(await attempts.take(request.ip)).allowed)
          throw tooMany('Demasiados intentos. Por favor, espera unos minutos e intenta nuevamente.');
      },
    },
    async (request, reply) => {
      const ip = request.ip;
      const { password } = request.body;
      // spec accounts-admin §4: after 5 failed attempts every further attempt waits 1.5 s.
      if ((await failures.count(ip)) >= BYPASS_FREE_FAILURES) await sleep(BYPASS_SLOWDOWN_MS);
      const result = await validateBypassPassword(ctx, password);
      if (!result.valid) {
        await failures.add(ip);
        throw new AppError(400, result.message, 'BYPASS_INVALID', undefined, { ...result });
      }
      await failures.reset(ip);
      // The web app sends the cookie with every call; other clients may send the header instead.
      reply.setCookie(BYPASS_COOKIE, result.bypass_token ?? '', {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        // Same rule as the refresh cookie: behind a proxy that hides https, PUBLIC_URL tells.
        secure: request.protocol === 'https' || ctx.config.publicUrl.startsWith('https:'),
        maxAge: BYPASS_TTL_HOURS * 3600,
      });
      return result;
    },
  );

  app.get('/api/core/dollar-rate/', { schema: { response: { 200: dollarRateDtoSchema } } }, async (request) =>
    getDollarRate(ctx, { includeError: isAdmin(request.user) }),
  );

  app.post(
    '/api/core/dollar-rate/',
    {
      config: { access: 'staff', permission: 'can_manage_settings' },
      schema: { body: dollarRateUpdateSchema, response: { 200: dollarRateResultSchema } },
    },
    async (request) => updateDollarRate(ctx, actorOf(request), request.body, request.log),
  );

  app.get(
    '/api/core/payment-settings/',
    { config: { access: 'staff', permission: 'can_manage_settings' }, schema: { response: { 200: paymentSettingsDtoSchema } } },
    async () => getPaymentSettings(ctx),
  );

  app.put(
    '/api/core/payment-settings/',
    {
      config: { access: 'staff', permission: 'can_manage_settings' },
      schema: { body: paymentSettingsSchema, response: { 200: paymentSettingsDtoSchema } },
    },
    async (request) => updatePaymentSettings(ctx, actorOf(request), request.body),
  );

  app.get(
    '/api/core/contact-settings/',
    { config: { cacheSeconds: 60 }, schema: { response: { 200: contactSettingsDtoSchema } } },
    async () => getContactSettings(ctx),
  );

  app.put(
    '/api/core/contact-settings/',
    { ...settings, schema: { body: contactSettingsSchema, response: { 200: contactSettingsDtoSchema } } },
    async (request) => updateContactSettings(ctx, actorOf(request), request.body),
  );

  // Any staff member reads the threshold: the products' stock badges and the 'Stock bajo' filter use it.
  app.get(
    '/api/core/inventory-settings/',
    { config: { access: 'staff', permission: 'can_access_admin' }, schema: { response: { 200: inventorySettingsDtoSchema } } },
    async () => getInventorySettings(ctx),
  );

  app.put(
    '/api/core/inventory-settings/',
    {
      ...settings,
      schema: { body: inventorySettingsUpdateSchema, response: { 200: inventorySettingsDtoSchema.extend({ message: z.string() }) } },
    },
    async (request) => updateInventorySettings(ctx, actorOf(request), request.body),
  );

  // The restock planner's cover days ('Reponer'), set by those who buy.
  app.put(
    '/api/restock/settings/',
    {
      config: { access: 'staff', permission: 'can_manage_purchasing' },
      schema: { body: restockSettingsSchema, response: { 200: restockSettingsSchema } },
    },
    async (request) => ({ cover_days: await updateRestockCoverDays(ctx, requireStaff(request), request.body.cover_days) }),
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
