// Background work of one server process. Each job is safe to run in several processes at once.
import type { Logger } from './logger';
import type { AppContext } from './context';
import { deliverDueMail } from './modules/mail/service';
import { expireStalePendingOrders } from './modules/orders/service';
import { refreshDollarRateIfDue } from './modules/site/dollar-rate';
import { runDailyStockAlert } from './modules/stock-alerts/daily-alert';
import { sendRestockNotices } from './modules/stock-alerts/restock';

interface Job {
  name: string;
  everyMs: number;
  run(ctx: AppContext, log: Logger): Promise<unknown>;
}

const JOBS: Job[] = [
  { name: 'mail-retry', everyMs: 60_000, run: deliverDueMail },
  { name: 'dollar-rate', everyMs: 60_000, run: refreshDollarRateIfDue },
  { name: 'expire-pending-orders', everyMs: 60 * 60_000, run: expireStalePendingOrders },
  { name: 'stock-alert', everyMs: 60_000, run: runDailyStockAlert },
  // Writes that raise stock send their notices at once; this catches any other path, and a crash.
  { name: 'restock-notices', everyMs: 60_000, run: sendRestockNotices },
];

/** Starts every job on its interval; returns a function that stops them. */
export function startJobs(ctx: AppContext, log: Logger): () => void {
  const timers = JOBS.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run(ctx, log);
      } catch (error) {
        log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
