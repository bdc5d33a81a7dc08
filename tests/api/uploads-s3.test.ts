// Uploads in an S3-compatible bucket (issue 15): with S3_* set the shop stores pictures in the
// bucket (s3rver on a temporary folder here), nothing under DATA_DIR/uploads, and any instance
// sharing the bucket serves them at the same /uploads/ URL: a second app with its own DATA_DIR
// stands for another machine. Warranty claims accept photos the bucket holds, including the
// direct S3_PUBLIC_URL address an upload answers with.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../src/domain/images';
import { buildApp, type App } from '../../src/server/app';
import { createAppContext } from '../../src/server/app-context';
import { S3Storage } from '../../src/server/storage';
import { api, startTestServer, testConfig, type TestServer, useTestServer } from '../helpers/app';
import { createStaff } from '../helpers/factories';
import { rawRequest } from '../security/raw-http';
import { startTestS3, type TestS3 } from '../helpers/s3';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.stop());

const server = useTestServer(() => ({ s3: s3.settings }));
let other: { app: App; url: string; dataDir: string };
let staff: string;

beforeAll(async () => {
  staff = (await createStaff(server.ctx.db)).token;
  // Another machine: the same database and bucket, its own DATA_DIR.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-other-machine-'));
  const app = await buildApp(createAppContext(server.database.db, testConfig(dataDir, { s3: s3.settings })), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  other = { app, dataDir, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
});
afterAll(async () => {
  await other?.app.close();
  if (other) rmSync(other.dataDir, { recursive: true, force: true });
});

async function upload(target: { url: string }, purpose: string, token?: string) {
  const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
  const res = await fetch(`${target.url}/api/uploads/`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, json: (await res.json()) as { url: string; secure_url: string; width: number; height: number } };
}

const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];

/** A guest's warranty claim, as its form sends it before the photos. */
const GUEST_CLAIM = {
  name: 'Invitada Gómez',
  email: 'invitada@test.local',
  purchase_date: '2026-01-10',
  germination_date: '2026-01-20',
  product_name: 'Gorilla Glue Auto',
  description: 'Ninguna de las semillas germinó después de 5 días.',
};

describe('uploads with S3_BUCKET', () => {
  let url: string;

  beforeAll(async () => {
    const res = await upload(server, 'product', staff);
    expect(res.status).toBe(201);
    url = res.json.url;
  });

  it('answers the same /uploads/ URL as the disk store and keeps the files in the bucket only', async () => {
    expect(url).toMatch(/^\/uploads\/product\/[0-9a-f]{32}-800\.webp$/);
    const key = url.slice('/uploads/'.length);
    const bucket = new S3Storage(s3.settings);
    try {
      for (const size of IMAGE_WIDTHS) {
        expect(await bucket.head(key.replace('-800.webp', `-${size}.webp`)), String(size)).toMatchObject({ contentType: 'image/webp' });
      }
    } finally {
      await bucket.close();
    }
    expect(filesUnder(path.join(server.ctx.config.dataDir, 'uploads'))).toEqual([]);
  });

  it('is served by another machine sharing the bucket, with immutable cache headers', async () => {
    const res = await fetch(`${other.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 800, height: 400 });
    const small = await fetch(`${other.url}${url.replace('-800.webp', '-240.webp')}`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(240);
    expect(filesUnder(other.dataDir)).toEqual([]);
  });

  it('answers HEAD with the headers and no body, and 304 for a cached copy', async () => {
    const get = await fetch(`${other.url}${url}`);
    const length = (await get.arrayBuffer()).byteLength;
    const head = await fetch(`${other.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(await head.text()).toBe('');
    const etag = get.headers.get('etag');
    expect(etag).toBeTruthy();
    const cached = await fetch(`${other.url}${url}`, { headers: { 'if-none-match': etag! } });
    expect(cached.status).toBe(304);
  });

  it("answers 404 for missing pictures and for keys that are not the shop's, never reaching outside the bucket", async () => {
    // Sent as written: fetch would resolve `..` and `%2e%2e` before the shop sees them.
    for (const bad of [
      '/uploads/product/no-existe-800.webp',
      '/uploads/product/',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/product/../../secret.webp',
      '/uploads/product/%2e%2e/%2e%2e/secret.webp',
      `/uploads/product/..%2f${url.split('/').pop()}`,
      '/uploads/%2fabs.webp',
      '/uploads/Product/ABC-800.webp',
      '/uploads/product/x-800.webp%00.png',
    ]) {
      const res = await rawRequest(other.url, { method: 'GET', path: bad });
      expect(res.status, bad).toBe(404);
      expect(res.headers['content-type'], bad).toMatch(/^application\/json/);
      const head = await rawRequest(other.url, { method: 'HEAD', path: bad });
      expect(head.status, bad).toBe(404);
    }
  });

  it('takes a warranty photo from the bucket on any machine, and refuses one it does not hold', async () => {
    const photo = await upload(other, 'warranty');
    expect(photo.status).toBe(201);
    server.setNow(new Date('2026-02-01T15:00:00Z'));
    try {
      const ok = await api(server, 'POST', '/api/warranty-claims/', { body: { ...GUEST_CLAIM, photo1: photo.json.url } });
      expect(ok.status).toBe(201);
      expect(ok.json.photo1).toBe(photo.json.url);
      const missing = await api(server, 'POST', '/api/warranty-claims/', {
        body: { ...GUEST_CLAIM, photo1: '/uploads/warranty/abc-800.webp' },
      });
      expect(missing.status).toBe(400);
    } finally {
      server.setNow(null);
    }
  });
});

describe('uploads with S3_PUBLIC_URL', () => {
  let direct: TestServer;
  const publicUrl = 'https://fotos.example.test/tienda';

  beforeAll(async () => {
    direct = await startTestServer({ s3: { ...s3.settings, publicUrl } });
  });
  afterAll(() => direct?.close());

  it('answers the direct bucket address, which a product keeps, and still serves /uploads/ for stored paths', async () => {
    const staffToken = (await createStaff(direct.ctx.db)).token;
    const res = await upload(direct, 'product', staffToken);
    expect(res.status).toBe(201);
    expect(res.json.url).toMatch(/^https:\/\/fotos\.example\.test\/tienda\/product\/[0-9a-f]{32}-800\.webp$/);
    const key = res.json.url.slice(publicUrl.length + 1);
    const served = await fetch(`${direct.url}/uploads/${key}`);
    expect(served.status).toBe(200);
    // Pages may load it (img-src allows https:), and the admin can save it on a product.
    const page = await fetch(`${direct.url}/`);
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https:;");
    const brand = await api(direct, 'POST', '/api/brands/', {
      token: staffToken,
      body: { brand_name: 'Banco Directo', image: res.json.url },
    });
    expect(brand.status, brand.text).toBe(201);
    expect(brand.json.image).toBe(res.json.url);
  });

  it('takes the direct address of a warranty photo and stores it as its /uploads/ path', async () => {
    const photo = await upload(direct, 'warranty');
    expect(photo.json.url.startsWith(`${publicUrl}/warranty/`)).toBe(true);
    direct.setNow(new Date('2026-02-01T15:00:00Z'));
    try {
      const res = await api(direct, 'POST', '/api/warranty-claims/', {
        body: {
          ...GUEST_CLAIM,
          photo1: photo.json.url,
        },
      });
      expect(res.status).toBe(201);
      expect(res.json.photo1).toBe(`/uploads/${photo.json.url.slice(publicUrl.length + 1)}`);
    } finally {
      direct.setNow(null);
    }
  });
});

describe('when the bucket cannot be reached', () => {
  it('answers 503 with a Spanish message instead of an error page', async () => {
    await s3.stop();
    const res = await fetch(`${other.url}/uploads/product/abc-800.webp`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({ error: 'La imagen no está disponible en este momento' });
  });
});
