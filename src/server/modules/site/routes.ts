// /api/core/: maintenance status and switch, bypass validation, dollar rate (spec accounts-admin §7 core).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BYPASS_COOKIE, BYPASS_FREE_FAILURES, BYPASS_SLOWDOWN_MS, BYPASS_TTL_HOURS, dollarRateUpdateSchema, toggleMaintenanceSchema,
  validateBypassSchema,
} from '../../../domain/site';
import type { AppContext } from '../../context';
import { AppError, tooMany } from '../../errors';
import { parse } from '../../http';
import { isAdmin, requireStaff } from '../auth/caller';
import { getDollarRate, updateDollarRate } from './dollar-rate';
import { sleep, WindowCounter } from '../../window-counter';
import { getMaintenanceStatus, toggleMaintenance, validateBypassPassword } from './maintenance';

// Guessing limits per IP: 10 tries per 10 minutes; failures counted over 15 minutes.
const BYPASS_ATTEMPTS = { limit: 10, windowMs: 10 * 60_000 };
const BYPASS_FAILURE_WINDOW_MS = 15 * 60_000;

const actorOf = (request: FastifyRequest) => {
  const user = requireStaff(request);
  return { id: user.id, username: user.username };
};

export default async function siteRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const attempts = new WindowCounter(BYPASS_ATTEMPTS.limit, BYPASS_ATTEMPTS.windowMs);
  const failures = new WindowCounter(Number.MAX_SAFE_INTEGER, BYPASS_FAILURE_WINDOW_MS);
  const nowMs = () => ctx.now().getTime();

  app.get('/api/core/maintenance-status/', async () => getMaintenanceStatus(ctx));

  app.post('/api/core/toggle-maintenance/', { config: { access: 'staff' } }, async (request) => {
    const input = parse(toggleMaintenanceSchema, request.body);
    return toggleMaintenance(ctx, actorOf(request), input);
  });

  app.post('/api/core/validate-bypass-password/', async (request, reply) => {
    const ip = request.ip;
    if (!attempts.hit(ip, nowMs())) throw tooMany('Demasiados intentos. Por favor, espera unos minutos e intenta nuevamente.');
    const { password } = parse(validateBypassSchema, request.body);
    // spec accounts-admin §4: after 5 failed attempts every further attempt waits 1.5 s.
    if (failures.count(ip, nowMs()) >= BYPASS_FREE_FAILURES) await sleep(BYPASS_SLOWDOWN_MS);
    const result = await validateBypassPassword(ctx, password);
    if (!result.valid) {
      failures.hit(ip, nowMs());
      throw new AppError(400, result.message, 'BYPASS_INVALID', undefined, { ...result });
    }
    failures.reset(ip);
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
  });

  app.get('/api/core/dollar-rate/', async (request) => getDollarRate(ctx, { includeError: isAdmin(request.user) }));

  app.post('/api/core/dollar-rate/', { config: { access: 'staff' } }, async (request) => {
    const update = parse(dollarRateUpdateSchema, request.body);
    return updateDollarRate(ctx, actorOf(request), update, request.log);
  });
}
