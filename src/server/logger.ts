// What services and jobs need of a logger: Fastify's (pino) fits it, and so does a test's stand-in.
type LogFn = (details: object, message: string) => void;

export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
