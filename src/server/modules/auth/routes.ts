// The auth calls of spec accounts-admin §7 plus refresh and logout (architecture: API conventions).
// Each route declares its body schema; the handler applies the rate limit, calls the service and sets the refresh cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  changePasswordResponseSchema,
  loginResponseSchema,
  messageResponseSchema,
  permissionsResponseSchema,
  profileDtoSchema,
  profileUpdateResponseSchema,
  refreshResponseSchema,
  registerResponseSchema,
  type EmailOnlyInput,
  type LoginResponse,
  type RefreshResponse,
} from '../../../domain/auth';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { ZodApp } from '../../http';
import { requireUser } from '../../security/caller';
import * as auth from './service';
import { REFRESH_TOKEN_TTL_SECONDS } from './sessions';
import { SESSION_HINT_COOKIE } from '../../../domain/cookies';
import { BYPASS_COOKIE } from '../../../domain/site';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth/';

export default async function authRoutes(app: ZodApp, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const limits = app.rateLimits;

  const info = (request: FastifyRequest): auth.RequestInfo => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    log: request.log,
  });

  const secureCookie = (request: FastifyRequest) => request.protocol === 'https' || ctx.config.publicUrl.startsWith('https:');

  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, token: string) => {
    reply.setCookie(REFRESH_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie(request),
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
    // Readable by the page, and sent with it: tells that a refresh is worth trying.
    reply.setCookie(SESSION_HINT_COOKIE, '1', {
      path: '/',
      sameSite: 'lax',
      secure: secureCookie(request),
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
  };

  const clearRefreshCookie = (request: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: secureCookie(request) });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: secureCookie(request) });
  };

  const refreshTokenOf = (request: FastifyRequest): string | null => {
    const body = (request.body ?? {}) as { refresh?: string };
    return body.refresh || request.cookies[REFRESH_COOKIE] || null;
  };

  // Tokens and personal data must never be stored by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/auth/login/',
    { schema: { body: loginSchema, response: { 200: loginResponseSchema } } },
    async (request, reply): Promise<LoginResponse> => {
      const input = request.body;
      const throttle = await limits.login(request, reply);
      const { user, tokens } = await auth.login(ctx, input, info(request), throttle);
      setRefreshCookie(request, reply, tokens.refresh);
      return { user, access: tokens.access, refresh: tokens.refresh, is_staff: user.is_staff };
    },
  );

  app.post(
    '/api/auth/refresh/',
    { schema: { body: refreshSchema, response: { 200: refreshResponseSchema } } },
    async (request, reply): Promise<RefreshResponse> => {
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
    },
  );

  app.post('/api/auth/logout/', { schema: { body: refreshSchema, response: { 200: messageResponseSchema } } }, async (request, reply) => {
    const result = await auth.logout(ctx, refreshTokenOf(request));
    clearRefreshCookie(request, reply);
    // spec accounts-admin §4: the maintenance bypass is cleared on logout too.
    reply.clearCookie(BYPASS_COOKIE, { path: '/' });
    return result;
  });

  app.post(
    '/api/auth/register/',
    { schema: { body: registerSchema, response: { 201: registerResponseSchema } } },
    async (request, reply) => {
      const input = request.body;
      await limits.check(request, reply, 'register', input.email);
      // Every registration e-mails a code, so it also counts against the address's sends.
      await limits.check(request, reply, 'codeSend', input.email);
      const result = await auth.register(ctx, input, info(request));
      return reply.status(201).send(result);
    },
  );

  app.get('/api/auth/profile/', { config: { access: 'user' }, schema: { response: { 200: profileDtoSchema } } }, async (request) =>
    auth.getProfile(ctx, requireUser(request).id),
  );

  app.put(
    '/api/auth/profile/',
    { config: { access: 'user' }, schema: { body: profileUpdateSchema, response: { 200: profileUpdateResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      if (input.verification_code) await limits.check(request, reply, 'codeVerify', user.email);
      return auth.updateProfile(ctx, user.id, input, info(request));
    },
  );

  app.post(
    '/api/auth/change-password/',
    { config: { access: 'user' }, schema: { body: changePasswordSchema, response: { 200: changePasswordResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      const throttle = await limits.login(request, reply);
      const result = await auth.changePassword(ctx, user.id, input, info(request), throttle);
      setRefreshCookie(request, reply, result.refresh);
      return result;
    },
  );

  app.post(
    '/api/auth/verify-change/',
    { config: { access: 'user' }, schema: { body: verifyChangeSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      await limits.check(request, reply, 'codeSend', user.email);
      return auth.requestEmailChange(ctx, user.id, input, info(request));
    },
  );

  app.post(
    '/api/auth/verify-email/',
    { schema: { body: verifyEmailSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const input = request.body;
      await limits.check(request, reply, 'codeVerify', input.email);
      return auth.verifyEmail(ctx, input);
    },
  );

  app.post(
    '/api/auth/resend-verification/',
    { schema: { body: emailOnlySchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const { email } = request.body;
      await limits.check(request, reply, 'codeSend', email);
      return auth.resendVerification(ctx, email, info(request));
    },
  );

  const resetRequest = async (request: FastifyRequest<{ Body: EmailOnlyInput }>, reply: FastifyReply) => {
    const { email } = request.body;
    await limits.check(request, reply, 'codeSend', email);
    return auth.requestPasswordReset(ctx, email, info(request));
  };
  const resetSchema = { schema: { body: emailOnlySchema, response: { 200: messageResponseSchema } } };
  app.post('/api/auth/request-password-reset/', resetSchema, resetRequest);
  app.post('/api/auth/resend-password-reset/', resetSchema, resetRequest);

  app.post(
    '/api/auth/verify-password-reset/',
    { schema: { body: verifyPasswordResetSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const input = request.body;
      await limits.check(request, reply, 'codeVerify', input.email);
      return auth.verifyPasswordReset(ctx, input);
    },
  );

  app.get(
    '/api/auth/verify-permissions/',
    { config: { access: 'user' }, schema: { response: { 200: permissionsResponseSchema } } },
    async (request) => auth.permissionsOf(requireUser(request)),
  );
}
