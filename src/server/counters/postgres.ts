// Counters in PostgreSQL (table rate_limit_counters, migration 0010), shared by every process on
// the database. One row per key holds the key's hits in the window (at most `max` of them); one
// upsert per check counts atomically, because the conflicting row is locked while it is updated.
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../db/client';
import { boundedKey, retryAfterSeconds, type CounterStore, type RateRule, type TakeResult } from './store';

/** Every this many checks a process deletes rows whose window has passed, a bounded batch. */
const CLEANUP_EVERY = 200;
const CLEANUP_BATCH = 500;

interface HitRow {
  hits: (string | number)[];
  allowed: boolean;
}

export class PostgresCounterStore implements CounterStore {
  private operations = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async take(key: string, rule: RateRule): Promise<TakeResult> {
    const now = this.now();
    const { hits, allowed } = await this.hit(key, rule, now);
    return allowed ? { allowed, retryAfterSeconds: 0 } : { allowed, retryAfterSeconds: retryAfterSeconds(Math.min(...hits), rule, now) };
  }

  async add(key: string, rule: RateRule): Promise<number> {
    return (await this.hit(key, rule, this.now())).hits.length;
  }

  async count(key: string, rule: RateRule): Promise<number> {
    const now = this.now();
    const from = now - rule.windowSeconds * 1000;
    const rows = await sqlRows<{ hits: (string | number)[] }>(
      this.db,
      sql`select hits from rate_limit_counters where key = ${boundedKey(key)}`,
    );
    return (rows[0]?.hits ?? []).map(Number).filter((t) => t > from).length;
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_counters where key = ${boundedKey(key)}`);
  }

  /**
   * Counts a hit unless the window is full, in one statement. The sub-select reads the locked
   * row's hits, keeps those inside the window and appends this one when there is room; `allowed`
   * records which, since RETURNING only sees the new row. Hits later than `now` stay: another
   * process read its clock a moment after this one (or runs a little ahead) and its hit counts.
   */
  private async hit(key: string, rule: RateRule, now: number): Promise<{ hits: number[]; allowed: boolean }> {
    const from = now - rule.windowSeconds * 1000;
    const expiresAt = new Date(now + rule.windowSeconds * 1000).toISOString();
    const rows = await sqlRows<HitRow>(
      this.db,
      sql`insert into rate_limit_counters as c (key, hits, allowed, expires_at)
        values (${boundedKey(key)}, array[${now}::bigint], true, ${expiresAt}::timestamptz)
        on conflict (key) do update set (hits, allowed, expires_at) = (
          select case when cardinality(w.recent) < ${rule.max} then w.recent || ${now}::bigint else w.recent end,
            cardinality(w.recent) < ${rule.max},
            greatest(c.expires_at, excluded.expires_at)
          from (select array(select t from unnest(c.hits) t where t > ${from} order by t) as recent) w
        )
        returning hits, allowed`,
    );
    if (++this.operations % CLEANUP_EVERY === 0) await this.deleteExpired(now);
    return { hits: rows[0].hits.map(Number), allowed: rows[0].allowed };
  }

  /** Rows nobody counted on for a whole window; locked rows are someone's check, left for later. */
  private async deleteExpired(now: number): Promise<void> {
    await this.db.execute(
      sql`delete from rate_limit_counters where key in (
        select key from rate_limit_counters where expires_at < ${new Date(now).toISOString()}::timestamptz
        order by expires_at limit ${CLEANUP_BATCH} for update skip locked)`,
    );
  }
}
