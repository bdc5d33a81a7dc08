// What the auth rate limits are: their policies and defaults (the configuration can lower them),
// and the login throttle the plugin (plugins/rate-limit.ts) gives the login service per request.
import type { RateRule } from './counters/store';

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

export type CodeLimitName = 'register' | 'codeVerify' | 'codeSend' | 'couponCheck';

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
  // Trying a coupon code (POST /api/coupons/check/, and POST /api/orders/ with a coupon_code):
  // codes can be guessed, so tries by either route are counted together, per address and per
  // account; a customer typing and correcting stays far below.
  couponCheck: { ip: { max: 60, windowSeconds: 15 * 60 }, account: { max: 30, windowSeconds: 15 * 60 } },
};

/**
 * The login throttle of one request, once its address has been counted. The account key names
 * the account (its user id) when it exists and the typed identifier otherwise, so every
 * spelling of one account shares its counters.
 */
export interface LoginThrottle {
  /** Before the password is checked: a 429 over the account's limit for this address, else a bounded wait. */
  attempt(accountKey: string): Promise<void>;
  /** A right password: the account's counters start again. */
  succeeded(accountKey: string): Promise<void>;
}
