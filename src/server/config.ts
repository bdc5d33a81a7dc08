// Every environment variable the server reads, parsed once (architecture: runtime configuration).
import { isIP } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { SHOP_NAME } from '../domain/shop';
import { packageRoot } from './paths';
import type { S3Settings } from './storage';
import type { RateLimitConfig } from './rate-limits';

/** How often each process checks which background jobs are due, when JOB_CHECK_MS is not set. */
export const DEFAULT_JOB_CHECK_MS = 10_000;

/**
 * How long a client may take to send a whole request, head and body (REQUEST_TIMEOUT_MS): room
 * for the largest upload from a phone on a slow link, while a body that stops arriving, or
 * trickles in, no longer holds its socket for ever.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
/** How long a connection may go without a byte either way before it is closed (CONNECTION_TIMEOUT_MS). */
export const DEFAULT_CONNECTION_TIMEOUT_MS = 60_000;

const timeoutMs = (fallback: number) =>
  z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1000, 'debe ser 1000 o más')
    .max(600_000, 'debe ser 600000 o menos')
    .default(fallback);

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'debe ser true o false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Which proxies may name the client's address in X-Forwarded-For (Fastify's trustProxy). */
export type TrustProxy = false | number | string[];

// Named ranges proxy-addr understands besides addresses and CIDR blocks.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false (default), a number of proxy hops, or a comma list of proxy addresses and
 * CIDR blocks. `true` is refused: it trusts every hop, so the client's own X-Forwarded-For
 * picks its address and every per-address limit falls. Reading it as one hop would quietly be
 * wrong too: with no proxy in front a client still chooses its address, and with two every
 * client looks like the first proxy.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', 'off', '0'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'true no es seguro: cualquier cliente elegiría su IP con X-Forwarded-For. Indica cuántos proxies hay delante (p. ej. 1) o sus direcciones (p. ej. 10.0.0.5,10.1.0.0/16)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(lower)) return Number(lower);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length || !entries.length) {
      ctx.addIssue({
        code: 'custom',
        message: `debe ser false, un número de proxies o una lista de IPs/CIDR separadas por comas (no válido: ${wrong.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** S3_* as the upload store's settings; only S3_BUCKET turns it on, and the others need it. */
function s3Settings(e: z.infer<typeof envSchema>, ctx: z.RefinementCtx): S3Settings | undefined {
  const given = (
    ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const
  ).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET) {
    for (const name of given) ctx.addIssue({ code: 'custom', path: [name], message: 'no tiene efecto sin S3_BUCKET' });
    return undefined;
  }
  if (!e.S3_REGION && !e.S3_ENDPOINT) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_REGION'],
      message: 'indica la región del bucket (p. ej. us-east-1), o S3_ENDPOINT para otro proveedor',
    });
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas' });
  }
  return {
    bucket: e.S3_BUCKET,
    // S3-compatible providers ignore the region but the SDK signs with one.
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'debe empezar con redis:// o rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,40}$/, 'solo letras, números y . _ : - (hasta 40)')
    .default('tienda:'),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  SHOP_EMAIL: z.string().email().optional(),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'debe tener al menos 8 caracteres').optional(),
  SEED_DEMO: flag.optional(),
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  DOLLAR_RATE_URL: z.string().url().default('https://dolarapi.com/v1/dolares'),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\+?\d{8,15}$/, 'debe ser un número de teléfono')
    .optional(),
  PENDING_ORDER_DAYS: z.coerce.number().int().min(1).default(7),
  MAX_PENDING_ORDERS: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  WEB_DIST_DIR: z.string().optional(),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  JOB_CHECK_MS: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(100, 'debe ser 100 o más')
    .max(60_000, 'debe ser 60000 o menos')
    .default(DEFAULT_JOB_CHECK_MS),
  REQUEST_TIMEOUT_MS: timeoutMs(DEFAULT_REQUEST_TIMEOUT_MS),
  CONNECTION_TIMEOUT_MS: timeoutMs(DEFAULT_CONNECTION_TIMEOUT_MS),
  // Argon2id cost, tuned so one login takes about 80 ms on a 2-core server.
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).max(1048576).default(65536),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(20).default(4),
  // Uploads in an S3-compatible bucket (S3_BUCKET turns it on); else DATA_DIR/uploads.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'debe ser un nombre de bucket (3 a 63 letras minúsculas, números, puntos o guiones)')
    .optional(),
  S3_REGION: z.string().trim().min(1, 'no puede estar vacío').optional(),
  S3_ENDPOINT: z
    .string()
    .trim()
    .url('debe ser una URL')
    .refine((url) => /^https?:\/\//.test(url), 'debe empezar con http:// o https://')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1, 'no puede estar vacío').optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, 'no puede estar vacío').optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  // Pages load pictures of other sites over https only (CSP img-src; admin image fields).
  S3_PUBLIC_URL: z
    .string()
    .trim()
    .url('debe ser una URL')
    .refine((url) => url.startsWith('https://'), 'debe empezar con https://: las páginas solo cargan imágenes de otros sitios por https')
    .refine((url) => !/[?#]/.test(url), 'no puede tener ? ni #: es la dirección a la que se agrega el nombre de cada imagen')
    .optional(),
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .max(64, 'debe ser 64 o menos')
    .default(1),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .max(200, 'debe ser 200 o menos')
    .default(10),
  // Below Docker's and Kubernetes' default 10 s grace before SIGKILL.
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(100, 'debe ser 100 o más')
    .max(600_000, 'debe ser 600000 o menos')
    .default(8000),
  // Empty counts as unset: compose files and .env templates often leave it so.
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'debe tener al menos 16 caracteres').optional()),
  // Not a setting: the primary names each worker it forks (start/primary.ts).
  SHOP_WORKER_SLOT: z.coerce.number().int().min(1).optional(),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Redis for what several processes share (rate-limit counters); unset: PostgreSQL or memory. */
  redisUrl: string | undefined;
  /** Put before every Redis key, so that several shops can share one server. */
  redisKeyPrefix: string;
  dataDir: string;
  smtpUrl: string | undefined;
  /** Sender of every e-mail; by default the shop's name at no-reply@ the public host. */
  mailFrom: string;
  /** Where new-order notices go (SHOP_EMAIL, else ADMIN_EMAIL). */
  shopEmail: string | undefined;
  /** The address e-mails give customers to write to (SHOP_EMAIL only: the admin's is a login). */
  contactEmail: string | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean | undefined;
  /** JWT_SECRET, or the generated key (modules/auth/signing-key.ts). */
  jwtSecret: string;
  dollarRateUrl: string;
  whatsappNumber: string | undefined;
  pendingOrderDays: number;
  /** Pending orders one customer may keep open at once. */
  maxPendingOrders: number;
  logLevel: string;
  /** Which proxies may name the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** The built web app (index.html and assets). */
  webDir: string;
  /** The built server renderer of the storefront's first views; pages are served without it when missing. */
  webRenderer: string | null;
  /** Argon2 cost; tests lower it to keep the suite fast. */
  argon2: { memoryCost: number; timeCost: number };
  /** Auth rate limits by name; unset names keep DEFAULT_RATE_LIMITS (tests lower them). */
  rateLimits?: Partial<RateLimitConfig>;
  /** Background jobs (dollar rate, mail retries, order expiry); tests turn them off. */
  runJobs: boolean;
  /** How often each process checks which jobs are due (JOB_CHECK_MS); absent: DEFAULT_JOB_CHECK_MS. */
  jobCheckMs?: number;
  /** How long catalog reads stay in the process's micro-cache; absent or 0: no cache. */
  catalogCacheMs?: number;
  /** The S3-compatible bucket uploads go to (S3_*); absent: DATA_DIR/uploads. */
  s3?: S3Settings;
  /** Worker processes sharing the port (WEB_CONCURRENCY); more than one needs PostgreSQL. */
  webConcurrency: number;
  /** PostgreSQL connections each process may open (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** After a stop signal, how long in-flight requests may run before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Time to receive a whole request (REQUEST_TIMEOUT_MS), else 408; absent: DEFAULT_REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
  /** Time a connection may stay silent (CONNECTION_TIMEOUT_MS), else closed; absent: DEFAULT_CONNECTION_TIMEOUT_MS. */
  connectionTimeoutMs?: number;
  /** Bearer token /metrics asks for; without it only direct calls from this machine (loopback) get them. */
  metricsToken: string | undefined;
  /** In a worker forked by the primary: its slot, 1..WEB_CONCURRENCY, kept by its replacements. */
  workerSlot?: number;
}

/** The configuration as read from the environment; the signing key is settled once the database is open. */
export type EnvConfig = Omit<Config, 'jwtSecret'> & { jwtSecret: string | undefined };

/**
 * The environment with the variables of a `.env` file (in the working directory) beneath it: a
 * variable set in the environment wins over the file, as with `node --env-file`.
 */
export function withEnvFile(env: NodeJS.ProcessEnv, file = path.resolve('.env')): NodeJS.ProcessEnv {
  if (!existsSync(file)) return env;
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env };
}

export function loadConfig(env: NodeJS.ProcessEnv = withEnvFile(process.env)): EnvConfig {
  const parsed = envSchema.transform((e, ctx) => ({ ...e, s3: s3Settings(e, ctx) })).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const webDir = path.resolve(e.WEB_DIST_DIR ?? path.join(packageRoot(), 'dist', 'web'));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${SHOP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    shopEmail: e.SHOP_EMAIL ?? e.ADMIN_EMAIL,
    contactEmail: e.SHOP_EMAIL,
    publicUrl,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    jwtSecret: e.JWT_SECRET,
    dollarRateUrl: e.DOLLAR_RATE_URL,
    whatsappNumber: e.WHATSAPP_NUMBER,
    pendingOrderDays: e.PENDING_ORDER_DAYS,
    maxPendingOrders: e.MAX_PENDING_ORDERS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDir,
    webRenderer: path.join(`${webDir}-ssr`, 'entry-server.js'),
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    runJobs: true,
    jobCheckMs: e.JOB_CHECK_MS,
    catalogCacheMs: e.CATALOG_CACHE_MS,
    s3: e.s3,
    webConcurrency: e.WEB_CONCURRENCY,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    workerSlot: e.SHOP_WORKER_SLOT,
  };
}
