// Demo catalog on first start (hardening issue, item 13): two server processes started at once
// with SEED_DEMO on one empty PostgreSQL database both come up, and the catalog is loaded once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, sqlRows } from '../../src/server/db/client';
import { DEMO_BRANDS } from '../../src/server/start/seed/demo-data';
import { TEST_JWT_SECRET } from '../helpers/app';
import { buildServerIfNeeded, startServerProcess } from '../helpers/server-process';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('two first starts with SEED_DEMO on one PostgreSQL database', () => {
  const name = `shop_seed_${randomBytes(5).toString('hex')}`;
  const folders: string[] = [];
  let url: string;
  beforeAll(async () => {
    buildServerIfNeeded();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(adminUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('both start, and the demo catalog is loaded once', { timeout: 300_000 }, async () => {
    const env = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'seed-race-'));
      folders.push(dir);
      return { DATABASE_URL: url, DATA_DIR: dir, SEED_DEMO: 'true', JWT_SECRET: TEST_JWT_SECRET };
    };
    const started = await Promise.allSettled([
      startServerProcess(env(), { timeoutMs: 240_000 }),
      startServerProcess(env(), { timeoutMs: 240_000 }),
    ]);
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason).slice(0, 300) : 'started'))).toEqual(['started', 'started']);
      const database = openPostgres(url, 1);
      const [row] = await sqlRows<{ products: number; skus: number; brands: number }>(
        database.db,
        sql`
        select count(*)::int as products, count(distinct sku)::int as skus, (select count(*)::int from brands) as brands from products`,
      );
      await database.close();
      const demoProducts = DEMO_BRANDS.reduce((n, brand) => n + brand.strains.length, 0);
      expect(row).toEqual({ products: demoProducts, skus: demoProducts, brands: DEMO_BRANDS.length });
    } finally {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : Promise.resolve())));
    }
  });
});
