// Rate limits for the sensitive auth calls: a sliding-window counter per IP and per account.
// Kept in process memory: enough for one server process; behind a load balancer each process
// counts on its own, so the effective limit is the configured one times the number of processes
// (move the counters to PostgreSQL or Redis before scaling out).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

export interface RateRule {
  /** Requests allowed inside the window. */
  max: number;
  windowSeconds: number;
}

export interface RateLimitPolicy {
  ip: RateRule;
  account: RateRule;
}

export type RateLimitName = 'login' | 'register' | 'codeVerify' | 'codeSend';

export type RateLimitConfig = Record<RateLimitName, RateLimitPolicy>;

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  // Every attempt counts; a successful login clears the account's counter.
  login: { ip: { max: 30, windowSeconds: 60 }, account: { max: 10, windowSeconds: 15 * 60 } },
  register: { ip: { max: 10, windowSeconds: 60 * 60 }, account: { max: 5, windowSeconds: 60 * 60 } },
  // Entering a code (e-mail verification, password reset, e-mail change). Each code also dies
  // after 5 wrong tries.
  codeVerify: { ip: { max: 30, windowSeconds: 15 * 60 }, account: { max: 10, windowSeconds: 15 * 60 } },
  // Anything that e-mails a code: resends, reset requests, e-mail change requests.
  codeSend: { ip: { max: 10, windowSeconds: 15 * 60 }, account: { max: 5, windowSeconds: 15 * 60 } },
};

export interface TakeResult {
  allowed: boolean;
  /** Seconds until the next request is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/** A sliding-window log per key: at most `max` timestamps are kept for each key. */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private operations = 0;

  constructor(private readonly now: () => number) {}

  take(key: string, rule: RateRule): TakeResult {
    const now = this.now();
    const windowMs = rule.windowSeconds * 1000;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs && t <= now);
    if (recent.length >= rule.max) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0] + windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (++this.operations % 1000 === 0) this.sweep(now);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  /** Drops keys with no hit in the last day (longer than any window), so memory stays bounded. */
  private sweep(now: number): void {
    const dayAgo = now - 24 * 60 * 60 * 1000;
    for (const [key, times] of this.hits) if (!times.length || times[times.length - 1] <= dayAgo) this.hits.delete(key);
  }
}

function retryMessage(seconds: number): string {
  if (seconds < 60) return 'Demasiados intentos. Por favor, espera un momento e intenta nuevamente.';
  const minutes = Math.ceil(seconds / 60);
  return `Demasiados intentos. Por favor, intenta nuevamente en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

export interface RateLimits {
  /**
   * Counts one request against the IP and, when given, the account (e-mail or username, case
   * insensitive). Throws a 429 with Retry-After when either is over its limit.
   */
  check(request: FastifyRequest, reply: FastifyReply, name: RateLimitName, account?: string | null): void;
  /** Forgets an account's counter, e.g. after a successful login. */
  resetAccount(name: RateLimitName, account: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export interface RateLimitOptions {
  now: () => Date;
  limits?: Partial<RateLimitConfig>;
}

const accountKey = (name: RateLimitName, account: string) => `${name}:account:${account.trim().toLowerCase()}`;

export default fp(async function rateLimitPlugin(app: FastifyInstance, opts: RateLimitOptions) {
  const policies: RateLimitConfig = { ...DEFAULT_RATE_LIMITS, ...opts.limits };
  const limiter = new SlidingWindowLimiter(() => opts.now().getTime());

  const refuse = (reply: FastifyReply, retryAfterSeconds: number): never => {
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError(429, retryMessage(retryAfterSeconds), 'RATE_LIMITED', undefined, { retry_after: retryAfterSeconds });
  };

  app.decorate('rateLimits', {
    check(request, reply, name, account) {
      const policy = policies[name];
      const byIp = limiter.take(`${name}:ip:${request.ip}`, policy.ip);
      if (!byIp.allowed) refuse(reply, byIp.retryAfterSeconds);
      if (account) {
        const byAccount = limiter.take(accountKey(name, account), policy.account);
        if (!byAccount.allowed) refuse(reply, byAccount.retryAfterSeconds);
      }
    },
    resetAccount(name, account) {
      limiter.reset(accountKey(name, account));
    },
  } satisfies RateLimits);
});
