// The auth calls of spec accounts-admin §7 plus refresh and logout (architecture: API conventions).
// Each handler parses, applies the rate limit, calls the service and sets the refresh cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  profileUpdateSchema,
  refreshSchema,
  registerSchema,
  verifyChangeSchema,
  verifyEmailSchema,
  verifyPasswordResetSchema,
  type LoginResponse,
  type RefreshResponse,
} from '../../../domain/auth';
import { backgroundSettled } from '../../background';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { parse } from '../../http';
import { requireUser } from './caller';
import * as auth from './service';
import { REFRESH_TOKEN_TTL_SECONDS } from './sessions';
import { SESSION_HINT_COOKIE } from '../../../domain/cookies';
import { BYPASS_COOKIE } from '../../../domain/site';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth/';

export default async function authRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const limits = app.rateLimits;

  const info = (request: FastifyRequest): auth.RequestInfo => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    log: request.log,
  });

  const secureCookie = (request: FastifyRequest) =>
    request.protocol === 'https' || ctx.config.publicUrl.startsWith('https:');

  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, token: string) => {
    reply.setCookie(REFRESH_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie(request),
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
    // Readable by the page, and sent with it: tells that a refresh is worth trying.
    reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure: secureCookie(request), maxAge: REFRESH_TOKEN_TTL_SECONDS });
  };

  const clearRefreshCookie = (request: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: secureCookie(request) });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: secureCookie(request) });
  };

  const refreshTokenOf = (request: FastifyRequest): string | null => {
    const body = parse(refreshSchema, request.body);
    return body.refresh || request.cookies[REFRESH_COOKIE] || null;
  };

  // Resends and reset requests finish their work after the reply; let it end before the database closes.
  app.addHook('onClose', backgroundSettled);

  // Tokens and personal data must never be stored by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/auth/login/', async (request, reply): Promise<LoginResponse> => {
    const input = parse(loginSchema, request.body);
    const throttle = await limits.login(request, reply);
    const { user, tokens } = await auth.login(ctx, input, info(request), throttle);
    setRefreshCookie(request, reply, tokens.refresh);
    return { user, access: tokens.access, refresh: tokens.refresh, is_staff: user.is_staff };
  });

  app.post('/api/auth/refresh/', async (request, reply): Promise<RefreshResponse> => {
    const token = refreshTokenOf(request);
    if (!token) {
      clearRefreshCookie(request, reply);
      throw new AppError(401, 'No hay sesión activa', 'REFRESH_INVALID');
    }
    try {
      const { user, tokens } = await auth.refreshSession(ctx, token, info(request));
      setRefreshCookie(request, reply, tokens.refresh);
      return { access: tokens.access, refresh: tokens.refresh, user };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) clearRefreshCookie(request, reply);
      throw error;
    }
  });

  app.post('/api/auth/logout/', async (request, reply) => {
    const result = await auth.logout(ctx, refreshTokenOf(request));
    clearRefreshCookie(request, reply);
    // spec accounts-admin §4: the maintenance bypass is cleared on logout too.
    reply.clearCookie(BYPASS_COOKIE, { path: '/' });
    return result;
  });

  app.post('/api/auth/register/', async (request, reply) => {
    const input = parse(registerSchema, request.body);
    await limits.check(request, reply, 'register', input.email);
    // Every registration e-mails a code, so it also counts against the address's sends.
    await limits.check(request, reply, 'codeSend', input.email);
    const result = await auth.register(ctx, input, info(request));
    return reply.status(201).send(result);
  });

  app.get('/api/auth/profile/', { config: { access: 'user' } }, async (request) => auth.getProfile(ctx, requireUser(request).id));

  app.put('/api/auth/profile/', { config: { access: 'user' } }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(profileUpdateSchema, request.body);
    if (input.verification_code) await limits.check(request, reply, 'codeVerify', user.email);
    return auth.updateProfile(ctx, user.id, input, info(request));
  });

  app.post('/api/auth/change-password/', { config: { access: 'user' } }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(changePasswordSchema, request.body);
    const throttle = await limits.login(request, reply);
    const result = await auth.changePassword(ctx, user.id, input, info(request), throttle);
    setRefreshCookie(request, reply, result.refresh);
    return result;
  });

  app.post('/api/auth/verify-change/', { config: { access: 'user' } }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(verifyChangeSchema, request.body);
    await limits.check(request, reply, 'codeSend', user.email);
    return auth.requestEmailChange(ctx, user.id, input, info(request));
  });

  app.post('/api/auth/verify-email/', async (request, reply) => {
    const input = parse(verifyEmailSchema, request.body);
    await limits.check(request, reply, 'codeVerify', input.email);
    return auth.verifyEmail(ctx, input);
  });

  app.post('/api/auth/resend-verification/', async (request, reply) => {
    const { email } = parse(emailOnlySchema, request.body);
    await limits.check(request, reply, 'codeSend', email);
    return auth.resendVerification(ctx, email, info(request));
  });

  const resetRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const { email } = parse(emailOnlySchema, request.body);
    await limits.check(request, reply, 'codeSend', email);
    return auth.requestPasswordReset(ctx, email, info(request));
  };
  app.post('/api/auth/request-password-reset/', resetRequest);
  app.post('/api/auth/resend-password-reset/', resetRequest);

  app.post('/api/auth/verify-password-reset/', async (request, reply) => {
    const input = parse(verifyPasswordResetSchema, request.body);
    await limits.check(request, reply, 'codeVerify', input.email);
    return auth.verifyPasswordReset(ctx, input);
  });

  app.get('/api/auth/verify-permissions/', { config: { access: 'user' } }, async (request) =>
    auth.permissionsOf(requireUser(request)),
  );
}
