// The one place a user row is created: registrations (verified later by a code) and accounts
// made by staff (verified at once); and what other areas read and write of an account (orders:
// the customer of a manual order, the delivery a checkout remembers).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Address } from '../../../domain/shipping';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema';

export type AccountRow = typeof users.$inferSelect;

export interface NewAccount {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  instagram?: string | null;
  phone?: string | null;
  /** Only the customer gives it (registration); every other account starts without it. */
  marketing_opt_in?: boolean;
}

export async function insertAccount(
  db: DbOrTx,
  account: NewAccount,
  options: { passwordHash: string; emailVerified: boolean; now: Date },
): Promise<AccountRow> {
  const [row] = await db
    .insert(users)
    .values({
      username: account.username,
      email: account.email,
      password_hash: options.passwordHash,
      first_name: account.first_name,
      last_name: account.last_name,
      instagram: account.instagram,
      phone: account.phone,
      email_verified: options.emailVerified,
      marketing_opt_in: account.marketing_opt_in ?? false,
      marketing_opt_in_changed_at: account.marketing_opt_in ? options.now : null,
      created_at: options.now,
      updated_at: options.now,
    })
    .returning();
  return row;
}

/** The account with this e-mail (compared in lower case; `email` is given in lower case). */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return row;
}

/** A free username from the e-mail's local part ("juan.perez", "juan.perez-2", …). */
export async function freeUsername(db: DbOrTx, email: string): Promise<string> {
  const base = (email.split('@')[0].replace(/[^\p{L}\p{N}_.-]/gu, '') || 'cliente').slice(0, 40).padEnd(4, '0');
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) like ${`${base.toLowerCase()}%`}`)
    ).map((r) => r.username.toLowerCase()),
  );
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** The address and phone the customer's next checkout starts from (Mi cuenta edits them). */
export type RememberedDelivery = { last_address: Address | null; phone: string | null };

/**
 * Locks the customer's row for the rest of the checkout's transaction and reads the delivery it
 * remembers. NO KEY UPDATE: other writes that only reference the user (sessions, orders) are not
 * blocked.
 */
export async function lockRememberedDelivery(tx: Tx, userId: number): Promise<RememberedDelivery | undefined> {
  const [remembered] = await tx
    .select({ last_address: users.last_address, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return remembered;
}

/** Remembers the address and phone of the customer's latest delivery; writes nothing when they are the same. */
export async function rememberDelivery(tx: Tx, userId: number, address: Address, phone: string): Promise<void> {
  await tx
    .update(users)
    .set({ last_address: address, phone })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.last_address} is distinct from ${JSON.stringify(address)}::jsonb or ${users.phone} is distinct from ${phone})`,
      ),
    );
}

/** What an e-mail to an account needs, by account id (stock notices). */
export async function accountContacts(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { email: string; first_name: string; username: string; is_active: boolean }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, first_name: users.first_name, username: users.username, is_active: users.is_active })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map(({ id, ...contact }) => [id, contact]));
}

// An account as columns of another area's query (a warranty claim's claimant): `email` and
// `userId` are SQL of the outer row.

/** The id of the account registered with the e-mail, the oldest if the case differs. */
export const accountIdWithEmail = (email: AnyPgColumn | SQL) =>
  sql`(select u2.id from users u2 where lower(u2.email) = lower(${email}) order by u2.id limit 1)`;
export const accountPhone = (userId: SQL) => sql<string | null>`(select u.phone from users u where u.id = ${userId})`;
export const accountSince = (userId: SQL) => sql<Date | string | null>`(select u.created_at from users u where u.id = ${userId})`;

/** A customer's consent to reminders and news (Ley 25.326), with when it last changed. */
export interface MarketingConsent {
  email: string;
  first_name: string;
  username: string;
  is_active: boolean;
  marketing_opt_in: boolean;
}

/** The contact and consent of these accounts, by id. */
export async function accountConsents(db: DbOrTx, userIds: number[]): Promise<Map<number, MarketingConsent>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.first_name,
      username: users.username,
      is_active: users.is_active,
      marketing_opt_in: users.marketing_opt_in,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map(({ id, ...consent }) => [id, consent]));
}

/**
 * Withdraws the consent (the unsubscribe link): the time is recorded once, when it changes.
 * False when there is no such account.
 */
export async function withdrawMarketingConsent(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ marketing_opt_in: false, marketing_opt_in_changed_at: now })
    .where(and(eq(users.id, userId), eq(users.marketing_opt_in, true)))
    .returning({ id: users.id });
  if (changed.length) return true;
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return !!exists;
}
