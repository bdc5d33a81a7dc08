// Rate limits for the sensitive auth calls: sliding-window counters per address and per account.
// The counters sit behind CounterStore. This process's memory holds them for now: behind a load
// balancer each process counts on its own, so the effective limit is the configured one times the
// number of processes (give CounterStore a PostgreSQL or Redis implementation before scaling out).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { LoginThrottle } from '../modules/auth/login-throttle';
import { sleep } from '../window-counter';

export interface RateRule {
  /** Requests allowed inside the window. */
  max: number;
  windowSeconds: number;
}

export interface RateLimitPolicy {
  ip: RateRule;
  account: RateRule;
}

/** A growing wait instead of a refusal: bounded, so it can never lock anybody out. */
export interface SlowdownRule {
  /** Attempts inside the window that do not wait. */
  freeAttempts: number;
  /** The first wait; each further attempt doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  windowSeconds: number;
}

/**
 * Login is limited per address (across accounts) and per account and address: ten wrong
 * passwords from one address stop that address only. Across addresses the account is only slowed
 * down, so an attacker cannot lock the owner out, while the owner's own address still gets in.
 */
export interface LoginPolicy {
  ip: RateRule;
  accountAddress: RateRule;
  /** Absent: no slowdown. */
  accountSlowdown?: SlowdownRule;
}

export type CodeLimitName = 'register' | 'codeVerify' | 'codeSend';

export type RateLimitConfig = { login: LoginPolicy } & Record<CodeLimitName, RateLimitPolicy>;

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  // Every attempt counts; a successful login clears the account's counters.
  login: {
    ip: { max: 30, windowSeconds: 60 },
    accountAddress: { max: 10, windowSeconds: 15 * 60 },
    // 250 ms after the fifth attempt, doubling up to 4 s.
    accountSlowdown: { freeAttempts: 5, firstDelayMs: 250, maxDelayMs: 4000, windowSeconds: 15 * 60 },
  },
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

/**
 * Where the counters live. Asynchronous so that a shared store (PostgreSQL, Redis) can take the
 * place of the in-memory one; each call must count atomically.
 */
export interface CounterStore {
  /** Counts a hit unless `rule.max` hits are already in the window. */
  take(key: string, rule: RateRule): Promise<TakeResult>;
  /** Counts a hit and answers the hits now in the window, this one included (at most `rule.max`). */
  add(key: string, rule: RateRule): Promise<number>;
  reset(key: string): Promise<void>;
}

/** A sliding-window log per key in this process: at most `max` timestamps are kept for each key. */
export class SlidingWindowLimiter implements CounterStore {
  private readonly hits = new Map<string, number[]>();
  private operations = 0;

  constructor(private readonly now: () => number) {}

  async take(key: string, rule: RateRule): Promise<TakeResult> {
    const now = this.now();
    const recent = this.recent(key, rule, now);
    if (recent.length >= rule.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0] + rule.windowSeconds * 1000 - now) / 1000)) };
    }
    recent.push(now);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async add(key: string, rule: RateRule): Promise<number> {
    const now = this.now();
    const recent = this.recent(key, rule, now);
    if (recent.length < rule.max) recent.push(now);
    return recent.length;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  /** The key's hits inside the window, stored back so the caller may append to them. */
  private recent(key: string, rule: RateRule, now: number): number[] {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - rule.windowSeconds * 1000 && t <= now);
    this.hits.set(key, recent);
    if (++this.operations % 1000 === 0) this.sweep(now);
    return recent;
  }

  /** Drops keys with no hit in the last day (longer than any window), so memory stays bounded. */
  private sweep(now: number): void {
    const dayAgo = now - 24 * 60 * 60 * 1000;
    for (const [key, times] of this.hits) if (!times.length || times[times.length - 1] <= dayAgo) this.hits.delete(key);
  }
}

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
  }
}

export interface RateLimitOptions {
  now: () => Date;
  limits?: Partial<RateLimitConfig>;
  store?: CounterStore;
}

const normalized = (account: string) => account.trim().toLowerCase();

export default fp(async function rateLimitPlugin(app: FastifyInstance, opts: RateLimitOptions) {
  const policies: RateLimitConfig = { ...DEFAULT_RATE_LIMITS, ...opts.limits };
  const store = opts.store ?? new SlidingWindowLimiter(() => opts.now().getTime());

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
