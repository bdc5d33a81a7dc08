// Migration 0004 on a shop that already has orders: each keeps its id as its number (the one its
// e-mails show), and new orders continue after the highest without gaps.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../paths';
import { openPglite, sqlRows, type Database } from './client';
import { migrateDatabase } from './migrate';
import { orders } from './schema';

let database: Database;
const before0004 = mkdtempSync(path.join(tmpdir(), 'migrations-'));

beforeAll(async () => {
  // The migrations as they were before order numbers.
  const folder = path.join(packageRoot(), 'drizzle');
  cpSync(folder, before0004, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0004');
  writeFileSync(path.join(before0004, 'meta/_journal.json'), JSON.stringify(journal));
  database = await openPglite();
  await migrate(database.db as never, { migrationsFolder: before0004 });
});

afterAll(async () => {
  await database?.close();
  rmSync(before0004, { recursive: true, force: true });
});

const insertOrder = () => sql`
  insert into orders (total, recipient_name, shipping_address, customer_email, customer_phone, delivery_type)
  values (100, 'Ana Pérez', 'Coordinar entrega', 'ana@test.local', '1145678901', 'coordinate')`;

describe('order numbers migration', () => {
  it('numbers existing orders by their id and continues after the highest, without gaps', async () => {
    // Ids 1, 2 and 5 are left: 3 and 4 went (failed checkouts, deleted orders).
    for (let i = 0; i < 5; i++) await database.db.execute(insertOrder());
    await database.db.execute(sql`delete from orders where id in (3, 4)`);
    await migrateDatabase(database);
    const existing = await database.db.select({ id: orders.id, order_number: orders.order_number }).from(orders).orderBy(asc(orders.id));
    expect(existing).toEqual([
      { id: 1, order_number: 1 },
      { id: 2, order_number: 2 },
      { id: 5, order_number: 5 },
    ]);

    // A failed insert gives its number back.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(insertOrder());
        throw new Error('checkout refused');
      }),
    ).rejects.toThrow('checkout refused');
    await database.db.execute(insertOrder());
    await database.db.execute(insertOrder());
    const added = await sqlRows<{ id: number; order_number: number }>(
      database.db,
      sql`select id, order_number from orders where id > 5 order by id`,
    );
    expect(added).toEqual([
      { id: 7, order_number: 6 },
      { id: 8, order_number: 7 },
    ]);
  });
});
