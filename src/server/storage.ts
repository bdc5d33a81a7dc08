// Where stored files live: uploads, demo pictures, backups. One interface, two stores
// (architecture: scale-out path): the disk store writes under DATA_DIR/uploads, the S3 store into
// a bucket that every machine of the shop shares. Either way a file's URL is /uploads/<key> (or
// S3_PUBLIC_URL/<key>), stable for the data. context.ts chooses one per app (`ctx.storage`).
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/** What a store knows of a stored file besides its bytes. */
export interface StoredFileInfo {
  contentType: string;
  size: number;
  lastModified?: Date;
  etag?: string;
}

export interface StoredFile extends StoredFileInfo {
  body: Readable;
}

export interface Storage {
  /** Makes the store ready to serve and receive files (the disk store creates its folder, the S3 store checks the bucket). */
  prepare(): Promise<void>;
  /** Stores `data` under `key` (a relative path such as `product/ab12-800.webp`); returns its URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** The file under `key`, streamed; null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** What `get` would answer, without the bytes. */
  head(key: string): Promise<StoredFileInfo | null>;
  /** Removes the file under `key`; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key. */
  list(): AsyncIterable<string>;
  urlOf(key: string): string;
  /** Lets go of connections (the S3 client's sockets). */
  close(): Promise<void>;
}

/** Keys the shop writes: lowercase words and folders, one extension. No `..`, no leading slash. */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export const isSafeKey = (key: string) => SAFE_KEY.test(key);

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`unsafe storage key: ${JSON.stringify(key)}`);
    this.name = 'UnsafeKeyError';
  }
}

function checkKey(key: string): string {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};

/** The content type a key's extension names (the disk keeps no other record of it). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Stored names come from their content, so a stored file never changes. */
export const IMMUTABLE_CACHE_CONTROL = `public, max-age=${365 * 24 * 3600}, immutable`;

export async function readStoredFile(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class DiskStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = '/uploads/',
  ) {}

  async prepare(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
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

  async head(key: string): Promise<StoredFileInfo | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { contentType: contentTypeOf(key), size: info.size, lastModified: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const info = await this.head(key);
    return info && { ...info, body: createReadStream(this.pathOf(key)) };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // Half-written files (`….tmp`) and anything the shop did not write are not stored files.
      if (isSafeKey(key)) yield key;
    }
  }

  urlOf(key: string): string {
    return `${this.publicPrefix}${key}`;
  }

  async close(): Promise<void> {}
}

/** S3_* settings (config.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** For providers other than AWS (MinIO, R2, Spaces, a local server). */
  endpoint?: string;
  /** Unset: the SDK's default chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Where browsers load new pictures from directly (a CDN or the bucket's own URL); unset: the shop serves them. */
  publicUrl?: string;
}

/** What the bucket says of an object, as the store answers it. */
function describeObject(
  key: string,
  object: { ContentType?: string; ContentLength?: number; LastModified?: Date; ETag?: string },
): StoredFileInfo {
  return {
    contentType: object.ContentType ?? contentTypeOf(key),
    size: object.ContentLength ?? 0,
    lastModified: object.LastModified,
    etag: object.ETag,
  };
}

export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly publicPrefix = settings.publicUrl ? `${settings.publicUrl.replace(/\/$/, '')}/` : '/uploads/',
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Providers other than AWS often refuse the SDK's newer default checksum headers.
      ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    });
  }

  private get bucket() {
    return this.settings.bucket;
  }

  async prepare(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      const reason = status === 404 ? 'no existe' : status === 403 ? 'las credenciales no tienen acceso' : (error as Error).message;
      throw new Error(`No se pudo usar el bucket S3 "${this.bucket}": ${reason}`, { cause: error });
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: data,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
    return this.urlOf(key);
  }

  async head(key: string): Promise<StoredFileInfo | null> {
    try {
      return describeObject(key, await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return { body: object.Body as Readable, ...describeObject(key, object) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key && isSafeKey(object.Key)) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  urlOf(key: string): string {
    return `${this.publicPrefix}${key}`;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404;
}

/** The shop's upload store: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function uploadStorage(config: { dataDir: string; s3?: S3Settings }): Storage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(path.join(config.dataDir, 'uploads'));
}
