// The databases test servers start on (tests/helpers/database.ts): whatever the server before
// wrote in the worker's database, the next one finds only what a new copy of the template holds.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlRows, type Db } from '../../src/server/db/client';
import { createTestDatabase, lendTestDatabase } from '../helpers/database';
import { createProduct, createStaff, createUser } from '../helpers/factories';

/** A digest of every row of every table and of every sequence's position. */
async function contents(db: Db): Promise<Record<string, string>> {
  const tables = await sqlRows<{ name: string }>(
    db,
    sql`select format('%I', tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await sqlRows<{ hash: string | null }>(
      db,
      sql.raw(`select md5(string_agg(t::text, '|' order by t::text)) as hash from ${name} t`),
    );
    digest[name] = row.hash ?? 'empty';
  }
  const sequences = await sqlRows<{ name: string; position: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as position from pg_sequences where schemaname = 'public'`,
  );
  for (const { name, position } of sequences) digest[`sequence ${name}`] = position ?? 'unused';
  return digest;
}

describe('the database a test server starts on', () => {
  it("holds only the template's rows and sequences, whatever the last server wrote", async () => {
    const fresh = await createTestDatabase();
    const template = await contents(fresh.db).finally(() => fresh.close());

    const first = await lendTestDatabase();
    try {
      const staff = await createStaff(first.db);
      await createUser(first.db);
      await createProduct(first.db, { blisters: [{ stock: 3 }, { stock: 0 }] });
      await first.db.execute(sql`update site_settings set max_pending_orders = 9 where id = 1`);
      await first.db.execute(sql`update order_number_counter set last_number = 41 where id = 1`);
      await first.db.execute(
        sql`insert into activity_logs (user_id, username, action, description) values (${staff.id}, ${staff.username}, 'login', 'entró')`,
      );
      expect(await contents(first.db)).not.toEqual(template);
    } finally {
      await first.close();
    }

    const next = await lendTestDatabase();
    try {
      expect(await contents(next.db)).toEqual(template);
    } finally {
      await next.close();
    }
  });

  it('is a copy of its own for a second server while the first runs', async () => {
    const first = await lendTestDatabase();
    const second = await lendTestDatabase();
    try {
      await createUser(second.db, { username: 'solo_en_la_segunda' });
      const [{ count }] = await sqlRows<{ count: number }>(first.db, sql`select count(*)::int as count from users`);
      expect(count).toBe(0);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
