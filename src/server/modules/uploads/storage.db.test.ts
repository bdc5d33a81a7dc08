// The store contract, for the disk and for an S3-compatible server (s3rver on a temporary folder):
// what is put comes back with its content type, missing keys are null, removal is idempotent,
// unsafe keys are refused before any I/O, and stored pictures get their missing widths.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../../tests/helpers/s3';
import { backfillImageWidths } from './images';
import {
  DiskStorage,
  IMMUTABLE_CACHE_CONTROL,
  readStoredFile,
  S3Storage,
  UnsafeKeyError,
  uploadStorage,
  type Storage,
} from '../../storage';

let s3: TestS3;
let diskRoot: string;
beforeAll(async () => {
  s3 = await startTestS3();
  diskRoot = mkdtempSync(path.join(tmpdir(), 'disk-store-'));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(diskRoot, { recursive: true, force: true });
});

const stores: [string, () => Storage][] = [
  ['DiskStorage', () => new DiskStorage(path.join(diskRoot, 'uploads'))],
  ['S3Storage', () => new S3Storage(s3.settings)],
];

async function listed(storage: Storage) {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

describe.each(stores)('%s', (_name, makeStore) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = makeStore();
    await storage.prepare();
  });
  afterAll(() => storage.close());

  it('gives back what was put, with its content type and size, at /uploads/<key>', async () => {
    const data = Buffer.from('RIFF0000WEBPVP8 contract bytes');
    expect(await storage.put('product/abc123-800.webp', data, 'image/webp')).toBe('/uploads/product/abc123-800.webp');
    expect(storage.urlOf('product/abc123-800.webp')).toBe('/uploads/product/abc123-800.webp');
    expect(await readStoredFile(storage, 'product/abc123-800.webp')).toEqual(data);
    const file = await storage.get('product/abc123-800.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: data.length });
    file!.body.destroy();
    expect(await storage.head('product/abc123-800.webp')).toMatchObject({ contentType: 'image/webp', size: data.length });
    expect(await listed(storage)).toContain('product/abc123-800.webp');
  });

  it('overwrites a key whole', async () => {
    await storage.put('brand/same-240.webp', Buffer.from('first version, longer'), 'image/webp');
    await storage.put('brand/same-240.webp', Buffer.from('second'), 'image/webp');
    expect((await readStoredFile(storage, 'brand/same-240.webp'))!.toString()).toBe('second');
  });

  it('answers null for a missing key, and removing twice is no error', async () => {
    expect(await storage.get('product/missing-800.webp')).toBeNull();
    expect(await storage.head('product/missing-800.webp')).toBeNull();
    await storage.put('warranty/gone-800.webp', Buffer.from('x'), 'image/webp');
    await storage.remove('warranty/gone-800.webp');
    await storage.remove('warranty/gone-800.webp');
    expect(await storage.get('warranty/gone-800.webp')).toBeNull();
    expect(await listed(storage)).not.toContain('warranty/gone-800.webp');
  });

  it('refuses keys that could leave its folder or bucket prefix, before any I/O', async () => {
    for (const key of [
      '../escape.webp',
      'product/../../etc.webp',
      '/abs.webp',
      'product//x.webp',
      'Product/X.webp',
      'product/x',
      'a\\b.webp',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(UnsafeKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(UnsafeKeyError);
      await expect(storage.head(key)).rejects.toBeInstanceOf(UnsafeKeyError);
      await expect(storage.remove(key)).rejects.toBeInstanceOf(UnsafeKeyError);
    }
  });

  it('adds the widths a stored picture lacks, from its 800 px file, past a file that does not decode', async () => {
    const large = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#070' } })
      .webp()
      .toBuffer();
    await storage.put('demo/wide-800.webp', large, 'image/webp');
    expect(await backfillImageWidths(storage)).toBe(3);
    const thumb = await sharp((await readStoredFile(storage, 'demo/wide-240.webp'))!).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 240, 120]);
    expect((await storage.head('demo/wide-400.webp'))?.contentType).toBe('image/webp');
    expect((await storage.head('demo/wide-120.webp'))?.contentType).toBe('image/webp');
    expect(await backfillImageWidths(storage)).toBe(0);
  });
});

describe('S3Storage', () => {
  it('stores objects with their content type and a one-year immutable Cache-Control', async () => {
    const storage = new S3Storage(s3.settings);
    await storage.put('brand/logo-800.webp', Buffer.from('logo'), 'image/webp');
    await storage.close();
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.settings.credentials });
    const object = await client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: 'brand/logo-800.webp' }));
    client.destroy();
    expect([object.ContentType, object.CacheControl]).toEqual(['image/webp', IMMUTABLE_CACHE_CONTROL]);
    expect(IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
  });

  it('answers URLs under S3_PUBLIC_URL when browsers load pictures from the bucket directly', () => {
    const storage = new S3Storage({ ...s3.settings, publicUrl: 'https://cdn.example.com/fotos' });
    expect(storage.urlOf('product/a-800.webp')).toBe('https://cdn.example.com/fotos/product/a-800.webp');
  });

  it('says at start which bucket it cannot use and why', async () => {
    const missing = new S3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(missing.prepare()).rejects.toThrow('No se pudo usar el bucket S3 "no-such-bucket": no existe');
    await missing.close();
  });

  it('is the upload store when S3 settings are given, else the disk under DATA_DIR/uploads', async () => {
    const s3Store = uploadStorage({ dataDir: diskRoot, s3: s3.settings });
    expect(s3Store).toBeInstanceOf(S3Storage);
    await s3Store.close();
    const disk = uploadStorage({ dataDir: diskRoot });
    expect(disk).toBeInstanceOf(DiskStorage);
    expect((disk as DiskStorage).root).toBe(path.join(diskRoot, 'uploads'));
  });
});
