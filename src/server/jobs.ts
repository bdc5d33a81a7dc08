// Background work, run once per period whatever the number of server processes. Every process
// checks every JOB_CHECK_MS which jobs are due; a job's period is claimed in the database (a
// conditional upsert of job_runs moving its last_run_at forward, timed by the database's clock so
// machines with skewed clocks agree), and only the process whose claim succeeded runs it. A table
// rather than advisory locks: a lock only keeps two runs from overlapping, while the period needs
// a memory that outlives the run (and the process), and a pooled connection cannot hold a
// session lock across statements. Each job also claims its own rows (outbox, order, day), so a
// run cut short is taken up again by the next period.
import { sql } from 'drizzle-orm';
import { DEFAULT_JOB_CHECK_MS } from './config';
import type { AppContext } from './context';
import type { DbOrTx } from './db/client';
import { jobRuns } from './db/schema';
import type { Logger } from './logger';
import { sendCartReminders } from './modules/cart';
import { deliverDueMail } from './modules/mail/service';
import { expireStalePendingOrders } from './modules/orders';
import { refreshDollarRateIfDue } from './modules/site/dollar-rate';
import { runDailyStockAlert } from './modules/stock-alerts/daily-alert';
import { sendRestockNotices } from './modules/stock-alerts/restock';

interface Job {
  name: string;
  everyMs: number;
  run(ctx: AppContext, log: Logger): Promise<unknown>;
}

export const JOBS: Job[] = [
  { name: 'mail-retry', everyMs: 60_000, run: deliverDueMail },
  { name: 'dollar-rate', everyMs: 60_000, run: refreshDollarRateIfDue },
  { name: 'expire-pending-orders', everyMs: 60 * 60_000, run: expireStalePendingOrders },
  { name: 'stock-alert', everyMs: 60_000, run: runDailyStockAlert },
  // Writes that raise stock send their notices at once; this catches any other path, and a crash.
  { name: 'restock-notices', everyMs: 60_000, run: sendRestockNotices },
  // Off until the shop sets abandoned_cart_hours; then every cart waiting that long, once.
  { name: 'cart-reminders', everyMs: 5 * 60_000, run: sendCartReminders },
];

/**
 * Claims the current period of job `name` for this process: true when its last run started at
 * least `everyMs` ago (or it never ran), in which case the run is recorded as starting now. Of
 * processes claiming at once, PostgreSQL's row lock lets exactly one through.
 */
export async function claimJobRun(db: DbOrTx, name: string, everyMs: number): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ name, last_run_at: sql`now()` })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { last_run_at: sql`excluded.last_run_at` },
      setWhere: sql`${jobRuns.last_run_at} <= excluded.last_run_at - ${everyMs} * interval '1 millisecond'`,
    })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

/** Checks every job on JOB_CHECK_MS and runs those this process claimed; returns a function that stops them. */
export function startJobs(ctx: AppContext, log: Logger): () => void {
  const checkMs = ctx.config.jobCheckMs ?? DEFAULT_JOB_CHECK_MS;
  const timers = JOBS.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        if (await claimJobRun(ctx.db, job.name, job.everyMs)) await job.run(ctx, log);
      } catch (error) {
        log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), Math.min(checkMs, job.everyMs));
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
