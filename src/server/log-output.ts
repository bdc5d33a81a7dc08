// Where the server's log lines go: readable lines on a developer's terminal (pino-pretty, a
// development dependency), JSON lines everywhere else (a pipe, a file, a log collector, and any
// install without development dependencies).
import { createRequire } from 'node:module';
import type { LoggerOptions } from 'pino';

type Resolve = (id: string) => string;

/** pino-pretty's entry file when it is installed, else null (a production install). */
export function prettyPrinter(resolve: Resolve = createRequire(import.meta.url).resolve): string | null {
  try {
    return resolve('pino-pretty');
  } catch {
    return null;
  }
}

/** pino's options: the pretty transport only when stdout is a terminal and pino-pretty is there. */
export function logOptions(
  level: string,
  { isTTY = process.stdout.isTTY, printer = prettyPrinter }: { isTTY?: boolean; printer?: () => string | null } = {},
): LoggerOptions {
  const target = isTTY ? printer() : null;
  if (!target) return { level };
  return { level, transport: { target, options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } };
}
