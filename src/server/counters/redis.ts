// Counters in Redis (REDIS_URL), shared by every process using that server: one sorted set per
// key holds the hits in the window (scored by time), updated by one Lua script per check, which
// Redis runs atomically. Each key expires when its window has passed.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { boundedKey, retryAfterSeconds, type CounterStore, type RateRule, type TakeResult } from './store';

// KEYS[1]: the key. ARGV: now, start of the window (exclusive), window in ms, max (0: only count),
// a unique member for this hit. Answers { allowed, hits in the window, oldest hit }. Hits later
// than now stay: another process read its clock a moment after this one, and its hit counts.
const HIT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[5])
  count = count + 1
  allowed = 1
end
if count > 0 and redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { allowed, count, oldest[2] or ARGV[1] }
`;

export interface RedisCounterOptions {
  url: string;
  /** Put before every key, so that several shops (or test runs) can share one server. */
  prefix: string;
  now: () => number;
  /** Connection trouble (logged by the caller, which decides how often). */
  onError?: (error: Error) => void;
}

export class RedisCounterStore implements CounterStore {
  readonly redis: Redis;
  private readonly prefix: string;
  private readonly now: () => number;

  constructor(options: RedisCounterOptions) {
    this.prefix = options.prefix;
    this.now = options.now;
    this.redis = new Redis(options.url, {
      // A check waits for Redis at most this long, and is not queued while Redis is away: the
      // caller counts in memory meanwhile (counters/fallback.ts). The client reconnects by itself.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 1000,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    this.redis.on('error', (error: Error) => options.onError?.(error));
  }

  /** Waits (briefly) for the first connection, so the first checks find it ready. */
  async ready(timeoutMs = 2000): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.redis.once('ready', onReady);
    });
  }

  async take(key: string, rule: RateRule): Promise<TakeResult> {
    const now = this.now();
    const { allowed, oldest } = await this.hit(key, rule, now, rule.max);
    return allowed ? { allowed, retryAfterSeconds: 0 } : { allowed, retryAfterSeconds: retryAfterSeconds(oldest, rule, now) };
  }

  async add(key: string, rule: RateRule): Promise<number> {
    return (await this.hit(key, rule, this.now(), rule.max)).count;
  }

  async count(key: string, rule: RateRule): Promise<number> {
    return (await this.hit(key, rule, this.now(), 0)).count;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  /** Closes the connection and stops reconnecting: nothing of the client keeps the process alive. */
  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    const ended = new Promise<void>((resolve) => this.redis.once('end', () => resolve()));
    // quit waits for the answers still due; with no connection there is nothing to wait for.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
    await ended;
  }

  private keyOf(key: string): string {
    return `${this.prefix}${boundedKey(key)}`;
  }

  private async hit(key: string, rule: RateRule, now: number, max: number) {
    const windowMs = rule.windowSeconds * 1000;
    const member = `${now}:${randomBytes(6).toString('base64url')}`;
    const answer = (await this.redis.eval(HIT_SCRIPT, 1, this.keyOf(key), now, now - windowMs, windowMs, max, member)) as [
      number,
      number,
      string,
    ];
    return { allowed: answer[0] === 1, count: answer[1], oldest: Number(answer[2]) };
  }
}
