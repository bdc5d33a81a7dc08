import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../domain/images';
import { storeImage } from './service';
import { DiskStorage } from '../../storage';

/** The disk store, except that its n-th write fails as a full disk would. */
class FailingDiskStorage extends DiskStorage {
  private writes = 0;
  constructor(
    root: string,
    private readonly failingWrite: number,
  ) {
    super(root);
  }
  override async put(key: string, data: Buffer): Promise<string> {
    if (++this.writes === this.failingWrite) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    return super.put(key, data);
  }
}

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));
function tempRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'uploads-test-'));
  roots.push(root);
  return root;
}

const picture = () =>
  sharp({ create: { width: 1000, height: 500, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
const fileOf = (root: string, url: string, size: number) =>
  path.join(root, url.replace(/^\/uploads\//, '').replace('-800.webp', `-${size}.webp`));

describe('storeImage', () => {
  it('keeps the files of an identical picture when a later store of it fails half way', async () => {
    const root = tempRoot();
    const image = await picture();
    const stored = await storeImage(new DiskStorage(root), 'product', image);
    await expect(storeImage(new FailingDiskStorage(root, 2), 'product', image)).rejects.toThrow('no space left');
    for (const size of IMAGE_WIDTHS) expect(existsSync(fileOf(root, stored.url, size)), `${size} px`).toBe(true);
  });

  it('leaves no temporary file behind when writes run at the same moment', async () => {
    const root = tempRoot();
    const image = await picture();
    const results = await Promise.all(Array.from({ length: 6 }, () => storeImage(new DiskStorage(root), 'product', image)));
    expect(new Set(results.map((r) => r.url)).size).toBe(1);
    expect(readdirSync(path.join(root, 'product')).sort()).toEqual(
      IMAGE_WIDTHS.map((size) => path.basename(fileOf(root, results[0].url, size))).sort(),
    );
  });
});
