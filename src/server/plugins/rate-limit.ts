// Rate limits for the sensitive auth calls: sliding-window counters per address and per account.
// The counters live in a CounterStore (src/server/counters) shared by every process: PostgreSQL
// with DATABASE_URL, Redis with REDIS_URL, this process's memory on the embedded database. The
// plugin also hands the store to the routes with limits of their own (app.counters).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CounterStore, RateRule } from '../counters/store';
import { AppError } from '../errors';
import { DEFAULT_RATE_LIMITS, type CodeLimitName, type LoginThrottle, type RateLimitConfig, type SlowdownRule } from '../rate-limits';
import { sleep } from '../window-counter';

export type { CounterStore } from '../counters/store';
export { DEFAULT_RATE_LIMITS } from '../rate-limits';
export type { CodeLimitName, LoginThrottle, RateLimitConfig, SlowdownRule } from '../rate-limits';

/** The wait before the attempt that follows `earlier` attempts inside the window. */
export function slowdownDelayMs(rule: SlowdownRule, earlier: number): number {
  if (earlier < rule.freeAttempts) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(earlier - rule.freeAttempts, 30));
}

function retryMessage(seconds: number): string {
  if (seconds < 60) return 'Demasiados intentos. Por favor, espera un momento e intenta nuevamente.';
  const minutes = Math.ceil(seconds / 60);
  return `Demasiados intentos. Por favor, intenta nuevamente en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

export interface RateLimits {
  /**
   * Counts one request against the address and, when given, the account (an e-mail, case
   * insensitive). Throws a 429 with Retry-After when either is over its limit.
   */
  check(request: FastifyRequest, reply: FastifyReply, name: CodeLimitName, account?: string | null): Promise<void>;
  /** Counts one login attempt against the address (429 over its limit) and answers the account's throttle. */
  login(request: FastifyRequest, reply: FastifyReply): Promise<LoginThrottle>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    /** The counters every limit counts with (window-counter.ts for the routes' own limits). */
    counters: CounterStore;
  }
}

export interface RateLimitOptions {
  limits?: Partial<RateLimitConfig>;
  store: CounterStore;
}

const normalized = (account: string) => account.trim().toLowerCase();

export default fp(async function rateLimitPlugin(app: FastifyInstance, opts: RateLimitOptions) {
  const policies: RateLimitConfig = { ...DEFAULT_RATE_LIMITS, ...opts.limits };
  const store = opts.store;
  app.decorate('counters', store);

  const refuse = (reply: FastifyReply, retryAfterSeconds: number): never => {
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError(429, retryMessage(retryAfterSeconds), 'RATE_LIMITED', undefined, { retry_after: retryAfterSeconds });
  };

  const take = async (reply: FastifyReply, key: string, rule: RateRule) => {
    const result = await store.take(key, rule);
    if (!result.allowed) refuse(reply, result.retryAfterSeconds);
  };

  app.decorate('rateLimits', {
    async check(request, reply, name, account) {
      const policy = policies[name];
      await take(reply, `${name}:ip:${request.ip}`, policy.ip);
      if (account) await take(reply, `${name}:account:${normalized(account)}`, policy.account);
    },

    async login(request, reply) {
      const { ip, accountAddress, accountSlowdown } = policies.login;
      await take(reply, `login:ip:${request.ip}`, ip);
      const pairKey = (account: string) => `login:account-address:${account}:${request.ip}`;
      const accountKey = (account: string) => `login:account:${account}`;
      return {
        async attempt(account) {
          await take(reply, pairKey(account), accountAddress);
          if (!accountSlowdown) return;
          // Counted before the password check, so parallel guesses each wait their turn's delay.
          const rule = { max: accountSlowdown.freeAttempts + 32, windowSeconds: accountSlowdown.windowSeconds };
          const attempts = await store.add(accountKey(account), rule);
          const delay = slowdownDelayMs(accountSlowdown, attempts - 1);
          if (delay > 0) await sleep(delay);
        },
        async succeeded(account) {
          await store.reset(pairKey(account));
          await store.reset(accountKey(account));
        },
      };
    },
  } satisfies RateLimits);
});
