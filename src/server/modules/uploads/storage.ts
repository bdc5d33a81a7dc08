// Where stored files live. One interface so an S3-compatible store can replace the disk
// (architecture: scale-out path); the disk store writes under DATA_DIR/uploads, served at /uploads/.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  /** Makes the store ready to serve and receive files (the disk store creates its folder). */
  prepare(): Promise<void>;
  /** Stores `data` under `key` (a relative path such as `product/ab12-800.webp`); returns its URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
  urlOf(key: string): string;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export class DiskStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly publicPrefix = '/uploads/',
  ) {}

  async prepare(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<string> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file. The temporary name is this write's
    // own: identical uploads at the same moment write the same key.
    const temp = `${target}.${randomBytes(8).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      throw error;
    }
    return this.urlOf(key);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  urlOf(key: string): string {
    return `${this.publicPrefix}${key}`;
  }
}

/** The shop's upload store for a data directory. */
export function uploadStorage(dataDir: string): Storage {
  return new DiskStorage(path.join(dataDir, 'uploads'));
}
