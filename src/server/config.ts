// Every environment variable the server reads, parsed once (architecture: runtime configuration).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SHOP_NAME } from '../domain/shop';
import { packageRoot } from './paths';
import type { RateLimitConfig } from './plugins/rate-limit';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'debe ser true o false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres://').optional(),
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
  WHATSAPP_NUMBER: z.string().regex(/^\+?\d{8,15}$/, 'debe ser un número de teléfono').optional(),
  PENDING_ORDER_DAYS: z.coerce.number().int().min(1).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // Argon2id cost, tuned so one login takes about 80 ms on a 2-core server.
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).max(1048576).default(65536),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(20).default(4),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
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
  jwtSecret: string;
  dollarRateUrl: string;
  whatsappNumber: string | undefined;
  pendingOrderDays: number;
  logLevel: string;
  trustProxy: boolean;
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
  /** How long catalogue reads stay in the process's micro-cache; absent or 0: no cache. */
  catalogCacheMs?: number;
}

/** The signing key: from JWT_SECRET, else generated once and kept in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
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
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${SHOP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    shopEmail: e.SHOP_EMAIL ?? e.ADMIN_EMAIL,
    contactEmail: e.SHOP_EMAIL,
    publicUrl,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    dollarRateUrl: e.DOLLAR_RATE_URL,
    whatsappNumber: e.WHATSAPP_NUMBER,
    pendingOrderDays: e.PENDING_ORDER_DAYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDir,
    webRenderer: path.join(`${webDir}-ssr`, 'entry-server.js'),
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    runJobs: true,
    catalogCacheMs: e.CATALOG_CACHE_MS,
  };
}
