import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../../src/server/start/seed/demo';
import { seedDemoShipping } from '../../src/server/start/seed/demo-shipping';
import { shippingSettingsSchema } from '../../src/domain/shipping';
import { productSearchText } from '../../src/domain/catalog';
import { api, startTestServer, useTestServer } from '../helpers/app';
import { createStaff, createUser } from '../helpers/factories';
import { startTestS3 } from '../helpers/s3';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'demo-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const server = useTestServer();
let customer: string;
const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as never;

beforeAll(async () => {
  await seedDemoCatalog(server.ctx, silentLog, { cacheDir });
  customer = (await createUser(server.ctx.db)).token;
}, 120_000);

describe('demo catalog', () => {
  it('loads national and international brands with logos and descriptions', async () => {
    const res = await api(server, 'GET', '/api/brands/');
    expect(res.json.count).toBeGreaterThanOrEqual(12);
    const national = res.json.results.filter((b: any) => b.is_national);
    expect(national.length).toBeGreaterThanOrEqual(3);
    expect(res.json.results.length - national.length).toBeGreaterThanOrEqual(8);
    for (const brand of res.json.results) {
      expect(brand.image).toMatch(/^\/uploads\/demo\/logo-[a-z0-9-]+-800\.webp$/);
      expect(brand.description.length).toBeGreaterThan(60);
      expect(brand.total_products).toBeGreaterThan(0);
    }
    expect(res.json.results.filter((b: any) => b.discount_active)).toHaveLength(1);
  });

  it('loads at least 80 products of every type, some discounted, out of stock or in USD', async () => {
    const all = await api(server, 'GET', '/api/products/?page_size=100', { token: customer });
    expect(all.json.count).toBeGreaterThanOrEqual(80);
    const products = all.json.results as any[];
    for (const type of ['auto', 'fem', 'reg']) expect(products.filter((p) => p.type === type).length).toBeGreaterThanOrEqual(5);
    expect(products.some((p) => p.currency === 'USD')).toBe(true);
    expect(products.some((p) => p.max_discount > 0)).toBe(true);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    for (const p of products) {
      expect(p.blisters.length).toBeGreaterThanOrEqual(1);
      expect(p.blisters.length).toBeLessThanOrEqual(3);
      expect(p.blisters.every((b: any) => b.final_price > 0)).toBe(true);
      expect(p.description.split('\n')).toHaveLength(3);
      expect(p).toMatchObject({ thc: expect.stringMatching(/%$/), flowering_time: expect.any(String), yield_indoor: expect.any(String) });
      expect(p.image).toMatch(/-800\.webp$/);
    }
  });

  it('finds the demo strains typed with the typos customers make', async () => {
    const names = async (text: string) =>
      (await api(server, 'GET', `/api/products/?search=${encodeURIComponent(text)}&page_size=100`)).json.results.map((p: any) => p.name);
    expect(await names('amnezia')).toEqual(['Amnesia Haze', 'Amnesia Auto SE+']);
    expect((await names('nothern')).sort()).toEqual(['Northern Light', 'Northern Lights']);
    const gorillas = await names('gorrila');
    expect(gorillas).toContain('Gorilla Glue #4');
    expect(gorillas.every((n: string) => /gorilla/i.test(n) || n === 'Blueberry')).toBe(true);
    expect((await names('critcal')).sort()).toEqual(['Critical', 'Critical Jack Auto', 'Critical+ 2.0', 'Santa Fe Critical']);
    expect(await names('amnesia hase')).toEqual(['Amnesia Haze']);
  });

  it('keeps search_text in step with name, brand and type', async () => {
    const rows = await server.ctx.db.query.products.findMany({
      with: undefined,
      columns: { name: true, search_text: true, type: true, brand_id: true },
    });
    const brands = new Map((await server.ctx.db.query.brands.findMany()).map((b) => [b.id, b.brand_name]));
    for (const row of rows) expect(row.search_text).toBe(productSearchText(row.name, brands.get(row.brand_id)!, row.type));
  });

  it('answers the home carousel searches', async () => {
    for (const search of ['royal queen', 'se+', 'gorilla bsf', 'sweed lab']) {
      const res = await api(server, 'GET', `/api/products/?search=${encodeURIComponent(search)}`);
      expect(res.json.count, search).toBeGreaterThan(0);
    }
  });

  it('loads the shipping methods once: two carriers by zone, pickup and "Acordar entrega", each valid as staff would save it', async () => {
    const staff = await createStaff(server.ctx.db);
    const settings = await api(server, 'GET', '/api/core/shipping-settings/', { token: staff.token });
    const methods = settings.json.methods as any[];
    expect(methods.map((m) => [m.name, m.kind, m.carrier])).toEqual([
      ['Correo Argentino a domicilio', 'home', 'correo_argentino'],
      ['Andreani a domicilio', 'home', 'andreani'],
      ['Retiro en persona', 'pickup', 'retiro'],
      ['Acordar entrega', 'coordinate', 'otro'],
    ]);
    expect(shippingSettingsSchema.safeParse({ methods }).success).toBe(true);
    expect(methods[0].zones.map((z: any) => z.provinces)).toEqual([
      ['AR-C', 'AR-B'],
      ['AR-X', 'AR-S', 'AR-E'],
    ]);
    expect(methods[2].pickup_address).toMatch(/CABA/);

    const options = await api(server, 'GET', '/api/shipping/options/?province=AR-Q&subtotal=1000', { token: customer });
    expect(options.json.map((o: any) => o.name)).toEqual([
      'Acordar entrega',
      'Retiro en persona',
      'Correo Argentino a domicilio',
      'Andreani a domicilio',
    ]);

    // A shop whose owner already set methods up keeps them.
    await seedDemoShipping(server.ctx.db, new Date());
    expect((await api(server, 'GET', '/api/core/shipping-settings/', { token: staff.token })).json.methods).toHaveLength(4);
  });

  it('stores every picture as WebP in both widths', async () => {
    const res = await api(server, 'GET', '/api/products/?page_size=100');
    const urls = [...res.json.results.flatMap((p: any) => [p.image, p.image_2].filter(Boolean)), res.json.results[0].brand_info.image];
    const root = path.join(server.ctx.config.dataDir);
    for (const url of urls) {
      for (const suffix of ['-800.webp', '-400.webp']) expect(existsSync(path.join(root, url.replace('-800.webp', suffix)))).toBe(true);
    }
    const meta = await sharp(path.join(root, urls[0])).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 800 });
    const small = await fetch(`${server.url}${urls[0].replace('-800.webp', '-400.webp')}`);
    expect(small.status).toBe(200);
  });
});

