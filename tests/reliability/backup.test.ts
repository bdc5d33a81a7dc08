// Backups (issue 6, reliability) through the built CLI that `npm run backup` / `npm run restore`
// run: backup, change, restore, and the shop's data and images are back; a live server's
// embedded database and a database with data are never overwritten by accident; with
// TEST_DATABASE_URL, the same backup moves the shop onto a PostgreSQL server.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, sqlRows, type Database } from '../../src/server/db/client';
import { orders, products, stockAlertSettings, stockNotifications, users } from '../../src/server/db/schema';
import { readTarGz } from '../../src/server/modules/backup/tar';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createTestPglite } from '../helpers/database';
import { createOrderLine, createProduct, createUser } from '../helpers/factories';
import { startTestS3, type TestS3 } from '../helpers/s3';
import { buildServerIfNeeded, CLI_ENTRY, ROOT, startServerProcess } from '../helpers/server-process';

const run = promisify(execFile);

/** Runs the built CLI like the npm scripts do; never throws, answers the exit code and output. */
async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI_ENTRY, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const IMAGE = Buffer.from('RIFF----WEBPVP8 fake image bytes for the backup test');

let work: string;
let dataDir: string;
let env: Record<string, string>;
const shop: { productId?: number; orderId?: number; userEmail?: string } = {};

/** The facts the test compares before and after: products, one order with its lines, users, stock alerts. */
async function snapshot(db: Database['db']) {
  const [row] = await sqlRows<{
    products: string;
    orders: string;
    fulfilment: string;
    payment_settings: string;
    lines: string;
    users: string;
    rate: string;
    stock_alerts: string;
  }>(
    db,
    sql`
    select (select string_agg(id || ':' || name || ':' || available, ',' order by id) from products) as products,
           (select string_agg(id || ':' || status || ':' || total, ',' order by id) from orders) as orders,
           (select string_agg(concat_ws(':', id, paid_at, payment_method, payment_amount, carrier, tracking_code, internal_notes), ',' order by id)
              from orders) as fulfilment,
           (select concat_ws(':', bank_holder, cbu, alias, whatsapp_number) from site_settings where id = 1) as payment_settings,
           (select string_agg(order_id || ':' || blister_id || 'x' || quantity, ',' order by id) from order_products) as lines,
           (select string_agg(username, ',' order by id) from users) as users,
           (select value::text from dollar_rate where id = 1) as rate,
           (select string_agg(user_id || ':' || blister_id, ',' order by id) from stock_notifications) || '|' ||
             (select enabled || ':' || hour from stock_alert_settings where id = 1) as stock_alerts`,
  );
  return row;
}

