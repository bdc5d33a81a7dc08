// Work that runs after the reply has gone: failures are logged, never thrown at the caller, and
// the pending set lets shutdown (and tests) wait for the work before the database closes.
import type { Logger } from './logger';

const pending = new Set<Promise<void>>();

export function runInBackground(label: string, work: () => Promise<unknown>, log?: Logger): void {
  const task: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => log?.error({ err: error }, `${label} failed`),
    )
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every piece of background work started so far (and any it started) has ended. */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
