// First data on start: the staff account from ADMIN_EMAIL/ADMIN_PASSWORD and the demo catalog.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { hashPassword } from '../../security/passwords';
import { sqlRows, type Database } from '../../db/client';
import { underStartLock } from '../../db/migrate';
import { users } from '../../db/schema';
import { roleColumns } from '../../../domain/staff-roles';

export async function ensureAdmin(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail || !adminPassword) return;
  const email = adminEmail.trim().toLowerCase();
  const existing = await sqlRows(ctx.db, sql`select id from users where lower(email) = ${email}`);
  if (existing.length > 0) return;
  const username =
    email
      .split('@')[0]
      .replace(/[^a-zA-Z0-9_]/g, '_')
      .slice(0, 30) || 'admin';
  await ctx.db
    .insert(users)
    .values({
      username,
      email,
      password_hash: await hashPassword(adminPassword, ctx.config.argon2),
      first_name: 'Administrador',
      last_name: '',
      // The environment's account is the shop's owner: it may hire and give roles.
      ...roleColumns('owner'),
      email_verified: true,
    })
    .onConflictDoNothing();
  log.info({ email }, 'staff user created');
}

/**
 * Under the start-up lock: processes started at once against one PostgreSQL server would each see
 * an empty catalog and load the demo twice (the second failing on a duplicate SKU).
 */
export async function prepareData(ctx: AppContext, database: Database, log: FastifyBaseLogger): Promise<void> {
  await underStartLock(database, async (tx) => {
    const locked = { ...ctx, db: tx };
    await ensureAdmin(locked, log);
    const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from products`);
    const wantDemo = ctx.config.seedDemo ?? (database.kind === 'pglite' && Number(n) === 0);
    if (wantDemo && Number(n) === 0) {
      const { seedDemoCatalog } = await import('./demo');
      await seedDemoCatalog(locked, log);
    }
  });
}