describe('demo pictures with S3_BUCKET', () => {
  it('go to the bucket, not DATA_DIR, and are served at the URLs the catalog keeps', { timeout: 120_000 }, async () => {
    const s3 = await startTestS3();
    const shop = await startTestServer({ s3: s3.settings });
    try {
      // The pictures rendered for the first seed of this file are reused: only the stores differ.
      await seedDemoCatalog(shop.ctx, silentLog, { cacheDir });
      const brands = await api(shop, 'GET', '/api/brands/');
      const logo: string = brands.json.results[0].image;
      expect(logo).toMatch(/^\/uploads\/demo\/logo-[a-z0-9-]+-800\.webp$/);
      const served = await fetch(`${shop.url}${logo.replace('-800.webp', '-240.webp')}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 240 });
      expect(existsSync(path.join(shop.ctx.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await shop.close();
      await s3.stop();
    }
  });
});

describe('demo pictures on the next first start', () => {
  it('are copied from the pictures rendered by an earlier first start instead of rendered again', { timeout: 120_000 }, async () => {
    const cached = readdirSync(cacheDir);
    expect(cached.filter((f) => f.endsWith('.json')).length).toBeGreaterThanOrEqual(83 + 12);
    // Marks every cached file: a fresh DATA_DIR must end up with exactly these bytes.
    const marks = new Map<string, Buffer>();
    for (const file of cached.filter((f) => f.endsWith('.webp'))) {
      const mark = Buffer.concat([readFileSync(path.join(cacheDir, file)), Buffer.from(file)]);
      writeFileSync(path.join(cacheDir, file), mark);
      marks.set(file, mark);
    }
    const fresh = await startTestServer();
    try {
      await seedDemoCatalog(fresh.ctx, silentLog, { cacheDir });
      const stored = readdirSync(path.join(fresh.ctx.config.dataDir, 'uploads', 'demo'));
      expect(stored.length).toBe(marks.size);
      const storedBytes = new Set(
        stored.map((f) => readFileSync(path.join(fresh.ctx.config.dataDir, 'uploads', 'demo', f)).toString('base64')),
      );
      expect([...marks.values()].every((mark) => storedBytes.has(mark.toString('base64')))).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
