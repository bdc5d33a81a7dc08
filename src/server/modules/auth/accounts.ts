// The one place a user row is created: registrations (verified later by a code) and accounts
// made by staff (verified at once).
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export interface NewAccount {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  instagram?: string | null;
}

export async function insertAccount(
  db: DbOrTx,
  account: NewAccount,
  options: { passwordHash: string; emailVerified: boolean; now: Date },
): Promise<typeof users.$inferSelect> {
  const [row] = await db
    .insert(users)
    .values({
      username: account.username,
      email: account.email,
      password_hash: options.passwordHash,
      first_name: account.first_name,
      last_name: account.last_name,
      instagram: account.instagram,
      email_verified: options.emailVerified,
      created_at: options.now,
      updated_at: options.now,
    })
    .returning();
  return row;
}
