// What the login service needs of the rate limits (plugins/rate-limit.ts gives it per request).

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