beforeAll(async () => {
  buildServerIfNeeded();
  work = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
  dataDir = path.join(work, 'data');
  env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET };
  // A shop with a customer, a product with an uploaded image and an order.
  const database = await createTestPglite(path.join(dataDir, 'db'));
  const db = database.db;
  await db.execute(sql`update dollar_rate set value = 1234.5 where id = 1`);
  const product = await createProduct(db, {
    name: "Kush 'Mañana' \\ ; -- test",
    image: '/uploads/products/kush-800.webp',
    blisters: [{ price: 1000, stock: 7 }],
  });
  const customer = await createUser(db, { first_name: 'José', last_name: "O'Neill" });
  const [order] = await db
    .insert(orders)
    .values({
      user_id: customer.id,
      total: 2000,
      recipient_name: 'José',
      shipping_address: 'Calle 1\nPiso 2',
      customer_email: customer.email,
      customer_phone: '1122334455',
      delivery_type: 'address',
      paid_at: new Date('2026-03-01T15:00:00Z'),
      payment_method: 'transferencia',
      payment_amount: 2000,
      carrier: 'andreani',
      tracking_code: 'AND-1',
      shipped_at: new Date('2026-03-02T15:00:00Z'),
      internal_notes: "Llamar antes; portero 'Juan'",
    })
    .returning();
  await db.execute(
    sql`update site_settings set bank_holder = 'Semillas SRL', cbu = '2850590940090418135201', alias = 'semillas.sur', whatsapp_number = '1123456789' where id = 1`,
  );
  await createOrderLine(db, order.id, product, { quantity: 2 });
  await db.insert(stockNotifications).values({ user_id: customer.id, blister_id: product.blisters[0].id });
  await db.update(stockAlertSettings).set({ hour: 7 });
  Object.assign(shop, { productId: product.id, orderId: order.id, userEmail: customer.email });
  await database.close();
  mkdirSync(path.join(dataDir, 'uploads/products'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads/products/kush-800.webp'), IMAGE);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run backup / npm run restore on the embedded database', () => {
  let backupFile: string;
  let before: Awaited<ReturnType<typeof snapshot>>;

  it('refuses to copy the embedded database while a server holds it', { timeout: 90_000 }, async () => {
    const server = await startServerProcess(env);
    try {
      const res = await cli(['backup', '--out', path.join(work, 'backups')], env);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('está en uso por el proceso');
      expect(existsSync(path.join(work, 'backups'))).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('writes one .tar.gz with the data as SQL and the uploaded images', { timeout: 60_000 }, async () => {
    const database = await openPglite(path.join(dataDir, 'db'));
    before = await snapshot(database.db);
    await database.close();
    expect(before.products).toContain("Kush 'Mañana' \\ ; -- test");
    expect(before.fulfilment).toContain("transferencia:2000.00:andreani:AND-1:Llamar antes; portero 'Juan'");
    expect(before.payment_settings).toBe('Semillas SRL:2850590940090418135201:semillas.sur:1123456789');

    const res = await cli(['backup', '--out', path.join(work, 'backups')], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Respaldo guardado en .*\.tar\.gz: 1 producto, 1 pedido, 1 usuario, 1 imagen\.\n$/);
    const files = readdirSync(path.join(work, 'backups'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
    backupFile = path.join(work, 'backups', files[0]);

    const entries = new Map<string, Buffer>();
    for await (const entry of readTarGz(backupFile)) entries.set(entry.name, entry.data);
    expect([...entries.keys()]).toEqual(['backup.json', 'database.sql', 'uploads/products/kush-800.webp']);
    expect(entries.get('uploads/products/kush-800.webp')).toEqual(IMAGE);
    const manifest = JSON.parse(entries.get('backup.json')!.toString());
    expect(manifest).toMatchObject({ format: 'semillas-backup', version: 1, source: 'pglite', uploads: 1 });
    expect(manifest.tables).toMatchObject({
      products: 1,
      orders: 1,
      order_products: 1,
      users: 1,
      stock_notifications: 1,
      stock_alert_settings: 1,
    });
    expect(manifest.tables).not.toHaveProperty('signing_key');
    expect(entries.get('database.sql')!.toString()).toMatch(/^-- Semillas del Sur[\s\S]*BEGIN;[\s\S]*COMMIT;\n$/);
  });

  it('brings the data and images back after changes, only with --force over existing data', { timeout: 90_000 }, async () => {
    // Changes after the backup: a renamed product, a lost order, a new customer, a deleted image.
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.db.update(products).set({ name: 'Renombrado', available: false }).where(eq(products.id, shop.productId!));
    await database.db.delete(orders).where(eq(orders.id, shop.orderId!));
    await createUser(database.db, { username: 'nuevo_cliente' });
    await database.db.execute(sql`update dollar_rate set value = 999 where id = 1`);
    await database.db.delete(stockNotifications);
    await database.db.update(stockAlertSettings).set({ enabled: false });
    const changed = await snapshot(database.db);
    await database.close();
    expect(changed).not.toEqual(before);
    unlinkSync(path.join(dataDir, 'uploads/products/kush-800.webp'));

    const refused = await cli(['restore', backupFile], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('ya tiene datos de la tienda: usa --force para reemplazarlos');

    const res = await cli(['restore', backupFile, '--force'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('en la base embebida: 1 producto, 1 pedido, 1 usuario, 1 imagen.');
    expect(res.stdout).toContain('La base anterior quedó en');
    expect(readdirSync(dataDir).filter((f) => f.startsWith('db.before-restore-'))).toHaveLength(1);
    expect(readFileSync(path.join(dataDir, 'uploads/products/kush-800.webp'))).toEqual(IMAGE);

    const restored = await openPglite(path.join(dataDir, 'db'));
    try {
      expect(await snapshot(restored.db)).toEqual(before);
      // Sequences continue after the restored rows.
      const next = await createProduct(restored.db);
      expect(next.id).toBeGreaterThan(shop.productId!);
      const [user] = await restored.db.select().from(users).where(eq(users.email, shop.userEmail!));
      expect(user).toMatchObject({ first_name: 'José', last_name: "O'Neill" });
      const [order] = await restored.db.select().from(orders).where(eq(orders.id, shop.orderId!));
      expect(order.shipping_address).toBe('Calle 1\nPiso 2');
      await restored.db.delete(products).where(eq(products.id, next.id));
    } finally {
      await restored.close();
    }

    // The server runs on the restored database.
    const server = await startServerProcess(env);
    try {
      const res = await fetch(`${server.url}/api/products/${shop.productId}/`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { name: string }).name).toBe("Kush 'Mañana' \\ ; -- test");
    } finally {
      await server.stop();
    }
  });

  it('refuses a file that is not a backup', async () => {
    const bogus = path.join(work, 'bogus.tar.gz');
    writeFileSync(bogus, 'not a backup');
    const res = await cli(['restore', bogus, '--force'], env);
    expect(res.code).not.toBe(0);
    expect(res.stderr).not.toBe('');
    expect((await cli(['restore'], env)).stderr).toContain('Falta el archivo a restaurar');
  });

  describe('with the images in an S3 bucket (S3_*)', () => {
    let s3: TestS3;
    let s3Env: Record<string, string>;

    beforeAll(async () => {
      s3 = await startTestS3();
      s3Env = {
        DATA_DIR: path.join(work, 's3-data'),
        JWT_SECRET: TEST_JWT_SECRET,
        S3_BUCKET: s3.settings.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
    });
    afterAll(() => s3?.stop());

    it("restores a disk backup's images into the bucket, and backs them up from it", { timeout: 90_000 }, async () => {
      const restored = await cli(['restore', backupFile], s3Env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`1 imagen (en el bucket S3 "${s3.settings.bucket}").`);
      expect(existsSync(path.join(s3Env.DATA_DIR, 'uploads'))).toBe(false);

      // Any machine of the shop serves it from the bucket at the URL the data keeps.
      const server = await startServerProcess(s3Env);
      try {
        const image = await fetch(`${server.url}/uploads/products/kush-800.webp`);
        expect(image.status).toBe(200);
        expect(Buffer.from(await image.arrayBuffer())).toEqual(IMAGE);
      } finally {
        await server.stop();
      }

      const backup = await cli(['backup', '--out', path.join(work, 's3-backups')], s3Env);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Copiando las imágenes del bucket S3 "${s3.settings.bucket}" dentro del respaldo.`);
      expect(backup.stdout).toContain('1 producto, 1 pedido, 1 usuario, 1 imagen.');
      const [file] = readdirSync(path.join(work, 's3-backups'));
      const entries = new Map<string, Buffer>();
      for await (const entry of readTarGz(path.join(work, 's3-backups', file))) entries.set(entry.name, entry.data);
      expect(entries.get('uploads/products/kush-800.webp')).toEqual(IMAGE);
    });

    it('stops with the reason when the bucket cannot be used', async () => {
      const res = await cli(['backup', '--out', path.join(work, 's3-none')], { ...s3Env, S3_BUCKET: 'no-such-bucket' });
      expect(res.code).not.toBe(0);
      expect(res.stderr).toContain('No se pudo usar el bucket S3 "no-such-bucket": no existe');
      expect(existsSync(path.join(work, 's3-none'))).toBe(false);
    });
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('moving to PostgreSQL', () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `shop_restore_${randomBytes(5).toString('hex')}`;
    const url = new URL(`/${name}`, adminUrl || 'postgres://unused');

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
    });
    afterAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('restores the embedded backup into an empty PostgreSQL database the server then runs on', { timeout: 90_000 }, async () => {
      const pgData = path.join(work, 'pg-data');
      const pgEnv = { DATA_DIR: pgData, DATABASE_URL: url.toString(), JWT_SECRET: TEST_JWT_SECRET };
      const res = await cli(['restore', backupFile], pgEnv);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toContain('en PostgreSQL: 1 producto, 1 pedido, 1 usuario, 1 imagen.');
      const database = openPostgres(url.toString(), 2);
      try {
        expect(await snapshot(database.db)).toEqual(before);
      } finally {
        await database.close();
      }
      expect(readFileSync(path.join(pgData, 'uploads/products/kush-800.webp'))).toEqual(IMAGE);
      // A second restore over the data needs --force.
      expect((await cli(['restore', backupFile], pgEnv)).code).toBe(2);

      const server = await startServerProcess(pgEnv);
      try {
        const product = await fetch(`${server.url}/api/products/${shop.productId}/`);
        expect(product.status).toBe(200);
        // The PostgreSQL server can back up too, while the shop runs.
        const backup = await cli(['backup', '--out', path.join(work, 'pg-backups')], pgEnv);
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toContain('1 producto, 1 pedido, 1 usuario, 1 imagen.');
      } finally {
        await server.stop();
      }
    });
  });
});
